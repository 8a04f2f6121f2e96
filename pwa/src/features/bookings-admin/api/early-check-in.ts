import { isNetworkError } from '@/lib/api.js';
import { queueEarlyCheckIn } from '@/offline/outbox.js';
import type { DeskBooking } from '@/offline/queries.js';
import { updateBookingOnline } from './update-booking.js';

/**
 * A Manager's early check-in with its reason, from the desk's panel or Booking Management.
 * Online it is a PUT with `override` and the reason, so a refusal (the role, a booking changed
 * meanwhile) is answered at once; offline, when the request never got through, or behind
 * changes to this booking still queued (their order must hold), it joins the outbox as
 * `booking.setStatus` with the same override and reason, replayed like the desk's other moves.
 * 'saved': the server has it; 'queued': the device has it.
 */
export async function checkInEarly(booking: DeskBooking, reason: string, online: boolean): Promise<'saved' | 'queued'> {
  if (online && !booking.pendingSync) {
    try {
      await updateBookingOnline(booking.id, { status: 'Checked-In', override: true, overrideReason: reason, version: booking.version });
      return 'saved';
    } catch (err) {
      if (!isNetworkError(err)) throw err;
    }
  }
  await queueEarlyCheckIn(booking.id, reason);
  return 'queued';
}
