import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { login, sql } from './desk-support.js';
import { eftHold } from './payments-support.js';

/**
 * EFT proofs: a guest who booked by EFT sends a proof of payment from their booking link;
 * a manager finds it on the dashboard ("EFT proofs to check"), opens the booking from there,
 * downloads the proof (the same bytes), marks it checked, and it leaves the dashboard.
 * Pictures of the dashboard card and the proofs section go to SHOTS_DIR when set.
 */
test.describe.configure({ timeout: 120_000 });

const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const shotsDir = process.env.SHOTS_DIR;

interface Mail {
  to: string[];
  subject: string;
  text?: string;
  html?: string;
}

/**
 * The guest's link token, from the e-mail the booking sent. Until the guest page's e-mails
 * carry the link, the spec issues one the way issueGuestLink stores it (only the hash).
 */
async function guestToken(email: string, booking: { id: string }): Promise<string> {
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const all = (await (await fetch(`${controlUrl}/mail`)).json()) as Mail[];
      mail = all.find((m) => m.to.some((to) => to.includes(email)));
      return mail !== undefined;
    }, { message: `an e-mail reaches ${email}`, timeout: 20_000 })
    .toBe(true);
  const link = `${mail!.text ?? ''} ${mail!.html ?? ''}`.match(/\/my-booking\/([A-Za-z0-9_-]{43})/);
  if (link) return link[1]!;
  test.info().annotations.push({ type: 'guest link', description: 'The booking e-mail carries no /my-booking/ link yet: the spec issued one itself.' });
  const token = randomBytes(32).toString('base64url');
  await sql("insert into guest_booking_links (booking_id, token_hash, expires_at) values (?, ?, now() + interval '30 days')", [
    booking.id,
    createHash('sha256').update(token, 'utf8').digest('hex'),
  ]);
  return token;
}

async function shot(page: Page, name: string, region: ReturnType<Page['getByRole']>) {
  if (!shotsDir) return;
  await fs.mkdir(shotsDir, { recursive: true });
  await region.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shotsDir, `${name}-${page.viewportSize()!.width}x${page.viewportSize()!.height}.png`) });
}

test('a guest uploads a proof by their link; a manager opens it from the dashboard, marks it checked, and it leaves the dashboard', async ({ page, request, baseURL }) => {
  const booking = await eftHold(request, baseURL!, 'proof');
  const token = await guestToken(booking.email, booking);
  // A phone's screenshot of the banking app: a PNG, named as the phone names it.
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4_000)]);
  const fileName = `Screenshot ${booking.reference}.png`;
  const uploaded = await request.post(`/api/guest/bookings/${token}/proofs`, { multipart: { file: { name: fileName, mimeType: 'image/png', buffer: png } } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'manager');
  await page.goto('/admin');
  const card = page.getByRole('region', { name: 'Payments needing attention' });
  const proofRow = card.getByRole('region', { name: 'EFT proofs to check' }).getByRole('listitem').filter({ hasText: booking.reference });
  await expect(proofRow).toContainText('Ayanda Khumalo');
  await expect(proofRow).toContainText(fileName);
  await shot(page, 'dashboard-payments-attention', card);
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, 'dashboard-payments-attention', card);

  // The reference opens the booking's details, with the proof in it.
  await proofRow.getByRole('link', { name: booking.reference }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  const proofs = dialog.getByRole('region', { name: 'Proofs of payment' });
  const item = proofs.getByRole('listitem').filter({ hasText: fileName });
  await expect(item).toContainText('To check');
  await shot(page, 'booking-proofs', proofs);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'booking-proofs', proofs);

  const download = page.waitForEvent('download');
  await item.getByRole('link', { name: `Open ${fileName}` }).click();
  const saved = await (await download).path();
  expect((await fs.readFile(saved)).equals(png)).toBe(true);
  expect((await download).suggestedFilename()).toBe(fileName);

  await item.getByRole('button', { name: `Mark ${fileName} checked` }).click();
  await expect(item).toContainText('Checked by manager');
  const [row] = await sql<{ status: string }>('select status from payment_proofs where booking_id = ?', [booking.id]);
  expect(row!.status).toBe('checked');

  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Payments needing attention' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments needing attention' }).getByText(booking.reference)).toHaveCount(0);
});
