import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { formatStayDate } from '../shared/format.js';

/**
 * The booking page's dates step keeps to the lodge's stay limits (Lodge Settings: 30 nights
 * for guests, 730 days ahead, the defaults) and says why a typed date is refused; the server
 * refuses the same (api/src/http/abuse.integration.test.ts).
 */
test.use({ viewport: { width: 390, height: 844 } });

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

async function typeDate(page: Page, label: string, iso: string) {
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(ddmmyyyy(iso));
}

test('a stay longer than 30 nights or past the horizon is refused on the field, with the reason', async ({ page }) => {
  const today = todayInLodge(new Date());
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'When would you like to stay?' })).toBeVisible();
  const check = page.getByRole('button', { name: 'Check Availability' });

  const checkIn = addDays(today, 10);
  await typeDate(page, 'Check-in date', checkIn);
  await typeDate(page, 'Check-out date', addDays(checkIn, 31));
  await expect(page.getByText('Stays can be at most 30 nights')).toBeVisible();
  await expect(check).toBeDisabled();

  await typeDate(page, 'Check-out date', addDays(checkIn, 30));
  await expect(page.getByText('Stays can be at most 30 nights')).toHaveCount(0);
  await expect(page.getByText('30 nights', { exact: true })).toBeVisible();
  await expect(check).toBeEnabled();

  const last = addDays(today, 730);
  await typeDate(page, 'Check-in date', addDays(last, 5));
  await typeDate(page, 'Check-out date', addDays(last, 7));
  await expect(page.getByText(`Bookings can be made up to ${formatStayDate(last)}`).first()).toBeVisible();
  await expect(check).toBeDisabled();
});
