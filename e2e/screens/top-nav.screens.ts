import { expect, test } from '@playwright/test';
import { login } from '../desk-support.js';
import { capture } from './capture.js';

/** The top bar of a public page for a signed-in SuperAdmin at 1024 and 900 px, and its Back office menu open. */
test('a SuperAdmin on a public page: the top bar and its Back office menu', async ({ page }) => {
  await login(page, 'superadmin');
  await page.goto('/accommodations');
  const menuButton = page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Back office' });
  await expect(menuButton).toBeVisible();
  await capture(page, 'top-nav', 'superadmin-public', [
    { width: 1024, height: 768 },
    { width: 900, height: 768 },
  ]);
  await menuButton.click();
  await expect(page.getByRole('menu', { name: 'Back office' })).toBeVisible();
  await capture(page, 'top-nav', 'superadmin-menu', [{ width: 900, height: 768 }]);
});
