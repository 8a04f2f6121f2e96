import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { login } from '../desk-support.js';
import { capture, PHONE } from './capture.js';

/**
 * Extras on a phone (390 x 844) and a tablet or laptop (1024 x 768): the Extras page and its
 * form, and step 3 of /booking with a game drive chosen, then step 4's summary listing it.
 */
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) => capture(page, 'extras', name);

test('the Extras page and its form', async ({ page }) => {
  await login(page, 'manager');
  await page.goto('/admin/extras');
  await expect(page.getByText('Morning game drive').first()).toBeVisible();
  await shot(page, '1-extras-page');
  await page.getByRole('button', { name: 'Add Extra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Extra' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await shot(page, '2-extra-form-errors');
});

test('/booking step 3 with a game drive, and step 4 listing it', async ({ page }) => {
  const checkIn = addDays(todayInLodge(new Date()), 380 + Math.floor(Math.random() * 90));
  await page.goto(`/booking?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2`);
  const select = page.getByRole('button', { name: /^Select / }).first();
  await expect(select).toBeEnabled();
  await select.click();
  await page.getByLabel('First name').fill('Zanele');
  await page.getByLabel('Last name').fill('Mthembu');
  await page.getByLabel('Email').fill(`screens.extras.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'More: Morning game drive' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stay with extras' })).toContainText(/R[\d,]+/);
  await shot(page, '3-booking-step3-extras');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Morning game drive (2 guests)')).toBeVisible();
  await shot(page, '4-booking-step4-summary');
});
