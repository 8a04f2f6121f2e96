import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import { cardTotalCentsFor, quoteStay, type PromoLookup, type RateOverrideRule, type StayQuote } from './pricing.js';

/**
 * Properties of the stay price (calculate-rate's arithmetic) over random rates, overrides,
 * stays, promo codes and card discounts: what a guest is charged always adds up.
 */
const TODAY = '2026-01-01';
const cents = fc.integer({ min: 0, max: 2_000_000 });
const date = (from: number, span: number) => fc.integer({ min: from, max: from + span }).map((d) => addDays(TODAY, d));

const override: fc.Arbitrary<RateOverrideRule> = fc
  .record({
    id: fc.uuid(),
    start: fc.integer({ min: 0, max: 60 }),
    length: fc.integer({ min: 0, max: 20 }),
    weekdayRateCents: fc.option(cents, { nil: null }),
    weekendRateCents: fc.option(cents, { nil: null }),
    createdAt: fc.integer({ min: 0, max: 1e6 }).map((s) => new Date(Date.UTC(2025, 0, 1) + s * 1000).toISOString()),
  })
  .map(({ start, length, ...o }) => ({ ...o, startDate: addDays(TODAY, start), endDate: addDays(TODAY, start + length), minLengthOfStay: 1 }));

const promo: fc.Arbitrary<PromoLookup | null> = fc.option(
  fc.oneof(
    fc.integer({ min: 0, max: 10_000 }).map((h) => ({ discountType: 'Percentage' as const, percent: h / 100 })),
    fc.integer({ min: 0, max: 5_000_000 }).map((amountCents) => ({ discountType: 'Fixed' as const, amountCents })),
  ).map((discount) => ({
    code: 'PROP',
    rule: { ...discount, id: 'p', code: 'PROP', isActive: true, expiryDate: '2027-01-01', maxUses: null, usedCount: 0, applicableToAccommodation: true },
  })),
  { nil: null },
);

const stay = fc.record({
  type: fc.record({ baseWeekdayRateCents: cents, baseWeekendRateCents: cents }),
  overrides: fc.array(override, { maxLength: 4 }),
  checkIn: date(0, 60),
  nights: fc.integer({ min: 1, max: 30 }),
  promo,
  cardDiscountPercent: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
});

type Stay = typeof stay extends fc.Arbitrary<infer T> ? T : never;
function quote(s: Stay, nights = s.nights): StayQuote {
  const result = quoteStay({ ...s, checkOut: addDays(s.checkIn, nights), today: TODAY });
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.quote;
}

describe('stay pricing properties', () => {
  it('the subtotal is the sum of the nightly rates, one rate per night, and the total is subtotal less promo', () => {
    fc.assert(
      fc.property(stay, (s) => {
        const q = quote(s);
        expect(q.nightCount).toBe(s.nights);
        expect(q.nights.map((n) => n.date)).toEqual(Array.from({ length: s.nights }, (_, i) => addDays(s.checkIn, i)));
        expect(q.subtotalCents).toBe(q.nights.reduce((sum, n) => sum + n.rateCents, 0));
        expect(q.totalCents).toBe(q.subtotalCents - q.promoDiscountCents);
        expect(q.cardTotalCents).toBe(q.totalCents - q.cardDiscountCents);
        for (const n of q.nights) expect(Number.isInteger(n.rateCents) && n.rateCents >= 0).toBe(true);
      }),
    );
  });

  it('discounts are never negative and never take the price below zero; card totals are whole rand', () => {
    fc.assert(
      fc.property(stay, (s) => {
        const q = quote(s);
        expect(q.promoDiscountCents).toBeGreaterThanOrEqual(0);
        expect(q.promoDiscountCents).toBeLessThanOrEqual(q.subtotalCents);
        expect(q.cardDiscountCents).toBeGreaterThanOrEqual(0);
        expect(q.totalCents).toBeGreaterThanOrEqual(0);
        expect(q.cardTotalCents).toBeGreaterThanOrEqual(0);
        expect(q.cardTotalCents % 100 === 0 || q.cardTotalCents === q.totalCents).toBe(true);
      }),
    );
  });

  it('one more night never costs less (subtotal, total and card total)', () => {
    fc.assert(
      fc.property(stay, (s) => {
        const shorter = quote(s);
        const longer = quote(s, s.nights + 1);
        expect(longer.subtotalCents).toBeGreaterThanOrEqual(shorter.subtotalCents);
        expect(longer.totalCents).toBeGreaterThanOrEqual(shorter.totalCents);
        expect(longer.cardTotalCents).toBeGreaterThanOrEqual(shorter.cardTotalCents);
      }),
    );
  });

  it('the card price is monotonic in the EFT total and never above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 10_000 }), (total, extra, h) => {
        const p = h / 100;
        expect(cardTotalCentsFor(total, p)).toBeLessThanOrEqual(total);
        expect(cardTotalCentsFor(total + extra, p)).toBeGreaterThanOrEqual(cardTotalCentsFor(total, p));
      }),
    );
  });
});
