import type { Role } from '../roles.js';
import { allowedNextStatuses, type BookingStatus } from './booking-status.js';
import { compareIsoDates, daysInWindow, type IsoDate } from './dates.js';

/**
 * Arrivals, departures, guests in house and no-shows: the one rule every list of them uses
 * (the API's upcoming arrivals, the dashboard and its quick stats, the front desk, the
 * calendar's check-ins), online and offline alike, so the back office and the desk never
 * disagree about who comes and goes.
 *
 * Each function takes one question, `{ booking, today }` (plus `actor` for what the desk may
 * do), with `today` the lodge's date (Johannesburg, `todayInLodge`), never the device's or
 * the server's. The question carries the date even where today's rules do not need it, so
 * that a date guard in the state machine (no check-in before the arrival date, a no-show
 * marked from the next day) changes this file and not its callers.
 *
 * Decisions, and why:
 * - An entire-lodge booking's per-unit rows (children) are never a movement: the parent
 *   stands for the group at the desk and carries its price, so nothing is counted twice.
 * - An arrival is a guest still expected: Provisional or Confirmed (not yet in), with the
 *   check-in date today or later. Once checked in the booking leaves the arrivals; a
 *   check-in date that has passed without a check-in makes it a no-show instead.
 * - A departure is a guest who will leave from the lodge on the check-out date: in house
 *   (Checked-In), or still expected to arrive before then. So on the 7-day list a Confirmed
 *   guest arriving tomorrow for 3 nights departs in 4 days although not yet checked in: that
 *   unit is turned over that morning whatever happens at check-in. Cancelled and
 *   Checked-Out never depart (nobody is there to leave), and neither does a no-show (the
 *   guest never came; the desk cancels or checks in the late guest, and only then do they
 *   leave). For today this is exactly "in house and due out today", the guests the desk can
 *   check out now: a stay has at least one night, so a guest departing today and not yet in
 *   would have had to arrive before today and is a no-show. The dashboard's "Today" and the
 *   desk's Departures are therefore one list.
 * - In house is Checked-In, whatever the dates: a guest past the check-out date has not left
 *   until checked out.
 * - A guest checked out or cancelled is nothing on the desk's day.
 */

/** What the rule reads of a booking (the API's rows and the PWA's stored bookings both have it). */
export interface StayBooking {
  status: BookingStatus;
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
  isEntireLodgeChild: boolean;
}

export interface StayQuestion<B extends StayBooking = StayBooking> {
  booking: B;
  /** The lodge's date, 'YYYY-MM-DD' in Johannesburg. */
  today: IsoDate;
}

export interface DeskQuestion<B extends StayBooking = StayBooking> extends StayQuestion<B> {
  /** Who is at the desk; nobody signed in may do nothing. */
  actor: Role | null | undefined;
}

/** Days on the dashboard's upcoming arrivals and departures, today included. */
export const UPCOMING_MOVEMENT_DAYS = 7;

export type MovementType = 'arrival' | 'departure';

export interface StayMovement {
  /** The check-in date while the guest is still expected (see above), else null. */
  arrivesOn: IsoDate | null;
  /** The check-out date when the guest will leave from the lodge (see above), else null. */
  departsOn: IsoDate | null;
  inHouse: boolean;
  noShow: boolean;
}

const NOTHING: StayMovement = { arrivesOn: null, departsOn: null, inHouse: false, noShow: false };

/** What a booking is to the desk on `today`. */
export function stayMovement({ booking, today }: StayQuestion): StayMovement {
  if (booking.isEntireLodgeChild) return NOTHING;
  switch (booking.status) {
    case 'Provisional':
    case 'Confirmed': {
      const expected = compareIsoDates(booking.checkInDate, today) >= 0;
      return expected
        ? { arrivesOn: booking.checkInDate, departsOn: booking.checkOutDate, inHouse: false, noShow: false }
        : { ...NOTHING, noShow: true };
    }
    case 'Checked-In':
      return { arrivesOn: null, departsOn: booking.checkOutDate, inHouse: true, noShow: false };
    case 'Checked-Out':
    case 'Cancelled':
      return NOTHING;
  }
}

/** Due to check in today and not yet in. */
export function isArrivalToday(question: StayQuestion): boolean {
  return stayMovement(question).arrivesOn === question.today;
}

/** Due to check out today and in house. */
export function isDepartureToday(question: StayQuestion): boolean {
  return stayMovement(question).departsOn === question.today;
}

export function isInHouse(question: StayQuestion): boolean {
  return stayMovement(question).inHouse;
}

/** The check-in date has passed and the guest never checked in (still Provisional or Confirmed). */
export function isNoShow(question: StayQuestion): boolean {
  return stayMovement(question).noShow;
}

/**
 * The stay begins today, whether the guest is still expected or already came in (checked in,
 * or even out again): today's arrivals plus those already done. The calendar's "Check-ins
 * Today" and "Today's Revenue" count these, so the figures do not drop as guests arrive.
 */
export function isCheckInDay(question: StayQuestion): boolean {
  const { booking, today } = question;
  if (isArrivalToday(question)) return true;
  return !booking.isEntireLodgeChild && booking.checkInDate === today && (booking.status === 'Checked-In' || booking.status === 'Checked-Out');
}

export interface Movement<B> {
  type: MovementType;
  date: IsoDate;
  booking: B;
}

/**
 * The arrivals and departures of `days` lodge days from today (today included), in the
 * order of the bookings given: a booking is at most one arrival and one departure. The
 * dashboard's list, its quick stats and the API's upcoming arrivals are all this.
 */
export function movementsInWindow<B extends StayBooking>(bookings: readonly B[], today: IsoDate, days = UPCOMING_MOVEMENT_DAYS): Movement<B>[] {
  const inWindow = new Set(daysInWindow(today, days));
  const movements: Movement<B>[] = [];
  for (const booking of bookings) {
    const { arrivesOn, departsOn } = stayMovement({ booking, today });
    if (arrivesOn !== null && inWindow.has(arrivesOn)) movements.push({ type: 'arrival', date: arrivesOn, booking });
    if (departsOn !== null && inWindow.has(departsOn)) movements.push({ type: 'departure', date: departsOn, booking });
  }
  return movements;
}

/** The status moves the desk offers, in the order of a stay: confirm, check in, check out, cancel. */
const DESK_MOVES = ['Confirmed', 'Checked-In', 'Checked-Out', 'Cancelled'] as const satisfies readonly BookingStatus[];
export type DeskMove = (typeof DESK_MOVES)[number];

/**
 * The moves the state machine allows the actor from the booking's status, as the desk
 * offers them: an arrival may be confirmed, checked in or cancelled; a guest in house (a
 * departure among them) checked out; a no-show checked in late or cancelled; a check-out
 * made by mistake undone by a Manager or SuperAdmin. Confirm is offered for a Provisional
 * booking only: from Checked-In or Cancelled it would be a correction or a reopening, which
 * belong to the bookings page, not to the desk's buttons.
 */
export function deskMoves({ booking, today, actor }: DeskQuestion): DeskMove[] {
  if (!actor) return [];
  // With the dates: no check-in is offered before the arrival date (a Manager's override
  // is a separate, explicit step), so an arrival is checked in from its day and a no-show
  // (from the next day) checked in late.
  const allowed = allowedNextStatuses(booking.status, actor, { today, checkInDate: booking.checkInDate });
  return DESK_MOVES.filter((to) => to !== booking.status && allowed.includes(to) && (to !== 'Confirmed' || booking.status === 'Provisional'));
}

const MOVEMENT_MOVE = { arrival: 'Checked-In', departure: 'Checked-Out' } as const satisfies Record<MovementType, DeskMove>;

/**
 * The one-tap move of an arrivals or departures list (check in, check out), or undefined
 * when the desk may not make it now: the lists show a booking's status instead.
 */
export function movementMove(type: MovementType, question: DeskQuestion): (typeof MOVEMENT_MOVE)[MovementType] | undefined {
  const move = MOVEMENT_MOVE[type];
  return deskMoves(question).includes(move) ? move : undefined;
}
