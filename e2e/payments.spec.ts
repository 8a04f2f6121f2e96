import { expect, test } from '@playwright/test';
import { login, sql } from './desk-support.js';
import { cardPaidBooking, eftHold, openDetails, rand } from './payments-support.js';

/**
 * Payments in Booking Management: a manager refunds part of a card booking (paid through the
 * Paystack double) and sees the ledger follow; a receptionist sees no refund or delete
 * controls and the server refuses her refund. Each run pays for its own booking, on dates
 * far beyond the demo calendar and different per run, so a retry never meets the last one.
 * The screens are pictured by screens/payments.screens.ts (`npm run screens`).
 */
// Each test pays for a booking, logs in and waits for the first sync: more than the default
// minute on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

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

  // An amount above what was paid is refused in the spec's words, and nothing is sent.
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

  const refused = await page.request.post('/api/admin/payments/refund', { headers: { Origin: baseURL! }, data: { bookingId: booking.id, amount: 100 } });
  expect(refused.status()).toBe(403);
  const history = await page.request.get('/api/admin/payments/history', { params: { bookingId: booking.id } });
  expect(history.status()).toBe(403);
  expect(await sql('select id from payment_transactions where booking_id = ? and type = ?', [booking.id, 'refund'])).toEqual([]);
});

test('a manager marks an EFT hold paid from the payments page, and the server has it', async ({ page, request, baseURL }) => {
  const { id, reference, email } = await eftHold(request, baseURL!, 'eft.hold');

  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'manager');
  await page.goto('/admin/payments');
  // The first visit after login waits for the device's first pull: slow on a busy machine.
  await expect(page.getByRole('textbox', { name: 'Search' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  await expect(page.getByRole('button', { name: `Payments of ${reference}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: `Payments of ${reference}` }).click();

  const dialog = page.getByRole('dialog', { name: `Ayanda Khumalo · ${reference}` });
  const payments = dialog.getByRole('region', { name: 'Payments' });
  await expect(payments.getByText('No transactions yet.')).toBeVisible();
  await expect(payments.getByText('Pending', { exact: true })).toBeVisible();
  await expect(payments.getByRole('button', { name: /Refund/ })).toHaveCount(0);
  const [{ total_amount: total }] = await sql<{ total_amount: string }>('select total_amount from bookings where id = ?', [id]);
  await payments.getByRole('button', { name: 'Payment received: EFT' }).click();
  // It asks first, with the amount and the method.
  const ask = page.getByRole('dialog', { name: `Record payment of ${rand(Number(total))} by EFT?` });
  await expect(ask).toContainText('The guest will be e-mailed a payment confirmation.');
  if (process.env.GUARD_SHOTS) {
    await page.screenshot({ path: `${process.env.GUARD_SHOTS}/payment-confirmation-1024x768.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${process.env.GUARD_SHOTS}/payment-confirmation-390x844.png` });
    await page.setViewportSize({ width: 1024, height: 768 });
  }
  await ask.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(`Payment received (EFT): Ayanda Khumalo`)).toBeVisible();
  await expect(payments.getByText('Paid', { exact: true })).toBeVisible();
  // The ledger's new row and Total Paid show once the server has it, without reopening.
  await expect(payments.getByRole('list', { name: 'Transactions' }).getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await expect(payments.getByLabel('Payment summary').getByRole('definition').nth(0)).toHaveText(rand(Number(total)));

  await expect
    .poll(async () => (await sql<{ payment_status: string; status: string }>('select payment_status, status from bookings where id = ?', [id]))[0], { timeout: 20_000 })
    .toEqual({ payment_status: 'Paid', status: 'Confirmed' });
});
