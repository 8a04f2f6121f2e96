import { format } from 'date-fns';
import { tz, TZDate } from '@date-fns/tz';

/**
 * Stay dates are calendar dates ('YYYY-MM-DD', no time, no zone). Their arithmetic runs on
 * UTC day numbers so it never depends on the process time zone; only the step from an
 * instant to a lodge date ("today", "14:00 at the lodge") involves a zone, and that goes
 * through @date-fns/tz.
 */

export const LODGE_TIME_ZONE = 'Africa/Johannesburg';

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDate = string;

export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const MS_PER_DAY = 86_400_000;

const lodgeZone = tz(LODGE_TIME_ZONE);

/** A real calendar date in 'YYYY-MM-DD' form: '2026-02-30', '2026-13-01' and '2026-2-3' are not. */
export function isValidIsoDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(utcMidnight(year, month + 1, 0)).getUTCDate();
}

/** Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not. Month is 1-based. */
function utcMidnight(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** Days since 1970-01-01 for a calendar date. Throws on an invalid date. */
export function isoDateToDayNumber(date: IsoDate): number {
  assertIsoDate(date);
  const [year, month, day] = date.split('-').map(Number);
  return utcMidnight(year, month, day) / MS_PER_DAY;
}

export function dayNumberToIsoDate(dayNumber: number): IsoDate {
  const date = new Date(dayNumber * MS_PER_DAY);
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`Date out of range: day ${dayNumber}`);
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${month}-${day}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be an integer: ${days}`);
  return dayNumberToIsoDate(isoDateToDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return isoDateToDayNumber(to) - isoDateToDayNumber(from);
}

/** Number of nights of a stay: check-out minus check-in (0 or less for an invalid stay). */
export function nightCount(checkIn: IsoDate, checkOut: IsoDate): number {
  return daysBetween(checkIn, checkOut);
}

/** The nights of a stay, each named by the date it starts on; empty when checkOut <= checkIn. */
export function nightsBetween(checkIn: IsoDate, checkOut: IsoDate): IsoDate[] {
  return daysInWindow(checkIn, Math.max(0, nightCount(checkIn, checkOut)));
}

/** `days` consecutive dates from `start` (the 14-day calendar, the 7-day arrivals list). */
export function daysInWindow(start: IsoDate, days: number): IsoDate[] {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Days must be a non-negative integer: ${days}`);
  const first = isoDateToDayNumber(start);
  return Array.from({ length: days }, (_, i) => dayNumberToIsoDate(first + i));
}

/** 0 = Sunday ... 6 = Saturday, as Date#getDay. */
export function dayOfWeek(date: IsoDate): number {
  return new Date(isoDateToDayNumber(date) * MS_PER_DAY).getUTCDay();
}

/** A night is a weekend night when it starts on a Friday or a Saturday (DESIGN.md section 3). */
export function isWeekendNight(night: IsoDate): boolean {
  const weekday = dayOfWeek(night);
  return weekday === 5 || weekday === 6;
}

/** The lodge's calendar date at an instant: "today" is today in Johannesburg, whatever the server's zone. */
export function lodgeDateOf(instant: Date): IsoDate {
  // Every request asks "today at the lodge", and the zone step costs a few Intl calls: the
  // answer is kept per minute of the instant (time zone offsets move in whole minutes).
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDate = format(instant, 'yyyy-MM-dd', { in: lodgeZone });
    lastMinute = minute;
  }
  return lastDate;
}
let lastMinute = NaN;
let lastDate: IsoDate = '';

/** The lodge's wall-clock time of an instant, 'HH:mm' (24 hours), e.g. "checked in at 10:42". */
export function lodgeTimeOf(instant: Date): string {
  return format(instant, 'HH:mm', { in: lodgeZone });
}

export function todayInLodge(now: Date): IsoDate {
  return lodgeDateOf(now);
}

/** The instant of a wall-clock time at the lodge, e.g. check-in '14:00' on a date. */
export function lodgeDateTimeToUtc(date: IsoDate, time: string): Date {
  assertIsoDate(date);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const [hours, minutes] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(hours <= 23 && minutes <= 59)) throw new RangeError(`Not a time of day 'HH:mm': ${time}`);
  const [year, month, day] = date.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, LODGE_TIME_ZONE).getTime());
}

export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  // Zero-padded 'YYYY-MM-DD' sorts like the dates it names.
  return a < b ? -1 : a > b ? 1 : 0;
}

function assertIsoDate(date: IsoDate): void {
  if (!isValidIsoDate(date)) throw new RangeError(`Not a valid date 'YYYY-MM-DD': ${JSON.stringify(date)}`);
}
