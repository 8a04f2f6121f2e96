import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext, type TestClient } from '../../../test/harness.js';
import { startPaystackDouble, type PaystackDouble } from '../../../../e2e/doubles/paystack-double.js';
import { CalculateRateResponse } from '../../../../shared/contracts/pricing.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { addDays, dayOfWeek, todayInLodge } from '../../../../shared/domain/dates.js';
import { guestData } from '../bookings/test-fixtures.js';

/**
 * Per person sharing prices and "stay 4, pay 3" specials through every path that prices a
 * stay: calculate-rate, availability, the guest's EFT booking, the card payment's Paystack
 * amount and the staff booking. The clock is the real one; every date is found from it.
 */
let t: TestContext;
let paystack: PaystackDouble;
let manager: TestClient;

beforeAll(async () => {
  paystack = await startPaystackDouble();
  t = await createTestContext({ env: { PAYSTACK_BASE_URL: paystack.url, PAYSTACK_TIMEOUT_MS: '2000' } });
  await t.db('settings').where({ id: 1 }).update({ card_payment_discount: '5.00', paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey });
  manager = await t.loginAs('manager');
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

const today = () => todayInLodge(t.clock.now());
/** The first date of that weekday (0 Sunday .. 6 Saturday) at least `weeks` weeks ahead. */
function next(weekday: number, weeks: number): string {
  let d = addDays(today(), 7 * weeks);
  while (dayOfWeek(d) !== weekday) d = addDays(d, 1);
  return d;
}
const FRIDAY = 5;
const THURSDAY = 4;
const MONDAY = 1;

interface TypeOptions {
  childPolicy?: { fromAge: number; toAge: number; percentOfAdult: number; notAccepted?: boolean }[];
}

/** A per person sharing type like the demo's family suite: R4950 / R5450 per adult, 40 % single supplement, 3 adults, 4 beds. */
async function createPerPersonType(opts: TypeOptions = {}): Promise<{ typeId: string; unitIds: string[]; name: string }> {
  const typeId = randomUUID();
  const name = `Tamboti ${typeId.slice(0, 8)}`;
  await t.db('accommodation_types').insert({
    id: typeId,
    name,
    capacity: 4,
    base_weekday_rate: '4950.00',
    base_weekend_rate: '5450.00',
    sort_order: 600,
    pricing_model: 'per_person_sharing',
    single_supplement_percent: '40.00',
    child_policy: JSON.stringify(
      opts.childPolicy ?? [
        { fromAge: 0, toAge: 5, percentOfAdult: 0 },
        { fromAge: 6, toAge: 11, percentOfAdult: 50 },
      ],
    ),
    meal_plan: 'Fully inclusive',
    max_adults: 3,
  });
  const unitIds = [randomUUID(), randomUUID()];
  for (const [i, id] of unitIds.entries()) {
    await t.db('units').insert({ id, accommodation_type_id: typeId, name: `${name} ${i + 1}`, sort_order: i + 1 });
  }
  return { typeId, unitIds, name };
}

async function createSpecial(typeId: string, opts: { combinableWithPromo?: boolean } = {}): Promise<string> {
  const [row] = await t
    .db('special_offers')
    .insert({
      name: 'Stay 4, pay 3',
      stay_from: today(),
      stay_to: addDays(today(), 180),
      stay_nights: 4,
      pay_nights: 3,
      combinable_with_promo: opts.combinableWithPromo ?? false,
    })
    .returning('id');
  await t.db('special_offer_types').insert({ special_offer_id: row.id, accommodation_type_id: typeId });
  return row.id;
}

const rate = (body: Record<string, unknown>) => t.client().post('/api/calculate-rate', body);
async function quote(body: Record<string, unknown>): Promise<CalculateRateResponse> {
  const res = await rate(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CalculateRateResponse.parse(res.body);
}

describe('a family of 2 adults, a child of 8 (50 %) and a child of 3 (free) for 3 nights over a weekend', () => {
  it('prices every line, books at that price and opens Paystack for the card total', async () => {
    const { typeId, unitIds } = await createPerPersonType();
    const checkIn = next(FRIDAY, 2);
    const body = { accommodationTypeId: typeId, checkIn, checkOut: addDays(checkIn, 3), adults: 2, childAges: [8, 3] };
    const q = await quote({ ...body, paymentMethod: 'Card' });
    // Friday and Saturday (weekend, R5450 per adult): 2 x 5450 = 10900, child of 8: 50 % = 2725,
    // child of 3: 0 % = 0, so 13625 a night. Sunday (weekday, R4950): 9900 + 2475 + 0 = 12375.
    expect(q.breakdown.nights).toEqual([
      { date: checkIn, kind: 'weekend', rate: 5450, adults: 2, adultsAmount: 10900, children: [{ age: 8, band: '6–11', percentOfAdult: 50, amount: 2725 }, { age: 3, band: '0–5', percentOfAdult: 0, amount: 0 }], singleSupplement: 0, amount: 13625 },
      { date: addDays(checkIn, 1), kind: 'weekend', rate: 5450, adults: 2, adultsAmount: 10900, children: [{ age: 8, band: '6–11', percentOfAdult: 50, amount: 2725 }, { age: 3, band: '0–5', percentOfAdult: 0, amount: 0 }], singleSupplement: 0, amount: 13625 },
      { date: addDays(checkIn, 2), kind: 'weekday', rate: 4950, adults: 2, adultsAmount: 9900, children: [{ age: 8, band: '6–11', percentOfAdult: 50, amount: 2475 }, { age: 3, band: '0–5', percentOfAdult: 0, amount: 0 }], singleSupplement: 0, amount: 12375 },
    ]);
    // 13625 + 13625 + 12375 = 39625; card: 5 % off = 37643.75, whole rand 37644.
    expect(q).toMatchObject({ totalAmount: 39625, cardTotal: 37644, amountDue: 37644 });
    expect(q.breakdown).toMatchObject({ subtotal: 39625, pricingModel: 'per_person_sharing', adults: 2, childAges: [8, 3] });

    const eft = await t.client().post('/api/bookings', {
      unitId: unitIds[0],
      checkInDate: body.checkIn,
      checkOutDate: body.checkOut,
      adults: 2,
      childAges: [8, 3],
      paymentMethod: 'EFT',
      guestData: guestData('family'),
    });
    expect(eft.status, JSON.stringify(eft.body)).toBe(201);
    expect(Booking.parse(eft.body)).toMatchObject({ totalAmount: 39625, numberOfGuests: 4, adults: 2, childAges: [8, 3] });
    const row = await t.db('bookings').where({ id: eft.body.id }).first();
    expect(row).toMatchObject({ total_amount: '39625.00', adults: 2, child_ages: [8, 3], number_of_guests: 4, special_offer_id: null });

    // The other unit, same stay, by card: Paystack is asked for the card total, in cents.
    const card = await t.client().post('/api/payments/initialize', {
      bookingData: { unitId: unitIds[1], checkInDate: body.checkIn, checkOutDate: body.checkOut, adults: 2, childAges: [8, 3], paymentMethod: 'Card', totalAmount: 1 },
      guestData: guestData('family-card'),
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.amount).toBe(37644);
    expect(paystack.transactions.get(card.body.reference)?.amount).toBe(3_764_400);
  });
});

describe('one adult', () => {
  it('pays the adult rate plus the 40 % single supplement', async () => {
    const { typeId } = await createPerPersonType();
    const checkIn = next(MONDAY, 3);
    const q = await quote({ accommodationTypeId: typeId, checkIn, checkOut: addDays(checkIn, 2), adults: 1 });
    // Monday and Tuesday (weekday): 4950 + 40 % (1980) = 6930 a night, 13860 for two.
    expect(q.breakdown.nights.map((n) => [n.adultsAmount, n.singleSupplement, n.amount])).toEqual([
      [4950, 1980, 6930],
      [4950, 1980, 6930],
    ]);
    expect(q.totalAmount).toBe(13860);
  });
});

describe('stay 4, pay 3', () => {
  it('makes the cheapest night free: a weekday when weekends cost more, a weekend night when it costs least', async () => {
    const { typeId } = await createPerPersonType();
    const specialId = await createSpecial(typeId);
    const first = next(THURSDAY, 4);
    const a = await quote({ accommodationTypeId: typeId, checkIn: first, checkOut: addDays(first, 4), adults: 2 });
    // Thu 2 x 4950 = 9900, Fri and Sat 2 x 5450 = 10900, Sun 9900: 41600. The cheapest are
    // Thu and Sun (9900); a tie goes to the later night, Sunday: 41600 - 9900 = 31700.
    expect(a.breakdown.nights.map((n) => [n.amount, n.free ?? false])).toEqual([
      [9900, false],
      [10900, false],
      [10900, false],
      [9900, true],
    ]);
    expect(a.breakdown.special).toEqual({ id: specialId, name: 'Stay 4, pay 3', stayNights: 4, payNights: 3, freeNights: [addDays(first, 3)], discount: 9900 });
    expect(a).toMatchObject({ totalAmount: 31700, breakdown: { subtotal: 41600, specialDiscount: 9900 } });

    // A week later an override makes weekend nights R4000 per adult (weekday rates kept).
    const second = addDays(first, 7);
    await t.db('rate_overrides').insert({ accommodation_type_id: typeId, start_date: addDays(second, 1), end_date: addDays(second, 2), weekday_rate: null, weekend_rate: '4000.00', min_length_of_stay: 1 });
    const b = await quote({ accommodationTypeId: typeId, checkIn: second, checkOut: addDays(second, 4), adults: 2 });
    // Thu 9900, Fri 8000, Sat 8000, Sun 9900 = 35800; the cheapest are Fri and Sat: Saturday
    // (the later) is free: 35800 - 8000 = 27800.
    expect(b.breakdown.nights.map((n) => [n.kind, n.amount, n.free ?? false])).toEqual([
      ['weekday', 9900, false],
      ['weekend', 8000, false],
      ['weekend', 8000, true],
      ['weekday', 9900, false],
    ]);
    expect(b).toMatchObject({ totalAmount: 27800, breakdown: { subtotal: 35800, specialDiscount: 8000 } });
  });

  it('gives way to a promo code unless it is combinable, and then the promo is taken on what is left', async () => {
    const code = `FAMILY${randomUUID().slice(0, 6).toUpperCase()}`;
    await t.db('promo_codes').insert({ code, discount_type: 'Percentage', discount_value: '10.00', expiry_date: addDays(today(), 365) });
    const plain = await createPerPersonType();
    await createSpecial(plain.typeId, { combinableWithPromo: false });
    const checkIn = next(THURSDAY, 6);
    const stayBody = { checkIn, checkOut: addDays(checkIn, 4), adults: 2, promoCode: code };
    const a = await quote({ ...stayBody, accommodationTypeId: plain.typeId });
    // Not combinable: no special; 10 % of 41600 = 4160, so 37440.
    expect(a.breakdown.special).toBeUndefined();
    expect(a).toMatchObject({ totalAmount: 37440, breakdown: { subtotal: 41600, promoDiscount: 4160 } });

    const combinable = await createPerPersonType();
    await createSpecial(combinable.typeId, { combinableWithPromo: true });
    const b = await quote({ ...stayBody, accommodationTypeId: combinable.typeId });
    // Combinable: 41600 - 9900 (Sunday) = 31700; 10 % of that = 3170; 28530.
    expect(b).toMatchObject({ totalAmount: 28530, breakdown: { subtotal: 41600, specialDiscount: 9900, promoDiscount: 3170 } });
  });

  it('is stored with the booking, whose total stays when the type changes to per unit pricing', async () => {
    const { typeId, unitIds } = await createPerPersonType();
    const specialId = await createSpecial(typeId);
    const checkIn = next(THURSDAY, 8);
    const res = await t.client().post('/api/bookings', {
      unitId: unitIds[0],
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 4),
      adults: 2,
      paymentMethod: 'EFT',
      guestData: guestData('special'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 41600 - 9900 (Sunday free) = 31700, as calculate-rate says for the same stay.
    expect(res.body).toMatchObject({ totalAmount: 31700, adults: 2, childAges: [], specialOfferId: specialId, specialOfferName: 'Stay 4, pay 3', specialDiscountAmount: 9900 });

    await t.db('accommodation_types').where({ id: typeId }).update({ pricing_model: 'per_unit' });
    // Per unit now: 4950 + 5450 + 5450 + 4950 = 20800, less Sunday (4950) = 15850 for new quotes...
    expect((await quote({ accommodationTypeId: typeId, checkIn, checkOut: addDays(checkIn, 4) })).totalAmount).toBe(15850);
    // ...while the booking keeps its total.
    const list = await manager.get(`/api/admin/bookings?startDate=${checkIn}&endDate=${checkIn}`);
    expect(list.body.find((b: Booking) => b.id === res.body.id)).toMatchObject({ totalAmount: 31700, specialDiscountAmount: 9900 });
    expect((await t.db('bookings').where({ id: res.body.id }).first()).total_amount).toBe('31700.00');
  });
});

describe('parties the lodge does not take', () => {
  const strict = { childPolicy: [{ fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true }, { fromAge: 6, toAge: 11, percentOfAdult: 50 }] };

  it('refuses a child in a not-accepted band with 400 naming childAges and the policy in words, everywhere', async () => {
    const { typeId, unitIds, name } = await createPerPersonType(strict);
    const checkIn = next(MONDAY, 5);
    const message = `Children under 6 are not accepted at ${name}`;
    const stayBody = { checkIn, checkOut: addDays(checkIn, 2), adults: 2, childAges: [8, 4] };
    const calc = await rate({ ...stayBody, accommodationTypeId: typeId });
    const avail = await t.client().post('/api/availability', { ...stayBody, accommodationTypeId: typeId });
    const booking = await t.client().post('/api/bookings', {
      unitId: unitIds[0],
      checkInDate: checkIn,
      checkOutDate: stayBody.checkOut,
      adults: 2,
      childAges: [8, 4],
      paymentMethod: 'EFT',
      guestData: guestData('refused'),
    });
    const staff = await manager.post('/api/admin/bookings', {
      unitId: unitIds[0],
      checkInDate: checkIn,
      checkOutDate: stayBody.checkOut,
      adults: 2,
      childAges: [4],
      totalAmount: 1000,
      paymentMethod: 'eft',
      paymentStatus: 'pending',
      guestData: guestData('refused-staff'),
    });
    for (const res of [calc, avail, booking, staff]) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ childAges: message });
    }
    expect(Number((await t.db('bookings').where({ accommodation_type_id: typeId }).count('* as c').first())?.c)).toBe(0);
  });

  it('refuses more adults than maxAdults with 400 naming adults; availability answers for a party it takes', async () => {
    const { typeId } = await createPerPersonType();
    const checkIn = next(MONDAY, 6);
    const stayBody = { accommodationTypeId: typeId, checkIn, checkOut: addDays(checkIn, 2) };
    for (const res of [await rate({ ...stayBody, adults: 4 }), await t.client().post('/api/availability', { ...stayBody, adults: 4 })]) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ adults: 'At most 3 adults per unit' });
    }
    const ok = await t.client().post('/api/availability', { ...stayBody, adults: 3, childAges: [9] });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ available: true, availableUnits: 2, totalUnits: 2 });
    // Two units take six adults, priced per person: 6 x 4950 x 2 nights = 59400.
    expect((await quote({ ...stayBody, adults: 6, unitCount: 2 })).totalAmount).toBe(59400);
  });
});

describe('the staff booking', () => {
  it('keeps the staff total and stores the party', async () => {
    const { unitIds } = await createPerPersonType();
    const checkIn = next(MONDAY, 7);
    const res = await manager.post('/api/admin/bookings', {
      unitId: unitIds[0],
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 1),
      adults: 1,
      childAges: [10],
      totalAmount: 9405,
      paymentMethod: 'eft',
      paymentStatus: 'pending',
      guestData: guestData('desk'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 4950 + 2475 (child of 10) + 1980 (supplement) = 9405: the computed total, so no override.
    expect(res.body).toMatchObject({ totalAmount: 9405, numberOfGuests: 2, adults: 1, childAges: [10] });
    expect(await t.db('audit_log').where({ entity_id: res.body.id, action: 'booking.total_override' })).toHaveLength(0);
  });
});

describe('a group of a per person type', () => {
  it('is priced per person across its units, and the party is kept on the parent only', async () => {
    const { unitIds } = await createPerPersonType();
    const checkIn = next(MONDAY, 9);
    const res = await t.client().post('/api/bookings', {
      unitId: unitIds[0],
      unitCount: 2,
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 1),
      adults: 5,
      childAges: [7],
      paymentMethod: 'EFT',
      guestData: guestData('group'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Monday (weekday): 5 x 4950 = 24750 + the child of 7 at 50 % (2475) = 27225, not times the units.
    expect(res.body).toMatchObject({ totalAmount: 27225, unitCount: 2, numberOfGuests: 6, adults: 5, childAges: [7] });
    const children = await t.db('bookings').where({ parent_booking_id: res.body.id }).orderBy('reference');
    expect(children.map((c) => [c.adults, c.child_ages, c.total_amount])).toEqual([
      [null, null, '0.00'],
      [null, null, '0.00'],
    ]);
  });
});
