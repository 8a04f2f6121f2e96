import { compareIsoDates, type IsoDate } from './dates.js';

/**
 * Housekeeping (docs/design.md, The desk's day). A unit's cleaning status is what the
 * housekeeper last set; "Out of order" is a period with dates and a reason, so a unit can be
 * Clean today and out of order next week. What the board shows is the one rule below.
 */
export const CLEANING_STATUSES = ['Clean', 'Dirty', 'Inspected'] as const;
export type CleaningStatus = (typeof CLEANING_STATUSES)[number];

export const HOUSEKEEPING_STATUSES = [...CLEANING_STATUSES, 'Out of order'] as const;
export type HousekeepingStatus = (typeof HOUSEKEEPING_STATUSES)[number];

/** A unit out of service for [startDate, endDate): endDate is the first day back. */
export interface OutOfOrderPeriod {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** The period covering `day`, if any. */
export function outOfOrderOn<P extends OutOfOrderPeriod>(periods: readonly P[], day: IsoDate): P | undefined {
  return periods.find((p) => compareIsoDates(p.startDate, day) <= 0 && compareIsoDates(day, p.endDate) < 0);
}

/** Whether a period shares a night with the stay [checkIn, checkOut). */
export function outOfOrderOverlaps(period: OutOfOrderPeriod, checkIn: IsoDate, checkOut: IsoDate): boolean {
  return compareIsoDates(period.startDate, checkOut) < 0 && compareIsoDates(checkIn, period.endDate) < 0;
}

/** What the board shows for a unit on `today`: Out of order inside a period, else its cleaning status. */
export function housekeepingStatusOn(
  unit: { housekeepingStatus: CleaningStatus; outOfOrder: readonly OutOfOrderPeriod[] },
  today: IsoDate,
): HousekeepingStatus {
  return outOfOrderOn(unit.outOfOrder, today) ? 'Out of order' : unit.housekeepingStatus;
}
