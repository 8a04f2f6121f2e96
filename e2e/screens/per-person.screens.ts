import { expect, test, type Page, type Route } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { cardTotalCentsFor, nightKind } from '../../shared/domain/pricing.js';
import { capture, PHONE } from './capture.js';

/**
 * Per person sharing and specials on the public site, on a phone and a tablet: the cards,
 * the special offers (landing page, /specials, the guest home), step 1's adults, children
 * and ages, a type refusing a child too young, and the review's lines. The per person type,
 * its prices and the offers are answered here (the lodge's own answers for everything
 * else), so the pictures show the same figures whatever the demo data holds.
 */
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) => capture(page, 'per-person', name);

const TAMBOTI_ID = '7a1c1e52-8f3b-4d8a-9a51-2f5d6c7e8f90';
const POLICY = 'Children under 6 are not accepted at Tamboti Family Suite';
const today = todayInLodge(new Date());
const RATE = { weekday: 4950, weekend: 5450 } as const;

const offer = {
  id: 'b3f1a2c4-0d5e-4f6a-8b7c-9d0e1f2a3b4c',
  name: 'Stay 4, pay 3',
  description: 'Four nights in the Tamboti Family Suite for the price of three: the cheapest night is on us.',
  accommodationTypeIds: [TAMBOTI_ID],
  accommodationTypeNames: ['Tamboti Family Suite'],
  stayFrom: today,
  stayTo: addDays(today, 180),
  stayNights: 4,
  payNights: 3,
  bookFrom: null,
  bookTo: null,
  combinableWithPromo: false,
};

/** The server's per person price of a stay (the lead's arithmetic), with the special on 4 nights. */
function quote(body: { checkIn: string; checkOut: string; adults?: number; childAges?: number[] }) {
  const adults = body.adults ?? 2;
  const ages = body.childAges ?? [];
  const nights = [];
  for (let d = body.checkIn; d < body.checkOut; d = addDays(d, 1)) {
    const kind = nightKind(d);
    const rate = RATE[kind];
    const children = ages.map((age) => (age <= 11 ? { age, band: '6–11', percentOfAdult: 50, amount: rate / 2 } : { age, band: null, percentOfAdult: 100, amount: rate }));
    const singleSupplement = adults === 1 ? rate * 0.4 : 0;
    const amount = adults * rate + children.reduce((s, c) => s + c.amount, 0) + singleSupplement;
    nights.push({ date: d, kind, rate, adults, adultsAmount: adults * rate, children, singleSupplement, amount });
  }
  const subtotal = nights.reduce((s, n) => s + n.amount, 0);
  const free = Math.floor(nights.length / 4);
  const freeNights = [...nights].sort((a, b) => a.amount - b.amount || b.date.localeCompare(a.date)).slice(0, free);
  const specialDiscount = freeNights.reduce((s, n) => s + n.amount, 0);
  const total = subtotal - specialDiscount;
  const cardTotal = cardTotalCentsFor(total * 100, 5) / 100;
  return {
    totalAmount: total,
    cardTotal,
    amountDue: total,
    breakdown: {
      nights: nights.map((n) => (freeNights.includes(n) ? { ...n, free: true } : n)),
      nightCount: nights.length,
      subtotal,
      promoDiscount: 0,
      cardDiscount: total - cardTotal,
      totalAmount: total,
      cardTotal,
      minimumStay: 1,
      pricingModel: 'per_person_sharing',
      adults,
      childAges: ages,
      ...(free
        ? { special: { id: offer.id, name: offer.name, stayNights: 4, payNights: 3, freeNights: freeNights.map((n) => n.date), discount: specialDiscount }, specialDiscount }
        : {}),
    },
  };
}

async function answerPerPerson(page: Page) {
  await page.route('**/api/accommodations', async (route) => {
    const types = (await (await route.fetch()).json()) as Record<string, unknown>[];
    const base = types.find((t) => !t.isPackage)!;
    const tamboti = {
      ...base,
      id: TAMBOTI_ID,
      name: 'Tamboti Family Suite',
      description: 'Two bedrooms under the tamboti trees, for a family: all meals and two game drives a day.',
      capacity: 4,
      baseWeekdayRate: RATE.weekday,
      baseWeekendRate: RATE.weekend,
      pricingModel: 'per_person_sharing',
      singleSupplementPercent: 40,
      childPolicy: [
        { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
        { fromAge: 6, toAge: 11, percentOfAdult: 50 },
      ],
      minimumChildAge: null,
      mealPlan: 'Fully inclusive',
      maxAdults: 3,
    };
    await route.fulfill({ json: [tamboti, ...types] });
  });
  await page.route('**/api/units', async (route) => {
    const units = (await (await route.fetch()).json()) as Record<string, unknown>[];
    const extra = [1, 2].map((n) => ({ ...units[0], id: `7a1c1e52-8f3b-4d8a-9a51-2f5d6c7e8f9${n}`, name: `Tamboti ${n}`, accommodationTypeId: TAMBOTI_ID }));
    await route.fulfill({ json: [...units, ...extra] });
  });
  const forTamboti = (handle: (route: Route, body: Record<string, unknown>) => Promise<void>) => async (route: Route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    if (body.accommodationTypeId === TAMBOTI_ID) await handle(route, body);
    else await route.continue();
  };
  await page.route(
    '**/api/availability',
    forTamboti(async (route, body) => {
      const ages = (body.childAges as number[] | undefined) ?? [];
      if (ages.some((a) => a < 6)) await route.fulfill({ status: 400, json: { message: POLICY, errors: { childAges: POLICY } } });
      else await route.fulfill({ json: { available: true, availableUnits: 2, totalUnits: 2 } });
    }),
  );
  await page.route(
    '**/api/calculate-rate',
    forTamboti(async (route, body) => route.fulfill({ json: quote(body as Parameters<typeof quote>[0]) })),
  );
  await page.route('**/api/public/special-offers', (route) => route.fulfill({ json: [offer] }));
}

async function chooseOption(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the cards and the special offers', async ({ page }) => {
  await answerPerPerson(page);
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

test('the guest home: Special Offers opens them; the preview prices per person', async ({ page }) => {
  await answerPerPerson(page);
  // The demo's guest account (no role): its home is the guest's.
  await page.goto('/auth');
  await page.getByLabel('Username').fill('guest');
  await page.getByLabel('Password', { exact: true }).fill('lodge-demo');
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'View Offers' })).toBeVisible();
  await expect(page.getByText('From R4,950 per person sharing')).toBeVisible();
  await shot(page, 'guest-home');
});

test('a family books: step 1 party, a refusal at the ages, the review with a free night', async ({ page }) => {
  await answerPerPerson(page);
  const checkIn = addDays(today, 60);
  await page.goto(`/booking?accommodation=${TAMBOTI_ID}`);
  await expect(page.getByRole('combobox', { name: /^Adults/ })).toBeVisible();
  await page.getByRole('group', { name: 'Check-in date' }).getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${checkIn.slice(8, 10)}${checkIn.slice(5, 7)}${checkIn.slice(0, 4)}`);
  const checkOut = addDays(checkIn, 4);
  await page.getByRole('group', { name: 'Check-out date' }).getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${checkOut.slice(8, 10)}${checkOut.slice(5, 7)}${checkOut.slice(0, 4)}`);
  await chooseOption(page, /^Children/, '2 children');
  await shot(page, '1-party-ages-missing');
  await chooseOption(page, /^Age of child 1/, '8');
  await chooseOption(page, /^Age of child 2/, '3');
  await page.getByRole('button', { name: 'Check Availability' }).click();

  const card = page.getByRole('article', { name: 'Tamboti Family Suite' });
  await expect(card.getByText(POLICY)).toBeVisible();
  await expect(page.getByText('Checking...')).toHaveCount(0);
  await shot(page, '2-refused');
  await card.getByRole('button', { name: 'Change guests' }).click();
  await expect(page.getByRole('alert')).toHaveText(POLICY);
  await shot(page, '1-refused-at-ages');

  await chooseOption(page, /^Age of child 2/, '6');
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(card.getByRole('button', { name: 'Select Tamboti Family Suite' })).toBeEnabled();
  await card.getByRole('button', { name: 'Show nightly rates' }).click();
  await expect(page.getByText('Checking...')).toHaveCount(0);
  await expect(card.getByRole('list', { name: 'Nightly rates for Tamboti Family Suite' }).locator(':scope > li').last()).toBeInViewport({ ratio: 0 });
  await page.waitForTimeout(500);
  await shot(page, '2-priced');

  await card.getByRole('button', { name: 'Select Tamboti Family Suite' }).click();
  await page.getByLabel('First name').fill('Nomsa');
  await page.getByLabel('Last name').fill('Dlamini');
  await page.getByLabel('Email').fill('nomsa@example.com');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('list', { name: 'Price per night' })).toBeVisible();
  await shot(page, '4-review');
});
