import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { BookingRegisterResponse, GuestRegisterResponse } from '../shared/contracts/lodger-register.js';
import { withSaIdCheckDigit } from '../shared/domain/sa-id-number.js';
import { pngOf } from './config-support.js';
import { managerApi, sql } from './desk-support.js';
import { cardPaidBooking } from './payments-support.js';

/**
 * The guest's pre-arrival check-in on a phone (390x844): from the link in the confirmation
 * e-mail the SMTP double received, the booking page leads to the check-in; the POPIA notice
 * comes first, then each of the two adults is registered with an ID copy from a file and a
 * signature drawn on the pad; the register then holds both, as staff see it. With SHOTS_DIR
 * set, the screens are saved there at 390x844 and 1024x768.
 */
test.describe.configure({ timeout: 180_000 });

const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const PHONE = { width: 390, height: 844 };
const shots = process.env.SHOTS_DIR;

/** The path of the guest's link in the first e-mail to `email` that carries one. */
async function linkFromMail(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await (await fetch(`${controlUrl}/mail`)).json()) as { to: string; text: string }[];
        for (const m of mail.filter((x) => x.to.includes(email))) {
          const found = /https?:\/\/[^\s/]+(\/my-booking\/[A-Za-z0-9_-]+)/.exec(m.text);
          if (found) path = found[1];
        }
        return path !== undefined;
      },
      { message: `an e-mail with the guest's link reaches ${email}`, timeout: 30_000 },
    )
    .toBe(true);
  return path!;
}

async function expectAccessible(page: Page, what: string) {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}-390x844.png`, fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${shots}/${name}-1024x768.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

/** A signature drawn with the mouse: a few strokes across the pad. */
async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height * 0.6;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + 40, { steps: 8 });
  await page.mouse.move(box.x + 150, y, { steps: 8 });
  await page.mouse.move(box.x + 230, box.y + 50, { steps: 8 });
  await page.mouse.up();
}

const ADULTS = [
  { fullNames: 'Pieter Johannes', surname: 'Nel', idType: 'SA ID', idNumber: withSaIdCheckDigit('750315500908'), country: 'South Africa', code: 'ZA', residence: 'Citizen', address: '4 Kerk Street\nStellenbosch 7600' },
  { fullNames: 'Anna', surname: 'Schmidt', idType: 'Passport', idNumber: 'C01X00T47', country: 'Germany', code: 'DE', residence: 'Visitor', address: 'Hauptstraße 5\n10115 Berlin' },
];

test('a guest sees the s18 notice first, registers both adults with an ID copy and a drawn signature, and the register has them', async ({ page, request, baseURL }) => {
  const booking = await cardPaidBooking(request, baseURL!, 'check-in');
  const link = await linkFromMail(booking.email);
  const token = link.split('/').pop()!;
  await page.setViewportSize(PHONE);

  await page.goto(link);
  await expect(page.getByTestId('booking-reference')).toHaveText(booking.reference);
  await page.getByRole('link', { name: 'Pre-arrival check-in' }).click();
  await expect(page).toHaveURL(`${link}/check-in`);

  const notice = page.getByTestId('register-notice');
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('register-progress')).toHaveText('Register: 0 of 2 adults');
  await expect(notice).toContainText('The Immigration Act 13 of 2002, section 40, and the Immigration Regulations 2014, regulation 36');
  await expect(notice).toContainText('mandatory for every adult staying');
  await expect(notice).toContainText('destroyed 24 months after your stay ends');
  await expect(page.getByRole('textbox', { name: /^Full names/ })).toHaveCount(0);
  await noSideways(page);
  await shoot(page, 'check-in-notice');
  await expectAccessible(page, 'the s18 notice');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Nothing filled in: every field says what it needs.
  await page.getByRole('button', { name: 'Submit adult 1' }).click();
  await expect(page.getByRole('textbox', { name: /^Full names/ })).toHaveAccessibleDescription('Full names are required');
  await expect(page.getByTestId('signature-error')).toHaveText('A signature is required');
  await page.getByRole('combobox', { name: /^ID type/ }).selectOption('SA ID');
  const valid = ADULTS[0].idNumber;
  await page.getByRole('textbox', { name: /^ID or passport number/ }).fill(valid.slice(0, 12) + String((Number(valid[12]) + 1) % 10));
  await page.getByRole('button', { name: 'Submit adult 1' }).click();
  await expect(page.getByRole('textbox', { name: /^ID or passport number/ })).toHaveAccessibleDescription('This SA ID number is not valid: check the digits');
  await noSideways(page);
  await shoot(page, 'check-in-form-errors');
  await expectAccessible(page, 'the form with errors');

  const idPhoto = await pngOf(640, 400);
  for (const [i, adult] of ADULTS.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: `Adult ${i + 1} of 2` })).toBeVisible();
    await page.getByRole('textbox', { name: /^Full names/ }).fill(adult.fullNames);
    await page.getByRole('textbox', { name: /^Surname/ }).fill(adult.surname);
    await page.getByRole('combobox', { name: /^ID type/ }).selectOption(adult.idType);
    await page.getByRole('textbox', { name: /^ID or passport number/ }).fill(adult.idNumber);
    await page.getByRole('combobox', { name: /^Nationality/ }).fill(adult.country);
    await page.getByRole('option', { name: adult.country, exact: true }).click();
    await page.getByRole('combobox', { name: /^Residence status/ }).selectOption(adult.residence);
    await page.getByRole('textbox', { name: /^Home address/ }).fill(adult.address);
    await page.getByLabel('Choose a file of your ID').setInputFiles({ name: `id-${i + 1}.png`, mimeType: 'image/png', buffer: idPhoto });
    await expect(page.getByTestId('id-copy-chosen')).toContainText(`id-${i + 1}.png`);
    await sign(page);
    await expect(page.getByTestId('signature-error')).toHaveText(' ');
    if (i === 0) {
      await noSideways(page);
      await shoot(page, 'check-in-signed');
    }
    await page.getByRole('button', { name: `Submit adult ${i + 1}` }).click();
    await expect(page.getByRole('list', { name: 'Registered' })).toContainText(`${adult.fullNames} ${adult.surname}`, { timeout: 30_000 });
  }

  await expect(page.getByText('Thank you, everyone is registered')).toBeVisible();
  await expect(page.getByTestId('register-progress')).toHaveText('Register: 2 of 2 adults');
  await noSideways(page);
  await shoot(page, 'check-in-done');
  await expectAccessible(page, 'the done state');

  // The booking page now says how far the register is.
  await page.goto(link);
  await expect(page.getByTestId('register-progress')).toHaveText('Register: 2 of 2 adults');
  await noSideways(page);
  await shoot(page, 'booking-with-register');

  // What the server stored: both entries as typed, and four files (two signatures, two ID copies) once each.
  const rows = await sql<Record<string, string>>(
    `select full_names, surname, id_type, id_number, nationality, residence_status, replace(home_address, chr(13), '') as home_address, captured_by
       from register_entries where booking_id = ? order by surname`,
    [booking.id],
  );
  expect(rows).toEqual(
    [...ADULTS]
      .sort((a, b) => a.surname.localeCompare(b.surname))
      .map((a) => ({ full_names: a.fullNames, surname: a.surname, id_type: a.idType, id_number: a.idNumber, nationality: a.code, residence_status: a.residence, home_address: a.address, captured_by: 'guest' })),
  );
  const files = await sql<{ kind: string; content_type: string; size_bytes: number }>(
    'select kind, content_type, size_bytes from register_attachments where booking_id = ? order by kind, size_bytes',
    [booking.id],
  );
  expect(files.map((f) => `${f.kind} ${f.content_type}`)).toEqual(['id-copy image/png', 'id-copy image/png', 'signature image/png', 'signature image/png']);
  expect(files.filter((f) => f.kind === 'id-copy').map((f) => Number(f.size_bytes))).toEqual([idPhoto.length, idPhoto.length]);

  const manager = await managerApi();
  const admin = await manager.get(`/api/admin/bookings/${booking.id}/register`);
  if (admin.status() !== 404) {
    expect(admin.status(), await admin.text()).toBe(200);
    const register = (await admin.json()) as BookingRegisterResponse;
    expect({ registered: register.registered, expected: register.expected, complete: register.complete }).toEqual({ registered: 2, expected: 2, complete: true });
    // A browser's multipart sends a line break of a text part as CRLF; the address's lines are what count.
    const entries = register.entries
      .map((e) => ({ fullNames: e.fullNames, surname: e.surname, idType: e.idType, idNumber: e.idNumber, nationality: e.nationality, residenceStatus: e.residenceStatus, homeAddress: e.homeAddress.replace(/\r\n/g, '\n'), capturedBy: e.capturedBy, files: Boolean(e.signatureAttachmentId && e.idCopyAttachmentId) }))
      .sort((a, b) => a.surname.localeCompare(b.surname));
    expect(entries).toEqual(
      ADULTS.map((a) => ({ fullNames: a.fullNames, surname: a.surname, idType: a.idType, idNumber: a.idNumber, nationality: a.code, residenceStatus: a.residence, homeAddress: a.address, capturedBy: 'guest', files: true })).sort((a, b) =>
        a.surname.localeCompare(b.surname),
      ),
    );
  } else {
    // The staff read of a booking's register is another part's; until it is here, the guest's read says the same.
    const guest = await request.get(`/api/guest/bookings/${token}/register`);
    expect(guest.status()).toBe(200);
    const register = (await guest.json()) as GuestRegisterResponse;
    expect(register.entries.map((e) => ({ name: `${e.fullNames} ${e.surname}`, nationality: e.nationality, files: e.hasSignature && e.hasIdCopy })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Anna Schmidt', nationality: 'DE', files: true },
      { name: 'Pieter Johannes Nel', nationality: 'ZA', files: true },
    ]);
  }
});
