import type { Tx } from '../../db/transaction.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { randToCents } from '../../../../shared/domain/money.js';
import { bookingPlaceLabel } from '../../../../shared/format.js';
import type { PaymentMethod } from '../../../../shared/domain/booking-status.js';
import { enqueueEmail } from '../email/email.service.js';
import {
  bookingCancelled,
  bookingReceivedCard,
  bookingReceivedEft,
  holdExpired,
  paymentConfirmed,
  type BookingForEmail,
} from '../email/email.templates.js';
import { bankingDetailsOf, lodgeDetailsOf, type LodgeSettings } from '../settings/settings.service.js';

/** The one view of a booking that e-mails show: the unit booked, or the type (the entire lodge). */
export function bookingForEmail(b: Booking): BookingForEmail {
  return {
    reference: b.reference,
    guestName: b.guestName,
    accommodationName: b.unitName ?? (b.unitCount ? bookingPlaceLabel(b) : b.accommodationTypeName),
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    numberOfGuests: b.numberOfGuests,
    totalCents: randToCents(b.totalAmount),
  };
}

/** "Booking received": EFT with the banking details and the hold; card with the hold. */
export async function enqueueReceivedEmail(
  trx: Tx,
  settings: LodgeSettings,
  booking: Booking,
  method: 'Card' | 'EFT',
  holdExpiresAt: Date,
): Promise<void> {
  const lodge = lodgeDetailsOf(settings);
  const rendered =
    method === 'EFT'
      ? bookingReceivedEft({ lodge, bank: bankingDetailsOf(settings), booking: bookingForEmail(booking), holdExpiresAt })
      : bookingReceivedCard({ lodge, booking: bookingForEmail(booking), holdExpiresAt });
  await enqueueEmail(trx, { to: booking.guestEmail, ...rendered, bookingId: booking.id, dedupeKey: `booking-received:${booking.id}` });
}

/** The guest hears of a cancellation by staff. */
export async function enqueueCancelledEmail(trx: Tx, settings: LodgeSettings, booking: Booking, reason: string | null): Promise<void> {
  const rendered = bookingCancelled({ lodge: lodgeDetailsOf(settings), booking: bookingForEmail(booking), reason });
  await enqueueEmail(trx, {
    to: booking.guestEmail,
    ...rendered,
    bookingId: booking.id,
    // Per version: a booking reopened and cancelled again is a new message.
    dedupeKey: `booking-cancelled:${booking.id}:${booking.version}`,
  });
}

/** A payment staff recorded as received (EFT, cash, card at the desk): the same message a card payment sends. */
export async function enqueuePaymentReceivedEmail(
  trx: Tx,
  settings: LodgeSettings,
  booking: Booking,
  method: PaymentMethod,
  amountCents: number,
): Promise<void> {
  const rendered = paymentConfirmed({ lodge: lodgeDetailsOf(settings), booking: bookingForEmail(booking), amountPaidCents: amountCents, method });
  await enqueueEmail(trx, {
    to: booking.guestEmail,
    ...rendered,
    bookingId: booking.id,
    // Per version: a payment undone (Pending again) and received again is a new message.
    dedupeKey: `payment-received:${booking.id}:${booking.version}`,
  });
}

/** The hold ran out before the money came. */
export async function enqueueHoldExpiredEmail(trx: Tx, settings: LodgeSettings, booking: Booking): Promise<void> {
  const rendered = holdExpired({ lodge: lodgeDetailsOf(settings), booking: bookingForEmail(booking), method: booking.paymentMethod });
  await enqueueEmail(trx, { to: booking.guestEmail, ...rendered, bookingId: booking.id, dedupeKey: `hold-expired:${booking.id}` });
}
