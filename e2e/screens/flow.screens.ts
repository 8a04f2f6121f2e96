import { expect, test } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { managerApi } from '../desk-support.js';
import { capture, PHONE } from './capture.js';

/**
 * Issue 18's guest-side screens: /booking steps 1 and 2, a "Coming soon" card, and the
 * landing page's end with the chat bubble, on a phone and a tablet.
 */
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 180_000 });

test('booking steps 1 and 2', async ({ page }) => {
  const checkIn = addDays(todayInLodge(new Date()), 260);
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'When would you like to stay?' })).toBeVisible();
  // A past check-in, to show the field's message.
  await page.getByRole('group', { name: 'Check-in date' }).getByRole('spinbutton', { name: 'Day' }).click();
  const y = addDays(todayInLodge(new Date()), -1);
  await page.keyboard.type(`${y.slice(8, 10)}${y.slice(5, 7)}${y.slice(0, 4)}`);
  await expect(page.getByText('Check-in date cannot be in the past')).toBeVisible();
  await capture(page, 'flow', 'booking-1-past-check-in');
  await page.goto(`/booking?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2`);
  await expect(page.getByText('Checking...')).toHaveCount(0, { timeout: 30_000 });
  await capture(page, 'flow', 'booking-2-accommodation');
});

test('a "Coming soon" card', async ({ page }) => {
  const api = await managerApi();
  const name = `Sleep-out Deck ${Date.now() % 100000}`;
  const created = await api.post('/api/admin/accommodations', { data: { name, description: 'A star bed above the waterhole, opening next season.', capacity: 2, baseWeekdayRate: 1800, baseWeekendRate: 2100 } });
  expect(created.status()).toBe(201);
  await page.goto('/accommodations');
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Coming soon').first()).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await capture(page, 'flow', 'coming-soon');
  await api.dispose();
});

test('the landing page end with the chat bubble', async ({ page }) => {
  for (const size of [PHONE, { width: 1024, height: 768 }]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.screenshot({ path: `screens/flow/${size.width}-landing-end.png`, animations: 'disabled' });
  }
});
