import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, todayInLodge } from './dates.js';
import { applySpecial, bestSpecial, type PricedNight } from './specials.js';
import type { SpecialOfferRule } from './party-pricing.js';

const TODAY = todayInLodge(new Date());
/** The first Thursday at least a week ahead: Thu, Fri, Sat, Sun are the nights of a 4-night stay. */
const THURSDAY = (() => {
  let d = addDays(TODAY, 7);
  while (dayOfWeek(d) !== 4) d = addDays(d, 1);
  return d;
})();
const night = (offset: number, amountCents: number): PricedNight => ({ date: addDays(THURSDAY, offset), amountCents });

function special(partial: Partial<SpecialOfferRule> = {}): SpecialOfferRule {
  return {
    id: 's-1',
    name: 'Stay 4, pay 3',
    accommodationTypeIds: ['type-1'],
    stayFrom: TODAY,
    stayTo: addDays(TODAY, 180),
    stayNights: 4,
    payNights: 3,
    bookFrom: null,
    bookTo: null,
    combinableWithPromo: false,
    isActive: true,
    ...partial,
  };
}

// Thu R1000, Fri R1500, Sat R1500, Sun R1000.
const weekendDearer = [night(0, 100_000), night(1, 150_000), night(2, 150_000), night(3, 100_000)];
// The same nights with an override making Fri and Sat R800.
const weekendCheaper = [night(0, 100_000), night(1, 80_000), night(2, 80_000), night(3, 100_000)];

describe('applySpecial', () => {
  it('frees the cheapest night of four, the later one on a tie (Sunday, not Thursday)', () => {
    expect(applySpecial(special(), weekendDearer)).toEqual({
      id: 's-1',
      name: 'Stay 4, pay 3',
      stayNights: 4,
      payNights: 3,
      freeNights: [addDays(THURSDAY, 3)],
      discountCents: 100_000,
    });
  });
  it('frees a weekend night when it is the cheapest (Saturday, the later of two R800 nights)', () => {
    const applied = applySpecial(special(), weekendCheaper);
    expect(applied?.freeNights).toEqual([addDays(THURSDAY, 2)]);
    expect(applied?.discountCents).toBe(80_000);
  });
  it('earns nothing on three nights, one night on seven, two on eight', () => {
    expect(applySpecial(special(), weekendDearer.slice(0, 3))).toBeNull();
    const seven = Array.from({ length: 7 }, (_, i) => night(i, 100_000 + i));
    expect(applySpecial(special(), seven)?.freeNights).toEqual([addDays(THURSDAY, 0)]);
    const eight = Array.from({ length: 8 }, (_, i) => night(i, 100_000 + i));
    expect(applySpecial(special(), eight)?.freeNights).toEqual([addDays(THURSDAY, 0), addDays(THURSDAY, 1)]);
    expect(applySpecial(special(), eight)?.discountCents).toBe(200_001);
  });
  it('counts only nights dated within its stay dates (stayTo inclusive)', () => {
    expect(applySpecial(special({ stayTo: addDays(THURSDAY, 2) }), weekendDearer)).toBeNull();
    expect(applySpecial(special({ stayFrom: addDays(THURSDAY, 0), stayTo: addDays(THURSDAY, 3) }), weekendDearer)?.discountCents).toBe(100_000);
  });
  it('frees two nights of a stay 7 pay 5, and multiplies by the units of a per unit group', () => {
    const seven = Array.from({ length: 7 }, (_, i) => night(i, 100_000 + i * 1000));
    const applied = applySpecial(special({ stayNights: 7, payNights: 5 }), seven, 3);
    expect(applied?.freeNights).toEqual([addDays(THURSDAY, 0), addDays(THURSDAY, 1)]);
    expect(applied?.discountCents).toBe((100_000 + 101_000) * 3);
  });
});

describe('bestSpecial', () => {
  const input = { nights: weekendDearer, accommodationTypeId: 'type-1', today: TODAY };
  it('applies an active special of the type inside its booking window', () => {
    expect(bestSpecial({ ...input, specials: [special({ bookFrom: TODAY, bookTo: TODAY })] })?.discountCents).toBe(100_000);
  });
  it.each([
    ['inactive', { isActive: false }],
    ['of another type', { accommodationTypeIds: ['type-2'] }],
    ['booked before its window opens', { bookFrom: addDays(TODAY, 1) }],
    ['booked after its window closed', { bookTo: addDays(TODAY, -1) }],
  ])('does not apply a special %s', (_label, partial) => {
    expect(bestSpecial({ ...input, specials: [special(partial)] })).toBeNull();
  });
  it('with a promo code applied, only a special combinable with one counts', () => {
    expect(bestSpecial({ ...input, withPromo: true, specials: [special()] })).toBeNull();
    expect(bestSpecial({ ...input, withPromo: true, specials: [special({ combinableWithPromo: true })] })?.discountCents).toBe(100_000);
  });
  it('takes the largest discount, and the smallest id on a tie', () => {
    const stay4 = special({ id: 'b' });
    const stay3 = special({ id: 'c', name: 'Stay 3, pay 2', stayNights: 3, payNights: 2 });
    const twin = special({ id: 'a', name: 'Twin' });
    expect(bestSpecial({ ...input, specials: [stay4, stay3] })?.id).toBe('b');
    expect(bestSpecial({ ...input, specials: [stay4, twin] })?.id).toBe('a');
    const stay4pay2 = special({ id: 'z', stayNights: 4, payNights: 2 });
    expect(bestSpecial({ ...input, specials: [stay4, stay4pay2] })).toMatchObject({ id: 'z', discountCents: 200_000 });
  });
});
