import { expect, test } from '@playwright/test';
import { login } from '../desk-support.js';
import { PHONE, SCREENS_DIR, TABLET } from './capture.js';

/**
 * The desk's notice when a booking is opened offline before the tablet held the panel's code
 * (not a test): the notice over the lists, on a phone and a tablet, as the screen shows it.
 */
test.use({ serviceWorkers: 'block' });

test("the desk's notice for a booking whose code is not on the tablet", async ({ page, context }) => {
  await page.route(/\/assets\/booking-panel-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await login(page);
  for (const size of [PHONE, TABLET]) {
    await page.setViewportSize(size);
    await context.setOffline(false);
    await page.goto('/admin/front-desk');
    const row = page.getByTestId('desk-row').first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await context.setOffline(true);
    await row.getByRole('button', { name: /: details$/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'cannot be opened yet' })).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/desk-offline/${size.width}-details-not-on-device.png`, animations: 'disabled', caret: 'hide' });
  }
});
