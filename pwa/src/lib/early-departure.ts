import type { Booking } from '@shared/contracts/bookings.js';
import { nightCount, todayInLodge } from '@shared/domain/dates.js';
import { nightsToRelease } from '@shared/domain/early-departure.js';
import { formatRandToCent, formatStayDate } from '@shared/format.js';

/**
 * The desk's words for an early departure (docs/product.md, Early departures): the check-out
 * question, what the screens say while the release waits, and what a released stay shows.
 * The counting is the shared rule (shared/domain/early-departure.ts).
 */

const nightsWord = (n: number) => `${n} night${n === 1 ? '' : 's'}`;

/** The nights a check-out today would release (0: not an early departure, or released already). */
export function remainingNights(b: Pick<Booking, 'checkInDate' | 'checkOutDate' | 'originalCheckOutDate'>, now: Date = new Date()): number {
  if (b.originalCheckOutDate) return 0;
  return nightsToRelease(b, todayInLodge(now));
}

/** "Release the remaining 2 nights?" */
export const releaseQuestion = (nights: number) => `Release the remaining ${nightsWord(nights)}?`;

/** Under the question: what releasing does. */
export const RELEASE_EXPLAINED =
  'Released nights can be booked again at once. The folio credits them, or keeps charging them, as Lodge Settings say.';

/** In the question when offline: the check-out goes now, the release waits. */
export const RELEASE_OFFLINE_NOTE = 'Offline: the check-out is saved on this tablet now; the nights are released when it is back online.';

/** After the check-out, while the release is on its way. */
export function releaseWaitingText(nights: number, online: boolean): string {
  return online
    ? `The remaining ${nightsWord(nights)} ${nights === 1 ? 'is' : 'are'} being released.`
    : `The remaining ${nightsWord(nights)} will be released when the tablet is back online.`;
}

/**
 * A stay whose nights were released: "Booked until Sun 8 Mar 2026: 2 nights released,
 * R3,600.00 credited" (or "still charged"). A unit of a shared stay names no money: the credit
 * is on the stay's one folio.
 */
export function leftEarlyText(b: Pick<Booking, 'checkOutDate' | 'originalCheckOutDate' | 'earlyDepartureCredit' | 'isEntireLodgeChild'>): string | null {
  if (!b.originalCheckOutDate) return null;
  const released = `Booked until ${formatStayDate(b.originalCheckOutDate)}: ${nightsWord(nightCount(b.checkOutDate, b.originalCheckOutDate))} released`;
  if (b.isEntireLodgeChild) return released;
  const credit = b.earlyDepartureCredit ?? 0;
  return `${released}, ${credit > 0 ? `${formatRandToCent(credit)} credited` : 'still charged'}`;
}
