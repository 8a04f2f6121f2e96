import { expect, test } from '@playwright/test';
import { login } from '../desk-support.js';
import { cardPaidBooking, eftHold, openDetails } from '../payments-support.js';
import { capture, TABLET } from './capture.js';

/**
 * Payments in the back office: a card booking's ledger before and after a partial refund
 * and the refund's confirmation (manager), the same booking as a receptionist sees it, and
 * the payments page with an EFT hold.
 */
test.use({ viewport: TABLET });
test.describe.configure({ timeout: 180_000 });

test('a card booking: its payments, a partial refund confirmed, the ledger after', async ({ page, request, baseURL }) => {
  const booking = await cardPaidBooking(request, baseURL!, 'screens.refund');
  await login(page, 'manager');
  const dialog = await openDetails(page, booking);
  const payments = dialog.getByRole('region', { name: 'Payments' });
  await expect(payments.getByText('Paid', { exact: true })).toBeVisible();
  await capture(page, 'payments', 'payments-before');

  await payments.getByRole('button', { name: 'Partial Refund' }).click();
  const amountDialog = page.getByRole('dialog', { name: 'Partial Refund' });
  await amountDialog.getByRole('textbox', { name: 'Refund amount (R)' }).fill('500');
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Refund' });
  await confirm.getByRole('textbox', { name: 'Reason (optional)' }).fill('Left a day early');
  await capture(page, 'payments', 'payments-confirm');

  await confirm.getByRole('button', { name: 'Confirm Refund' }).click();
  await expect(payments.getByText('Partially Refunded', { exact: true })).toBeVisible();
  await capture(page, 'payments', 'payments-after');
});

test('a card booking as a receptionist sees it: no payments section', async ({ page, request, baseURL }) => {
  const booking = await cardPaidBooking(request, baseURL!, 'screens.norefund');
  await login(page, 'receptionist');
  const dialog = await openDetails(page, booking);
  await expect(dialog.getByText('Pieter Nel')).toBeVisible();
  await capture(page, 'payments', 'receptionist-details');
});

test('the payments page with an EFT hold found', async ({ page, request, baseURL }) => {
  const { reference, email } = await eftHold(request, baseURL!, 'screens.eft');

  await login(page, 'manager');
  await page.goto('/admin/payments');
  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  await expect(page.getByRole('button', { name: `Payments of ${reference}` })).toBeVisible();
  await capture(page, 'payments', 'payments-page');
});
