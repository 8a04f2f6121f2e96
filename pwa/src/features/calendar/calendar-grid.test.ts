import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/domain/dates.js';
import { makeBooking } from '@/offline/test-support.js';
import { calendarSummary, findConflicts, splitLinks, typeRows, unitBars, windowTitle } from './calendar-grid.js';

const start = '2026-11-22'; // an input to pure functions only

describe('windowTitle', () => {
  it('is the short start date, a dash and the end date with year, across a year end', () => {
    expect(windowTitle(start)).toBe('Nov 22 - Dec 05, 2026');
    expect(windowTitle('2026-12-25')).toBe('Dec 25 - Jan 07, 2027');
  });
});

describe('unitBars', () => {
  it('spans the nights held, clipped to the window, Cancelled left out, overlaps on separate lines', () => {
    const before = makeBooking({ guestName: 'Before', unitId: 'u1', checkInDate: addDays(start, -3), checkOutDate: addDays(start, 2) });
    const inside = makeBooking({ guestName: 'Inside', unitId: 'u1', checkInDate: addDays(start, 2), checkOutDate: addDays(start, 5) });
    const overlap = makeBooking({ guestName: 'Overlap', unitId: 'u1', checkInDate: addDays(start, 4), checkOutDate: addDays(start, 6), status: 'Provisional' });
    const after = makeBooking({ guestName: 'After', unitId: 'u1', checkInDate: addDays(start, 12), checkOutDate: addDays(start, 20) });
    const cancelled = makeBooking({ unitId: 'u1', checkInDate: addDays(start, 7), checkOutDate: addDays(start, 8), status: 'Cancelled' });
    const other = makeBooking({ unitId: 'u2', checkInDate: start, checkOutDate: addDays(start, 1) });
    const { bars, lanes } = unitBars('u1', [after, cancelled, overlap, inside, before, other], start);
    expect(bars.map((b) => [b.booking.guestName, b.startCol, b.span, b.continuesBefore, b.continuesAfter, b.lane])).toEqual([
      ['Before', 0, 2, true, false, 0],
      ['Inside', 2, 3, false, false, 0],
      ['Overlap', 4, 2, false, false, 1],
      ['After', 12, 2, false, true, 0],
    ]);
    expect(lanes).toBe(2);
  });
});

describe('typeRows', () => {
  it('one row per active type with units: booked/total per night over active units, Cancelled ignored', () => {
    const types = [
      { id: 't1', name: 'Luxury Tent', isActive: true },
      { id: 't2', name: 'Old Rondavel', isActive: false },
      { id: 'pkg', name: 'Entire Lodge', isActive: true },
    ];
    const units = [
      { id: 'u1', name: 'Tent 1', accommodationTypeId: 't1', isActive: true },
      { id: 'u2', name: 'Tent 2', accommodationTypeId: 't1', isActive: true },
      { id: 'u3', name: 'Tent 3', accommodationTypeId: 't1', isActive: false },
      { id: 'u9', name: 'Rondavel', accommodationTypeId: 't2', isActive: true },
    ];
    const bookings = [
      makeBooking({ unitId: 'u1', checkInDate: start, checkOutDate: addDays(start, 2) }),
      makeBooking({ unitId: 'u1', checkInDate: start, checkOutDate: addDays(start, 1), status: 'Provisional' }),
      makeBooking({ unitId: 'u2', checkInDate: addDays(start, 1), checkOutDate: addDays(start, 3), status: 'Cancelled' }),
      makeBooking({ unitId: 'u2', checkInDate: addDays(start, 1), checkOutDate: addDays(start, 2), status: 'Checked-In' }),
      makeBooking({ unitId: 'u3', checkInDate: start, checkOutDate: addDays(start, 5) }),
    ];
    const rows = typeRows(types, units, bookings, start);
    expect(rows.map((r) => [r.type.name, r.total, r.booked.slice(0, 4), r.units.map((u) => u.unit.name)])).toEqual([
      ['Luxury Tent', 2, [1, 2, 0, 0], ['Tent 1', 'Tent 2']],
    ]);
    expect(calendarSummary(rows, [], start).occupancyPercent).toBe(11); // 3 of 28 unit-nights
  });
});

describe('findConflicts', () => {
  it('counts overlapping Confirmed, Provisional and Checked-In bookings of one unit and names the units', () => {
    const rows = [
      makeBooking({ unitId: 'u1', unitName: 'Tent 1', checkInDate: start, checkOutDate: addDays(start, 3) }),
      makeBooking({ unitId: 'u1', unitName: 'Tent 1', checkInDate: addDays(start, 2), checkOutDate: addDays(start, 4), status: 'Provisional' }),
      makeBooking({ unitId: 'u1', unitName: 'Tent 1', checkInDate: addDays(start, 3), checkOutDate: addDays(start, 5), status: 'Checked-In' }),
      // Back to back is no conflict; Cancelled and Checked-Out do not count.
      makeBooking({ unitId: 'u2', unitName: 'Chalet', checkInDate: start, checkOutDate: addDays(start, 2) }),
      makeBooking({ unitId: 'u2', unitName: 'Chalet', checkInDate: addDays(start, 2), checkOutDate: addDays(start, 4) }),
      makeBooking({ unitId: 'u2', unitName: 'Chalet', checkInDate: start, checkOutDate: addDays(start, 4), status: 'Cancelled' }),
      makeBooking({ unitId: 'u2', unitName: 'Chalet', checkInDate: start, checkOutDate: addDays(start, 4), status: 'Checked-Out' }),
      makeBooking({ unitId: 'u3', unitName: 'Bush Villa', checkInDate: start, checkOutDate: addDays(start, 2) }),
      makeBooking({ unitId: 'u3', unitName: 'Bush Villa', checkInDate: addDays(start, 1), checkOutDate: addDays(start, 2) }),
    ];
    expect(findConflicts(rows)).toEqual({ bookingCount: 5, unitNames: ['Bush Villa', 'Tent 1'] });
    expect(findConflicts(rows.slice(3, 7))).toEqual({ bookingCount: 0, unitNames: [] });
  });
});

describe('calendarSummary', () => {
  it("today's revenue and check-ins: bookings checking in today, not Cancelled, parents not children", () => {
    const rows = [
      makeBooking({ checkInDate: start, totalAmount: 4200 }),
      makeBooking({ checkInDate: start, totalAmount: 1500.5, status: 'Provisional' }),
      makeBooking({ checkInDate: start, totalAmount: 999, status: 'Cancelled' }),
      makeBooking({ checkInDate: start, totalAmount: 800, isEntireLodgeChild: true, parentBookingId: makeBooking().id }),
      makeBooking({ checkInDate: addDays(start, -1), checkOutDate: addDays(start, 1), totalAmount: 3000 }),
    ];
    expect(calendarSummary([], rows, start)).toEqual({ occupancyPercent: null, todaysRevenue: 5700.5, checkInsToday: 2 });
  });
});

describe('splitLinks', () => {
  it('joins a split stay’s segments in date order, each naming the unit it continues in', () => {
    const parent = { id: 'p', parentBookingId: null, unitName: null, checkInDate: '2026-03-04', reference: 'LDG-1', status: 'Confirmed' as const, isSplitStay: true };
    const second = { id: 's2', parentBookingId: 'p', unitName: 'Tent 2', checkInDate: '2026-03-06', reference: 'LDG-1-02', status: 'Confirmed' as const };
    const first = { id: 's1', parentBookingId: 'p', unitName: 'Chalet 1', checkInDate: '2026-03-04', reference: 'LDG-1-01', status: 'Confirmed' as const };
    const lodgeChild = { id: 'c', parentBookingId: 'lodge', unitName: 'Chalet 2', checkInDate: '2026-03-04', reference: 'LDG-2-01', status: 'Confirmed' as const };
    const links = splitLinks([second, parent, first, lodgeChild]);
    expect(links.get('s1')).toEqual({ part: 1, parts: 2, reference: 'LDG-1', previousUnit: null, nextUnit: 'Tent 2' });
    expect(links.get('s2')).toEqual({ part: 2, parts: 2, reference: 'LDG-1', previousUnit: 'Chalet 1', nextUnit: null });
    expect(links.has('c')).toBe(false);
  });
});
