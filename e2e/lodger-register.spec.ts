import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { withSaIdCheckDigit } from '../shared/domain/sa-id-number.js';
import { bookingsArriving, login, releaseBookings, sql } from './desk-support.js';

/**
 * The register of lodgers for an inspection: a manager opens /admin/register on a tablet for
 * this week, finds the run's guests by name and by ID number, downloads the week's PDF and
 * opens an ID copy. The entries arrive as a guest would send them before arrival (the guest
 * link's multipart PUT), on a stay that arrives today, so they are always in this week.
 */
test.describe.configure({ timeout: 120_000 });

// Letters only: the run's name also makes the booking's e-mail address.
const run = [...randomBytes(4)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
const surname = `Register${run}`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
// A 1x1 JPEG would need a real encoder; the viewer only needs bytes that say JPEG.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(400)]);
const SA_ID = withSaIdCheckDigit('850315500908');
const PASSPORT = `M${String(Date.now()).slice(-7)}`;

/** The guest's link token, issued the way the API stores it (only its hash). */
async function guestToken(bookingId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql("insert into guest_booking_links (booking_id, token_hash, expires_at) values (?, ?, now() + interval '30 days')", [
    bookingId,
    createHash('sha256').update(token, 'utf8').digest('hex'),
  ]);
  return token;
}

async function registerAsGuest(request: APIRequestContext, baseURL: string, token: string, fields: Record<string, string>) {
  const res = await request.put(`${baseURL}/api/guest/bookings/${token}/register/${randomUUID()}`, {
    headers: { Origin: baseURL },
    multipart: {
      ...fields,
      signature: { name: 'signature.png', mimeType: 'image/png', buffer: PNG },
      idCopy: { name: 'id.jpg', mimeType: 'image/jpeg', buffer: JPEG },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.afterAll(async () => {
  await releaseBookings();
});

test('a manager reads this week’s register, searches it, downloads the PDF and opens an ID copy', async ({ page, request, baseURL }) => {
  const [booking] = await bookingsArriving([`Lerato ${surname}`], 0);
  const token = await guestToken(booking.id);
  await registerAsGuest(request, baseURL!, token, {
    fullNames: 'Lerato Grace',
    surname,
    idType: 'SA ID',
    idNumber: SA_ID,
    nationality: 'ZA',
    residenceStatus: 'Citizen',
    homeAddress: '4 Baobab Road, Hoedspruit, 1380',
  });
  await registerAsGuest(request, baseURL!, token, {
    fullNames: 'Jonas',
    surname,
    idType: 'Passport',
    idNumber: PASSPORT,
    nationality: 'DE',
    residenceStatus: 'Visitor',
    homeAddress: 'Lindenstrasse 5, 10969 Berlin',
  });

  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'manager');
  await page.goto('/admin/register');
  await expect(page.getByRole('heading', { name: 'Lodger register', level: 1 })).toBeVisible();
  const table = page.getByRole('region', { name: 'Register entries' });
  await expect(table.getByRole('row', { name: new RegExp(`Lerato Grace ${surname}`) })).toContainText(SA_ID);
  await expect(table.getByRole('row', { name: new RegExp(`Jonas ${surname}`) })).toContainText('Germany');
  await page.screenshot({ path: '/tmp/register-1024.png', fullPage: true });

  // Search by a passport number: only that lodger is left.
  await page.getByRole('textbox', { name: 'Name or ID number' }).fill(PASSPORT.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row', { name: new RegExp(`Lerato Grace ${surname}`) })).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(`Jonas ${surname}`) })).toBeVisible();

  // The week's PDF: a real PDF, served as one.
  const pdfLink = page.getByRole('link', { name: 'Download PDF' });
  const href = await pdfLink.getAttribute('href');
  const head = await page.request.get(href!);
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toContain('application/pdf');
  const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
  const bytes = await fs.readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The ID copy opens in a dialog, read from the server.
  const fileRead = page.waitForResponse((r) => r.url().includes('/api/admin/register/attachments/') && r.status() === 200);
  await page.getByRole('button', { name: `View ID of Jonas ${surname}` }).click();
  expect((await fileRead).headers()['content-type']).toContain('image/jpeg');
  const dialog = page.getByRole('dialog', { name: `ID copy: Jonas ${surname}` });
  await expect(dialog.getByRole('img', { name: `ID copy: Jonas ${surname}` })).toBeAttached();
  await page.screenshot({ path: '/tmp/register-id-1024.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A phone shows the same entries as cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('listitem', { name: `Jonas ${surname}` })).toBeVisible();
  await page.screenshot({ path: '/tmp/register-390.png', fullPage: true });
});
