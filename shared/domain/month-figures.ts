import type { BookingStatus } from './booking-status.js';
import { addDays, compareIsoDates, nightsBetween, type IsoDate } from './dates.js';
import { centsToRand, randToCents, sumCents } from './money.js';

/**
 * The month's occupancy and revenue from its bookings (the staff home page's cards;
 * docs/design.md, Real figures, not placeholders).
 *
 * A booking counts unless it is Cancelled. Checked-Out stays count: a guest who left on the
 * 10th filled the unit from the 1st, and leaving them out would make the month's occupancy
 * fall as it goes by. Provisional ones count too: they hold their unit as the calendar shows.
 */

/** The fields of a booking (shared/contracts/bookings.ts) the figures read. */
export interface FigureBooking {
  /** null for an entire-lodge parent: its children hold the units. */
  unitId: string | null;
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
  status: BookingStatus;
  /** Rand. */
  totalAmount: number;
  isEntireLodgeChild: boolean;
}

/** A month as its first and last dates, both included ('2026-02-01' .. '2026-02-28'). */
export interface MonthRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

export interface MonthOccupancy {
  /** Distinct (unit, night) pairs of the month taken by a counting booking on an active unit. */
  bookedUnitNights: number;
  /** Active units x nights in the month. */
  availableUnitNights: number;
  /** bookedUnitNights / availableUnitNights, 0..1; null when there is no active unit. */
  rate: number | null;
}

function counts(booking: Pick<FigureBooking, 'status'>): boolean {
  return booking.status !== 'Cancelled';
}

/**
 * Occupancy of the month: booked unit-nights / (active units x nights in the month). A night
 * belongs to the month when it starts on one of its dates, so a stay across the month's end
 * counts only its nights inside. Entire-lodge children each hold a unit and count like any
 * booking; their parent has no unit, so the lodge is not counted twice. Unit-nights are
 * counted once even if two rows name the same unit and night (a checked-out stay and the
 * next guest's are both non-cancelled), so the rate never passes 100 %.
 */
export function monthOccupancy(bookings: readonly FigureBooking[], activeUnitIds: readonly string[], month: MonthRange): MonthOccupancy {
  const units = new Set(activeUnitIds);
  const monthNights = nightsBetween(month.startDate, addDays(month.endDate, 1));
  const firstNight = month.startDate;
  const afterLastNight = addDays(month.endDate, 1);
  const taken = new Set<string>();
  for (const booking of bookings) {
    if (!counts(booking) || booking.unitId === null || !units.has(booking.unitId)) continue;
    const from = compareIsoDates(booking.checkInDate, firstNight) > 0 ? booking.checkInDate : firstNight;
    const to = compareIsoDates(booking.checkOutDate, afterLastNight) < 0 ? booking.checkOutDate : afterLastNight;
    for (const night of nightsBetween(from, to)) taken.add(`${booking.unitId}|${night}`);
  }
  const availableUnitNights = units.size * monthNights.length;
  return {
    bookedUnitNights: taken.size,
    availableUnitNights,
    rate: availableUnitNights > 0 ? taken.size / availableUnitNights : null,
  };
}

/**
 * Booked value, in rand: the totals of the bookings that are not Cancelled (a cancelled
 * booking brings in nothing, refunded or never paid). Not cash received: unpaid Provisional
 * bookings are in it, refunds of bookings still standing are not taken off. The caller
 * leaves out entire-lodge children (their parent carries the price).
 */
export function bookedValue(bookings: readonly Pick<FigureBooking, 'status' | 'totalAmount'>[]): number {
  return centsToRand(sumCents(bookings.filter(counts).map((booking) => randToCents(booking.totalAmount))));
}

/**
 * Revenue of the month, in rand: the totalAmount of every non-cancelled booking that checks in
 * during the month, so a stay is counted once, in the month it starts, whatever its length.
 * Entire-lodge parents carry the lodge's price and count; their children (which hold the
 * units, not the money) do not. This is booked value, not cash received: unpaid Provisional
 * bookings are in it, refunds are not taken off.
 */
export function monthRevenue(bookings: readonly FigureBooking[], month: MonthRange): number {
  const amounts = bookings
    .filter(
      (booking) =>
        counts(booking) &&
        !booking.isEntireLodgeChild &&
        compareIsoDates(booking.checkInDate, month.startDate) >= 0 &&
        compareIsoDates(booking.checkInDate, month.endDate) <= 0,
    )
    .map((booking) => randToCents(booking.totalAmount));
  return centsToRand(sumCents(amounts));
}
