import { addDays, type IsoDate } from './dates.js';

/**
 * The register of lodgers' rules, used by the API, the desk (offline) and the guest's phone.
 *
 * Who must be registered: every adult of the stay. A booking priced per person knows its adults;
 * one priced per unit knows only its number of guests, and every one of them is counted (the
 * lodge cannot tell a child from the booking, and registering one too many is lawful, one too
 * few is not).
 */
export function registerAdultsExpected(booking: { adults?: number | null; numberOfGuests: number }): number {
  return booking.adults ?? booking.numberOfGuests;
}

export interface RegisterProgress {
  registered: number;
  expected: number;
  complete: boolean;
}

/** An entry counts when it has its fields, the signature and the ID copy (all three are the law's). */
export function registerProgress(
  entries: readonly { hasSignature: boolean; hasIdCopy: boolean }[],
  expected: number,
): RegisterProgress {
  const registered = entries.filter((e) => e.hasSignature && e.hasIdCopy).length;
  return { registered, expected, complete: registered >= expected };
}

/** "Register: 1 of 2 adults", as the booking shows it. */
export function registerProgressLabel(progress: RegisterProgress): string {
  return `Register: ${progress.registered} of ${progress.expected} ${progress.expected === 1 ? 'adult' : 'adults'}`;
}

/** The law's minimum (regulation 36): two years after the stay. */
export const REGISTER_MIN_RETENTION_MONTHS = 24;
export const REGISTER_MAX_RETENTION_MONTHS = 120;

/**
 * The last check-out date whose entries are purged today: a stay that ended more than
 * `months` months ago. The same calendar day `months` months back (the last day of a shorter
 * month when that day does not exist), so a stay that ended exactly then is kept until tomorrow.
 */
export function retentionCutoff(today: IsoDate, months: number): IsoDate {
  const [y, m, d] = today.split('-').map(Number);
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  const sameDay = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return addDays(sameDay, -1);
}

/** Whether a stay's register entries are due for the purge today. */
export function isPastRetention(checkOutDate: IsoDate, today: IsoDate, months: number): boolean {
  return checkOutDate <= retentionCutoff(today, months);
}
