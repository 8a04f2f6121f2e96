import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { login, sql } from './desk-support.js';
import { putSettings } from './config-support.js';
import { cardPaidBooking, openDetails } from './payments-support.js';

/**
 * Invoices: a manager issues the tax invoice of a card booking from its details dialog,
 * downloads its PDF and finds it on the Invoices page; a partial refund then issues a credit
 * note, listed there too. The lodge is VAT-registered for the run and not afterwards (the
 * demo lodge is not). Each run pays for its own booking on its own far-off dates.
 */
test.describe.configure({ timeout: 120_000 });

const VAT_NUMBER = '4123456789';

test.beforeAll(async () => {
  await putSettings({ legalName: 'Leadwood Koppie (Pty) Ltd', physicalAddress: 'Farm Leadwood 12, Hoedspruit, 1380', vatRegistered: true, vatNumber: VAT_NUMBER });
});
test.afterAll(async () => {
  await putSettings({ vatRegistered: false });
});

test('a manager issues an invoice, downloads its PDF, finds it listed; a refund then issues a credit note', async ({ page, request, baseURL }) => {
  const booking = await cardPaidBooking(request, baseURL!, 'invoice');
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'manager');
  const dialog = await openDetails(page, booking);

  const invoices = dialog.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByText('No invoices yet.')).toBeVisible();
  await invoices.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText('Invoice issued')).toBeVisible();
  const [issued] = await sql<{ id: string; number: string; total_amount: string; vat_amount: string }>(
    "select id, number, total_amount::text, vat_amount::text from invoices where booking_id = ? and kind = 'invoice'",
    [booking.id],
  );
  expect(issued.number).toMatch(/^INV-\d{6}$/);
  expect(Number(issued.total_amount)).toBe(booking.total);
  const row = invoices.getByRole('listitem').filter({ hasText: issued.number });
  await expect(row).toContainText('Invoice');
  await expect(row).toContainText(`R${booking.total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

  // A second issue finds nothing new.
  await invoices.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText('Nothing to invoice')).toBeVisible();

  // The PDF downloads as a real PDF under the invoice's number.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: `PDF of ${issued.number}` }).click()]);
  expect(download.suggestedFilename()).toBe(`${issued.number}.pdf`);
  const bytes = await fs.readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The guest gets the invoice by e-mail with its PDF attached.
  const mailUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}/mail`;
  type Mail = { to: string[]; subject: string; attachments: { filename: string; contentType: string; head: string }[] };
  await expect
    .poll(async () => ((await (await fetch(mailUrl)).json()) as Mail[]).find((m) => m.subject.startsWith(`Tax Invoice ${issued.number} `))?.attachments)
    .toEqual([{ filename: `${issued.number}.pdf`, contentType: 'application/pdf', size: expect.any(Number), head: '%PDF-' }]);

  // A partial refund through Paystack: the credit note follows.
  const payments = dialog.getByRole('region', { name: 'Payments' });
  await payments.getByRole('button', { name: 'Partial Refund' }).click();
  const amountDialog = page.getByRole('dialog', { name: 'Partial Refund' });
  await amountDialog.getByRole('textbox', { name: 'Refund amount (R)' }).fill('500');
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Refund' });
  await confirm.getByRole('button', { name: 'Confirm Refund' }).click();
  await expect(page.getByText('Refund Processed')).toBeVisible();
  await expect
    .poll(async () => (await sql<{ number: string }>("select number from invoices where booking_id = ? and kind = 'credit_note'", [booking.id])).map((r) => r.number))
    .toHaveLength(1);
  const [note] = await sql<{ number: string; total_amount: string; vat_amount: string }>(
    "select number, total_amount::text, vat_amount::text from invoices where booking_id = ? and kind = 'credit_note'",
    [booking.id],
  );
  expect(note).toEqual({ number: expect.stringMatching(/^CN-\d{6}$/), total_amount: '500.00', vat_amount: '65.22' });
  // The dialog's list follows once the booking's new payment status has synced.
  await expect(invoices.getByRole('listitem').filter({ hasText: note.number })).toContainText('-R500.00');

  // The Invoices page lists both, each with its PDF.
  await page.keyboard.press('Escape');
  await page.goto('/admin/invoices');
  const table = page.getByRole('region', { name: 'Invoices and credit notes' });
  const invoiceRow = table.getByRole('row', { name: new RegExp(`^${issued.number} `) });
  await expect(invoiceRow).toContainText(booking.reference);
  await expect(invoiceRow).toContainText('Pieter Nel');
  await expect(invoiceRow.getByRole('link', { name: `PDF of ${issued.number}` })).toBeVisible();
  const noteRow = table.getByRole('row', { name: new RegExp(`^${note.number} `) });
  await expect(noteRow).toContainText(`Credit note (${issued.number})`);
  await expect(noteRow).toContainText('-R500.00');
  await expect(noteRow.getByRole('link', { name: `PDF of ${note.number}` })).toBeVisible();
  // The accountant's export link carries the period shown.
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /^\/api\/admin\/invoices\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
});

test('a receptionist sees no invoices in the booking details, and no Invoices page link', async ({ page, request, baseURL }) => {
  const booking = await cardPaidBooking(request, baseURL!, 'invoice.reception');
  await login(page, 'receptionist');
  const dialog = await openDetails(page, booking);
  await expect(dialog.getByText('Pieter Nel')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Invoices' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Invoices' })).toHaveCount(0);
});
