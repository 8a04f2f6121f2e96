import { describe, expect, it } from 'vitest';
import { bookedValue, monthOccupancy, monthRevenue, type FigureBooking } from './month-figures.js';

// The month is the functions' input, not the clock's: February 2026 has 28 nights, March 31.
const FEBRUARY = { startDate: '2026-02-01', endDate: '2026-02-28' };
const MARCH = { startDate: '2026-03-01', endDate: '2026-03-31' };

function stay(overrides: Partial<FigureBooking> & Pick<FigureBooking, 'checkInDate' | 'checkOutDate'>): FigureBooking {
  return { unitId: 'u1', status: 'Confirmed', totalAmount: 1000, isEntireLodgeChild: false, ...overrides };
}

describe('monthOccupancy', () => {
  it('divides booked unit-nights by active units times the nights of the month', () => {
    const result = monthOccupancy(
      [
        stay({ unitId: 'u1', checkInDate: '2026-02-02', checkOutDate: '2026-02-05' }), // 3 nights
        stay({ unitId: 'u2', checkInDate: '2026-02-10', checkOutDate: '2026-02-17' }), // 7 nights
      ],
      ['u1', 'u2'],
      FEBRUARY,
    );
    expect(result).toEqual({ bookedUnitNights: 10, availableUnitNights: 56, rate: 10 / 56 });
  });

  it('counts only the nights inside the month of stays across its first and last days', () => {
    const result = monthOccupancy(
      [
        // Nights of 30 and 31 January are last month's; 1 and 2 February are this month's.
        stay({ unitId: 'u1', checkInDate: '2026-01-30', checkOutDate: '2026-02-03' }),
        // The night of 28 February is this month's; check-out on 2 March.
        stay({ unitId: 'u2', checkInDate: '2026-02-28', checkOutDate: '2026-03-02' }),
        // Checks out on 1 March: the nights of 27 and 28 February, none in March.
        stay({ unitId: 'u3', checkInDate: '2026-02-27', checkOutDate: '2026-03-01' }),
      ],
      ['u1', 'u2', 'u3'],
      FEBRUARY,
    );
    expect(result.bookedUnitNights).toBe(2 + 1 + 2);
    expect(monthOccupancy([stay({ unitId: 'u3', checkInDate: '2026-02-27', checkOutDate: '2026-03-01' })], ['u3'], MARCH).bookedUnitNights).toBe(0);
  });

  it('counts a stay covering the whole month as every night of it, and no more', () => {
    const result = monthOccupancy([stay({ checkInDate: '2026-02-20', checkOutDate: '2026-04-02' })], ['u1'], MARCH);
    expect(result).toEqual({ bookedUnitNights: 31, availableUnitNights: 31, rate: 1 });
  });

  it('leaves out cancelled bookings and counts Provisional, Checked-In and Checked-Out ones', () => {
    const result = monthOccupancy(
      [
        stay({ unitId: 'u1', status: 'Cancelled', checkInDate: '2026-02-01', checkOutDate: '2026-02-11' }),
        stay({ unitId: 'u1', status: 'Provisional', checkInDate: '2026-02-01', checkOutDate: '2026-02-02' }),
        stay({ unitId: 'u2', status: 'Checked-In', checkInDate: '2026-02-01', checkOutDate: '2026-02-03' }),
        stay({ unitId: 'u3', status: 'Checked-Out', checkInDate: '2026-02-01', checkOutDate: '2026-02-04' }),
      ],
      ['u1', 'u2', 'u3', 'u4'],
      FEBRUARY,
    );
    expect(result).toEqual({ bookedUnitNights: 1 + 2 + 3, availableUnitNights: 4 * 28, rate: 6 / 112 });
  });

  it("counts an entire-lodge booking's children as unit-nights and its unitless parent not at all", () => {
    const lodge = { checkInDate: '2026-02-06', checkOutDate: '2026-02-08', totalAmount: 0 };
    const result = monthOccupancy(
      [
        stay({ ...lodge, unitId: null, totalAmount: 38000 }),
        stay({ ...lodge, unitId: 'u1', isEntireLodgeChild: true }),
        stay({ ...lodge, unitId: 'u2', isEntireLodgeChild: true }),
      ],
      ['u1', 'u2'],
      FEBRUARY,
    );
    expect(result.bookedUnitNights).toBe(4);
  });

  it('ignores units that are not active and counts a unit-night once even when two rows name it', () => {
    const result = monthOccupancy(
      [
        stay({ unitId: 'retired', checkInDate: '2026-02-01', checkOutDate: '2026-02-05' }),
        stay({ unitId: 'u1', status: 'Checked-Out', checkInDate: '2026-02-01', checkOutDate: '2026-02-04' }),
        stay({ unitId: 'u1', checkInDate: '2026-02-03', checkOutDate: '2026-02-05' }),
      ],
      ['u1'],
      FEBRUARY,
    );
    expect(result).toEqual({ bookedUnitNights: 4, availableUnitNights: 28, rate: 4 / 28 });
  });

  it('has no rate when there is no active unit', () => {
    expect(monthOccupancy([stay({ checkInDate: '2026-02-01', checkOutDate: '2026-02-02' })], [], FEBRUARY)).toEqual({
      bookedUnitNights: 0,
      availableUnitNights: 0,
      rate: null,
    });
  });
});

describe('monthRevenue', () => {
  it('sums totalAmount of non-cancelled bookings checking in during the month, to the cent', () => {
    const revenue = monthRevenue(
      [
        stay({ checkInDate: '2026-02-01', checkOutDate: '2026-02-03', totalAmount: 4900.1 }), // first day
        stay({ checkInDate: '2026-02-28', checkOutDate: '2026-03-03', totalAmount: 0.2 }), // last day
        stay({ checkInDate: '2026-02-14', checkOutDate: '2026-02-15', status: 'Checked-Out', totalAmount: 1000.1 }),
        stay({ checkInDate: '2026-02-14', checkOutDate: '2026-02-15', status: 'Provisional', totalAmount: 500.1 }),
        stay({ checkInDate: '2026-02-10', checkOutDate: '2026-02-12', status: 'Cancelled', totalAmount: 9999 }),
        // Checked in last month: its revenue belongs there even though it ends in February.
        stay({ checkInDate: '2026-01-30', checkOutDate: '2026-02-02', totalAmount: 7777 }),
        stay({ checkInDate: '2026-03-01', checkOutDate: '2026-03-02', totalAmount: 6666 }),
      ],
      FEBRUARY,
    );
    // 4900.10 + 0.20 + 1000.10 + 500.10, summed in cents: as floats it would be 6400.500000000001.
    expect(revenue).toBe(6400.5);
  });

  it("counts an entire-lodge booking's price once, on the parent, not on its children", () => {
    const lodge = { checkInDate: '2026-02-06', checkOutDate: '2026-02-08' };
    const revenue = monthRevenue(
      [
        stay({ ...lodge, unitId: null, totalAmount: 76000 }),
        stay({ ...lodge, unitId: 'u1', isEntireLodgeChild: true, totalAmount: 40000 }),
        stay({ ...lodge, unitId: 'u2', isEntireLodgeChild: true, totalAmount: 36000 }),
      ],
      FEBRUARY,
    );
    expect(revenue).toBe(76000);
  });

  it('is 0 for a month without bookings', () => {
    expect(monthRevenue([], FEBRUARY)).toBe(0);
  });
});

describe('bookedValue', () => {
  it('sums the totals of every booking but the cancelled ones, to the cent', () => {
    const rows = [
      { status: 'Confirmed', totalAmount: 0.1 },
      { status: 'Provisional', totalAmount: 0.2 },
      { status: 'Checked-Out', totalAmount: 1000 },
      { status: 'Checked-In', totalAmount: 250.55 },
      { status: 'Cancelled', totalAmount: 7000 },
    ] as const;
    expect(bookedValue(rows)).toBe(1250.85);
    expect(bookedValue([{ status: 'Cancelled', totalAmount: 7000 }])).toBe(0);
  });
});
