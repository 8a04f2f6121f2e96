import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { capture, PHONE } from './capture.js';

/**
 * Per person sharing and specials on the public site, on a phone and a tablet, with the
 * demo's own data: the Tamboti Family Suite (per person sharing, Fully inclusive, children
 * 6 to 11 at 50 %, under 6 not accepted) and its "Stay 4, pay 3" special. The cards, the
 * special offers (landing page, /specials, the guest home), step 1's adults, children and
 * ages, the suite refusing a child too young, and the review's lines of a 4-night stay with
 * its free night. Nothing is booked: the flow stops at the review.
 */
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) => capture(page, 'per-person', name);

const TYPE = 'Tamboti Family Suite';
const POLICY = `Children under 6 are not accepted at ${TYPE}`;
const PARTY = { adults: 2, childAges: [8, 6] };
const today = todayInLodge(new Date());

async function tambotiId(request: APIRequestContext): Promise<string> {
  const types = (await (await request.get('/api/accommodations')).json()) as { id: string; name: string; pricingModel: string }[];
  const tamboti = types.find((t) => t.name === TYPE);
  expect(tamboti?.pricingModel).toBe('per_person_sharing');
  return tamboti!.id;
}

/** A 4-night stay inside the special's dates (today..today+180) with a free suite for the family. */
async function freeStay(request: APIRequestContext, typeId: string): Promise<string> {
  const start = addDays(today, 30 + Math.floor(Math.random() * 60));
  for (let i = 0; i < 20; i++) {
    const checkIn = addDays(start, i * 4);
    const res = await request.post('/api/availability', { data: { accommodationTypeId: typeId, checkIn, checkOut: addDays(checkIn, 4), ...PARTY } });
    expect(res.status(), await res.text()).toBe(200);
    if (((await res.json()) as { available: boolean }).available) return checkIn;
  }
  throw new Error(`No free ${TYPE} for 4 nights from ${start}`);
}

async function chooseOption(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the cards and the special offers', async ({ page }) => {
  await page.goto('/accommodations');
  await expect(page.getByText('From R4,950 per person sharing')).toBeVisible();
  await shot(page, 'accommodations');

  await page.goto('/');
  await page.getByRole('heading', { name: 'Find Us' }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(page.getByRole('heading', { name: 'Special offers' })).toBeVisible();
  await shot(page, 'landing');

  await page.goto('/specials');
  await expect(page.getByRole('article', { name: 'Stay 4, pay 3' })).toBeVisible();
  await shot(page, 'specials');
});

test('the guest home: its Special Offers card opens them', async ({ page }) => {
  // The demo's guest account (no role): its home is the guest's.
  await page.goto('/auth');
  await page.getByLabel('Username').fill('guest');
  await page.getByLabel('Password', { exact: true }).fill('lodge-demo');
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/');
  const viewOffers = page.getByRole('link', { name: 'View Offers' });
  await viewOffers.scrollIntoViewIfNeeded();
  await shot(page, 'guest-home');
  await viewOffers.click();
  await expect(page).toHaveURL(/\/specials$/);
  await expect(page.getByRole('article', { name: 'Stay 4, pay 3' })).toBeVisible();
});

test('a family books: step 1 party, a refusal at the ages, the review with a free night', async ({ page, request }) => {
  const typeId = await tambotiId(request);
  const checkIn = await freeStay(request, typeId);
  const checkOut = addDays(checkIn, 4);
  await page.goto(`/booking?accommodation=${typeId}`);
  await expect(page.getByRole('combobox', { name: /^Adults/ })).toBeVisible();
  await page.getByRole('group', { name: 'Check-in date' }).getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${checkIn.slice(8, 10)}${checkIn.slice(5, 7)}${checkIn.slice(0, 4)}`);
  await page.getByRole('group', { name: 'Check-out date' }).getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${checkOut.slice(8, 10)}${checkOut.slice(5, 7)}${checkOut.slice(0, 4)}`);
  await chooseOption(page, /^Children/, '2 children');
  await shot(page, '1-party-ages-missing');
  await chooseOption(page, /^Age of child 1/, '8');
  await chooseOption(page, /^Age of child 2/, '3');
  await page.getByRole('button', { name: 'Check Availability' }).click();

  const card = page.getByRole('article', { name: TYPE });
  await expect(card.getByText(POLICY)).toBeVisible();
  await expect(page.getByText('Checking...')).toHaveCount(0);
  await shot(page, '2-refused');
  await card.getByRole('button', { name: 'Change guests' }).click();
  await expect(page.getByRole('alert')).toHaveText(POLICY);
  await shot(page, '1-refused-at-ages');

  await chooseOption(page, /^Age of child 2/, '6');
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(card.getByRole('button', { name: `Select ${TYPE}` })).toBeEnabled();
  await card.getByRole('button', { name: 'Show nightly rates' }).click();
  await expect(page.getByText('Checking...')).toHaveCount(0);
  await expect(card.getByRole('list', { name: `Nightly rates for ${TYPE}` }).locator(':scope > li').last()).toBeInViewport({ ratio: 0 });
  await page.waitForTimeout(500);
  await shot(page, '2-priced');

  await card.getByRole('button', { name: `Select ${TYPE}` }).click();
  await page.getByLabel('First name').fill('Nomsa');
  await page.getByLabel('Last name').fill('Dlamini');
  await page.getByLabel('Email').fill('nomsa@example.com');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('list', { name: 'Price per night' })).toBeVisible();
  // The demo special gives the cheapest of the 4 nights free: the review names it.
  await expect(page.getByText('Stay 4, pay 3').first()).toBeVisible();
  await shot(page, '4-review');
});
