import { z } from 'zod';
import { Booking } from './bookings.js';
import { isoDate } from './common.js';

/**
 * Early departures (docs/design.md, The desk's day: early departures): a guest checked out
 * before the check-out date, whose remaining nights the desk releases. Online
 * POST /api/admin/bookings/:id/release-nights; offline the sync operation
 * `booking.releaseNights` with the same arguments, queued behind the check-out.
 */

export const EARLY_DEPARTURE_MESSAGES = {
  departureDateRequired: 'Departure date is required: the day the guest left',
  departureInFuture: 'The departure date cannot be after today',
  notCheckedOut: 'Only a checked-out stay releases its remaining nights: check the guest out first',
  nothingToRelease: 'This stay has no remaining nights to release: the guest left on or after the check-out date',
  alreadyReleased: 'The remaining nights of this stay were released already',
} as const;

/** The request body and the sync operation's arguments: the lodge's date the guest left on. */
export const ReleaseNightsRequest = z.object({
  departureDate: isoDate(EARLY_DEPARTURE_MESSAGES.departureDateRequired),
});
export type ReleaseNightsRequest = z.output<typeof ReleaseNightsRequest>;

/** What the release did: the stay as it is now, the nights freed, the credit and its credit note. */
export const ReleaseNightsResponse = z.object({
  booking: Booking,
  nightsReleased: z.number().int(),
  /** Rand taken off the folio for those nights (0 when the lodge keeps charging them). */
  credit: z.number(),
  /** The credit note issued when the stay was invoiced already; null otherwise. */
  creditNote: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type ReleaseNightsResponse = z.infer<typeof ReleaseNightsResponse>;
