import { Booking, type UpdateBookingRequestInput } from '@shared/contracts/bookings.js';
import { apiFetch } from '@/lib/api.js';
import { db as offlineDb } from '@/offline/db.js';
import { toStoredBooking } from '@/offline/db.js';

/**
 * PUT /api/admin/bookings/:id for the edits that need the server (payment status and method,
 * total), conditional on the version the desk read (409 when someone changed it meanwhile).
 * The answer goes into this device's store at once, so the edits queued after it start from
 * the new version instead of waiting for the next pull.
 */
export async function updateBookingOnline(id: string, changes: UpdateBookingRequestInput & { version: number }): Promise<Booking> {
  const booking = await apiFetch(`/api/admin/bookings/${id}`, { method: 'PUT', body: changes, schema: Booking });
  await offlineDb.bookings.put(toStoredBooking(booking));
  return booking;
}
