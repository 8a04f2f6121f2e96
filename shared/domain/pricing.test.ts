import { describe, expect, it } from 'vitest';
import { todayInLodge } from './dates.js';
import {
  PROMO_MESSAGES,
  cardTotalCentsFor,
  checkPromo,
  isPromoExpired,
  minimumStayFor,
  minimumStayMessage,
  normalisePromoCode,
  priceNight,
  promoDiscountCentsFor,
  promoDiscountFromStored,
  quoteStay,
  winningOverride,
  type PromoCodeRule,
  type QuoteResult,
  type QuoteStayInput,
  type RateOverrideRule,
  type StayQuote,
} from './pricing.js';

const TYPE_ID = 'type-chalet';
// R1000 on weekday nights, R1500 on Friday and Saturday nights.
const chalet = { id: TYPE_ID, baseWeekdayRateCents: 100_000, baseWeekendRateCents: 150_000 };

function override(partial: Partial<RateOverrideRule> & Pick<RateOverrideRule, 'id' | 'startDate' | 'endDate'>): RateOverrideRule {
  return {
    accommodationTypeId: TYPE_ID,
    weekdayRateCents: null,
    weekendRateCents: null,
    minLengthOfStay: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...partial,
  };
}

function promo(partial: Partial<PromoCodeRule> = {}): PromoCodeRule {
  return {
    id: 'promo-1',
    code: 'SUMMER10',
    discountType: 'Percentage',
    percent: 10,
    isActive: true,
    expiryDate: '2026-12-31',
    maxUses: null,
    usedCount: 0,
    applicableToAccommodation: true,
    ...partial,
  } as PromoCodeRule;
}

function quote(input: Partial<QuoteStayInput> & Pick<QuoteStayInput, 'checkIn' | 'checkOut'>): QuoteResult {
  return quoteStay({ type: chalet, overrides: [], cardDiscountPercent: 5, today: '2026-11-01', ...input });
}

function expectQuote(result: QuoteResult): StayQuote {
  if (!result.ok) throw new Error(`Expected a quote, got ${JSON.stringify(result)}`);
  return result.quote;
}

describe('quoteStay: nights and base rates', () => {
  it('prices a stay across a year end, weekday and weekend nights', () => {
    const q = expectQuote(quote({ checkIn: '2026-12-30', checkOut: '2027-01-02' }));
    expect(q.nights).toEqual([
      { date: '2026-12-30', kind: 'weekday', rateCents: 100_000 }, // Wednesday
      { date: '2026-12-31', kind: 'weekday', rateCents: 100_000 }, // Thursday
      { date: '2027-01-01', kind: 'weekend', rateCents: 150_000 }, // Friday
    ]);
    expect(q.nightCount).toBe(3);
    expect(q.subtotalCents).toBe(350_000);
    expect(q.promoDiscountCents).toBe(0);
    expect(q.totalCents).toBe(350_000);
    expect(q.cardTotalCents).toBe(332_500); // R3500 less 5 % = R3325
    expect(q.cardDiscountCents).toBe(17_500);
    expect(q.minimumStay).toBe(1);
    expect(q.promoCode).toBeUndefined();
  });

  it('prices a stay across a month end', () => {
    const q = expectQuote(quote({ checkIn: '2026-11-29', checkOut: '2026-12-02' }));
    expect(q.nights.map((n) => [n.date, n.kind])).toEqual([
      ['2026-11-29', 'weekday'], // Sunday
      ['2026-11-30', 'weekday'],
      ['2026-12-01', 'weekday'],
    ]);
    expect(q.subtotalCents).toBe(300_000);
  });

  it('charges the weekend rate for Friday and Saturday nights only', () => {
    const q = expectQuote(quote({ checkIn: '2026-12-03', checkOut: '2026-12-07' })); // Thursday to Monday
    expect(q.nights.map((n) => `${n.date}:${n.kind}:${n.rateCents}`)).toEqual([
      '2026-12-03:weekday:100000',
      '2026-12-04:weekend:150000',
      '2026-12-05:weekend:150000',
      '2026-12-06:weekday:100000',
    ]);
    expect(q.subtotalCents).toBe(500_000);
  });

  it.each([
    ['same day', '2026-12-03', '2026-12-03'],
    ['check-out before check-in', '2026-12-05', '2026-12-03'],
    ['invalid check-in', '2026-02-30', '2026-03-03'],
    ['invalid check-out', '2026-03-01', '2026-13-01'],
    ['unpadded date', '2026-2-3', '2026-02-05'],
  ])('refuses %s with the spec message', (_, checkIn, checkOut) => {
    expect(quote({ checkIn, checkOut })).toEqual({
      ok: false,
      code: 'invalid_dates',
      message: 'Check-out date must be after check-in date',
    });
  });
});

describe('quoteStay: rate overrides', () => {
  it('applies an override that starts mid-stay only from its start date', () => {
    const festive = override({ id: 'festive', startDate: '2026-12-05', endDate: '2026-12-10', weekdayRateCents: 200_000, weekendRateCents: 250_000 });
    const q = expectQuote(quote({ checkIn: '2026-12-03', checkOut: '2026-12-07', overrides: [festive] }));
    expect(q.nights).toEqual([
      { date: '2026-12-03', kind: 'weekday', rateCents: 100_000 },
      { date: '2026-12-04', kind: 'weekend', rateCents: 150_000 },
      { date: '2026-12-05', kind: 'weekend', rateCents: 250_000, overrideId: 'festive' },
      { date: '2026-12-06', kind: 'weekday', rateCents: 200_000, overrideId: 'festive' },
    ]);
    expect(q.subtotalCents).toBe(700_000);
  });

  it('covers its end date inclusively and nothing after it', () => {
    const short = override({ id: 'short', startDate: '2026-12-01', endDate: '2026-12-02', weekdayRateCents: 80_000 });
    const q = expectQuote(quote({ checkIn: '2026-11-30', checkOut: '2026-12-04', overrides: [short] }));
    expect(q.nights.map((n) => n.rateCents)).toEqual([100_000, 80_000, 80_000, 100_000]);
  });

  it('keeps the base rate where the override leaves a kind of night empty', () => {
    const weekdaysOnly = override({ id: 'wd', startDate: '2026-12-01', endDate: '2026-12-31', weekdayRateCents: 120_000, weekendRateCents: null });
    const q = expectQuote(quote({ checkIn: '2026-12-03', checkOut: '2026-12-06', overrides: [weekdaysOnly] }));
    expect(q.nights).toEqual([
      { date: '2026-12-03', kind: 'weekday', rateCents: 120_000, overrideId: 'wd' },
      { date: '2026-12-04', kind: 'weekend', rateCents: 150_000, overrideId: 'wd' },
      { date: '2026-12-05', kind: 'weekend', rateCents: 150_000, overrideId: 'wd' },
    ]);
  });

  it('takes a zero override rate as a rate, not as empty', () => {
    const free = override({ id: 'free', startDate: '2026-12-03', endDate: '2026-12-03', weekdayRateCents: 0 });
    const q = expectQuote(quote({ checkIn: '2026-12-03', checkOut: '2026-12-04', overrides: [free] }));
    expect(q.subtotalCents).toBe(0);
    expect(q.cardTotalCents).toBe(0);
  });

  it('lets the overlapping override with the latest start date win, even if created earlier', () => {
    const month = override({ id: 'month', startDate: '2026-12-01', endDate: '2026-12-31', weekdayRateCents: 120_000, createdAt: '2026-06-01T00:00:00Z' });
    const week = override({ id: 'week', startDate: '2026-12-14', endDate: '2026-12-20', weekdayRateCents: 180_000, createdAt: '2026-05-01T00:00:00Z' });
    for (const overrides of [[month, week], [week, month]]) {
      const q = expectQuote(quote({ checkIn: '2026-12-13', checkOut: '2026-12-15', overrides }));
      expect(q.nights).toEqual([
        { date: '2026-12-13', kind: 'weekday', rateCents: 120_000, overrideId: 'month' },
        { date: '2026-12-14', kind: 'weekday', rateCents: 180_000, overrideId: 'week' },
      ]);
    }
  });

  it('breaks a tie on start date with the newest override', () => {
    const older = override({ id: 'older', startDate: '2026-12-01', endDate: '2026-12-31', weekdayRateCents: 120_000, createdAt: new Date('2026-06-01T00:00:00Z') });
    const newer = override({ id: 'newer', startDate: '2026-12-01', endDate: '2026-12-05', weekdayRateCents: 90_000, createdAt: new Date('2026-06-02T00:00:00Z') });
    expect(winningOverride([older, newer], '2026-12-02')?.id).toBe('newer');
    expect(winningOverride([newer, older], '2026-12-02')?.id).toBe('newer');
    expect(winningOverride([newer, older], '2026-12-06')?.id).toBe('older');
    expect(winningOverride([newer, older], '2026-11-30')).toBeUndefined();
  });

  it('ignores overrides of another accommodation type', () => {
    const other = override({ id: 'other', accommodationTypeId: 'type-suite', startDate: '2026-12-01', endDate: '2026-12-31', weekdayRateCents: 1, minLengthOfStay: 7 });
    const q = expectQuote(quote({ checkIn: '2026-12-03', checkOut: '2026-12-04', overrides: [other] }));
    expect(q.subtotalCents).toBe(100_000);
    expect(q.minimumStay).toBe(1);
  });

  it('prices a single night directly', () => {
    expect(priceNight(chalet, [], '2026-12-04')).toEqual({ date: '2026-12-04', kind: 'weekend', rateCents: 150_000 });
  });
});

describe('quoteStay: minimum stay', () => {
  const newYear = override({ id: 'ny', startDate: '2026-12-31', endDate: '2027-01-01', minLengthOfStay: 3 });
  const january = override({ id: 'jan', startDate: '2027-01-05', endDate: '2027-01-31', minLengthOfStay: 5 });

  it('refuses a stay shorter than the minimum of an override covering one of its nights', () => {
    expect(quote({ checkIn: '2026-12-30', checkOut: '2027-01-01', overrides: [newYear, january] })).toEqual({
      ok: false,
      code: 'minimum_stay',
      minimumStay: 3,
      message: 'Minimum stay for these dates is 3 nights',
    });
  });

  it('accepts a stay of exactly the minimum and reports it', () => {
    const q = expectQuote(quote({ checkIn: '2026-12-30', checkOut: '2027-01-02', overrides: [newYear, january] }));
    expect(q.minimumStay).toBe(3);
  });

  it('takes the largest minimum of all covering overrides, not only the winning one', () => {
    const season = override({ id: 'season', startDate: '2026-12-01', endDate: '2027-01-31', minLengthOfStay: 4 });
    const weekend = override({ id: 'weekend', startDate: '2026-12-04', endDate: '2026-12-05', minLengthOfStay: 2, weekendRateCents: 200_000 });
    expect(minimumStayFor([season, weekend], ['2026-12-04', '2026-12-05'])).toBe(4);
    const result = quote({ checkIn: '2026-12-04', checkOut: '2026-12-06', overrides: [season, weekend] });
    expect(result).toMatchObject({ ok: false, code: 'minimum_stay', minimumStay: 4, message: 'Minimum stay for these dates is 4 nights' });
  });

  it('ignores overrides that cover no night of the stay (the check-out day is not a night)', () => {
    const fromCheckOut = override({ id: 'later', startDate: '2026-12-04', endDate: '2026-12-31', minLengthOfStay: 7 });
    const q = expectQuote(quote({ checkIn: '2026-12-03', checkOut: '2026-12-04', overrides: [fromCheckOut] }));
    expect(q.minimumStay).toBe(1);
  });

  it('words the message for one night in the singular', () => {
    expect(minimumStayMessage(1)).toBe('Minimum stay for these dates is 1 night');
    expect(minimumStayMessage(2)).toBe('Minimum stay for these dates is 2 nights');
  });

  it('refuses a short stay before looking at the promo code', () => {
    const result = quote({ checkIn: '2026-12-31', checkOut: '2027-01-01', overrides: [newYear], promo: { code: 'NOPE', rule: null } });
    expect(result).toMatchObject({ ok: false, code: 'minimum_stay' });
  });
});

describe('quoteStay: promo codes', () => {
  const stay = { checkIn: '2026-12-30', checkOut: '2027-01-02' }; // R3500

  it('takes a percentage of the subtotal and reports the code', () => {
    const q = expectQuote(quote({ ...stay, promo: { code: 'summer10', rule: promo() } }));
    expect(q.promoDiscountCents).toBe(35_000);
    expect(q.totalCents).toBe(315_000);
    expect(q.cardTotalCents).toBe(299_300); // 3150 x 0.95 = 2992.5 -> R2993
    expect(q.cardDiscountCents).toBe(15_700);
    expect(q.promoCode).toBe('SUMMER10');
    expect(q.promoCodeId).toBe('promo-1');
  });

  it('rounds a percentage discount half up to the cent', () => {
    const cheap = { id: TYPE_ID, baseWeekdayRateCents: 99_999, baseWeekendRateCents: 99_999 };
    const q = expectQuote(
      quoteStay({
        type: cheap,
        overrides: [],
        checkIn: '2026-12-01',
        checkOut: '2026-12-02',
        promo: { code: 'X', rule: promo({ percent: 12.5 }) },
        cardDiscountPercent: 5,
        today: '2026-11-01',
      }),
    );
    expect(q.promoDiscountCents).toBe(12_500); // 12.5 % of R999.99 = R124.99875 -> R125.00
    expect(q.totalCents).toBe(87_499);
    expect(q.cardTotalCents).toBe(83_100); // R874.99 x 0.95 = R831.2405 -> R831
    expect(q.cardDiscountCents).toBe(4_399);
  });

  it('takes a fixed amount off', () => {
    const rule = promo({ discountType: 'Fixed', amountCents: 50_000 } as Partial<PromoCodeRule>);
    const q = expectQuote(quote({ ...stay, promo: { code: 'X', rule } }));
    expect(q.promoDiscountCents).toBe(50_000);
    expect(q.totalCents).toBe(300_000);
  });

  it('caps a fixed amount larger than the subtotal at the subtotal', () => {
    const rule = promo({ discountType: 'Fixed', amountCents: 1_000_000 } as Partial<PromoCodeRule>);
    const q = expectQuote(quote({ ...stay, promo: { code: 'X', rule } }));
    expect(q.promoDiscountCents).toBe(350_000);
    expect(q.totalCents).toBe(0);
    expect(q.cardTotalCents).toBe(0);
    expect(q.cardDiscountCents).toBe(0);
  });

  it('takes everything off with a 100 % code', () => {
    const q = expectQuote(quote({ ...stay, promo: { code: 'X', rule: promo({ percent: 100 }) } }));
    expect(q.totalCents).toBe(0);
  });

  it('is valid through its expiry day in Johannesburg and expired the day after', () => {
    const rule = promo({ expiryDate: '2026-11-30' });
    const lastEvening = todayInLodge(new Date('2026-11-30T21:59:59Z')); // 23:59:59 in Johannesburg
    const afterMidnight = todayInLodge(new Date('2026-11-30T22:30:00Z')); // 00:30 on 1 December there
    expect(lastEvening).toBe('2026-11-30');
    expect(afterMidnight).toBe('2026-12-01');
    expect(quote({ ...stay, today: lastEvening, promo: { code: 'X', rule } }).ok).toBe(true);
    expect(quote({ ...stay, today: afterMidnight, promo: { code: 'X', rule } })).toEqual({
      ok: false,
      code: 'invalid_promo',
      reason: 'expired',
      message: 'Promo code has expired',
    });
    expect(quote({ ...stay, today: '2026-11-29', promo: { code: 'X', rule } }).ok).toBe(true);
  });

  it('refuses a used-up code and accepts one with a use left', () => {
    const usedUp = quote({ ...stay, promo: { code: 'X', rule: promo({ maxUses: 10, usedCount: 10 }) } });
    expect(usedUp).toEqual({ ok: false, code: 'invalid_promo', reason: 'used up', message: PROMO_MESSAGES['used up'] });
    expect(quote({ ...stay, promo: { code: 'X', rule: promo({ maxUses: 10, usedCount: 9 }) } }).ok).toBe(true);
  });

  it('treats a missing maxUses as unlimited', () => {
    expect(quote({ ...stay, promo: { code: 'X', rule: promo({ maxUses: null, usedCount: 100_000 }) } }).ok).toBe(true);
  });

  it('refuses an inactive code', () => {
    expect(quote({ ...stay, promo: { code: 'X', rule: promo({ isActive: false }) } })).toEqual({
      ok: false,
      code: 'invalid_promo',
      reason: 'inactive',
      message: 'Promo code is not active',
    });
  });

  it('refuses a code not applicable to accommodation', () => {
    expect(quote({ ...stay, promo: { code: 'X', rule: promo({ applicableToAccommodation: false }) } })).toMatchObject({
      ok: false,
      reason: 'not applicable',
      message: PROMO_MESSAGES['not applicable'],
    });
  });

  it('refuses an unknown code', () => {
    expect(quote({ ...stay, promo: { code: 'NOPE', rule: null } })).toEqual({
      ok: false,
      code: 'invalid_promo',
      reason: 'not found',
      message: 'Promo code not found',
    });
  });

  it('prices without a promo when none is given', () => {
    expect(expectQuote(quote({ ...stay, promo: null })).promoDiscountCents).toBe(0);
  });
});

describe('checkPromo and isPromoExpired', () => {
  it('reports the first reason in a fixed order: inactive, expired, used up, not applicable', () => {
    const everythingWrong = promo({ isActive: false, expiryDate: '2020-01-01', maxUses: 1, usedCount: 1, applicableToAccommodation: false });
    expect(checkPromo(everythingWrong, '2026-11-01')).toMatchObject({ ok: false, reason: 'inactive' });
    expect(checkPromo({ ...everythingWrong, isActive: true }, '2026-11-01')).toMatchObject({ reason: 'expired' });
    expect(checkPromo({ ...everythingWrong, isActive: true, expiryDate: '2030-01-01' }, '2026-11-01')).toMatchObject({ reason: 'used up' });
  });

  it('has a message for every reason', () => {
    expect(Object.keys(PROMO_MESSAGES).sort()).toEqual(['expired', 'inactive', 'not applicable', 'not found', 'used up']);
  });

  it('expires only after the expiry day', () => {
    expect(isPromoExpired('2026-11-30', '2026-11-30')).toBe(false);
    expect(isPromoExpired('2026-11-30', '2026-12-01')).toBe(true);
    expect(isPromoExpired('2026-12-31', '2027-01-01')).toBe(true);
  });
});

describe('promoDiscountCentsFor', () => {
  it('never exceeds the subtotal', () => {
    expect(promoDiscountCentsFor({ discountType: 'Fixed', amountCents: 10_001 }, 10_000)).toBe(10_000);
    expect(promoDiscountCentsFor({ discountType: 'Fixed', amountCents: 9_999 }, 10_000)).toBe(9_999);
    expect(promoDiscountCentsFor({ discountType: 'Percentage', percent: 33.33 }, 10_000)).toBe(3_333);
    expect(promoDiscountCentsFor({ discountType: 'Percentage', percent: 50 }, 1)).toBe(1); // half a cent rounds up
  });
});

describe('cardTotalCentsFor', () => {
  it('applies the percent and rounds half up to whole rand', () => {
    expect(cardTotalCentsFor(301_000, 5)).toBe(286_000); // R3010 x 0.95 = R2859.50 -> R2860
    expect(cardTotalCentsFor(333_300, 5)).toBe(316_600); // R3166.35 -> R3166
    expect(cardTotalCentsFor(100_000, 2.5)).toBe(97_500);
    expect(cardTotalCentsFor(100_000, 100)).toBe(0);
  });

  it('never makes a card payment dearer than EFT', () => {
    expect(cardTotalCentsFor(123_450, 0)).toBe(123_450); // R1234.50 would round up to R1235
    expect(cardTotalCentsFor(1_000, 5)).toBe(1_000); // R9.50 would round up to R10
    expect(cardTotalCentsFor(123_400, 0)).toBe(123_400);
  });

  it('refuses a percent outside 0..100', () => {
    expect(() => cardTotalCentsFor(100_000, 101)).toThrow(RangeError);
  });
});

describe('promoDiscountFromStored and normalisePromoCode', () => {
  it('reads numeric(12,2) values', () => {
    expect(promoDiscountFromStored('Percentage', '12.50')).toEqual({ discountType: 'Percentage', percent: 12.5 });
    expect(promoDiscountFromStored('Fixed', '250.00')).toEqual({ discountType: 'Fixed', amountCents: 25_000 });
    expect(promoDiscountFromStored('Fixed', 0.29)).toEqual({ discountType: 'Fixed', amountCents: 29 });
  });

  it('matches codes case-insensitively, ignoring surrounding spaces', () => {
    expect(normalisePromoCode('  summer10 ')).toBe('SUMMER10');
  });
});

describe('a group of units', () => {
  it('prices every unit: nights keep one unit’s rate, the subtotal is times the units, promo and card discount apply to that total', () => {
    // Thursday to Sunday: one weekday night, two weekend nights.
    const q = expectQuote(quote({ checkIn: '2026-11-05', checkOut: '2026-11-08', unitCount: 3, promo: { code: 'SUMMER10', rule: promo() } }));
    expect(q.nights.map((n) => n.rateCents)).toEqual([100_000, 150_000, 150_000]);
    expect(q).toMatchObject({
      unitCount: 3,
      subtotalCents: 1_200_000,
      promoDiscountCents: 120_000,
      totalCents: 1_080_000,
      cardDiscountCents: 54_000,
      cardTotalCents: 1_026_000,
    });
  });

  it('a fixed promo is taken once from the group’s total, never more than it', () => {
    const fixed = promo({ discountType: 'Fixed', amountCents: 50_000 } as Partial<PromoCodeRule>);
    const q = expectQuote(quote({ checkIn: '2026-11-02', checkOut: '2026-11-03', unitCount: 2, promo: { code: 'SUMMER10', rule: fixed } }));
    expect(q).toMatchObject({ subtotalCents: 200_000, promoDiscountCents: 50_000, totalCents: 150_000 });
  });

  it('one unit (or none said) is priced as before, with no unitCount on the quote', () => {
    const plain = expectQuote(quote({ checkIn: '2026-11-02', checkOut: '2026-11-03' }));
    expect(expectQuote(quote({ checkIn: '2026-11-02', checkOut: '2026-11-03', unitCount: 1 }))).toEqual(plain);
    expect(plain).not.toHaveProperty('unitCount');
    expect(plain.subtotalCents).toBe(100_000);
  });
});
