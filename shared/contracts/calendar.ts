import { z } from 'zod';
import { AccommodationType, Unit } from './accommodations.js';
import { Booking } from './bookings.js';
import { isoDate } from './common.js';

/** The calendar shows 14 days (docs/product.md, Booking Calendar); a longer window (a month) is allowed, not more. */
export const CALENDAR_DEFAULT_DAYS = 14;
export const CALENDAR_MAX_DAYS = 62;

export const CALENDAR_MESSAGES = {
  startRequired: 'Start date is required',
  days: `Days must be a whole number from 1 to ${CALENDAR_MAX_DAYS}`,
} as const;

/** GET /api/admin/calendar?start=YYYY-MM-DD&days=14 */
export const CalendarQuery = z.object({
  start: isoDate(CALENDAR_MESSAGES.startRequired),
  days: z.coerce
    .number({ error: CALENDAR_MESSAGES.days })
    .int(CALENDAR_MESSAGES.days)
    .min(1, CALENDAR_MESSAGES.days)
    .max(CALENDAR_MAX_DAYS, CALENDAR_MESSAGES.days)
    .default(CALENDAR_DEFAULT_DAYS),
});
export type CalendarQuery = z.output<typeof CalendarQuery>;

/**
 * What the calendar page draws, in the shapes the offline store keeps (the admin API's), so
 * the page can fill an empty store from it: every type and unit (inactive ones included, as
 * the store has them) and the bookings whose stay overlaps the window (check-out after
 * `start`, check-in on or before `end`), entire-lodge parents and children included.
 */
export const CalendarWindow = z.object({
  start: z.string(),
  /** The last day shown: start + days - 1. */
  end: z.string(),
  days: z.number().int(),
  accommodationTypes: z.array(AccommodationType),
  units: z.array(Unit),
  bookings: z.array(Booking),
});
export type CalendarWindow = z.infer<typeof CalendarWindow>;
