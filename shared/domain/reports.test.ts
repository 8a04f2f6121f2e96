import { describe, expect, it } from 'vitest';
import {
  averageLeadTime,
  averageLengthOfStay,
  bookingCounts,
  extraChargeCents,
  extrasRevenueCents,
  monthsFrom,
  nightsAvailable,
  nightsOnTheBooks,
  nightsSold,
  reportPeriods,
  roomRevenueByDay,
  sameRangeLastYear,
  stayNightCents,
  type BookingMade,
  type MoneyStay,
} from './reports.js';

const money = (over: Partial<MoneyStay>): MoneyStay => ({
  checkInDate: '2026-03-30',
  checkOutDate: '2026-04-02',
  status: 'Confirmed',
  accommodationCents: 100_000,
  nightAmounts: null,
  type: 'Tent',
  channel: null,
  paymentMethod: 'EFT',
  ...over,
});

describe('stayNightCents', () => {
  it('spreads by the quoted nightly prices, the cents left over to the largest remainders', () => {
    // 1000.00 over prices 300, 300, 400: 30 % / 30 % / 40 % = 300.00 / 300.00 / 400.00.
    expect(stayNightCents(money({ nightAmounts: [30_000, 30_000, 40_000] }))).toEqual([30_000, 30_000, 40_000]);
    // 1000.00 less a 10 % discount = 900.00: 270.00 / 270.00 / 360.00 (the discount spread the same way).
    expect(stayNightCents(money({ accommodationCents: 90_000, nightAmounts: [30_000, 30_000, 40_000] }))).toEqual([27_000, 27_000, 36_000]);
  });

  it('spreads equally without kept prices (1000.00 / 3 = 333.34, 333.33, 333.33)', () => {
    expect(stayNightCents(money({}))).toEqual([33_334, 33_333, 33_333]);
  });

  it('after an early departure, spreads over the nights kept by their prices', () => {
    expect(stayNightCents(money({ checkOutDate: '2026-03-31', accommodationCents: 30_000, nightAmounts: [30_000, 30_000, 40_000] }))).toEqual([30_000]);
  });
});

describe('room revenue across the range edge', () => {
  it('counts only the nights inside (30 and 31 March of a stay to 2 April)', () => {
    const byDay = roomRevenueByDay([money({ nightAmounts: [30_000, 30_000, 40_000] })], { from: '2026-03-01', to: '2026-03-31' });
    expect(byDay.get('All')!.slice(29)).toEqual([30_000, 30_000]);
  });
});

describe('nights sold and available', () => {
  const units = [{ id: 'a' }, { id: 'b' }];
  const range = { from: '2026-05-01', to: '2026-05-10' };
  it('count each unit of a stay once, and never a cancelled one or a unit out of service', () => {
    const stays = [
      { unitId: 'a', checkInDate: '2026-04-28', checkOutDate: '2026-05-03', status: 'Checked-Out' as const },
      { unitId: 'a', checkInDate: '2026-05-02', checkOutDate: '2026-05-04', status: 'Confirmed' as const },
      { unitId: 'b', checkInDate: '2026-05-01', checkOutDate: '2026-05-05', status: 'Cancelled' as const },
      { unitId: 'gone', checkInDate: '2026-05-01', checkOutDate: '2026-05-05', status: 'Confirmed' as const },
    ];
    // a: 1, 2 (first stay) and 3 May (the second; the 2nd counted once) = 3.
    expect(nightsSold(stays, units, range)).toBe(3);
    // 2 units x 10 days = 20, less b out of order 8..11 May (8, 9, 10 inside) = 17.
    expect(nightsAvailable(units, [{ unitId: 'b', startDate: '2026-05-08', endDate: '2026-05-12' }], stays, range)).toBe(17);
  });
});

describe('bookings, cancellations and the averages', () => {
  const made: BookingMade[] = [
    { createdDate: '2026-06-01', checkInDate: '2026-06-11', checkOutDate: '2026-06-13', status: 'Confirmed' },
    { createdDate: '2026-06-02', checkInDate: '2026-07-01', checkOutDate: '2026-07-05', status: 'Cancelled' },
    { createdDate: '2026-05-20', checkInDate: '2026-06-20', checkOutDate: '2026-06-24', status: 'Checked-Out' },
  ];
  const june = { from: '2026-06-01', to: '2026-06-30' };
  it('counts bookings by the day they were made, and the cancelled share of them', () => {
    expect(bookingCounts(made, june)).toEqual({ bookings: 2, cancellations: 1, cancellationRate: 0.5 });
  });
  it('weighs a row by the bookings alike it stands for', () => {
    const grouped = [{ ...made[0], count: 3 }, made[1]];
    // 3 + 1 made, 1 cancelled; the 3 arrivals of 2 nights booked 10 days ahead.
    expect(bookingCounts(grouped, june)).toEqual({ bookings: 4, cancellations: 1, cancellationRate: 0.25 });
    expect(averageLengthOfStay([...grouped, made[2]], june)).toBe((3 * 2 + 4) / 4);
    expect(averageLeadTime([...grouped, made[2]], june)).toBe((3 * 10 + 31) / 4);
  });
  it('averages the stays arriving in the range: (2 + 4) / 2 = 3 nights, (10 + 31) / 2 = 20.5 days ahead', () => {
    expect(averageLengthOfStay(made, june)).toBe(3);
    expect(averageLeadTime(made, june)).toBe(20.5);
    expect(averageLengthOfStay(made, { from: '2027-01-01', to: '2027-01-31' })).toBeNull();
  });
});

describe('periods and the comparison', () => {
  it('cuts weeks at Mondays and months at their ends, clipped to the range', () => {
    // 2026-12-02 is a Wednesday.
    expect(reportPeriods({ from: '2026-12-02', to: '2026-12-15' }, 'week')).toEqual([
      { from: '2026-12-02', to: '2026-12-06' },
      { from: '2026-12-07', to: '2026-12-13' },
      { from: '2026-12-14', to: '2026-12-15' },
    ]);
    expect(reportPeriods({ from: '2024-01-15', to: '2024-03-01' }, 'month')).toEqual([
      { from: '2024-01-15', to: '2024-01-31' },
      { from: '2024-02-01', to: '2024-02-29' },
      { from: '2024-03-01', to: '2024-03-01' },
    ]);
  });
  it('compares with the same dates a year earlier, 29 February as the 28th', () => {
    expect(sameRangeLastYear({ from: '2028-02-01', to: '2028-02-29' })).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthsFrom('2026-12-06', 2)).toEqual([{ from: '2026-12-01', to: '2026-12-31' }, { from: '2027-01-01', to: '2027-01-31' }]);
  });
});

describe('pace', () => {
  it('counts what was on the books at the instant: made by then, not yet cancelled, the nights booked', () => {
    const asOf = new Date('2026-01-10T10:00:00Z');
    const stays = [
      { unitId: 'a', checkInDate: '2026-03-30', bookedCheckOutDate: '2026-04-03', createdAt: new Date('2026-01-01T00:00:00Z'), cancelledAt: null },
      { unitId: 'b', checkInDate: '2026-04-10', bookedCheckOutDate: '2026-04-12', createdAt: new Date('2026-01-11T00:00:00Z'), cancelledAt: null },
      { unitId: 'c', checkInDate: '2026-04-10', bookedCheckOutDate: '2026-04-15', createdAt: new Date('2026-01-02T00:00:00Z'), cancelledAt: new Date('2026-02-01T00:00:00Z') },
      { unitId: 'd', checkInDate: '2026-04-10', bookedCheckOutDate: '2026-04-15', createdAt: new Date('2026-01-02T00:00:00Z'), cancelledAt: new Date('2026-01-05T00:00:00Z') },
    ];
    // a: 1, 2 April = 2; b made after; c cancelled after (5 nights count); d cancelled before.
    expect(nightsOnTheBooks(stays, { from: '2026-04-01', to: '2026-04-30' }, asOf)).toBe(7);
  });
});

describe('extras', () => {
  it('are what the guest pays: VAT added to an exclusive price when registered (100.00 + 15 % = 115.00)', () => {
    const charge = { date: '2026-06-01', amountCents: 10_000, vatInclusive: false, type: 'Tent', channel: null, paymentMethod: 'EFT' };
    expect(extraChargeCents(charge, true)).toBe(11_500);
    expect(extraChargeCents(charge, false)).toBe(10_000);
    expect(extraChargeCents({ ...charge, vatInclusive: true }, true)).toBe(10_000);
  });
  it('count by the day posted: of charges on 31 May, 1 June and 1 July, June takes the one', () => {
    const on = (date: string) => ({ date, amountCents: 10_000, vatInclusive: true, type: 'Tent', channel: null, paymentMethod: 'EFT' });
    expect(extrasRevenueCents([on('2026-05-31'), on('2026-06-01'), on('2026-07-01')], false, { from: '2026-06-01', to: '2026-06-30' })).toBe(10_000);
  });
});
