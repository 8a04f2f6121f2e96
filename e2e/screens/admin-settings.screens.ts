import { expect, test } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { putSettings } from '../config-support.js';
import { login } from '../desk-support.js';
import { capture, PHONE } from './capture.js';

/**
 * The back office's configuration screens as the superadmin (events, Lodge Settings and its
 * tabs, staff, the audit log, an event's ticket types), and the guest's payment step with
 * card payments switched off.
 */
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 300_000 });

test('the configuration screens', async ({ page }) => {
  await login(page, 'superadmin');
  for (const [path, heading] of [
    ['/admin/events', 'Event Management'],
    ['/admin/settings', 'Lodge Settings'],
    ['/admin/staff', 'Staff Accounts'],
    ['/admin/audit', 'Audit Log'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await capture(page, 'admin-settings', path.split('/').pop()!);
  }
  for (const tab of ['Banking Details', 'General Settings', 'Site Appearance']) {
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await capture(page, 'admin-settings', `settings-${tab.split(' ')[0].toLowerCase()}`);
  }
  await page.goto('/admin/events');
  // The demo data has events.
  await page.getByRole('button', { name: 'Tickets' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Manage Ticket Types' })).toBeVisible();
  await capture(page, 'admin-settings', 'tickets');
});

test('the guest payment step without card payments', async ({ page }) => {
  const checkIn = addDays(todayInLodge(new Date()), 235);
  await putSettings({ allowCardPayments: false });
  try {
    await page.goto(`/booking?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2`);
    await page.getByRole('button', { name: /^Select / }).first().click();
    await expect(page.getByRole('radiogroup').getByRole('radio', { name: /^EFT/ })).toBeVisible();
    await expect(page.getByRole('radiogroup').getByRole('radio')).toHaveCount(1);
    await capture(page, 'admin-settings', 'guest-payment-without-card', [PHONE]);
  } finally {
    await putSettings({ allowCardPayments: true });
  }
});
