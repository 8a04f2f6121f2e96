import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/domain/dates.js';
import { makeBooking } from '@/offline/test-support.js';
import { dashboardFigures, dayLabel, monthOf, nightlyOccupancy, quickStats, recentBookings, upcomingCsv, upcomingMovements } from './dashboard-figures.js';

const today = '2026-03-02'; // a Monday, fixed here only as an input to pure functions

describe('dashboardFigures', () => {
  const [u1, u2, u3] = ['00000000-0000-4000-8000-0000000000u1', '00000000-0000-4000-8000-0000000000u2', '00000000-0000-4000-8000-0000000000u3'];
  const active = [u1, u2];

  it("counts bookings without entire-lodge children; occupancy is this month's nights sold of nights available; revenue leaves cancelled out", () => {
    const rows = [
      makeBooking({ unitId: u1, status: 'Confirmed', totalAmount: 4200, checkInDate: '2026-03-01', checkOutDate: '2026-03-05' }), // 4 nights
      makeBooking({ unitId: u2, status: 'Confirmed', totalAmount: 1000.5, checkInDate: '2026-02-27', checkOutDate: '2026-03-03' }), // 2 in March
      makeBooking({ unitId: u1, status: 'Provisional', totalAmount: 300, checkInDate: '2026-03-10', checkOutDate: '2026-03-12' }), // 2
      makeBooking({ unitId: u2, status: 'Cancelled', totalAmount: 0.25, checkInDate: '2026-03-10', checkOutDate: '2026-03-20' }), // none
      // A child holds its unit (3 March nights) but its parent carries the price.
      makeBooking({ unitId: u2, status: 'Confirmed', totalAmount: 999, checkInDate: '2026-03-29', checkOutDate: '2026-04-02', isEntireLodgeChild: true, parentBookingId: makeBooking().id }),
      // An inactive unit is not on offer: its nights are neither sold nor available.
      makeBooking({ unitId: u3, status: 'Confirmed', totalAmount: 500, checkInDate: '2026-03-01', checkOutDate: '2026-03-03' }),
    ];
    // 11 of 2 units x 31 nights = 17.7 %.
    expect(dashboardFigures(rows, active, today)).toEqual({
      total: 5,
      confirmed: 3,
      occupancyPercent: 18,
      bookedUnitNights: 11,
      availableUnitNights: 62,
      revenue: 6000.5,
    });
  });

  it('is all zero with no bookings, and with no active unit', () => {
    expect(dashboardFigures([], active, today)).toEqual({ total: 0, confirmed: 0, occupancyPercent: 0, bookedUnitNights: 0, availableUnitNights: 62, revenue: 0 });
    expect(dashboardFigures([], [], today)).toMatchObject({ occupancyPercent: 0, availableUnitNights: 0 });
  });

  it('takes the calendar month of today, February and December included', () => {
    expect(monthOf('2026-03-02')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(monthOf('2028-02-29')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });
});

describe('upcomingMovements', () => {
  it('groups the next 7 days as Today, Tomorrow, then weekday and date, leaving out empty days and other statuses', () => {
    const rows = [
      makeBooking({ guestName: 'Zola', checkInDate: today, checkOutDate: addDays(today, 2), status: 'Confirmed' }),
      makeBooking({ guestName: 'Amos', checkInDate: today, checkOutDate: addDays(today, 3), status: 'Provisional' }),
      makeBooking({ guestName: 'Gone', checkInDate: today, checkOutDate: addDays(today, 3), status: 'Cancelled' }),
      makeBooking({ guestName: 'Leaving', checkInDate: addDays(today, -2), checkOutDate: addDays(today, 1), status: 'Checked-In' }),
      makeBooking({ guestName: 'Late', checkInDate: addDays(today, 7), checkOutDate: addDays(today, 9), status: 'Confirmed' }),
    ];
    const days = upcomingMovements(rows, today);
    expect(
      days.map((d) => ({ label: d.label, a: d.arrivals.map((b) => b.guestName), d: d.departures.map((b) => b.guestName) })),
    ).toEqual([
      { label: 'Today', a: ['Amos', 'Zola'], d: [] },
      { label: 'Tomorrow', a: [], d: ['Leaving'] },
      { label: 'Wednesday, Mar 04', a: [], d: ['Zola'] },
      { label: 'Thursday, Mar 05', a: [], d: ['Amos'] },
    ]);
  });

  it('departs a guest in house or still expected to arrive; a no-show, a guest already out and a cancellation never depart', () => {
    const rows = [
      makeBooking({ guestName: 'Coming', checkInDate: addDays(today, 1), checkOutDate: addDays(today, 4), status: 'Confirmed' }),
      makeBooking({ guestName: 'Never Came', checkInDate: addDays(today, -1), checkOutDate: addDays(today, 2), status: 'Confirmed' }),
      makeBooking({ guestName: 'Never Came Either', checkInDate: addDays(today, -2), checkOutDate: today, status: 'Provisional' }),
      makeBooking({ guestName: 'Gone Early', checkInDate: addDays(today, -2), checkOutDate: addDays(today, 1), status: 'Checked-Out' }),
      makeBooking({ guestName: 'Called Off', checkInDate: addDays(today, 1), checkOutDate: addDays(today, 3), status: 'Cancelled' }),
    ];
    expect(upcomingMovements(rows, today).map((d) => ({ label: d.label, a: d.arrivals.map((b) => b.guestName), d: d.departures.map((b) => b.guestName) }))).toEqual([
      { label: 'Tomorrow', a: ['Coming'], d: [] },
      { label: 'Friday, Mar 06', a: [], d: ['Coming'] },
    ]);
  });

  it('labels days after tomorrow with weekday and date', () => {
    expect(dayLabel(addDays(today, 6), today)).toBe('Sunday, Mar 08');
  });
});

describe('recentBookings', () => {
  it('takes the 4 newest by creation, children left out', () => {
    const rows = [1, 2, 3, 4, 5].map((n) => makeBooking({ guestName: `G${n}`, createdAt: `2026-01-0${n}T08:00:00.000Z` }));
    rows.push(makeBooking({ guestName: 'Child', isEntireLodgeChild: true, parentBookingId: rows[0].id, createdAt: '2026-02-01T08:00:00.000Z' }));
    expect(recentBookings(rows).map((b) => b.guestName)).toEqual(['G5', 'G4', 'G3', 'G2']);
  });
});

describe('nightlyOccupancy', () => {
  it('counts each active unit once per night, ignoring Cancelled and inactive units', () => {
    const rows = [
      makeBooking({ unitId: 'u1', checkInDate: today, checkOutDate: addDays(today, 2), status: 'Confirmed' }),
      makeBooking({ unitId: 'u1', checkInDate: today, checkOutDate: addDays(today, 1), status: 'Checked-Out' }),
      makeBooking({ unitId: 'u2', checkInDate: addDays(today, 1), checkOutDate: addDays(today, 2), status: 'Cancelled' }),
      makeBooking({ unitId: 'u3', checkInDate: today, checkOutDate: addDays(today, 3), status: 'Confirmed' }),
      makeBooking({ unitId: 'u4', checkInDate: addDays(today, 1), checkOutDate: addDays(today, 2), status: 'Provisional' }),
    ];
    expect(nightlyOccupancy(rows, ['u1', 'u2', 'u4'], today, 3)).toEqual([
      { date: today, percent: 33 },
      { date: addDays(today, 1), percent: 67 },
      { date: addDays(today, 2), percent: 0 },
    ]);
  });
});

describe('upcomingCsv', () => {
  it('lists each day\'s arrivals then departures', () => {
    const rows = [
      makeBooking({ guestName: 'Zola', guestEmail: 'z@x.test', unitName: 'Tent 1', reference: 'LDG-1', checkInDate: today, checkOutDate: addDays(today, 1), status: 'Confirmed' }),
      makeBooking({ guestName: 'Amos', guestEmail: 'a@x.test', unitName: null, unitId: null, reference: 'LDG-2', checkInDate: addDays(today, -3), checkOutDate: today, status: 'Checked-In', numberOfGuests: 12 }),
    ];
    expect(upcomingCsv(upcomingMovements(rows, today)).split('\r\n')).toEqual([
      'Date,Movement,Guest,Email,Unit,Guests,Reference,Status',
      '2026-03-02,Arrival,Zola,z@x.test,Tent 1,2,LDG-1,Confirmed',
      '2026-03-02,Departure,Amos,a@x.test,Entire Lodge,12,LDG-2,Checked-In',
      '2026-03-03,Departure,Zola,z@x.test,Tent 1,2,LDG-1,Confirmed',
      '',
    ]);
  });
});

describe('quickStats', () => {
  it('counts today\'s arrivals still to come in and the share of active units taken tonight', () => {
    const rows = [
      makeBooking({ unitId: 'u1', checkInDate: today, checkOutDate: addDays(today, 2), status: 'Confirmed' }),
      makeBooking({ unitId: 'u2', checkInDate: today, checkOutDate: addDays(today, 1), status: 'Provisional' }),
      // Already in: not an arrival any more, but the unit is taken tonight.
      makeBooking({ unitId: 'u3', checkInDate: today, checkOutDate: addDays(today, 3), status: 'Checked-In' }),
      // Leaves today: the unit is free tonight.
      makeBooking({ unitId: 'u4', checkInDate: addDays(today, -2), checkOutDate: today, status: 'Checked-In' }),
      makeBooking({ unitId: 'u4', checkInDate: today, checkOutDate: addDays(today, 1), status: 'Cancelled' }),
      makeBooking({ unitId: 'u5', checkInDate: addDays(today, 1), checkOutDate: addDays(today, 2), status: 'Confirmed' }),
    ];
    expect(quickStats(rows, ['u1', 'u2', 'u3', 'u4', 'u5'], today)).toEqual({ arrivingToday: 2, occupancyTonight: 60 });
    expect(quickStats([], [], today)).toEqual({ arrivingToday: 0, occupancyTonight: 0 });
  });
});
