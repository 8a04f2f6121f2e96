import type { Tx } from '../../db/transaction.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { randToCents } from '../../../../shared/domain/money.js';
import { bookingPlaceLabel } from '../../../../shared/format.js';
import type { PaymentMethod } from '../../../../shared/domain/booking-status.js';
import { enqueueEmail, type EnqueueEmailInput } from '../email/email.service.js';
import {
  bookingCancelled,
  bookingReceivedCard,
  bookingReceivedEft,
  holdExpired,
  paymentConfirmed,
  roomMoved,
  type BookingForEmail,
} from '../email/email.templates.js';
import { bankingDetailsOf, lodgeDetailsOf, type LodgeSettings } from '../settings/settings.service.js';
import { issueGuestLink } from '../guest-bookings/guest-links.js';
import type { Config } from '../../config.js';

/** What a guest's link is built from (PUBLIC_URL, else the app's own origin). */
export type GuestLinkConfig = Pick<Config, 'PUBLIC_URL' | 'PUBLIC_ORIGIN' | 'PORT'>;

/**
 * Queues a message to the booking's guest. A walk-in or phone guest without an e-mail address
 * gets nothing: every message about a booking goes through here, so none can be queued for
 * one (callers check `guestEmail` first only to skip work such as issuing a link).
 */
export async function enqueueGuestEmail(
  trx: Tx,
  booking: Pick<Booking, 'id' | 'guestEmail'>,
  message: Omit<EnqueueEmailInput, 'to' | 'bookingId'>,
): Promise<void> {
  if (!booking.guestEmail) return;
  await enqueueEmail(trx, { ...message, to: booking.guestEmail, bookingId: booking.id });
}

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

/** The booking as a confirmation shows it, with a fresh link to the guest's page (issued in trx). */
async function withGuestLink(trx: Tx, config: GuestLinkConfig, booking: Booking): Promise<BookingForEmail> {
  return { ...bookingForEmail(booking), manageUrl: await issueGuestLink(trx, config, booking) };
}

/**
 * "Booking received": EFT with the banking details and the hold; card with the hold. A
 * deposit booking's EFT mail asks for the deposit and names the balance and its due date.
 */
export async function enqueueReceivedEmail(
  trx: Tx,
  settings: LodgeSettings,
  booking: Booking,
  method: 'Card' | 'EFT',
  holdExpiresAt: Date,
  config: GuestLinkConfig,
): Promise<void> {
  if (!booking.guestEmail) return;
  const lodge = lodgeDetailsOf(settings);
  const forEmail = await withGuestLink(trx, config, booking);
  const depositCents = booking.depositAmount == null ? null : randToCents(booking.depositAmount);
  const deposit =
    depositCents !== null && booking.balanceDueDate && depositCents < forEmail.totalCents
      ? { amountDueCents: depositCents, balance: { cents: forEmail.totalCents - depositCents, dueDate: booking.balanceDueDate } }
      : {};
  const rendered =
    method === 'EFT'
      ? bookingReceivedEft({ lodge, bank: bankingDetailsOf(settings), booking: forEmail, holdExpiresAt, ...deposit })
      : bookingReceivedCard({ lodge, booking: forEmail, holdExpiresAt });
  await enqueueGuestEmail(trx, booking, { ...rendered, dedupeKey: `booking-received:${booking.id}` });
}

/** The guest hears of a cancellation by staff. */
export async function enqueueCancelledEmail(trx: Tx, settings: LodgeSettings, booking: Booking, reason: string | null): Promise<void> {
  const rendered = bookingCancelled({ lodge: lodgeDetailsOf(settings), booking: bookingForEmail(booking), reason });
  await enqueueGuestEmail(trx, booking, {
    ...rendered,
    // Per version: a booking reopened and cancelled again is a new message.
    dedupeKey: `booking-cancelled:${booking.id}:${booking.version}`,
  });
}

/**
 * The guest hears where a room move put them (only a guest with an e-mail address). Per
 * version: a stay moved twice gets two messages.
 */
export async function enqueueRoomMovedEmail(
  trx: Tx,
  settings: LodgeSettings,
  booking: Booking,
  segments: { unitName: string; checkInDate: string; checkOutDate: string }[],
  previousTotalCents: number | undefined,
): Promise<void> {
  if (!booking.guestEmail) return;
  const accommodationName = segments.map((s) => s.unitName).join(', then ');
  const rendered = roomMoved({ lodge: lodgeDetailsOf(settings), booking: { ...bookingForEmail(booking), accommodationName }, segments, previousTotalCents });
  await enqueueEmail(trx, { to: booking.guestEmail, ...rendered, bookingId: booking.id, dedupeKey: `room-moved:${booking.id}:${booking.version}` });
}

/** A payment staff recorded as received (EFT, cash, card at the desk): the same message a card payment sends. */
export async function enqueuePaymentReceivedEmail(
  trx: Tx,
  settings: LodgeSettings,
  booking: Booking,
  method: PaymentMethod,
  amountCents: number,
  config: GuestLinkConfig,
): Promise<void> {
  if (!booking.guestEmail) return;
  const rendered = paymentConfirmed({
    lodge: lodgeDetailsOf(settings),
    booking: await withGuestLink(trx, config, booking),
    amountPaidCents: amountCents,
    method,
  });
  await enqueueGuestEmail(trx, booking, {
    ...rendered,
    // Per version: a payment undone (Pending again) and received again is a new message.
    dedupeKey: `payment-received:${booking.id}:${booking.version}`,
  });
}

/** The hold ran out before the money came. */
export async function enqueueHoldExpiredEmail(trx: Tx, settings: LodgeSettings, booking: Booking): Promise<void> {
  const rendered = holdExpired({ lodge: lodgeDetailsOf(settings), booking: bookingForEmail(booking), method: booking.paymentMethod });
  await enqueueGuestEmail(trx, booking, { ...rendered, dedupeKey: `hold-expired:${booking.id}` });
}

/** A card payment confirmed (verify, webhook, reconciliation): the confirmation with a fresh link. */
export async function paymentConfirmedEmail(
  trx: Tx,
  settings: LodgeSettings,
  booking: Booking,
  amountCents: number,
  config: GuestLinkConfig,
): Promise<ReturnType<typeof paymentConfirmed>> {
  return paymentConfirmed({ lodge: lodgeDetailsOf(settings), booking: await withGuestLink(trx, config, booking), amountPaidCents: amountCents, method: 'Card' });
}
