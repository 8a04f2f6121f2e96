/**
 * Stay dates are calendar dates ('YYYY-MM-DD', no time, no zone). Their arithmetic runs on
 * UTC day numbers so it never depends on the process time zone; only the step from an
 * instant to a lodge date ("today", "14:00 at the lodge") involves the lodge's zone, which is
 * two hours ahead of UTC all year (LODGE_UTC_OFFSET_MS).
 */

export const LODGE_TIME_ZONE = 'Africa/Johannesburg';

/**
 * Johannesburg's offset from UTC: two hours, all year. South Africa has kept no daylight
 * saving since 1944, so the lodge's date and time of an instant are the UTC ones two hours on.
 * Plain arithmetic rather than Intl: the first Intl formatter with a time zone loads the
 * browser's zone data (about 145 ms of a phone's main thread, measured under Lighthouse's 4x
 * slowdown on the guest's booking page), and every page that knows today's date paid it.
 * `dates.test.ts` holds it to Intl's own Africa/Johannesburg, hour by hour over years.
 */
const LODGE_UTC_OFFSET_MS = 2 * 60 * 60_000;

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDate = string;

export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const MS_PER_DAY = 86_400_000;

/** A real calendar date in 'YYYY-MM-DD' form: '2026-02-30', '2026-13-01' and '2026-2-3' are not. */
export function isValidIsoDate(value: unknown): boolean {
  return typeof value === 'string' && dateParts(value) !== undefined;
}

/**
 * Year, month (1-based) and day of a valid 'YYYY-MM-DD', else undefined. Plain arithmetic:
 * every quote, availability check and calendar cell goes through here several times per night.
 */
function dateParts(value: string): [number, number, number] | undefined {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return [year, month, day];
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
}

/** Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not. Month is 1-based. */
function utcMidnight(year: number, month: number, day: number): number {
  if (year >= 100) return Date.UTC(year, month - 1, day);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** Days since 1970-01-01 for a calendar date. Throws on an invalid date. */
export function isoDateToDayNumber(date: IsoDate): number {
  const parts = typeof date === 'string' ? dateParts(date) : undefined;
  if (!parts) throw new RangeError(`Not a valid date 'YYYY-MM-DD': ${JSON.stringify(date)}`);
  return utcMidnight(parts[0], parts[1], parts[2]) / MS_PER_DAY;
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
  // Day 0, 1970-01-01, was a Thursday (4).
  return (((isoDateToDayNumber(date) + 4) % 7) + 7) % 7;
}

/** A night is a weekend night when it starts on a Friday or a Saturday (docs/design.md, Pricing). */
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
    lastDate = lodgeWallClock(instant).slice(0, 10);
    lastMinute = minute;
  }
  return lastDate;
}
let lastMinute = NaN;
let lastDate: IsoDate = '';

/** The lodge's wall-clock time of an instant, 'HH:mm' (24 hours), e.g. "checked in at 10:42". */
export function lodgeTimeOf(instant: Date): string {
  return lodgeWallClock(instant).slice(11, 16);
}

/**
 * The lodge's calendar date and clock of an instant, 'YYYY-MM-DDTHH:mm:ss.sssZ' read as lodge
 * time. From the instant's milliseconds, not a zoned Date subclass: a page whose Date is
 * replaced (a test's fake clock, some embedded browsers) breaks subclassing, and the desk then
 * showed the UTC date as the lodge's. An invalid instant throws a RangeError.
 */
function lodgeWallClock(instant: Date): string {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid time value');
  return new Date(ms + LODGE_UTC_OFFSET_MS).toISOString();
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
  return new Date(Date.UTC(year, month - 1, day, hours, minutes) - LODGE_UTC_OFFSET_MS);
}

export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  // Zero-padded 'YYYY-MM-DD' sorts like the dates it names.
  return a < b ? -1 : a > b ? 1 : 0;
}

function assertIsoDate(date: IsoDate): void {
  if (!isValidIsoDate(date)) throw new RangeError(`Not a valid date 'YYYY-MM-DD': ${JSON.stringify(date)}`);
}
