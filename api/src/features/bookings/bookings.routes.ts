import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser, requireCapability } from '../../http/guards.js';
import { ForbiddenError } from '../../http/errors.js';
import { can } from '../../../../shared/roles.js';
import {
  AdminBookingsQuery,
  AdminCreateBookingRequest,
  CreateBookingRequest,
  UpdateBookingRequest,
} from '../../../../shared/contracts/bookings.js';
import * as bookings from './bookings.service.js';

export function bookingRoutes(router: Router<AppState>, deps: Deps): void {
  /** A guest's EFT booking, or (isPackageBooking) the back office's package booking. */
  router.post('/bookings', async (ctx) => {
    const input = parse(CreateBookingRequest, ctx.request.body);
    if (input.isPackageBooking) {
      const user = currentUser(ctx);
      if (!can(user.role, 'manageBookings')) throw new ForbiddenError("You don't have permission to do this", 'forbidden');
      ctx.body = await bookings.createStaffPackageBooking(deps, user, input);
    } else {
      ctx.body = await bookings.createEftBooking(deps, input, ctx.state.user);
    }
    ctx.status = 201;
  });

  router.get('/admin/bookings', requireCapability('manageBookings'), async (ctx) => {
    ctx.body = await bookings.listAdminBookings(deps, parse(AdminBookingsQuery, ctx.query));
  });

  router.post('/admin/bookings', requireCapability('manageBookings'), async (ctx) => {
    const input = parse(AdminCreateBookingRequest, ctx.request.body);
    const { booking, created } = await bookings.createStaffBooking(deps, currentUser(ctx), input);
    ctx.status = created ? 201 : 200;
    ctx.body = booking;
  });

  router.put('/admin/bookings/:id', requireCapability('manageBookings'), async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(UpdateBookingRequest, ctx.request.body);
    try {
      ctx.body = await bookings.updateBooking(deps, currentUser(ctx), id, input);
    } catch (err) {
      if (!(err instanceof bookings.StaleBookingError)) throw err;
      ctx.status = 409;
      ctx.body = { message: err.message, code: err.code, current: err.current };
    }
  });

  router.delete('/admin/bookings/:id', requireCapability('deleteBookings'), async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await bookings.deleteBooking(deps, currentUser(ctx), id);
    ctx.body = { message: 'Booking deleted successfully!', id };
  });

  router.get('/admin/entire-lodge-bookings', requireCapability('manageBookings'), async (ctx) => {
    ctx.body = await bookings.listEntireLodgeBookings(deps);
  });

  router.delete('/admin/entire-lodge-bookings/:id', requireCapability('deleteBookings'), async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await bookings.deleteBooking(deps, currentUser(ctx), id, { entireLodgeOnly: true });
    ctx.body = { message: 'Booking deleted successfully!', id };
  });

  router.get('/admin/guests', requireCapability('manageBookings'), async (ctx) => {
    ctx.body = await bookings.listGuests(deps);
  });

  router.get('/admin/upcoming-arrivals', requireCapability('dashboard'), async (ctx) => {
    ctx.body = await bookings.upcomingArrivals(deps);
  });
}
