import type { Tx } from '../../db/transaction.js';
import { NotFoundError } from '../../errors.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { getBooking, lockBooking } from '../bookings/queries.js';

export const REGISTER_WRITE_MESSAGES = {
  bookingNotFound: 'Booking not found',
  stayEnded: 'This stay is over: the register can no longer be changed from the guest link',
} as const;

/**
 * The booking a stay's register belongs to, locked until the caller's transaction ends: the
 * booking itself, or for a unit of a group or entire-lodge stay, the stay's parent booking,
 * which carries the guest and counts the party. A tablet that names the unit it stands in
 * front of is taken to mean the stay, as a folio charge is. The child is read without a lock
 * (its parent never changes) so the lock order stays parent first, as a parent's edit takes it.
 */
export async function lockRegisterBooking(trx: Tx, bookingId: string): Promise<Booking> {
  const booking = await getBooking(trx, bookingId);
  if (!booking) throw new NotFoundError(REGISTER_WRITE_MESSAGES.bookingNotFound, 'not_found');
  const locked = await lockBooking(trx, booking.parentBookingId ?? booking.id);
  if (!locked) throw new NotFoundError(REGISTER_WRITE_MESSAGES.bookingNotFound, 'not_found');
  return locked;
}
