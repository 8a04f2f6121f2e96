import { addMinutes } from 'date-fns';
import type { Deps } from '../../deps.js';
import { ServiceUnavailableError, UnprocessableError, UpstreamError } from '../../errors.js';
import { PaystackError } from '../../adapters/paystack.js';
import type { InitializePaymentRequest, InitializePaymentResponse } from '../../../../shared/contracts/payments.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { generatePaystackReference } from '../../../../shared/domain/reference.js';
import { recordAudit } from '../audit/record-audit.js';
import { getSettings } from '../settings/settings.service.js';
import { createGuestBooking } from '../bookings/create-guest-booking.js';
import type { HoldLimit } from '../bookings/guest-limits.js';
import { requireBookingTarget } from '../bookings/booking-target.js';
import { cancelUnpaidBooking } from '../bookings/cancel-unpaid-booking.js';
import { setBookingPaystackReference } from '../bookings/record-payment.js';
import { PAYMENT_ERRORS } from './payment-messages.js';

/**
 * Creates the Provisional booking with a short hold, then the Paystack transaction for what
 * is due now (the deposit, or the card total). The provider call happens after the booking's transaction has committed (a slow
 * Paystack must not hold row locks); if it fails, the booking is cancelled again so the dates
 * are free at once instead of when the hold runs out.
 */
export async function initializeCardPayment(
  deps: Deps,
  input: InitializePaymentRequest,
  holdLimit?: HoldLimit,
): Promise<InitializePaymentResponse> {
  const settings = await getSettings(deps.db);
  const publicKey = settings.paystackPublicKey;
  const secretKey = settings.paystackSecretKey;
  if (!publicKey || !secretKey) {
    throw new ServiceUnavailableError(PAYMENT_ERRORS.notConfigured, 'payment_not_configured');
  }
  if (!settings.allowCardPayments) throw new UnprocessableError(PAYMENT_ERRORS.cardDisabled, 'card_payments_disabled');

  const { bookingData, guestData } = input;
  const target = requireBookingTarget(bookingData);

  const holdExpiresAt = addMinutes(deps.clock.now(), deps.config.CARD_HOLD_MINUTES);
  const { booking } = await createGuestBooking(
    deps,
    {
      target,
      checkInDate: bookingData.checkInDate,
      checkOutDate: bookingData.checkOutDate,
      numberOfGuests: bookingData.numberOfGuests,
      unitCount: bookingData.unitCount,
      party: { adults: bookingData.adults, childAges: bookingData.childAges },
      guest: {
        firstName: guestData.firstName,
        lastName: guestData.lastName,
        email: guestData.email,
        phone: guestData.phone ?? undefined,
        address: guestData.address ?? undefined,
      },
      paymentMethod: 'Card',
      promoCode: bookingData.promoCode,
      extras: bookingData.extras,
      extrasField: 'bookingData.extras',
      specialRequests: bookingData.specialRequests ?? undefined,
      holdLimit,
    },
    // The confirmation follows within minutes; a "received" mail first would only be noise.
    { holdExpiresAt, sendReceivedEmail: false },
  );

  // Booked before the balance-due date, the card takes the deposit now; the guest pays the rest later.
  const amountCents = randToCents(booking.depositAmount ?? booking.totalAmount);
  let reference = booking.paystackReference;
  try {
    if (!reference) {
      reference = generatePaystackReference(booking.reference);
      await setBookingPaystackReference(deps, booking.id, reference);
    }
    const client = deps.paystack(secretKey);
    const init = await client.initialize({
      email: guestData.email,
      amountCents,
      currency: 'ZAR',
      reference,
      metadata: { bookingId: booking.id, bookingReference: booking.reference },
    });
    if (init.reference !== reference) {
      throw new PaystackError('Paystack answered with another reference', 'paystack_bad_response');
    }
    return {
      access_code: init.accessCode,
      reference,
      public_key: publicKey,
      authorization_url: init.authorizationUrl,
      bookingId: booking.id,
      bookingReference: booking.reference,
      amount: centsToRand(amountCents),
    };
  } catch (err) {
    await releaseBooking(deps, booking.id, err);
    deps.log.warn({ err, bookingId: booking.id }, 'Paystack initialization failed; booking released');
    throw new UpstreamError(initializationFailedMessage(err), 'payment_initialization_failed');
  }
}

/** A provider's refusal (a bad e-mail address, say) helps the guest; a key or network problem does not. */
function initializationFailedMessage(err: unknown): string {
  if (err instanceof PaystackError && err.failure === 'paystack_rejected' && err.message) {
    return `${PAYMENT_ERRORS.initializationFailed}: ${err.message}`;
  }
  return PAYMENT_ERRORS.initializationFailed;
}

async function releaseBooking(deps: Deps, bookingId: string, cause: unknown): Promise<void> {
  const reason = `Payment initialization failed${cause instanceof Error && cause.message ? `: ${cause.message}` : ''}`;
  try {
    await deps.db.transaction(async (trx) => {
      if (!(await cancelUnpaidBooking(deps, bookingId, { reason, clearHold: true, trx }))) return;
      await recordAudit(trx, {
        actor: null,
        action: 'booking.cancel',
        entityType: 'booking',
        entityId: bookingId,
        before: { status: 'Provisional' },
        after: { status: 'Cancelled' },
        note: reason,
      });
    });
  } catch (releaseErr) {
    // The hold-expiry job frees the dates later; the guest still gets the 502.
    deps.log.error({ err: releaseErr, bookingId }, 'could not release a booking after a failed payment initialization');
  }
}
