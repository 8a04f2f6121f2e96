import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';

/** Every booking step at a tablet/laptop width (1024 x 768), for looking at; the phone run is booking.spec.ts. */
test.use({ viewport: { width: 1024, height: 768 } });
const SHOTS = 'test-results/booking-screens';
fs.mkdirSync(SHOTS, { recursive: true });

test('the booking steps at 1024 x 768', async ({ page }) => {
  const checkIn = addDays(todayInLodge(new Date()), 350);
  const checkOut = addDays(checkIn, 2);
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/1024-${name}.png`, fullPage: true });
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'When would you like to stay?' })).toBeVisible();
  await shot('1-dates');
  await page.goto(`/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
  const select = page.getByRole('button', { name: /^Select / }).first();
  await expect(select).toBeEnabled();
  await page.getByRole('button', { name: 'Show nightly rates' }).first().click();
  await shot('2-accommodation');
  await select.click();
  await page.getByLabel('First name').fill('Thabo');
  await page.getByLabel('Last name').fill('Nel');
  await page.getByLabel('Email').fill(`screens.${Date.now()}@example.com`);
  await shot('3-guest');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeVisible();
  await shot('4-payment-card');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByLabel(/EFT/).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: /^Book and pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is reserved' })).toBeVisible();
  await shot('5-confirmation');
});
