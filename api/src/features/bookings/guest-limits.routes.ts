import crypto from 'node:crypto';
import type { Context } from 'koa';
import type { Deps } from '../../deps.js';
import { createTokenBucket } from '../../http/rate-limit.js';
import { GUEST_LIMIT_MESSAGES, type HoldLimit } from './guest-limits.js';

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

