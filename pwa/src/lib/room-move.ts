import { MoveBookingResponse, MoveOptions, type MoveBookingRequestInput } from '@shared/contracts/room-move.js';
import { apiFetch } from '@/lib/api.js';
import { db as offlineDb, toStoredBooking } from '@/offline/db.js';

/** The units free for the nights a move would take (the whole stay, or from `fromDate`). */
export function fetchMoveOptions(bookingId: string, fromDate: string | undefined, signal?: AbortSignal): Promise<MoveOptions> {
  return apiFetch(`/api/admin/bookings/${bookingId}/move-options`, { params: { fromDate }, schema: MoveOptions, signal });
}

/**
 * POST /api/admin/bookings/:id/move (online only: the server decides whether the unit is
 * free). The answer goes into this device's store at once: the stay, its segments as they
 * now are, the old segments removed, so the calendar shows the move before the next pull.
 */
export async function moveBookingOnline(bookingId: string, body: MoveBookingRequestInput): Promise<MoveBookingResponse> {
  const res = await apiFetch(`/api/admin/bookings/${bookingId}/move`, { method: 'POST', body, schema: MoveBookingResponse });
  await offlineDb.transaction('rw', offlineDb.bookings, async () => {
    await offlineDb.bookings.bulkDelete(res.removedIds);
    await offlineDb.bookings.bulkPut([res.booking, ...res.segments].map(toStoredBooking));
  });
  return res;
}
