import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { formatRand, formatStayDay } from '../shared/format.js';
import { sql } from './desk-support.js';
import { typeDate } from './date-support.js';

/**
 * A family on a phone (390 x 844) books the demo's per person sharing type, the Tamboti
 * Family Suite (Fully inclusive; R4,950 a weekday and R5,450 a weekend night per adult;
 * children 6 to 11 at 50 %, under 6 not accepted): two adults and two children of 8 and 6,
 * 3 nights, by card. Before paying they see each night's lines (the adults, each child with
 * its band) and the total; the Paystack double is asked for exactly the card total the
 * server quotes the same party. Dates are counted from today in Johannesburg, far out, and
 * moved on until a unit is free (the e2e database is shared between specs). Pictures go to
 * SHOTS_DIR when set.
 */
test.use({ viewport: { width: 390, height: 844 } });

const TYPE = 'Tamboti Family Suite';
const PARTY = { adults: 2, childAges: [8, 6] };
const NIGHTS = 3;
/** The demo's per adult rates (no rate override reaches this far out). */
const ADULT_RATE = { weekday: 4950, weekend: 5450 } as const;
const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const shotsDir = process.env.SHOTS_DIR;

interface Night {
  date: string;
  kind: 'weekday' | 'weekend';
  rate: number;
  adults?: number;
  adultsAmount?: number;
  children?: { age: number; band: string | null; percentOfAdult: number; amount: number }[];
  singleSupplement?: number;
  amount?: number;
  free?: boolean;
}
interface Quote {
  totalAmount: number;
  cardTotal: number;
  breakdown: { nights: Night[]; subtotal: number; specialDiscount?: number; pricingModel?: string };
}

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  for (const [w, h] of [
    [390, 844],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${shotsDir}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A check-in 300 to 600 days out whose 3 nights have a free Tamboti unit for the family. */
async function freeStay(request: APIRequestContext, typeId: string): Promise<string> {
  const start = addDays(todayInLodge(new Date()), 300 + Math.floor(Math.random() * 300));
  for (let i = 0; i < 20; i++) {
    const checkIn = addDays(start, i * 4);
    const res = await request.post('/api/availability', { data: { accommodationTypeId: typeId, checkIn, checkOut: addDays(checkIn, NIGHTS), ...PARTY } });
    expect(res.status(), await res.text()).toBe(200);
    if (((await res.json()) as { available: boolean }).available) return checkIn;
  }
  throw new Error(`No free ${TYPE} unit for ${NIGHTS} nights from ${start}`);
}

test('a family of two adults and two children books the per person sharing suite by card, sees each line and the total, and Paystack is asked for that total', async ({
  page,
  request,
}) => {
  const types = (await (await request.get('/api/accommodations')).json()) as { id: string; name: string; pricingModel: string }[];
  const tamboti = types.find((t) => t.name === TYPE);
  expect(tamboti?.pricingModel).toBe('per_person_sharing');
  const checkIn = await freeStay(request, tamboti!.id);
  const checkOut = addDays(checkIn, NIGHTS);
  const email = `family.${Date.now()}@example.com`;

  // The server's quote for the same party: the figures the page must show and charge.
  const quoted = await request.post('/api/calculate-rate', {
    data: { accommodationTypeId: tamboti!.id, checkIn, checkOut, paymentMethod: 'Card', ...PARTY },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const quote = (await quoted.json()) as Quote;
  expect(quote.breakdown.pricingModel).toBe('per_person_sharing');
  expect(quote.breakdown.nights.map((n) => n.date)).toEqual([0, 1, 2].map((i) => addDays(checkIn, i)));
  // The arithmetic, night by night: 2 adults at the night's adult rate, each child (8 and 6,
  // both in the 6 to 11 band) at half of it; no special (stay 4, pay 3 needs 4 nights).
  let subtotal = 0;
  for (const night of quote.breakdown.nights) {
    const rate = ADULT_RATE[night.kind];
    expect(night).toMatchObject({
      rate,
      adults: 2,
      adultsAmount: 2 * rate,
      children: [
        { age: 8, percentOfAdult: 50, amount: rate / 2 },
        { age: 6, percentOfAdult: 50, amount: rate / 2 },
      ],
      amount: 3 * rate,
    });
    expect(night.free ?? false).toBe(false);
    subtotal += 3 * rate;
  }
  expect(quote.breakdown.subtotal).toBe(subtotal);
  expect(quote.totalAmount).toBe(subtotal);

  // Step 1: dates, then who is staying.
  await page.goto(`/booking?accommodation=${tamboti!.id}`);
  await expect(page.getByRole('heading', { name: 'When would you like to stay?' })).toBeVisible();
  await typeDate(page, page, 'Check-in date', checkIn);
  await typeDate(page, page, 'Check-out date', checkOut);
  await expect(page.getByRole('combobox', { name: /^Adults/ })).toHaveText('2 adults');
  await page.getByRole('combobox', { name: /^Children/ }).click();
  await page.getByRole('option', { name: '2 children', exact: true }).click();
  await expect(page.getByText("Choose each child's age on arrival")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check Availability' })).toBeDisabled();
  for (const [i, age] of PARTY.childAges.entries()) {
    await page.getByRole('combobox', { name: new RegExp(`^Age of child ${i + 1}`) }).click();
    await page.getByRole('option', { name: String(age), exact: true }).click();
  }
  await shoot(page, 'per-person-step1');
  await page.getByRole('button', { name: 'Check Availability' }).click();

  // Step 2: the suite, its meal plan, and the price for the family.
  const card = page.getByRole('article', { name: TYPE });
  await expect(card.getByText('Fully inclusive', { exact: true })).toBeVisible();
  await expect(card.getByText(formatRand(quote.totalAmount), { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Show nightly rates' }).click();
  await shoot(page, 'per-person-step2');
  await card.getByRole('button', { name: `Select ${TYPE}` }).click();

  // Step 3: the guest's details; card is the default.
  await page.getByLabel('First name').fill('Nomsa');
  await page.getByLabel('Last name').fill('Dlamini');
  await page.getByLabel('Email').fill(email);
  await expect(page.getByLabel(/^Card/)).toBeChecked();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // Step 4: each night's lines and the total before paying.
  const nights = page.getByRole('list', { name: 'Price per night' });
  await expect(nights).toBeVisible();
  for (const night of quote.breakdown.nights) {
    const rate = ADULT_RATE[night.kind];
    const row = nights.locator(':scope > li').filter({ hasText: formatStayDay(night.date) });
    await expect(row).toContainText(`${formatStayDay(night.date)} (${night.kind})${formatRand(3 * rate)}`);
    await expect(row.locator('li')).toHaveText([
      `2 adults × ${formatRand(rate)}${formatRand(2 * rate)}`,
      `Child (8) · 50 %${formatRand(rate / 2)}`,
      `Child (6) · 50 %${formatRand(rate / 2)}`,
    ]);
  }
  await expect(page.getByText('2 adults, 2 children (8, 6)')).toBeVisible();
  await expect(page.getByText(`${NIGHTS} nights`, { exact: true })).toBeVisible();
  await expect(page.getByText(formatRand(subtotal), { exact: true })).toBeVisible();
  const pay = page.getByRole('button', { name: `Pay ${formatRand(quote.cardTotal)} by card` });
  await expect(pay).toBeVisible();
  await shoot(page, 'per-person-review');
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();

  // The booking keeps the party and the server's total; Paystack was asked for it in cents.
  const [booking] = await sql<{ total_amount: string; paystack_reference: string; adults: number; child_ages: number[]; number_of_guests: number }>(
    'select total_amount, paystack_reference, adults, child_ages, number_of_guests from bookings where guest_email = ?',
    [email],
  );
  expect(booking).toMatchObject({ adults: 2, child_ages: [8, 6], number_of_guests: 4 });
  expect(Number(booking.total_amount)).toBe(quote.cardTotal);
  const { url: paystackUrl } = (await (await request.get(`${controlUrl}/paystack`)).json()) as { url: string };
  const tx = (await (await request.get(`${paystackUrl}/__test/transactions/${encodeURIComponent(booking.paystack_reference)}`)).json()) as {
    data: { amount: number };
  };
  expect(tx.data.amount).toBe(Math.round(quote.cardTotal * 100));
});
