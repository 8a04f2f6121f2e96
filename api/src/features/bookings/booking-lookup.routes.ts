import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { BookingLookupQuery } from '../../../../shared/contracts/bookings.js';
import { lookupBooking } from './booking-lookup.service.js';
import { createTokenBucket } from '../../http/rate-limit.js';

export const LOOKUP_RATE_MESSAGE = 'Too many look-ups. Please wait a minute and try again.';

export function bookingLookupRoutes(router: Router<AppState>, deps: Deps): void {
  // A reference and an e-mail address are all it takes: without a limit they can be guessed
  // (300 tries in 6 seconds). A guest looks up one booking, a few times at most.
  const limiter = createTokenBucket({
    scope: 'booking-lookup',
    capacity: deps.config.LOOKUP_RATE_LIMIT,
    refillPerWindow: deps.config.LOOKUP_RATE_LIMIT,
    windowMs: 60_000,
    db: deps.db,
    clock: deps.clock,
    message: LOOKUP_RATE_MESSAGE,
  });

  /** The guest's confirmation page: their booking by reference and e-mail, nothing by id alone. */
  router.get('/bookings/lookup', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    await limiter.take(ctx.ip);
    ctx.body = await lookupBooking(deps, parse(BookingLookupQuery, ctx.query));
  });
}
