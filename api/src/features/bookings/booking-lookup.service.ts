import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { BOOKING_LOOKUP_MESSAGES, type BookingLookupQuery, type BookingLookupResponse } from '../../../../shared/contracts/bookings.js';
import { bankingDetailsOf, getSettings } from '../settings/settings.service.js';
import { findGuestBooking } from './bookings.repo.js';

/**
 * A guest's own booking by reference and e-mail. The same 404 whether the reference is
 * unknown or the e-mail does not match, so the answer tells a stranger nothing.
 */
export async function lookupBooking(deps: Pick<Deps, 'db'>, query: BookingLookupQuery): Promise<BookingLookupResponse> {
  const booking = await findGuestBooking(deps.db, query.reference, query.email);
  if (!booking) throw new NotFoundError(BOOKING_LOOKUP_MESSAGES.notFound, 'not_found');
  const awaitingEft = booking.paymentMethod === 'EFT' && booking.paymentStatus === 'Pending' && booking.status === 'Provisional';
  let bankDetails: BookingLookupResponse['bankDetails'] = null;
  if (awaitingEft) {
    bankDetails = bankingDetailsOf(await getSettings(deps.db));
  }
  // What the confirmation page shows, field by field: the booking carries more (the guest's
  // contact details, staff fields) than a reference and an e-mail address may reveal.
  return {
    reference: booking.reference,
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    paymentMethod: booking.paymentMethod,
    checkInDate: booking.checkInDate,
    checkOutDate: booking.checkOutDate,
    numberOfGuests: booking.numberOfGuests,
    accommodationTypeName: booking.accommodationTypeName,
    unitName: booking.unitName,
    ...(booking.unitCount ? { unitCount: booking.unitCount } : {}),
    totalAmount: booking.totalAmount,
    holdExpiresAt: booking.holdExpiresAt,
    bankDetails,
  };
}
