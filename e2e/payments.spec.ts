import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { login, sql } from './desk-support.js';

/**
 * Payments in Booking Management: a manager refunds part of a card booking (paid through the
 * Paystack double) and sees the ledger follow; a receptionist sees no refund or delete
 * controls and the server refuses her refund. Each run pays for its own booking, on dates
 * far beyond the demo calendar and different per run, so a retry never meets the last one.
 */
const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const SHOTS = 'test-results/payments';
// Each test pays for a booking, logs in, waits for the first sync and takes four screenshots:
// more than the default minute on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });
fs.mkdirSync(SHOTS, { recursive: true });

interface PaidBooking {
  id: string;
  reference: string;
  email: string;
  total: number;
  /** The Paystack transaction's reference. */
  paystackReference: string;
  paystackUrl: string;
}

/** A unit booking paid by card: initialize, the double takes the payment, verify. */
async function cardPaidBooking(request: APIRequestContext, baseURL: string, who: string): Promise<PaidBooking> {
  const types = (await (await request.get('/api/accommodations')).json()) as { id: string; isPackage: boolean }[];
  const units = (await (await request.get('/api/units')).json()) as { id: string; accommodationTypeId: string; isActive: boolean }[];
  const type = types.find((t) => !t.isPackage)!;
  const unit = units.find((u) => u.accommodationTypeId === type.id && u.isActive)!;
  const checkIn = addDays(todayInLodge(new Date()), 420 + Math.floor(Math.random() * 300));
  const email = `${who}.${Date.now()}@example.com`;
  const init = await request.post('/api/payments/initialize', {
    headers: { Origin: baseURL },
    data: {
      bookingData: { unitId: unit.id, checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), numberOfGuests: 2, paymentMethod: 'Card' },
      guestData: { firstName: 'Pieter', lastName: 'Nel', email },
    },
  });
  expect(init.status(), await init.text()).toBe(200);
  const { reference, bookingId } = (await init.json()) as { reference: string; bookingId: string };
  const { url: paystackUrl } = (await (await request.get(`${controlUrl}/paystack`)).json()) as { url: string };
  expect((await request.post(`${paystackUrl}/__test/pay`, { data: { reference } })).status()).toBe(200);
  const verified = await request.post('/api/payments/verify', { headers: { Origin: baseURL }, data: { reference } });
  expect(verified.status(), await verified.text()).toBe(200);
  const [row] = await sql<{ reference: string; total_amount: string; payment_status: string }>(
    'select reference, total_amount, payment_status from bookings where id = ?',
    [bookingId],
  );
  expect(row.payment_status).toBe('Paid');
  return { id: bookingId, reference: row.reference, email, total: Number(row.total_amount), paystackReference: reference, paystackUrl };
}

/** Booking Management, the booking found by its guest's e-mail, its details open. */
async function openDetails(page: Page, booking: PaidBooking) {
  await page.goto('/admin/bookings');
  await page.getByRole('textbox', { name: 'Search' }).fill(booking.email);
  await page.getByRole('button', { name: `View booking ${booking.id.slice(0, 8)}` }).click();
  return page.getByRole('dialog', { name: 'Booking Details' });
}

const rand = (n: number) => `R${n.toLocaleString('en-US', { minimumFractionDigits: n % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;

async function shot(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1024, 768],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${width}-${name}.png` });
  }
}

test('a manager refunds part of a card booking through Paystack and sees the ledger update', async ({ page, request, baseURL }) => {
  const booking = await cardPaidBooking(request, baseURL!, 'refund');
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'manager');
  const dialog = await openDetails(page, booking);

  const payments = dialog.getByRole('region', { name: 'Payments' });
  const transactions = payments.getByRole('list', { name: 'Transactions' });
  // The card payment, and the card discount the guest was given (a ledger row of its own).
  const payment = transactions.getByRole('listitem').filter({ hasText: ' · Payment · Card' });
  await expect(payment).toContainText(rand(booking.total));
  await expect(payment).toContainText('Completed');
  const before = await transactions.getByRole('listitem').count();
  await expect(payments.getByText('Paid', { exact: true })).toBeVisible();
  await shot(page, 'payments-before');

  // An amount above what was paid is refused in the spec's words, and nothing is sent.
  await page.setViewportSize({ width: 1024, height: 768 });
  await payments.getByRole('button', { name: 'Partial Refund' }).click();
  const amountDialog = page.getByRole('dialog', { name: 'Partial Refund' });
  await amountDialog.getByRole('textbox', { name: 'Refund amount (R)' }).fill(String(booking.total + 1));
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(amountDialog.getByText(`Please enter a valid amount between R1 and ${rand(booking.total)}`)).toBeVisible();

  await amountDialog.getByRole('textbox', { name: 'Refund amount (R)' }).fill('500');
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Refund' });
  await expect(confirm).toContainText(`Refund R500 to Pieter Nel (${booking.reference})? The refund is processed immediately with Paystack`);
  await confirm.getByRole('textbox', { name: 'Reason (optional)' }).fill('Left a day early');
  await shot(page, 'payments-confirm');
  await page.setViewportSize({ width: 1024, height: 768 });
  await confirm.getByRole('button', { name: 'Confirm Refund' }).click();

  await expect(page.getByText('Refund Processed')).toBeVisible();
  await expect(page.getByText('Payment refund has been initiated successfully!')).toBeVisible();
  await expect(transactions.getByRole('listitem')).toHaveCount(before + 1);
  const refundRow = transactions.getByRole('listitem').last();
  await expect(refundRow).toContainText('Partial refund via Paystack');
  await expect(refundRow).toContainText('-R500');
  const summary = payments.getByLabel('Payment summary');
  await expect(summary.getByRole('definition').nth(1)).toHaveText('R500');
  await expect(summary.getByRole('definition').nth(3)).toHaveText(rand(booking.total - 500));
  // The booking's status comes back with the sync pull that follows the refund.
  await expect(payments.getByText('Partially Refunded', { exact: true })).toBeVisible();
  await shot(page, 'payments-after');

  // The server and Paystack agree.
  const ledger = await sql<{ type: string; amount: string; status: string }>(
    "select type, amount::text as amount, status from payment_transactions where booking_id = ? and type = 'refund'",
    [booking.id],
  );
  expect(ledger).toEqual([{ type: 'refund', amount: '-500.00', status: 'pending' }]);
  const [row] = await sql<{ payment_status: string }>('select payment_status from bookings where id = ?', [booking.id]);
  expect(row.payment_status).toBe('Partially Refunded');
  const charged = (await (await request.get(`${booking.paystackUrl}/__test/transactions/${booking.paystackReference}`)).json()) as {
    data: { refunds: { amount: number; status: string; merchantNote: string | null }[] };
  };
  expect(charged.data.refunds.map((r) => ({ amount: r.amount, status: r.status, merchantNote: r.merchantNote }))).toEqual([
    { amount: 50000, status: 'pending', merchantNote: 'Left a day early' },
  ]);

  // Offline the refund controls say they need the network and do nothing.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.context().setOffline(true);
  await expect(payments.getByText('A refund needs a connection. It will be available when this device is back online.')).toBeVisible();
  await expect(payments.getByRole('button', { name: 'Partial Refund' })).toBeDisabled();
  await expect(payments.getByRole('button', { name: 'Full Refund' })).toBeDisabled();
  await page.context().setOffline(false);
});

test('a receptionist sees no refund or delete controls, and the server refuses her refund', async ({ page, request, baseURL }) => {
  const booking = await cardPaidBooking(request, baseURL!, 'norefund');
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'receptionist');
  await page.goto('/admin/bookings');
  await page.getByRole('textbox', { name: 'Search' }).fill(booking.email);
  await expect(page.getByRole('button', { name: `View booking ${booking.id.slice(0, 8)}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete booking/ })).toHaveCount(0);
  const dialog = await openDetails(page, booking);
  await expect(dialog.getByText('Pieter Nel')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Payments' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Refund/ })).toHaveCount(0);
  await shot(page, 'receptionist-details');

  const refused = await page.request.post('/api/admin/payments/refund', { headers: { Origin: baseURL! }, data: { bookingId: booking.id, amount: 100 } });
  expect(refused.status()).toBe(403);
  const history = await page.request.get('/api/admin/payments/history', { params: { bookingId: booking.id } });
  expect(history.status()).toBe(403);
  expect(await sql('select id from payment_transactions where booking_id = ? and type = ?', [booking.id, 'refund'])).toEqual([]);
});

test('a manager marks an EFT hold paid from the payments page, and the server has it', async ({ page, request, baseURL }) => {
  const types = (await (await request.get('/api/accommodations')).json()) as { id: string; isPackage: boolean }[];
  const units = (await (await request.get('/api/units')).json()) as { id: string; accommodationTypeId: string; isActive: boolean }[];
  const type = types.find((t) => !t.isPackage)!;
  const unit = units.find((u) => u.accommodationTypeId === type.id && u.isActive)!;
  const checkIn = addDays(todayInLodge(new Date()), 420 + Math.floor(Math.random() * 300));
  const email = `eft.hold.${Date.now()}@example.com`;
  const created = await request.post('/api/bookings', {
    headers: { Origin: baseURL! },
    data: { unitId: unit.id, checkInDate: checkIn, checkOutDate: addDays(checkIn, 1), paymentMethod: 'EFT', guestData: { firstName: 'Ayanda', lastName: 'Khumalo', email } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, reference } = (await created.json()) as { id: string; reference: string };

  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'manager');
  await page.goto('/admin/payments');
  // The first visit after login waits for the device's first pull: slow on a busy machine.
  await expect(page.getByRole('textbox', { name: 'Search' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  await expect(page.getByRole('button', { name: `Payments of ${reference}` })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'payments-page');
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: `Payments of ${reference}` }).click();

  const dialog = page.getByRole('dialog', { name: `Ayanda Khumalo · ${reference}` });
  const payments = dialog.getByRole('region', { name: 'Payments' });
  await expect(payments.getByText('No transactions yet.')).toBeVisible();
  await expect(payments.getByText('Pending', { exact: true })).toBeVisible();
  await expect(payments.getByRole('button', { name: /Refund/ })).toHaveCount(0);
  await payments.getByRole('button', { name: 'Payment received: EFT' }).click();
  await expect(page.getByText(`Payment received (EFT): Ayanda Khumalo`)).toBeVisible();
  await expect(payments.getByText('Paid', { exact: true })).toBeVisible();

  await expect
    .poll(async () => (await sql<{ payment_status: string; status: string }>('select payment_status, status from bookings where id = ?', [id]))[0], { timeout: 20_000 })
    .toEqual({ payment_status: 'Paid', status: 'Confirmed' });
});
