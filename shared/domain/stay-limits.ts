import { addDays, compareIsoDates, nightCount, type IsoDate } from './dates.js';
import { formatStayDate } from '../format.js';

/**
 * How long and how far ahead a stay may be (Lodge Settings: maxStayNights and
 * bookingHorizonDays). Checked before any pricing or availability work, on the server (the
 * routes that take a stay) and in the booking page's date pickers, with the same messages.
 *
 * Guests may stay at most maxStayNights. Staff may book longer stays (a long-term booking
 * made at the desk), but no longer than the horizon itself, which also keeps every total
 * far inside the money maths' safe range. Both stay within the horizon: the last night that
 * can be booked is today + bookingHorizonDays - 1 (check-out at most today + bookingHorizonDays).
 */
export interface StayLimits {
  maxStayNights: number;
  bookingHorizonDays: number;
}

export function maxStayMessage(nights: number): string {
  return `Stays can be at most ${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

export function horizonMessage(lastCheckOut: IsoDate): string {
  return `Bookings can be made up to ${formatStayDate(lastCheckOut)}`;
}

/** The last check-out date that can be booked today. */
export function lastBookableDate(today: IsoDate, limits: StayLimits): IsoDate {
  return addDays(today, limits.bookingHorizonDays);
}

/**
 * What is wrong with a stay's dates against the limits, by field (the caller names its own
 * fields), or an empty object. `staff`: the longest stay is the horizon, not maxStayNights.
 */
export function stayLimitIssues<In extends string, Out extends string>(
  stay: { checkIn: IsoDate; checkOut: IsoDate },
  fields: { checkIn: In; checkOut: Out },
  today: IsoDate,
  limits: StayLimits,
  staff = false,
): Partial<Record<In | Out, string>> {
  const issues: Partial<Record<In | Out, string>> = {};
  const last = lastBookableDate(today, limits);
  if (compareIsoDates(stay.checkIn, last) >= 0) issues[fields.checkIn] = horizonMessage(last);
  if (compareIsoDates(stay.checkOut, last) > 0) {
    issues[fields.checkOut] = horizonMessage(last);
    return issues;
  }
  const longest = staff ? limits.bookingHorizonDays : limits.maxStayNights;
  if (nightCount(stay.checkIn, stay.checkOut) > longest) issues[fields.checkOut] = maxStayMessage(longest);
  return issues;
}
