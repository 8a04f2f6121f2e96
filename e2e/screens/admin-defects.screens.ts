import { expect, test } from '@playwright/test';
import { login } from '../desk-support.js';
import { capture } from './capture.js';

/** Issue 18's back-office screens: references in Booking Management, the details dialog, the figures, the gateway status, the header offline. */
test('back-office screens', async ({ browser }) => {
  // Four screens and two devices going offline: more than one spec's time on a busy machine.
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await login(page, 'manager');
  await page.goto('/admin');
  await expect(page.getByText('Booked value, cancelled excluded')).toBeVisible({ timeout: 30_000 });
  await capture(page, 'admin-defects', 'dashboard');

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/admin/bookings');
  await expect(page.getByRole('region', { name: 'Booking summary' })).toBeVisible();
  await capture(page, 'admin-defects', 'bookings');
  const view = page.getByRole('button', { name: /^View booking/ }).first();
  await view.click();
  await expect(page.getByRole('dialog', { name: 'Booking Details' })).toBeVisible();
  await capture(page, 'admin-defects', 'booking-details');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/admin/settings');
  await expect(page.getByTestId('paystack-status')).toBeVisible();
  await capture(page, 'admin-defects', 'settings-untested');
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByTestId('paystack-status')).toHaveText('Connected and configured');
  await capture(page, 'admin-defects', 'settings-connected');
  await context.close();

  for (const viewport of [{ width: 1024, height: 768 }, { width: 390, height: 844 }]) {
    const device = await browser.newContext({ viewport });
    const online = await device.newPage();
    await login(online, 'receptionist');
    await online.goto('/admin/front-desk');
    await online.evaluate(() => navigator.serviceWorker.ready);
    if (!(await online.evaluate(() => navigator.serviceWorker.controller !== null))) await online.reload();
    await expect.poll(() => online.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await online.close();
    await device.setOffline(true);
    const cold = await device.newPage();
    await cold.goto('/admin/front-desk');
    await expect(cold.getByTestId('sync-indicator')).toContainText('Offline');
    await expect(cold.getByTestId('header-user-name')).toBeVisible();
    await capture(cold, 'admin-defects', 'offline-header', [viewport]);
    await device.close();
  }
});
