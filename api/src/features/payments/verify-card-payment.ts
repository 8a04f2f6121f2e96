import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, ServiceUnavailableError, UnprocessableError, UpstreamError, unknownId } from '../../errors.js';
import type { PaystackTransaction } from '../../adapters/paystack.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import type { VerifyPaymentResponse } from '../../../../shared/contracts/payments.js';
import { centsToRand } from '../../../../shared/domain/money.js';
import { getSettings } from '../settings/settings.service.js';
import { getBooking } from '../bookings/queries.js';
import { PAYMENT_ERRORS, PAYMENT_VERIFIED_MESSAGE } from './payment-messages.js';
import { chargeForReference, recordCardPayment } from './record-card-payment.js';
import * as repo from './payments.repo.js';

const PENDING_PAYSTACK_STATUSES = new Set(['ongoing', 'pending', 'processing', 'queued']);

/**
 * POST /api/payments/verify: what the payment-return page and the popup's success callback
 * call. Asks Paystack, never the browser, whether the money arrived.
 */
export async function verifyCardPayment(deps: Deps, reference: string): Promise<VerifyPaymentResponse> {
  const charge = await chargeForReference(deps.db, reference);
  if (!charge) throw unknownId('reference', PAYMENT_ERRORS.unknownReference);

  // Recorded already (the webhook was first, or the page was reloaded): no need to ask again.
  const recorded = await repo.findPaymentEntryByGatewayReference(deps.db, reference);
  if (recorded?.status === 'success') {
    return verifiedAnswer(recorded.amountCents, reference, (await getBooking(deps.db, charge.bookingId))!);
  }

  const secretKey = (await getSettings(deps.db)).paystackSecretKey;
  if (!secretKey) throw new ServiceUnavailableError(PAYMENT_ERRORS.notConfigured, 'payment_not_configured');
  let tx: PaystackTransaction | null;
  try {
    tx = await deps.paystack(secretKey).verify(reference);
  } catch (err) {
    deps.log.warn({ err, reference }, 'Paystack verify failed');
    throw new UpstreamError(PAYMENT_ERRORS.verificationFailed, 'payment_verification_failed');
  }
  if (!tx) throw new NotFoundError(`${PAYMENT_ERRORS.verificationFailed}: Transaction reference not found`, 'unknown_reference');

  const outcome = await recordCardPayment(deps, tx, 'verify');
  switch (outcome.kind) {
    case 'confirmed':
    case 'already_recorded':
      return verifiedAnswer(outcome.amountCents, reference, outcome.booking);
    case 'paid_after_cancellation':
      throw new ConflictError(PAYMENT_ERRORS.paidAfterCancellation, 'paid_after_cancellation');
    case 'not_successful':
      if (PENDING_PAYSTACK_STATUSES.has(outcome.status)) {
        throw new UnprocessableError(PAYMENT_ERRORS.stillProcessing, 'payment_pending');
      }
      throw new UnprocessableError(
        outcome.status === 'failed' && outcome.gatewayResponse
          ? `Payment failed: ${outcome.gatewayResponse}`
          : PAYMENT_ERRORS.notCompleted,
        'payment_not_successful',
      );
    case 'mismatch':
      throw new UnprocessableError(PAYMENT_ERRORS.verificationFailed, 'payment_mismatch');
    case 'unknown_reference':
      throw unknownId('reference', PAYMENT_ERRORS.unknownReference);
  }
}

function verifiedAnswer(amountCents: number, reference: string, booking: Booking): VerifyPaymentResponse {
  if (booking.status === 'Cancelled') throw new ConflictError(PAYMENT_ERRORS.paidAfterCancellation, 'paid_after_cancellation');
  return {
    message: PAYMENT_VERIFIED_MESSAGE,
    reference,
    bookingId: booking.id,
    bookingReference: booking.reference,
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    amount: centsToRand(amountCents),
  };
}
