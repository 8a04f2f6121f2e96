import type { Booking } from '@shared/contracts/bookings.js';
import { apiFetch } from '@/lib/api.js';
import { db as offlineDb } from '@/offline/db.js';

/**
 * Deletes a booking on the server (an entire-lodge parent through its own endpoint, which
 * takes its children along), then drops the rows from this device at once rather than
 * waiting for the next pull to report the deletion.
 */
export async function deleteBooking(booking: Pick<Booking, 'id' | 'unitId'>): Promise<void> {
  const path = booking.unitId === null ? `/api/admin/entire-lodge-bookings/${booking.id}` : `/api/admin/bookings/${booking.id}`;
  await apiFetch(path, { method: 'DELETE' });
  const children = await offlineDb.bookings.where('parentBookingId').equals(booking.id).primaryKeys();
  await offlineDb.bookings.bulkDelete([booking.id, ...children]);
}
