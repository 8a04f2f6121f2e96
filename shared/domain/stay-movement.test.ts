import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from './booking-status.js';
import { addDays, lodgeDateTimeToUtc, todayInLodge } from './dates.js';
import { STAFF_ROLES, type Role } from '../roles.js';
import {
  UPCOMING_MOVEMENT_DAYS,
  deskMoves,
  isArrivalToday,
  isCheckInDay,
  isDepartureToday,
  isInHouse,
  isNoShow,
  movementMove,
  movementsInWindow,
  stayMovement,
  type StayBooking,
} from './stay-movement.js';

const today = todayInLodge(new Date());
const day = (offset: number) => addDays(today, offset);

function stay(status: BookingStatus, checkIn: number, checkOut: number, isEntireLodgeChild = false): StayBooking {
  return { status, checkInDate: day(checkIn), checkOutDate: day(checkOut), isEntireLodgeChild };
}

/** Every question's four answers, in one value a failing assertion shows whole. */
const answers = (booking: StayBooking, on = today) => ({
  arrival: isArrivalToday({ booking, today: on }),
  departure: isDepartureToday({ booking, today: on }),
  inHouse: isInHouse({ booking, today: on }),
  noShow: isNoShow({ booking, today: on }),
});
const none = { arrival: false, departure: false, inHouse: false, noShow: false };

describe('stayMovement: each status around today', () => {
  it.each<[BookingStatus, number, number, ReturnType<typeof stayMovement>]>([
    // Still expected: arrives on its check-in date and departs on its check-out date.
    ['Provisional', 0, 2, { arrivesOn: day(0), departsOn: day(2), inHouse: false, noShow: false }],
    ['Confirmed', 0, 2, { arrivesOn: day(0), departsOn: day(2), inHouse: false, noShow: false }],
    ['Confirmed', 1, 4, { arrivesOn: day(1), departsOn: day(4), inHouse: false, noShow: false }],
    // The check-in date passed without a check-in: a no-show, neither arriving nor departing.
    ['Provisional', -1, 2, { arrivesOn: null, departsOn: null, inHouse: false, noShow: true }],
    ['Confirmed', -3, 0, { arrivesOn: null, departsOn: null, inHouse: false, noShow: true }],
    ['Confirmed', -5, -2, { arrivesOn: null, departsOn: null, inHouse: false, noShow: true }],
    // In house whatever the dates, leaving on the check-out date (past for an overstay).
    ['Checked-In', -2, 0, { arrivesOn: null, departsOn: day(0), inHouse: true, noShow: false }],
    ['Checked-In', 0, 3, { arrivesOn: null, departsOn: day(3), inHouse: true, noShow: false }],
    ['Checked-In', -4, -1, { arrivesOn: null, departsOn: day(-1), inHouse: true, noShow: false }],
    ['Checked-In', 2, 4, { arrivesOn: null, departsOn: day(4), inHouse: true, noShow: false }],
    // Gone or never coming: nothing.
    ['Checked-Out', -2, 0, { arrivesOn: null, departsOn: null, inHouse: false, noShow: false }],
    ['Checked-Out', 0, 1, { arrivesOn: null, departsOn: null, inHouse: false, noShow: false }],
    ['Cancelled', 0, 2, { arrivesOn: null, departsOn: null, inHouse: false, noShow: false }],
    ['Cancelled', -2, 0, { arrivesOn: null, departsOn: null, inHouse: false, noShow: false }],
    ['Cancelled', -3, -1, { arrivesOn: null, departsOn: null, inHouse: false, noShow: false }],
  ])('%s, check-in day %i, check-out day %i', (status, checkIn, checkOut, expected) => {
    expect(stayMovement({ booking: stay(status, checkIn, checkOut), today })).toEqual(expected);
  });

  it('never makes an entire-lodge child a movement, whatever its status: the parent stands for the group', () => {
    for (const status of BOOKING_STATUSES) {
      for (const [checkIn, checkOut] of [[0, 2], [-2, 0], [-1, 1]]) {
        const booking = stay(status, checkIn, checkOut, true);
        expect(stayMovement({ booking, today })).toEqual({ arrivesOn: null, departsOn: null, inHouse: false, noShow: false });
        expect(isCheckInDay({ booking, today })).toBe(false);
      }
    }
  });
});

describe("today's questions", () => {
  it('arrival today: due in today and not yet in', () => {
    expect(answers(stay('Confirmed', 0, 2))).toEqual({ ...none, arrival: true });
    expect(answers(stay('Provisional', 0, 2))).toEqual({ ...none, arrival: true });
    // Checked in: in house, no longer an arrival.
    expect(answers(stay('Checked-In', 0, 2))).toEqual({ ...none, inHouse: true });
    expect(answers(stay('Confirmed', 1, 2))).toEqual(none);
    expect(answers(stay('Cancelled', 0, 2))).toEqual(none);
  });

  it('departure today: due out today and in house', () => {
    expect(answers(stay('Checked-In', -2, 0))).toEqual({ ...none, departure: true, inHouse: true });
    expect(answers(stay('Checked-In', -2, 1))).toEqual({ ...none, inHouse: true });
    // Due out today but never came: a no-show, not a departure.
    expect(answers(stay('Confirmed', -2, 0))).toEqual({ ...none, noShow: true });
    expect(answers(stay('Provisional', -1, 0))).toEqual({ ...none, noShow: true });
    // Already gone.
    expect(answers(stay('Checked-Out', -2, 0))).toEqual(none);
    // Overstayed: still in house, no longer on today's departures.
    expect(answers(stay('Checked-In', -3, -1))).toEqual({ ...none, inHouse: true });
  });

  it('one night: an arrival today departs tomorrow, and yesterday\'s one night departs today only if checked in', () => {
    const tonight = stay('Confirmed', 0, 1);
    expect(answers(tonight)).toEqual({ ...none, arrival: true });
    expect(answers(tonight, day(1))).toEqual({ ...none, noShow: true });
    expect(answers({ ...tonight, status: 'Checked-In' }, day(1))).toEqual({ ...none, departure: true, inHouse: true });
    expect(answers({ ...tonight, status: 'Checked-Out' }, day(1))).toEqual(none);
  });

  it('no-show from the day after the check-in date, while still Provisional or Confirmed', () => {
    expect(isNoShow({ booking: stay('Confirmed', 0, 2), today })).toBe(false);
    expect(isNoShow({ booking: stay('Confirmed', -1, 2), today })).toBe(true);
    expect(isNoShow({ booking: stay('Provisional', -1, 2), today })).toBe(true);
    expect(isNoShow({ booking: stay('Checked-In', -1, 2), today })).toBe(false);
    expect(isNoShow({ booking: stay('Checked-Out', -1, 0), today })).toBe(false);
    expect(isNoShow({ booking: stay('Cancelled', -1, 2), today })).toBe(false);
  });

  it("today is the lodge's date: at 23:59 in Johannesburg (21:59 UTC) the guest is still today's arrival, a minute later a no-show", () => {
    const booking = stay('Confirmed', 0, 2);
    const midnight = lodgeDateTimeToUtc(day(1), '00:00');
    expect(midnight.toISOString().slice(11, 16)).toBe('22:00');
    const before = todayInLodge(new Date(midnight.getTime() - 60_000));
    const after = todayInLodge(midnight);
    expect([before, after]).toEqual([today, day(1)]);
    // In UTC both instants are the same calendar day: a server or tablet on UTC would be wrong.
    expect(new Date(midnight.getTime() - 60_000).toISOString().slice(0, 10)).toBe(midnight.toISOString().slice(0, 10));
    expect(answers(booking, before)).toEqual({ ...none, arrival: true });
    expect(answers(booking, after)).toEqual({ ...none, noShow: true });
  });
});

describe('isCheckInDay (the calendar: stays beginning today)', () => {
  it.each<[BookingStatus, number, boolean]>([
    ['Provisional', 0, true],
    ['Confirmed', 0, true],
    ['Checked-In', 0, true],
    ['Checked-Out', 0, true],
    ['Cancelled', 0, false],
    ['Confirmed', 1, false],
    ['Checked-In', -1, false],
    ['Confirmed', -1, false],
  ])('%s checking in on day %i: %s', (status, checkIn, expected) => {
    expect(isCheckInDay({ booking: stay(status, checkIn, checkIn + 2), today })).toBe(expected);
  });
});

describe('movementsInWindow (the 7-day list)', () => {
  const summary = (bookings: (StayBooking & { id: string })[], days?: number) =>
    movementsInWindow(bookings, today, days).map((m) => [m.type, m.date, m.booking.id]);

  it('lists each day from today through day 6: arrivals and departures of the guests expected or in house', () => {
    const rows = [
      { id: 'tomorrow-3-nights', ...stay('Confirmed', 1, 4) },
      { id: 'in-house-leaving-today', ...stay('Checked-In', -2, 0) },
      { id: 'arriving-today', ...stay('Provisional', 0, 1) },
      { id: 'last-day', ...stay('Confirmed', 6, 9) },
      { id: 'too-late', ...stay('Confirmed', 7, 8) },
      { id: 'no-show-leaving-today', ...stay('Confirmed', -1, 0) },
      { id: 'no-show-leaving-later', ...stay('Confirmed', -1, 3) },
      { id: 'left-today', ...stay('Checked-Out', -2, 0) },
      { id: 'cancelled', ...stay('Cancelled', 1, 3) },
      { id: 'left-yesterday', ...stay('Checked-In', -3, -1) },
      { id: 'child', ...stay('Confirmed', 1, 2, true) },
    ];
    expect(summary(rows)).toEqual([
      // Not yet checked in, but the unit turns over on day 4 all the same.
      ['arrival', day(1), 'tomorrow-3-nights'],
      ['departure', day(4), 'tomorrow-3-nights'],
      ['departure', day(0), 'in-house-leaving-today'],
      ['arrival', day(0), 'arriving-today'],
      ['departure', day(1), 'arriving-today'],
      ['arrival', day(6), 'last-day'],
    ]);
    expect(UPCOMING_MOVEMENT_DAYS).toBe(7);
  });

  it("with one day it is today's arrivals and departures, exactly the desk's", () => {
    const rows = [
      { id: 'a', ...stay('Confirmed', 0, 2) },
      { id: 'b', ...stay('Checked-In', -1, 0) },
      { id: 'c', ...stay('Checked-In', 0, 1) },
      { id: 'd', ...stay('Confirmed', 1, 2) },
    ];
    expect(summary(rows, 1)).toEqual([
      ['arrival', today, 'a'],
      ['departure', today, 'b'],
    ]);
    for (const r of rows) {
      const mine = summary([r], 1).map(([type]) => type);
      expect(mine.includes('arrival')).toBe(isArrivalToday({ booking: r, today }));
      expect(mine.includes('departure')).toBe(isDepartureToday({ booking: r, today }));
    }
  });

  it('is empty for no bookings', () => {
    expect(movementsInWindow([], today)).toEqual([]);
  });
});

describe('deskMoves: what the state machine lets the actor do, per movement', () => {
  const moves = (status: BookingStatus, checkIn: number, checkOut: number, actor: Role | null | undefined) =>
    deskMoves({ booking: stay(status, checkIn, checkOut), today, actor });

  it.each(STAFF_ROLES)('%s: arrivals are confirmed, checked in or cancelled; guests in house checked out; no-shows checked in late or cancelled', (role) => {
    expect(moves('Provisional', 0, 2, role)).toEqual(['Confirmed', 'Checked-In', 'Cancelled']);
    expect(moves('Confirmed', 0, 2, role)).toEqual(['Checked-In', 'Cancelled']);
    // A departure (in house, due out today) and any other guest in house.
    expect(moves('Checked-In', -2, 0, role)).toEqual(['Checked-Out']);
    expect(moves('Checked-In', -1, 3, role)).toEqual(['Checked-Out']);
    expect(moves('Confirmed', -1, 2, role)).toEqual(['Checked-In', 'Cancelled']);
    expect(moves('Provisional', -1, 2, role)).toEqual(['Confirmed', 'Checked-In', 'Cancelled']);
  });

  it.each(STAFF_ROLES)('%s: an arrival of a later day is not offered a check-in (confirm and cancel only)', (role) => {
    expect(moves('Confirmed', 1, 3, role)).toEqual(['Cancelled']);
    expect(moves('Provisional', 6, 8, role)).toEqual(['Confirmed', 'Cancelled']);
    expect(movementMove('arrival', { booking: stay('Confirmed', 1, 3), today, actor: role })).toBeUndefined();
    // On the arrival date it is offered, and a no-show (from the next day) is checked in late.
    expect(movementMove('arrival', { booking: stay('Confirmed', 0, 2), today, actor: role })).toBe('Checked-In');
    expect(isNoShow({ booking: stay('Confirmed', 0, 2), today })).toBe(false);
    expect(isNoShow({ booking: stay('Confirmed', -1, 2), today })).toBe(true);
  });

  it('a check-out is undone at the desk only by those who may reopen it; a cancellation never', () => {
    expect(moves('Checked-Out', -2, 0, 'Receptionist')).toEqual([]);
    expect(moves('Checked-Out', -2, 0, 'Manager')).toEqual(['Checked-In']);
    expect(moves('Checked-Out', -2, 0, 'SuperAdmin')).toEqual(['Checked-In']);
    for (const role of STAFF_ROLES) expect(moves('Cancelled', 0, 2, role)).toEqual([]);
  });

  it('nobody signed in may do nothing', () => {
    for (const status of BOOKING_STATUSES) {
      expect(moves(status, 0, 2, null)).toEqual([]);
      expect(moves(status, 0, 2, undefined)).toEqual([]);
    }
  });

  it("movementMove: the list's one tap is check in for an arrival, check out for a departure, when allowed", () => {
    const ask = (booking: StayBooking, actor: Role | null = 'Receptionist') => ({ booking, today, actor });
    expect(movementMove('arrival', ask(stay('Confirmed', 0, 2)))).toBe('Checked-In');
    expect(movementMove('arrival', ask(stay('Provisional', 0, 2)))).toBe('Checked-In');
    expect(movementMove('departure', ask(stay('Checked-In', -2, 0)))).toBe('Checked-Out');
    // A future departure not yet in: listed, but nobody to check out yet.
    expect(movementMove('departure', ask(stay('Confirmed', 1, 3)))).toBeUndefined();
    expect(movementMove('arrival', ask(stay('Checked-In', 0, 2)))).toBeUndefined();
    expect(movementMove('arrival', ask(stay('Confirmed', 0, 2), null))).toBeUndefined();
    expect(movementMove('departure', ask(stay('Checked-Out', -2, 0), 'SuperAdmin'))).toBeUndefined();
  });
});
