import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import { percentOfCents, sumCents } from './money.js';
import {
  cardTotalCentsFor,
  priceNight,
  promoDiscountCentsFor,
  quoteStay,
  type PromoLookup,
  type QuoteStayInput,
  type RateOverrideRule,
  type StayQuote,
} from './pricing.js';
import type { ChildBand, Party, PartyPricingPolicy, SpecialOfferRule } from './party-pricing.js';

/**
 * Properties of per person sharing prices and specials over random rates, overrides, child
 * policies, parties, promo codes and stays.
 */
const TODAY = '2026-01-01';
const TYPE_ID = 'type-1';
const cents = fc.integer({ min: 0, max: 2_000_000 });
const percent = fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100);

const override: fc.Arbitrary<RateOverrideRule> = fc
  .record({
    id: fc.uuid(),
    start: fc.integer({ min: 0, max: 60 }),
    length: fc.integer({ min: 0, max: 20 }),
    weekdayRateCents: fc.option(cents, { nil: null }),
    weekendRateCents: fc.option(cents, { nil: null }),
    createdAt: fc.integer({ min: 0, max: 1e6 }).map((s) => new Date(Date.UTC(2025, 0, 1) + s * 1000).toISOString()),
  })
  .map(({ start, length, ...o }) => ({ ...o, accommodationTypeId: TYPE_ID, startDate: addDays(TODAY, start), endDate: addDays(TODAY, start + length), minLengthOfStay: 1 }));

/** Bands cut from 0..17 at random points, each with a percent; none refused (a refused child is not "added"). */
const childPolicy: fc.Arbitrary<ChildBand[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 17 }), { maxLength: 4 })
  .chain((cuts) => {
    const edges = [0, ...[...cuts].sort((a, b) => a - b), 18];
    const bands = edges.slice(0, -1).map((from, i) => ({ fromAge: from, toAge: edges[i + 1] - 1 }));
    return fc.tuple(...bands.map((b) => fc.record({ keep: fc.boolean(), percentOfAdult: percent }).map((x) => ({ ...b, ...x }))));
  })
  .map((bands) => bands.filter((b) => b.keep).map(({ keep: _keep, ...b }) => b));

const policy: fc.Arbitrary<PartyPricingPolicy> = fc.record({
  pricingModel: fc.constant('per_person_sharing' as const),
  singleSupplementPercent: percent,
  childPolicy,
  minimumChildAge: fc.constant(null),
  maxAdults: fc.constant(null),
  capacity: fc.constant(40),
});

const party: fc.Arbitrary<Party> = fc.record({
  adults: fc.integer({ min: 1, max: 8 }),
  childAges: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 8 }),
});

const promo: fc.Arbitrary<PromoLookup | null> = fc.option(
  fc
    .oneof(
      percent.map((p) => ({ discountType: 'Percentage' as const, percent: p })),
      fc.integer({ min: 0, max: 5_000_000 }).map((amountCents) => ({ discountType: 'Fixed' as const, amountCents })),
    )
    .map((discount) => ({
      code: 'PROP',
      rule: { ...discount, id: 'p', code: 'PROP', isActive: true, expiryDate: '2027-01-01', maxUses: null, usedCount: 0, applicableToAccommodation: true },
    })),
  { nil: null },
);

const special: fc.Arbitrary<SpecialOfferRule> = fc
  .record({ start: fc.integer({ min: 0, max: 40 }), length: fc.integer({ min: 0, max: 40 }), combinableWithPromo: fc.boolean() })
  .map(({ start, length, combinableWithPromo }) => ({
    id: 'stay4pay3',
    name: 'Stay 4, pay 3',
    accommodationTypeIds: [TYPE_ID],
    stayFrom: addDays(TODAY, start),
    stayTo: addDays(TODAY, start + length),
    stayNights: 4,
    payNights: 3,
    bookFrom: null,
    bookTo: null,
    combinableWithPromo,
    isActive: true,
  }));

const stay = fc.record({
  type: fc.record({ id: fc.constant(TYPE_ID), baseWeekdayRateCents: cents, baseWeekendRateCents: cents }),
  overrides: fc.array(override, { maxLength: 3 }),
  checkIn: fc.integer({ min: 0, max: 50 }).map((d) => addDays(TODAY, d)),
  nights: fc.integer({ min: 1, max: 14 }),
  unitCount: fc.integer({ min: 1, max: 3 }),
  promo,
  cardDiscountPercent: percent,
});
type Stay = typeof stay extends fc.Arbitrary<infer T> ? T : never;

function quote(s: Stay, extra: Partial<QuoteStayInput> = {}): StayQuote {
  const result = quoteStay({ ...s, checkOut: addDays(s.checkIn, s.nights), today: TODAY, ...extra });
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.quote;
}

describe('per person pricing properties', () => {
  it('a per person total never decreases when an adult or an accepted child is added', () => {
    fc.assert(
      fc.property(stay, policy, party, fc.boolean(), fc.integer({ min: 0, max: 17 }), fc.option(special, { nil: undefined }), (s, p, before, addAdult, age, sp) => {
        const after: Party = addAdult ? { ...before, adults: before.adults + 1 } : { ...before, childAges: [...before.childAges, age] };
        const specials = sp ? [sp] : [];
        const a = quote(s, { policy: p, party: before, specials });
        const b = quote(s, { policy: p, party: after, specials });
        expect(b.subtotalCents).toBeGreaterThanOrEqual(a.subtotalCents);
        expect(b.totalCents).toBeGreaterThanOrEqual(a.totalCents);
        expect(b.cardTotalCents).toBeGreaterThanOrEqual(a.cardTotalCents);
      }),
    );
  });

  it('the single supplement applies only with one adult, and then is the percent of the night’s adult rate', () => {
    fc.assert(
      fc.property(stay, policy, party, (s, p, who) => {
        const q = quote(s, { policy: p, party: who });
        for (const night of q.nights) {
          const expected = who.adults === 1 ? percentOfCents(night.rateCents, p.singleSupplementPercent) : 0;
          expect(night.party?.singleSupplementCents).toBe(expected);
        }
      }),
    );
  });

  it('a stay-4-pay-3 special never costs more than no special, per unit or per person', () => {
    fc.assert(
      fc.property(stay, fc.option(policy, { nil: undefined }), party, special, (s, p, who, sp) => {
        const input = p ? { policy: p, party: who } : {};
        const without = quote(s, input);
        const withSpecial = quote(s, { ...input, specials: [sp] });
        expect(withSpecial.subtotalCents).toBe(without.subtotalCents);
        expect(withSpecial.totalCents).toBeLessThanOrEqual(without.totalCents);
        expect(withSpecial.cardTotalCents).toBeLessThanOrEqual(without.cardTotalCents);
        expect(withSpecial.totalCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('per unit totals with no special are exactly the nightly rates x units less the promo, party named or not', () => {
    const perUnit = policy.map((p) => ({ ...p, pricingModel: 'per_unit' as const }));
    const fitting = fc.record({ adults: fc.integer({ min: 1, max: 4 }), childAges: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 4 }) });
    fc.assert(
      fc.property(stay, perUnit, fc.option(fitting, { nil: undefined }), (s, p, who) => {
        const q = quote(s, { policy: p, party: who });
        const dates = Array.from({ length: s.nights }, (_, i) => addDays(s.checkIn, i));
        const subtotal = sumCents(dates.map((d) => priceNight(s.type, s.overrides, d).rateCents)) * s.unitCount;
        const promoCents = s.promo?.rule ? promoDiscountCentsFor(s.promo.rule, subtotal) : 0;
        expect(q.subtotalCents).toBe(subtotal);
        expect(q.totalCents).toBe(subtotal - promoCents);
        expect(q.cardTotalCents).toBe(cardTotalCentsFor(subtotal - promoCents, s.cardDiscountPercent));
        expect(q).toEqual(quote(s));
        expect(q.nights.every((n) => Object.keys(n).every((k) => ['date', 'kind', 'rateCents', 'overrideId'].includes(k)))).toBe(true);
      }),
    );
  });
});
