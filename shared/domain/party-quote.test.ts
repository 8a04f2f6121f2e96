import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, todayInLodge } from './dates.js';
import { quoteStay, type PromoCodeRule, type QuoteResult, type QuoteStayInput, type StayQuote } from './pricing.js';
import type { PartyPricingPolicy, SpecialOfferRule } from './party-pricing.js';
import { toCalculateRateResponse } from '../contracts/pricing.js';

/** quoteStay with a per person sharing type, specials, and the breakdown the API sends. */
const TODAY = todayInLodge(new Date());
const FRIDAY = (() => {
  let d = addDays(TODAY, 7);
  while (dayOfWeek(d) !== 5) d = addDays(d, 1);
  return d;
})();
const THURSDAY = addDays(FRIDAY, -1);

const TYPE_ID = 'tamboti';
// R4950 per adult on weekday nights, R5450 on Friday and Saturday nights.
const rates = { id: TYPE_ID, baseWeekdayRateCents: 495_000, baseWeekendRateCents: 545_000 };
const policy: PartyPricingPolicy = {
  pricingModel: 'per_person_sharing',
  singleSupplementPercent: 40,
  childPolicy: [
    { fromAge: 0, toAge: 5, percentOfAdult: 0 },
    { fromAge: 6, toAge: 11, percentOfAdult: 50 },
  ],
  minimumChildAge: null,
  maxAdults: 3,
  capacity: 4,
};
const stay4pay3: SpecialOfferRule = {
  id: 'special-1',
  name: 'Stay 4, pay 3',
  accommodationTypeIds: [TYPE_ID],
  stayFrom: TODAY,
  stayTo: addDays(TODAY, 180),
  stayNights: 4,
  payNights: 3,
  bookFrom: null,
  bookTo: null,
  combinableWithPromo: false,
  isActive: true,
};
const promo10: PromoCodeRule = {
  id: 'promo-1',
  code: 'TEN',
  discountType: 'Percentage',
  percent: 10,
  isActive: true,
  expiryDate: addDays(TODAY, 365),
  maxUses: null,
  usedCount: 0,
  applicableToAccommodation: true,
};

function quote(input: Partial<QuoteStayInput>): QuoteResult {
  return quoteStay({ type: rates, overrides: [], checkIn: FRIDAY, checkOut: addDays(FRIDAY, 3), cardDiscountPercent: 5, today: TODAY, policy, typeName: 'Tamboti Family Suite', ...input });
}
function expectQuote(result: QuoteResult): StayQuote {
  if (!result.ok) throw new Error(`Expected a quote, got ${JSON.stringify(result)}`);
  return result.quote;
}

describe('quoteStay: per person sharing', () => {
  it('prices 2 adults, a child of 8 (50 %) and a child of 3 (free) over Fri, Sat and Sun', () => {
    const q = expectQuote(quote({ party: { adults: 2, childAges: [8, 3] } }));
    // Fri and Sat: 2 x R5450 + R2725 + R0 = R13625; Sun: 2 x R4950 + R2475 + R0 = R12375.
    expect(q.nights.map((n) => n.amountCents)).toEqual([1_362_500, 1_362_500, 1_237_500]);
    // R13625 + R13625 + R12375 = R39625; card: 5 % off = R37643.75 -> R37644.
    expect(q).toMatchObject({ subtotalCents: 3_962_500, totalCents: 3_962_500, cardTotalCents: 3_764_400, pricingModel: 'per_person_sharing' });
    expect(toCalculateRateResponse(q).breakdown.nights[0]).toEqual({
      date: FRIDAY,
      kind: 'weekend',
      rate: 5450,
      adults: 2,
      adultsAmount: 10900,
      children: [
        { age: 8, band: '6–11', percentOfAdult: 50, amount: 2725 },
        { age: 3, band: '0–5', percentOfAdult: 0, amount: 0 },
      ],
      singleSupplement: 0,
      amount: 13625,
    });
    expect(toCalculateRateResponse(q).breakdown).toMatchObject({ pricingModel: 'per_person_sharing', adults: 2, childAges: [8, 3], subtotal: 39625 });
  });
  it('prices 2 adults when the request names no party', () => {
    // 2 x (R5450 + R5450 + R4950) = R31700.
    expect(expectQuote(quote({})).totalCents).toBe(3_170_000);
  });
  it('adds the 40 % single supplement for one adult: (R5450 + R2180) x 2 + R4950 + R1980 = R22190', () => {
    const q = expectQuote(quote({ party: { adults: 1, childAges: [] } }));
    expect(q.nights.map((n) => n.party?.singleSupplementCents)).toEqual([218_000, 218_000, 198_000]);
    expect(q.totalCents).toBe(2_219_000);
  });
  it('prices a group per person, not per unit', () => {
    const one = expectQuote(quote({ party: { adults: 2, childAges: [] } }));
    const two = expectQuote(quote({ party: { adults: 2, childAges: [] }, unitCount: 2 }));
    expect(two.totalCents).toBe(one.totalCents);
    expect(two.unitCount).toBe(2);
  });
  it('refuses more adults than maxAdults, naming adults', () => {
    expect(quote({ party: { adults: 4, childAges: [] } })).toEqual({ ok: false, code: 'party_refused', field: 'adults', message: 'At most 3 adults per unit' });
  });
  it('refuses a child the policy does not accept, naming childAges with the policy', () => {
    const strict = { ...policy, childPolicy: [{ fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true }] };
    expect(quote({ policy: strict, party: { adults: 2, childAges: [3] } })).toEqual({
      ok: false,
      code: 'party_refused',
      field: 'childAges',
      message: 'Children under 6 are not accepted at Tamboti Family Suite',
    });
  });
});

describe('quoteStay: specials', () => {
  it('makes the cheapest of four nights free (Thu to Sun: Sunday, the later R9900 night)', () => {
    const q = expectQuote(quote({ checkIn: THURSDAY, checkOut: addDays(THURSDAY, 4), party: { adults: 2, childAges: [] }, specials: [stay4pay3] }));
    // Thu R9900, Fri R10900, Sat R10900, Sun R9900 = R41600; Sunday free: R31700.
    expect(q.subtotalCents).toBe(4_160_000);
    expect(q.specialDiscountCents).toBe(990_000);
    expect(q.totalCents).toBe(3_170_000);
    expect(q.nights.filter((n) => n.free).map((n) => n.date)).toEqual([addDays(THURSDAY, 3)]);
    const body = toCalculateRateResponse(q);
    expect(body.breakdown.special).toEqual({ id: 'special-1', name: 'Stay 4, pay 3', stayNights: 4, payNights: 3, freeNights: [addDays(THURSDAY, 3)], discount: 9900 });
    expect(body.breakdown.specialDiscount).toBe(9900);
    expect(body.totalAmount).toBe(31700);
  });
  it('takes the promo code on what is left after a combinable special', () => {
    const q = expectQuote(
      quote({ checkIn: THURSDAY, checkOut: addDays(THURSDAY, 4), party: { adults: 2, childAges: [] }, specials: [{ ...stay4pay3, combinableWithPromo: true }], promo: { code: 'ten', rule: promo10 } }),
    );
    // R41600 - R9900 = R31700; 10 % of that = R3170; total R28530.
    expect(q).toMatchObject({ specialDiscountCents: 990_000, promoDiscountCents: 317_000, totalCents: 2_853_000 });
  });
  it('leaves a special that is not combinable out when a promo code applies', () => {
    const q = expectQuote(quote({ checkIn: THURSDAY, checkOut: addDays(THURSDAY, 4), party: { adults: 2, childAges: [] }, specials: [stay4pay3], promo: { code: 'ten', rule: promo10 } }));
    // R41600 - 10 % (R4160) = R37440, no special.
    expect(q.special).toBeUndefined();
    expect(q).toMatchObject({ promoDiscountCents: 416_000, totalCents: 3_744_000 });
  });
  it('frees one unit-night per unit of a per unit group', () => {
    const q = expectQuote(quote({ policy: undefined, checkIn: THURSDAY, checkOut: addDays(THURSDAY, 4), unitCount: 2, specials: [stay4pay3] }));
    // Per unit: Thu R4950, Fri R5450, Sat R5450, Sun R4950 = R20800 x 2 = R41600; Sunday free x 2 = R9900.
    expect(q).toMatchObject({ subtotalCents: 4_160_000, specialDiscountCents: 990_000, totalCents: 3_170_000 });
    expect(toCalculateRateResponse(q).breakdown.nights[3]).toEqual({ date: addDays(THURSDAY, 3), kind: 'weekday', rate: 4950, free: true });
  });
});

describe('quoteStay: per unit answers stay as they were', () => {
  it('adds no new field to a per unit quote without a special, party named or not', () => {
    const perUnit = { ...policy, pricingModel: 'per_unit' as const };
    const plain = expectQuote(quote({ policy: undefined }));
    const withParty = expectQuote(quote({ policy: perUnit, party: { adults: 2, childAges: [9] } }));
    expect(withParty).toEqual(plain);
    expect(toCalculateRateResponse(plain).breakdown).toEqual({
      nights: [
        { date: FRIDAY, kind: 'weekend', rate: 5450 },
        { date: addDays(FRIDAY, 1), kind: 'weekend', rate: 5450 },
        { date: addDays(FRIDAY, 2), kind: 'weekday', rate: 4950 },
      ],
      nightCount: 3,
      subtotal: 15850,
      promoDiscount: 0,
      cardDiscount: 792,
      totalAmount: 15850,
      cardTotal: 15058,
      minimumStay: 1,
    });
  });
  it('checks a named party of a per unit type against its beds only', () => {
    const perUnit = { ...policy, pricingModel: 'per_unit' as const };
    expect(quote({ policy: perUnit, party: { adults: 2, childAges: [1, 2, 3] } })).toEqual({
      ok: false,
      code: 'party_refused',
      field: 'childAges',
      message: 'Tamboti Family Suite sleeps at most 4 guests',
    });
  });
});
