import { compareIsoDates, type IsoDate } from './dates.js';
import type { WaitlistStatus } from '../contracts/waitlist.js';

/**
 * A waitlist entry's status on the lodge's date `today`: notified once e-mailed (whatever the
 * date since), else expired once its check-in has passed (those nights can no longer be booked,
 * so nobody is told of them), else waiting. A check-in today still waits: it can be booked.
 */
export function waitlistStatus(entry: { notifiedAt: string | Date | null; checkIn: IsoDate }, today: IsoDate): WaitlistStatus {
  if (entry.notifiedAt) return 'notified';
  return compareIsoDates(entry.checkIn, today) < 0 ? 'expired' : 'waiting';
}

/**
 * The booking page the e-mail links to, filled in with the entry's stay, party and type: the
 * query parameters /booking reads (checkIn, checkOut, guests open step 2; accommodation marks
 * the type and shows it first).
 */
export function waitlistBookingPath(entry: { checkIn: IsoDate; checkOut: IsoDate; guests: number; accommodationTypeId: string }): string {
  const query = new URLSearchParams({
    checkIn: entry.checkIn,
    checkOut: entry.checkOut,
    guests: String(entry.guests),
    accommodation: entry.accommodationTypeId,
  });
  return `/booking?${query.toString()}`;
}
