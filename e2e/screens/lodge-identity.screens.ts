import { expect, test } from '@playwright/test';
import { putSettings } from '../config-support.js';
import { login } from '../desk-support.js';
import { capture, PHONE } from './capture.js';

/** Lodge Settings' Lodge tab (view and edit), and the SuperAdmin's first-run checklist. */
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 300_000 });

test('the Lodge tab and the first-run checklist', async ({ page }) => {
  await login(page, 'superadmin');
  await page.goto('/admin/settings?tab=lodge');
  await expect(page.getByRole('form', { name: 'Lodge details' }).getByLabel('Lodge Name')).toHaveValue('Leadwood Koppie');
  await capture(page, 'lodge-identity', 'lodge-tab');
  await page.getByRole('button', { name: 'Edit Settings' }).click();
  await expect(page.getByRole('form', { name: 'Lodge details' }).getByLabel('Lodge Name')).toBeEnabled();
  await capture(page, 'lodge-identity', 'lodge-tab-editing');

  // A new install's gaps: the demo lodge without its name, e-mail and banking.
  await putSettings({ lodgeName: 'Our Lodge', contactEmail: '', bankName: '' });
  try {
    await page.goto('/admin');
    await expect(page.getByRole('region', { name: 'Finish setting up' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible();
    await capture(page, 'lodge-identity', 'checklist');
  } finally {
    await putSettings({ lodgeName: 'Leadwood Koppie', contactEmail: 'reservations@leadwoodkoppie.example.com', bankName: 'First National Bank' });
  }
});
