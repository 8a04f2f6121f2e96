import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { createTokenBucket } from '../../http/rate-limit.js';
import { NotFoundError } from '../../errors.js';
import { BookingLinkRequest, GUEST_BOOKING_MESSAGES, GuestCancelRequest, GuestPaymentRequest } from '../../../../shared/contracts/guest-bookings.js';
import { initializeBalancePayment } from '../payments/initialize-balance-payment.js';
import { getGuestBooking, guestLinkNotFound } from './guest-booking.service.js';
import { bookingIdForToken } from './guest-links.js';
import { cancelGuestBooking } from './guest-cancel.js';
import { requestBookingLink } from './booking-links.js';

/** Wrong tokens a client address may present in a minute before it is refused (429). */
export const GUEST_TOKEN_MISSES_PER_MINUTE = 20;
/** Links one e-mail address may be sent in an hour (the rest get the same 202, then 429). */
export const LINK_REQUESTS_PER_EMAIL_PER_HOUR = 3;

/**
 * The wrong tokens a client address has presented: one allowance (shared by scope) for every
 * way a token is tried (the booking's page and its API, the register's routes). Only misses are
 * counted: a guest opening their own link costs no write, and a guesser (2^256 tokens) is
 * stopped after a handful of tries a minute.
 */
export function guestTokenMisses(deps: Pick<Deps, 'db' | 'clock'>) {
  return guestAllowance(deps, 'guest-token-miss', GUEST_TOKEN_MISSES_PER_MINUTE, 60_000);
}

/** An allowance of `capacity` tries per window, refused with the guest pages' "too many tries". */
function guestAllowance(deps: Pick<Deps, 'db' | 'clock'>, scope: string, capacity: number, windowMs: number) {
  return createTokenBucket({ scope, capacity, refillPerWindow: capacity, windowMs, db: deps.db, clock: deps.clock, message: GUEST_BOOKING_MESSAGES.tooManyTries });
}

export function guestBookingRoutes(router: Router<AppState>, deps: Deps): void {
  const misses = guestTokenMisses(deps);
  const linksByAddress = guestAllowance(deps, 'guest-link-ip', deps.config.LOOKUP_RATE_LIMIT, 60_000);
  const linksByEmail = guestAllowance(deps, 'guest-link-email', LINK_REQUESTS_PER_EMAIL_PER_HOUR, 60 * 60_000);

  /** Runs a token route; a 404 (unknown or expired token) takes one of the address's tries. */
  async function byToken<T>(ip: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof NotFoundError && err.message === GUEST_BOOKING_MESSAGES.notFound) await misses.take(ip);
      throw err;
    }
  }

  async function bookingIdOf(token: string): Promise<string> {
    const id = await bookingIdForToken(deps.db, token, deps.clock.now());
    if (!id) throw guestLinkNotFound();
    return id;
  }

  router.post('/guest/booking-links', async (ctx) => {
    const input = parse(BookingLinkRequest, ctx.request.body ?? {});
    await linksByAddress.take(ctx.ip);
    await linksByEmail.take(input.email);
    await requestBookingLink(deps, input);
    ctx.status = 202;
    ctx.body = { message: GUEST_BOOKING_MESSAGES.linkSent };
  });

  router.get('/guest/bookings/:token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await byToken(ctx.ip, () => getGuestBooking(deps, ctx.params.token));
  });

  router.post('/guest/bookings/:token/payments', async (ctx) => {
    const input = parse(GuestPaymentRequest, ctx.request.body ?? {});
    ctx.body = await byToken(ctx.ip, async () => initializeBalancePayment(deps, await bookingIdOf(ctx.params.token), input.amount));
  });

  router.post('/guest/bookings/:token/cancel', async (ctx) => {
    const input = parse(GuestCancelRequest, ctx.request.body ?? {});
    ctx.body = await byToken(ctx.ip, () => cancelGuestBooking(deps, ctx.params.token, input));
  });
}
