import crypto from 'node:crypto';
import type { Context } from 'koa';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/transaction.js';
import { TooManyRequestsError } from '../../errors.js';
import { createTokenBucket } from '../../http/rate-limit.js';
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

/**
 * Limits on guests creating bookings (EFT through POST /api/bookings, card through POST
 * /api/payments/initialize), because each booking holds a unit for hours (EFT) without
 * payment: GUEST_BOOKING_RATE_LIMIT attempts per client address per hour, in the database's
 * token buckets so every API instance shares them, and GUEST_HOLD_LIMIT unpaid holds per
 * e-mail address and per client address. Staff (a session with a staff role) are not limited:
 * the front desk books for many guests from one address.
 *
 * Returns the caller's hold limit for the use case, or undefined for staff; throws 429 when the
 * attempt is over the rate.
 */
export function guestBookingLimits(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const perHour = deps.config.GUEST_BOOKING_RATE_LIMIT;
  const bucket = createTokenBucket({
    scope: 'guest-booking',
    capacity: perHour,
    refillPerWindow: perHour,
    windowMs: 60 * 60 * 1000,
    db: deps.db,
    clock: deps.clock,
    message: GUEST_LIMIT_MESSAGES.rate,
  });
  return async (ctx: Context): Promise<HoldLimit | undefined> => {
    const user = ctx.state.user as { role: string | null } | null;
    if (user?.role) return undefined;
    await bucket.take(ctx.ip);
    return { max: deps.config.GUEST_HOLD_LIMIT, source: crypto.createHash('sha256').update(ctx.ip).digest('hex').slice(0, 32) };
  };
}

/** 429 when the guest's e-mail address or client address already has `max` unpaid holds running. */
export async function assertHoldsBelowLimit(trx: Tx, email: string, limit: HoldLimit, now: Date): Promise<void> {
  const { byEmail, bySource } = await countActiveHolds(trx, { email, source: limit.source, now });
  if (byEmail >= limit.max || bySource >= limit.max) {
    // Retry when a hold could have ended; an hour is the honest order of magnitude.
    throw new TooManyRequestsError(GUEST_LIMIT_MESSAGES.holds(limit.max), 3600);
  }
}
