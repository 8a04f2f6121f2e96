import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser, userWithCapability } from '../../http/guards.js';
import {
  AdminBookingsQuery,
  AdminCreateBookingRequest,
  CreateBookingRequest,
  StaffPackageBookingRequest,
  UpdateBookingRequest,
} from '../../../../shared/contracts/bookings.js';
import { createEftBooking } from './create-guest-booking.js';
import { guestBookingLimits } from './guest-limits.routes.js';
import { createStaffBooking, createStaffPackageBooking } from './create-staff-booking.js';
import { updateBooking } from './update-booking.js';
import { releaseRemainingNights } from './release-nights.js';
import { ReleaseNightsRequest, type ReleaseNightsResponse } from '../../../../shared/contracts/early-departure.js';
import { centsToRand } from '../../../../shared/domain/money.js';
import { MoveBookingRequest, MoveOptionsQuery, type MoveBookingResponse } from '../../../../shared/contracts/room-move.js';
import { moveBooking, moveOptions } from './move-booking.js';
import { deleteBooking } from './delete-booking.js';
import { sendCachedJson, versionedJsonByKey } from '../../http/versioned-json.js';
import { coalescedProbe } from '../../db/coalesced-reads.js';
import { assertStayWithinLimits } from '../settings/stay-limits.js';
import { bookingsVersion, listAdminBookings, listEntireLodgeBookings, listGuests, upcomingArrivals } from './queries.js';

const STAY_FIELDS = { checkIn: 'checkInDate', checkOut: 'checkOutDate' } as const;
const stayOf = (input: { checkInDate: string; checkOutDate: string }) => ({ checkIn: input.checkInDate, checkOut: input.checkOutDate });

export function bookingRoutes(router: Router<AppState>, deps: Deps): void {
  const guestLimits = guestBookingLimits(deps);

  /** A guest's EFT booking, or (isPackageBooking) the back office's package booking. */
  router.post('/bookings', async (ctx) => {
    // Staff's package booking may leave the e-mail out (a phone given); a guest's never.
    if ((ctx.request.body as { isPackageBooking?: unknown } | undefined)?.isPackageBooking === true) {
      const input = parse(StaffPackageBookingRequest, ctx.request.body);
      await assertStayWithinLimits(deps, stayOf(input), STAY_FIELDS, !!ctx.state.user);
      ctx.body = await createStaffPackageBooking(deps, userWithCapability(ctx, 'manageBookings'), input);
    } else {
      const input = parse(CreateBookingRequest, ctx.request.body);
      await assertStayWithinLimits(deps, stayOf(input), STAY_FIELDS, !!ctx.state.user);
      ctx.body = await createEftBooking(deps, input, ctx.state.user, { holdLimit: await guestLimits(ctx) });
    }
    ctx.status = 201;
  });

  // The list by dates is what every desk polls (today and the coming days): each filter's
  // answer is kept in memory and checked per request against the bookings' version, as the
  // calendar's windows are.
  const bookingsListVersion = coalescedProbe(() => bookingsVersion(deps));
  const bookingLists = versionedJsonByKey(bookingsListVersion, (key) => listAdminBookings(deps, JSON.parse(key) as AdminBookingsQuery));
  router.get('/admin/bookings', async (ctx) => {
    const { startDate, endDate, unitId, status } = parse(AdminBookingsQuery, ctx.query);
    sendCachedJson(ctx, await bookingLists(JSON.stringify({ startDate, endDate, unitId, status })), 'private, no-cache');
  });

  router.post('/admin/bookings', async (ctx) => {
    const input = parse(AdminCreateBookingRequest, ctx.request.body);
    await assertStayWithinLimits(deps, stayOf(input), STAY_FIELDS, true);
    const { booking, created } = await createStaffBooking(deps, currentUser(ctx), input);
    ctx.status = created ? 201 : 200;
    ctx.body = booking;
  });

  router.put('/admin/bookings/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(UpdateBookingRequest, ctx.request.body);
    ctx.body = (await updateBooking(deps, currentUser(ctx), id, input)).booking;
  });

  /** An early departure: the checked-out stay's remaining nights released (docs/design.md, The desk's day). */
  router.post('/admin/bookings/:id/release-nights', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(ReleaseNightsRequest, ctx.request.body);
    const res = await releaseRemainingNights(deps, currentUser(ctx), id, input);
    const body: ReleaseNightsResponse = { booking: res.booking, nightsReleased: res.nightsReleased, credit: centsToRand(res.creditCents), creditNote: res.creditNote };
    ctx.body = body;
  });

  /** A room move: the stay, or its nights from a date, to another unit (docs/design.md, The desk's day). */
  router.post('/admin/bookings/:id/move', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(MoveBookingRequest, ctx.request.body);
    const body: MoveBookingResponse = await moveBooking(deps, currentUser(ctx), id, input);
    ctx.body = body;
  });

  /** Where a room move can go: the units free for the nights it would move. */
  router.get('/admin/bookings/:id/move-options', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    ctx.body = await moveOptions(deps, id, parse(MoveOptionsQuery, ctx.query));
  });

  router.delete('/admin/bookings/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await deleteBooking(deps, currentUser(ctx), id);
    ctx.body = { message: 'Booking deleted successfully!', id };
  });

  router.get('/admin/entire-lodge-bookings', async (ctx) => {
    ctx.body = await listEntireLodgeBookings(deps);
  });

  router.delete('/admin/entire-lodge-bookings/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await deleteBooking(deps, currentUser(ctx), id, { entireLodgeOnly: true });
    ctx.body = { message: 'Booking deleted successfully!', id };
  });

  router.get('/admin/guests', async (ctx) => {
    ctx.body = await listGuests(deps);
  });

  router.get('/admin/upcoming-arrivals', async (ctx) => {
    ctx.body = await upcomingArrivals(deps);
  });
}
