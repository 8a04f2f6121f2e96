import type { Deps } from '../../deps.js';
import { ConflictError, ServiceUnavailableError, UpstreamError, ValidationError } from '../../errors.js';
import { PaystackError } from '../../adapters/paystack.js';
import { GUEST_BOOKING_MESSAGES, type GuestPaymentResponse } from '../../../../shared/contracts/guest-bookings.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { formatRand } from '../../../../shared/format.js';
import { generatePaystackReference } from '../../../../shared/domain/reference.js';
import { getBooking } from '../bookings/queries.js';
import { cardPaymentsOffered, getSettings } from '../settings/settings.service.js';
import { insertPaymentRequest } from './payment-requests.repo.js';

/**
 * A card charge for (part of) a booking's balance, by its own Paystack reference. Paystack is
 * asked first and the request recorded only once it has answered: a Paystack that is down or
 * refuses leaves nothing behind (no row a later verify could mistake for a charge). Recording
 * the money (verify, the webhook) goes by the payment_requests row's amount.
 */
export async function initializeBalancePayment(deps: Deps, bookingId: string, amountRand: number | undefined): Promise<GuestPaymentResponse> {
  const booking = await getBooking(deps.db, bookingId);
  if (!booking) throw new ConflictError(GUEST_BOOKING_MESSAGES.nothingToPay, 'nothing_to_pay');
  const balanceCents = randToCents(booking.balanceDue ?? 0);
  if (balanceCents <= 0) throw new ConflictError(GUEST_BOOKING_MESSAGES.nothingToPay, 'nothing_to_pay');
  const amountCents = amountRand === undefined ? balanceCents : randToCents(amountRand);
  if (amountCents > balanceCents) {
    const message = GUEST_BOOKING_MESSAGES.amountTooLarge(formatRand(centsToRand(balanceCents)));
    throw new ValidationError(`amount: ${message}`, 'validation_error', { amount: message });
  }

  const settings = await getSettings(deps.db);
  // Paystack sends its receipt to an address: a guest without one pays at the desk.
  const email = booking.guestEmail;
  if (!cardPaymentsOffered(settings) || !email) throw new ServiceUnavailableError(GUEST_BOOKING_MESSAGES.paymentUnavailable, 'payment_not_configured');

  const reference = generatePaystackReference(booking.reference);
  let accessCode: string;
  try {
    const init = await deps.paystack(settings.paystackSecretKey!).initialize({
      email,
      amountCents,
      currency: 'ZAR',
      reference,
      metadata: { bookingId: booking.id, bookingReference: booking.reference, kind: 'balance' },
    });
    if (init.reference !== reference) throw new PaystackError('Paystack answered with another reference', 'paystack_bad_response');
    accessCode = init.accessCode;
  } catch (err) {
    if (!(err instanceof PaystackError)) throw err;
    deps.log.warn({ err, bookingId: booking.id }, 'Paystack initialization of a balance payment failed');
    throw new UpstreamError(GUEST_BOOKING_MESSAGES.paymentUnavailable, 'payment_initialization_failed');
  }
  await deps.db.transaction((trx) => insertPaymentRequest(trx, { bookingId: booking.id, reference, amountCents, source: 'guest-balance' }));
  return { access_code: accessCode, reference, public_key: settings.paystackPublicKey!, amount: centsToRand(amountCents) };
}
