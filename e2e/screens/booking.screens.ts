import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { capture, PHONE } from './capture.js';

/**
 * The guest booking flow, every step on a phone (390 x 844) and a tablet or laptop
 * (1024 x 768): a unit by EFT, the entire lodge by card (cancelled once in the Paystack
 * double's popup, then paid), and the offline message when the booking cannot be sent.
 */
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) => capture(page, 'booking', name);

function stay(offsetDays: number, nights: number) {
  const checkIn = addDays(todayInLodge(new Date()), offsetDays);
  return `checkIn=${checkIn}&checkOut=${addDays(checkIn, nights)}&guests=2`;
}

async function fillGuest(page: Page, email: string) {
  await page.getByLabel('First name').fill('Thabo');
  await page.getByLabel('Last name').fill('Nel');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+27 82 555 0142');
}

test('a unit by EFT: dates, accommodation, details, payment, confirmation', async ({ page }) => {
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'When would you like to stay?' })).toBeVisible();
  await shot(page, '1-dates');

  await page.goto(`/booking?${stay(350, 2)}`);
  const select = page.getByRole('button', { name: /^Select / }).first();
  await expect(select).toBeEnabled();
  await expect(page.getByText('Checking...')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show nightly rates' }).first().click();
  await shot(page, '2-accommodation');

  await select.click();
  await fillGuest(page, `screens.eft.${Date.now()}@example.com`);
  await page.getByLabel(/EFT/).check();
  await shot(page, '3-guest');

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText(/held for 48 hours pending manual verification/)).toBeVisible();
  await shot(page, '4-payment-eft');

  await page.getByRole('button', { name: /^Book and pay R[\d,]+ by EFT$/ }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is reserved' })).toBeVisible();
  await shot(page, '5-confirmation-eft');
});

test('the entire lodge by card: payment, cancelled in the popup, then paid', async ({ page }) => {
  await page.goto(`/booking?type=entire-lodge&${stay(360, 2)}`);
  await page.getByRole('button', { name: /^Select / }).click();
  await fillGuest(page, `screens.card.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText(/Card payment discount \(5%\)/)).toBeVisible();
  await shot(page, '4-payment-card');

  const pay = page.getByRole('button', { name: /^Pay R[\d,]+ by card$/ });
  const cardTotal = (await pay.textContent())!.match(/R[\d,]+/)![0];
  await page.evaluate(() => ((window as unknown as { __paystackDoubleOutcome: string }).__paystackDoubleOutcome = 'cancel'));
  await pay.click();
  await expect(page.getByText('Payment Cancelled')).toBeVisible();
  await shot(page, '4-payment-cancelled');

  await page.evaluate(() => ((window as unknown as { __paystackDoubleOutcome: string }).__paystackDoubleOutcome = 'success'));
  await page.getByRole('button', { name: `Try again: pay ${cardTotal}` }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
  await shot(page, '5-confirmation-card');
});

test('the booking cannot be sent: the offline message', async ({ page }) => {
  await page.goto(`/booking?${stay(370, 1)}`);
  await page.getByRole('button', { name: /^Select / }).first().click();
  await fillGuest(page, `screens.offline.${Date.now()}@example.com`);
  await page.getByLabel(/EFT/).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.route('**/api/bookings', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: /^Book and pay/ }).click();
  await expect(page.getByText(/You appear to be offline\./)).toBeVisible();
  await shot(page, '4-offline');
});
