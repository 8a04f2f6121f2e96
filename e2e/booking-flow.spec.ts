import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { formatMonthDay, formatMonthDayYear } from '../shared/format.js';
import { ddmmyyyy, typeDate } from './date-support.js';
import { login, managerApi } from './desk-support.js';
import { putSettings, stamp } from './config-support.js';

/**
 * Issue 18, the guest's side: dates read and typed DD/MM/YYYY, /booking's own words (a past
 * check-in, what step 2's prices are), "by card" prices only while card payments work, and
 * the landing page's content clear of the floating chat bubble on a phone.
 */

/** What a DD/MM/YYYY date field holds, as the picker's own input reports it. */
const fieldValue = (scope: Page | Locator, label: string) => scope.getByRole('group', { name: label }).locator('xpath=..').locator('input');

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('the calendar\'s start date shows and takes DD/MM/YYYY', async ({ page }) => {
  await login(page, 'receptionist');
  await page.goto('/admin/calendar');
  const today = todayInLodge(new Date());
  await expect(fieldValue(page, 'Start date')).toHaveValue(ddmmyyyy(today));
  // What the person sees in the field: day, month, year.
  await expect(page.getByRole('group', { name: 'Start date' })).toContainText(ddmmyyyy(today));

  const start = addDays(today, 45);
  await typeDate(page, page, 'Start date', start);
  await expect(fieldValue(page, 'Start date')).toHaveValue(ddmmyyyy(start));
  // The grid moved to the typed day (the heading reads 'Jan 08 - Jan 21, 2027').
  await expect(page.getByRole('heading', { name: `${formatMonthDay(start)} - ${formatMonthDayYear(addDays(start, 13))}` })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/booking step 1 says why a past check-in is refused; step 2 says its prices are the stay\'s total', async ({ page }) => {
    const today = todayInLodge(new Date());
    await page.goto('/booking');
    await expect(page.getByRole('heading', { name: 'When would you like to stay?' })).toBeVisible();
    await typeDate(page, page, 'Check-in date', addDays(today, -1));
    await expect(fieldValue(page, 'Check-in date')).toHaveValue(ddmmyyyy(addDays(today, -1)));
    await expect(page.getByText('Check-in date cannot be in the past')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Availability' })).toBeDisabled();

    const checkIn = addDays(today, 280);
    await typeDate(page, page, 'Check-in date', checkIn);
    await typeDate(page, page, 'Check-out date', addDays(checkIn, 3));
    await expect(page.getByText('Check-in date cannot be in the past')).toHaveCount(0);
    await page.getByRole('button', { name: 'Check Availability' }).click();
    await expect(page.getByText('Live availability for your dates, with the total price for your 3 nights.')).toBeVisible();
    await expect(page.getByText('price per night')).toHaveCount(0);
  });

  test('"by card" prices show only while card payments are on and Paystack is configured', async ({ page }) => {
    const checkIn = addDays(todayInLodge(new Date()), 290);
    const url = `/booking?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2`;
    const firstPrice = page.getByText(/^for 2 nights/).first();
    // A first visit: the route's chunks, then a quote and an availability call for every type
    // (about a dozen by now in the run's database). On CI the browser specs share two cores with
    // both vitest runs, and this once took longer than the default 10 s twice in a row.
    const PRICED = { timeout: 30_000 };
    await page.goto(url);
    await expect(firstPrice).toHaveText(/^for 2 nights · R[\d,]+ by card$/, PRICED);
    try {
      await putSettings({ allowCardPayments: false });
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(url);
      await expect(firstPrice).toHaveText('for 2 nights', PRICED);
      await expect(page.getByText(/by card/)).toHaveCount(0);
    } finally {
      await putSettings({ allowCardPayments: true });
    }
  });

  test('the chat bubble leaves the landing page\'s address, buttons and footer clear', async ({ page }) => {
    await page.goto('/');
    const bubble = page.getByRole('button', { name: 'Open chat assistant' });
    await expect(bubble).toBeVisible();
    const targets = [
      page.locator('#find-us p').first(),
      page.getByRole('link', { name: 'View Accommodations' }).first(),
      page.getByRole('link', { name: 'Book Entire Lodge' }),
    ];
    for (const target of targets) {
      // Brought into view from above, as a link to it or a tab to it does: it stops above the bubble.
      await page.evaluate(() => window.scrollTo(0, 0));
      await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      const [t, b] = [await target.boundingBox(), await bubble.boundingBox()];
      expect(t && b && overlaps(t, b), `${await target.textContent()} clear of the bubble`).toBe(false);
    }
    // At the very end of the page, the footer's line and link are clear too.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const target of [page.getByRole('link', { name: 'Contact Us' }).last(), ...(await page.locator('footer p').all())]) {
      const [t, b] = [await target.boundingBox(), await bubble.boundingBox()];
      expect(t && b && overlaps(t, b), `${await target.textContent()} clear of the bubble`).toBe(false);
    }
  });
});

test('a type with no active unit shows "Coming soon" without Book Now, and cannot be checked or booked', async ({ page, request }) => {
  const api = await managerApi();
  const name = `Star Bed ${stamp()}`;
  const created = await api.post('/api/admin/accommodations', { data: { name, description: 'Opens next season', capacity: 2, baseWeekdayRate: 1800, baseWeekendRate: 2100 } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto('/accommodations');
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Coming soon')).toHaveCount(2);
  await expect(card.getByRole('link', { name: 'Book Now' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Entire Lodge' }).getByRole('link', { name: 'Book Now' })).toBeVisible();

  const checkIn = addDays(todayInLodge(new Date()), 300);
  const refused = await request.post('/api/availability', { data: { accommodationTypeId: id, checkIn, checkOut: addDays(checkIn, 2) } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe('This accommodation is coming soon and cannot be booked yet');

  // Hidden by the setting; a unit added makes it bookable again.
  try {
    await putSettings({ unbookableTypeDisplay: 'hidden' });
    await page.reload();
    await expect(page.getByRole('article', { name: 'Entire Lodge' })).toBeVisible();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
  } finally {
    await putSettings({ unbookableTypeDisplay: 'coming-soon' });
  }
  const unit = await api.post('/api/admin/units', { data: { name: `${name} 1`, accommodationTypeId: id } });
  expect(unit.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole('article', { name }).getByRole('link', { name: 'Book Now' })).toBeVisible();
  // Specs share one database: the type (which has no picture) goes, so later specs see the demo catalogue.
  expect((await api.delete(`/api/admin/units/${((await unit.json()) as { id: string }).id}`)).ok()).toBe(true);
  expect((await api.delete(`/api/admin/accommodations/${id}`)).ok()).toBe(true);
});
