import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { isValidIsoDate, LODGE_TIME_ZONE, type IsoDate } from './domain/dates.js';

/**
 * How money and dates read, the same on every screen, in every e-mail and in the chat's
 * answers. Pure: date-fns for the patterns and @date-fns/tz (Intl) for the lodge's clock.
 */

/**
 * Rand: 'R2,450', 'R2,450.50', '-R300'. Comma thousands (as the spec writes R125,400) and
 * cents only when there are any. Built by hand rather than with Intl 'en-ZA', whose grouping
 * character (a no-break space) and decimal comma differ between ICU versions and would make
 * the same amount read differently per device. Integer cents go through `centsToRand` first.
 */
export function formatRand(amount: number): string {
  if (!Number.isFinite(amount)) return 'R0';
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}R${grouped}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * Rand always to the cent: 'R2,450.00', '-R300.50'. Documents (invoices, credit notes, their
 * CSV) show every amount this way, so columns line up and nothing reads as rounded.
 */
export function formatRandToCent(amount: number): string {
  if (!Number.isFinite(amount)) return 'R0.00';
  const cents = Math.round(Math.abs(amount) * 100);
  const grouped = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}R${grouped}.${String(cents % 100).padStart(2, '0')}`;
}

// Calendar dates ('YYYY-MM-DD': a stay's days, a rate's range) have no zone: they are read as
// a date of the process's own zone and shown as written, so they never shift a day.

function calendarDate(date: IsoDate): Date {
  if (!isValidIsoDate(date)) throw new RangeError(`Not a valid date 'YYYY-MM-DD': ${JSON.stringify(date)}`);
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** 'Nov 05' (the back office's 'MMM dd'). */
export const formatMonthDay = (date: IsoDate) => format(calendarDate(date), 'MMM dd');
/** 'Nov 05, 2026' (the back office's 'MMM dd, yyyy'). */
export const formatMonthDayYear = (date: IsoDate) => format(calendarDate(date), 'MMM dd, yyyy');
/** 'Thursday, Nov 05' (a day heading of the dashboard's arrivals). */
export const formatWeekdayDate = (date: IsoDate) => format(calendarDate(date), 'EEEE, MMM dd');
/** 'Thu' */
export const formatWeekdayShort = (date: IsoDate) => format(calendarDate(date), 'EEE');
/** '5' */
export const formatDayOfMonth = (date: IsoDate) => format(calendarDate(date), 'd');
/** 'Fri 12 Dec': a night in a price list, a day of a stay at the front desk. */
export const formatStayDay = (date: IsoDate) => format(calendarDate(date), 'EEE d MMM');
/** 'Fri 12 Dec 2026': a stay's check-in or check-out as guests read it (booking flow, e-mails, chat). */
export const formatStayDate = (date: IsoDate) => format(calendarDate(date), 'EEE d MMM yyyy');

// Moments (an ISO timestamp or a Date) read in the lodge's time, whatever zone the device or
// the server runs in.

const lodgeZone = tz(LODGE_TIME_ZONE);
const atLodge = (moment: string | Date, pattern: string) => format(new Date(moment), pattern, { in: lodgeZone });

/** 'Nov 05, 14:30' (the back office's 'MMM dd, HH:mm'). */
export const formatLodgeDateTime = (moment: string | Date) => atLodge(moment, 'MMM dd, HH:mm');
/** 'Nov 05, 2026, 14:30': where the year matters (the audit log, a last login). */
export const formatLodgeDateTimeYear = (moment: string | Date) => atLodge(moment, 'MMM dd, yyyy, HH:mm');
/** 'Saturday 28 November 2026': an event's day on the public What's on page. */
export const formatLodgeEventDay = (moment: string | Date) => atLodge(moment, 'EEEE d MMMM yyyy');
/** '19:30': an event's start, lodge time. */
export const formatLodgeTime = (moment: string | Date) => atLodge(moment, 'HH:mm');
/** 'November 5th, 2026' (the back office's 'PPP': an event's date). */
export const formatLodgeLongDate = (moment: string | Date) => atLodge(moment, 'PPP');
/**
 * '23 Nov 2026, 14:30 SAST': a deadline or receipt time in an e-mail, and the guest's hold
 * deadline on the booking page (the same words as the e-mail). Read later and possibly far
 * from the lodge, so it has the year and names the zone (Johannesburg has no DST).
 */
export const formatLodgeDateTimeSast = (moment: string | Date) => `${atLodge(moment, 'd MMM yyyy, HH:mm')} SAST`;

/**
 * Where a booking stays, as staff and guests read it: its unit; for a group, its type and
 * how many units ("Safari Tent · 2 units"); a stay split over units by a room move, "Split
 * stay" (its units are its segments'); otherwise (an entire-lodge parent) "Entire Lodge".
 */
export function bookingPlaceLabel(b: { unitName: string | null; unitCount?: number; accommodationTypeName: string; isSplitStay?: boolean }): string {
  if (b.unitName) return b.unitName;
  if (b.isSplitStay) return 'Split stay';
  return b.unitCount ? `${b.accommodationTypeName} · ${unitsLabel(b.unitCount)}` : 'Entire Lodge';
}

/** "1 unit", "2 units". */
export function unitsLabel(count: number): string {
  return `${count} ${count === 1 ? 'unit' : 'units'}`;
}

/** What a screen shows where a walk-in or phone guest has no e-mail address. */
export const NO_EMAIL = 'No e-mail';

/** A guest's contact line in a list: the e-mail, else the phone ("No e-mail" when neither is known here). */
export function guestContactLabel(b: { guestEmail: string | null; guestPhone?: string | null }): string {
  return b.guestEmail ?? b.guestPhone ?? NO_EMAIL;
}
