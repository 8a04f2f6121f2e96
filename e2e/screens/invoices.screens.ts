import { expect, test } from '@playwright/test';
import { login } from '../desk-support.js';
import { putSettings } from '../config-support.js';
import { cardPaidBooking, openDetails } from '../payments-support.js';
import { capture, PHONE, TABLET } from './capture.js';

/**
 * Invoices in the back office: a booking's invoices section after an invoice and a credit
 * note, the credit-note dialog, the Invoices page, and the tax fields of the settings.
 */
test.use({ viewport: TABLET });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  await putSettings({ legalName: 'Leadwood Koppie (Pty) Ltd', physicalAddress: 'Farm Leadwood 12, Hoedspruit, 1380', vatRegistered: true, vatNumber: '4123456789' });
});
test.afterAll(async () => {
  await putSettings({ vatRegistered: false });
});

test('a booking with an invoice and a credit note; the credit-note dialog; the Invoices page', async ({ page, request, baseURL }) => {
  const booking = await cardPaidBooking(request, baseURL!, 'screens.invoice');
  await login(page, 'manager');
  const dialog = await openDetails(page, booking);
  const invoices = dialog.getByRole('region', { name: 'Invoices' });
  await invoices.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  await invoices.getByRole('button', { name: 'Credit note' }).click();
  const credit = page.getByRole('dialog', { name: /^Credit note for/ });
  await credit.getByRole('textbox', { name: 'Amount (R)' }).fill('250');
  await credit.getByRole('textbox', { name: 'Reason' }).fill('Late check-in: room not ready');
  await capture(page, 'invoices', 'credit-note-dialog');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(invoices.getByRole('listitem')).toHaveCount(2);
  await capture(page, 'invoices', 'booking-invoices');
  // On a phone the section is below the payments: scrolled to.
  await page.setViewportSize(PHONE);
  await invoices.getByRole('listitem').last().scrollIntoViewIfNeeded();
  await capture(page, 'invoices', 'booking-invoices-scrolled', [PHONE]);

  await page.keyboard.press('Escape');
  await page.goto('/admin/invoices');
  await expect(page.getByRole('row', { name: /^CN-/ }).first()).toBeVisible();
  await capture(page, 'invoices', 'invoices-page');
});

test('the tax fields of the settings, General tab', async ({ page }) => {
  await login(page, 'manager');
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'General Settings' }).click();
  await page.getByRole('button', { name: 'Edit Settings' }).click();
  await expect(page.getByRole('textbox', { name: 'Legal name' })).toBeEnabled();
  await capture(page, 'invoices', 'tax-settings');
});
