import type { Tx } from '../../db/transaction.js';
import { TooManyRequestsError } from '../../errors.js';
import { countActiveHolds } from './bookings.repo.js';

/** A guest caller's cap on unpaid holds, and the hashed address its holds are counted by. */
export interface HoldLimit {
  max: number;
  source: string;
}

export const GUEST_LIMIT_MESSAGES = {
  rate: 'Too many booking attempts from this address. Please try again later.',
  holds: (max: number) =>
    `There are already ${max} unpaid ${max === 1 ? 'booking' : 'bookings'} on hold for these details. Please complete payment for one, or wait for its hold to end, before booking again.`,
} as const;

/** 429 when the guest's e-mail address or client address already has `max` unpaid holds running. */
export async function assertHoldsBelowLimit(trx: Tx, email: string, limit: HoldLimit, now: Date): Promise<void> {
  const { byEmail, bySource } = await countActiveHolds(trx, { email, source: limit.source, now });
  if (byEmail >= limit.max || bySource >= limit.max) {
    // Retry when a hold could have ended; an hour is the honest order of magnitude.
    throw new TooManyRequestsError(GUEST_LIMIT_MESSAGES.holds(limit.max), 3600);
  }
}
