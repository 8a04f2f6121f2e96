import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { BookingLookupQuery } from '../../../../shared/contracts/bookings.js';
import { lookupBooking } from './booking-lookup.service.js';

export function bookingLookupRoutes(router: Router<AppState>, deps: Deps): void {
  /** The guest's confirmation page: their booking by reference and e-mail, nothing by id alone. */
  router.get('/bookings/lookup', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await lookupBooking(deps, parse(BookingLookupQuery, ctx.query));
  });
}
