import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import {
  averageDailyRateCents,
  nightsAvailable,
  nightsSold,
  occupancy,
  reportPeriods,
  roomRevenueCents,
  type MoneyStay,
  type OutOfOrderPeriod,
  type ReportRange,
  type UnitStay,
} from './reports.js';

/**
 * Properties of the report figures on random lodges: random units, stays (some cancelled,
 * some with nightly prices, some crossing the range's edges), out-of-order periods.
 */
const BASE = '2026-01-01';
const UNITS = ['u1', 'u2', 'u3', 'u4'].map((id) => ({ id }));

const stay = fc.record({
  unit: fc.constantFrom('u1', 'u2', 'u3', 'u4', 'gone'),
  start: fc.integer({ min: -20, max: 80 }),
  nights: fc.integer({ min: 1, max: 14 }),
  cents: fc.integer({ min: 0, max: 5_000_000 }),
  cancelled: fc.boolean(),
  priced: fc.option(fc.array(fc.integer({ min: 0, max: 900_000 }), { minLength: 14, maxLength: 14 }), { nil: null }),
});

const lodge = fc.record({
  stays: fc.array(stay, { maxLength: 40 }),
  outOfOrder: fc.array(fc.record({ unit: fc.constantFrom('u1', 'u2', 'u3', 'u4'), start: fc.integer({ min: -10, max: 80 }), nights: fc.integer({ min: 1, max: 10 }) }), { maxLength: 6 }),
  from: fc.integer({ min: 0, max: 30 }),
  days: fc.integer({ min: 1, max: 60 }),
  cuts: fc.array(fc.integer({ min: 1, max: 59 }), { maxLength: 5 }),
});

type Lodge = typeof lodge extends fc.Arbitrary<infer T> ? T : never;

function build(l: Lodge) {
  const unitStays: UnitStay[] = l.stays.map((s) => ({
    unitId: s.unit,
    checkInDate: addDays(BASE, s.start),
    checkOutDate: addDays(BASE, s.start + s.nights),
    status: s.cancelled ? 'Cancelled' : 'Confirmed',
  }));
  const moneyStays: MoneyStay[] = l.stays.map((s, i) => ({
    ...unitStays[i],
    accommodationCents: s.cents,
    nightAmounts: s.priced,
    type: 'Tent',
    channel: null,
    paymentMethod: 'EFT',
  }));
  const outOfOrder: OutOfOrderPeriod[] = l.outOfOrder.map((o) => ({ unitId: o.unit, startDate: addDays(BASE, o.start), endDate: addDays(BASE, o.start + o.nights) }));
  const range: ReportRange = { from: addDays(BASE, l.from), to: addDays(BASE, l.from + l.days - 1) };
  return { unitStays, moneyStays, outOfOrder, range };
}

describe('report figures on random stays', () => {
  it('room revenue of a range is the sum of its consecutive sub-ranges, to the cent', () => {
    fc.assert(
      fc.property(lodge, (l) => {
        const { moneyStays, range } = build(l);
        const cuts = [...new Set(l.cuts.filter((c) => c < l.days))].sort((a, b) => a - b);
        const bounds = [0, ...cuts, l.days];
        const parts = bounds.slice(1).map((end, i) => ({ from: addDays(range.from, bounds[i]), to: addDays(range.from, end - 1) }));
        const sum = parts.reduce((total, part) => total + roomRevenueCents(moneyStays, part), 0);
        expect(sum).toBe(roomRevenueCents(moneyStays, range));
      }),
    );
  });

  it('the periods of any interval cover the range exactly, and their revenue adds up to its', () => {
    fc.assert(
      fc.property(lodge, fc.constantFrom('day', 'week', 'month') as fc.Arbitrary<'day' | 'week' | 'month'>, (l, interval) => {
        const { moneyStays, range } = build(l);
        const periods = reportPeriods(range, interval);
        expect(periods[0].from).toBe(range.from);
        expect(periods[periods.length - 1].to).toBe(range.to);
        periods.slice(1).forEach((p, i) => expect(p.from).toBe(addDays(periods[i].to, 1)));
        expect(periods.reduce((t, p) => t + roomRevenueCents(moneyStays, p), 0)).toBe(roomRevenueCents(moneyStays, range));
      }),
    );
  });

  it('occupancy never passes 100 %, out-of-order units and double rows included', () => {
    fc.assert(
      fc.property(lodge, (l) => {
        const { unitStays, outOfOrder, range } = build(l);
        const sold = nightsSold(unitStays, UNITS, range);
        const available = nightsAvailable(UNITS, outOfOrder, unitStays, range);
        expect(available).toBeLessThanOrEqual(UNITS.length * l.days);
        expect(occupancy(sold, available) ?? 0).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('ADR x nights sold is the room revenue to the cent', () => {
    fc.assert(
      fc.property(lodge, (l) => {
        const { unitStays, moneyStays, range } = build(l);
        const sold = nightsSold(unitStays, UNITS, range);
        const revenue = roomRevenueCents(moneyStays, range);
        const adr = averageDailyRateCents(revenue, sold);
        if (sold === 0) expect(adr).toBeNull();
        else expect(Math.round(adr! * sold)).toBe(revenue);
      }),
    );
  });
});
