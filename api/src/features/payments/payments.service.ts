import { addMinutes } from 'date-fns';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/transaction.js';
import { ConflictError, NotFoundError, ServiceUnavailableError, UnauthorizedError, UnprocessableError, UpstreamError, unknownId } from '../../errors.js';
import {
  checkPayment,
  parseWebhookEvent,
  PaystackError,
  verifyWebhookSignature,
  type PaystackTransaction,
  type PaystackWebhookEvent,
} from '../../adapters/paystack.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import type {
  InitializePaymentRequest,
  InitializePaymentResponse,
  VerifyPaymentResponse,
} from '../../../../shared/contracts/payments.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { generatePaystackReference } from '../../../../shared/domain/reference.js';
import { paymentStatusAfterRefund, summariseLedger, type LedgerEntryStatus } from '../../../../shared/domain/payment-ledger.js';
import { recordAudit } from '../audit/record-audit.js';
import { enqueueEmail } from '../email/email.service.js';
import { paymentConfirmed } from '../email/email.templates.js';
import { getSettings, lodgeDetailsOf } from '../settings/settings.service.js';
import { createGuestBooking } from '../bookings/create-guest-booking.js';
import { requireBookingTarget } from '../bookings/booking-target.js';
import { cancelUnpaidBooking } from '../bookings/cancel-unpaid-booking.js';
import { markBookingPaid, setBookingPaymentStatus, setBookingPaystackReference } from '../bookings/record-payment.js';
import { expiredCardHoldReferences, getBooking, getBookingByPaystackReference, lockBooking } from '../bookings/queries.js';
import { bookingForEmail } from '../bookings/booking-emails.js';
import { recordLedgerEntry } from './ledger.service.js';
import * as repo from './payments.repo.js';

export const PAYMENT_ERRORS = {
  notConfigured: 'The payment provider is not configured',
  cardDisabled: 'Card payments are not available at the moment. Please choose EFT.',
  initializationFailed: 'Payment initialization failed',
  verificationFailed: 'Payment verification failed',
  unknownReference: 'Payment verification failed: no booking was found for this payment reference',
  notCompleted: 'Payment was not completed. Please try again if you wish to complete your booking.',
  stillProcessing: 'Your payment is still being processed. You will receive an e-mail as soon as it is confirmed.',
  paidAfterCancellation:
    'Your payment was received, but your booking had already been released and the dates are no longer available. ' +
    'We will refund your payment in full; please contact us if you have any questions.',
  invalidSignature: 'Invalid webhook signature',
} as const;

export const PAYMENT_VERIFIED_MESSAGE = 'Payment verified successfully';

// ---- initialize

/**
 * Creates the Provisional booking with a short hold, then the Paystack transaction for its
 * card total. The provider call happens after the booking's transaction has committed (a slow
 * Paystack must not hold row locks); if it fails, the booking is cancelled again so the dates
 * are free at once instead of when the hold runs out.
 */
export async function initializeCardPayment(deps: Deps, input: InitializePaymentRequest): Promise<InitializePaymentResponse> {
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
      guest: {
        firstName: guestData.firstName,
        lastName: guestData.lastName,
        email: guestData.email,
        phone: guestData.phone ?? undefined,
        address: guestData.address ?? undefined,
      },
      paymentMethod: 'Card',
      promoCode: bookingData.promoCode,
      specialRequests: bookingData.specialRequests ?? undefined,
    },
    // The confirmation follows within minutes; a "received" mail first would only be noise.
    { holdExpiresAt, sendReceivedEmail: false },
  );

  const amountCents = randToCents(booking.totalAmount);
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

// ---- verify and the charge.success webhook: one confirmation path

export type PaymentOutcome =
  | { kind: 'confirmed'; booking: Booking; amountCents: number }
  /** Recorded before (by the other path, or a repeated call). */
  | { kind: 'already_recorded'; booking: Booking; amountCents: number }
  /** Money received for a booking that stays Cancelled: staff must refund it. */
  | { kind: 'paid_after_cancellation'; booking: Booking; amountCents: number }
  | { kind: 'not_successful'; status: string; gatewayResponse: string | null }
  | { kind: 'mismatch'; reason: string }
  | { kind: 'unknown_reference' };

type Via = 'verify' | 'webhook' | 'reconcile';

/**
 * Records a Paystack charge against its booking, once. Only `success` with the booking's
 * amount (cents), ZAR and our reference counts (checkPayment). The booking row is locked first,
 * so verify and the webhook for the same charge take turns; the payment row's unique index
 * makes the second a no-op, and the e-mail's dedupe key keeps it to one message. What the
 * payment does to the booking (confirm, reinstate, mark paid) is the bookings feature's call.
 */
export async function recordCardPayment(deps: Deps, tx: PaystackTransaction, via: Via): Promise<PaymentOutcome> {
  const found = await getBookingByPaystackReference(deps.db, tx.reference);
  if (!found) return { kind: 'unknown_reference' };
  if (tx.status !== 'success') return { kind: 'not_successful', status: tx.status, gatewayResponse: tx.gatewayResponse };

  return deps.db.transaction(async (trx): Promise<PaymentOutcome> => {
    const booking = await lockBooking(trx, found.id);
    if (!booking) return { kind: 'unknown_reference' };
    const totalCents = randToCents(booking.totalAmount);
    const check = checkPayment(tx, { reference: booking.paystackReference ?? '', amountCents: totalCents, currency: 'ZAR' });
    if (!check.ok) {
      const detail = {
        reason: check.reason,
        reference: tx.reference,
        expected: { amountCents: totalCents, currency: 'ZAR' },
        received: { amountCents: tx.amountCents, currency: tx.currency, status: tx.status },
      };
      deps.log.warn({ bookingId: booking.id, via, ...detail }, 'Paystack payment does not match the booking; not confirmed');
      await recordAudit(trx, {
        actor: null,
        action: 'payment.mismatch',
        entityType: 'booking',
        entityId: booking.id,
        after: detail,
        note: `Card payment ${tx.reference} not accepted (${check.reason}, via ${via}): check it in Paystack and refund it if money was taken`,
      });
      return { kind: 'mismatch', reason: check.reason };
    }

    const entry = await recordLedgerEntry(trx, {
      bookingId: booking.id,
      type: 'payment',
      subtype: 'card',
      status: 'success',
      amountCents: tx.amountCents,
      description: 'Card payment via Paystack',
      gatewayReference: tx.reference,
      providerData: { id: tx.id, channel: tx.channel, paidAt: tx.paidAt, domain: tx.domain, gatewayResponse: tx.gatewayResponse, via },
    });
    if (!entry) {
      return booking.status === 'Cancelled'
        ? { kind: 'paid_after_cancellation', booking, amountCents: tx.amountCents }
        : { kind: 'already_recorded', booking, amountCents: tx.amountCents };
    }

    const before = { status: booking.status, paymentStatus: booking.paymentStatus };
    const { outcome, holdExpired, booking: after } = await markBookingPaid(deps, booking.id, { trx });

    await recordAudit(trx, {
      actor: null,
      action: 'payment.card',
      entityType: 'booking',
      entityId: booking.id,
      before,
      after: { status: after.status, paymentStatus: after.paymentStatus, amountCents: tx.amountCents, reference: tx.reference },
      note:
        outcome === 'paid_after_cancellation'
          ? holdExpired
            ? 'paid after hold expired: refund needed'
            : 'paid after the booking was cancelled: refund needed'
          : outcome === 'reinstated'
            ? `Card payment ${tx.reference} arrived after the booking was cancelled; reinstated (via ${via})`
            : `Card payment ${tx.reference} verified (via ${via})`,
    });

    if (outcome === 'paid_after_cancellation') return { kind: 'paid_after_cancellation', booking: after, amountCents: tx.amountCents };
    const newlyPaid = outcome === 'confirmed' || outcome === 'reinstated' || before.paymentStatus !== 'Paid';
    if (newlyPaid) {
      const settings = await getSettings(trx);
      await enqueueEmail(trx, {
        to: after.guestEmail,
        ...paymentConfirmed({ lodge: lodgeDetailsOf(settings), booking: bookingForEmail(after), amountPaidCents: tx.amountCents, method: 'Card' }),
        bookingId: after.id,
        dedupeKey: `payment-confirmed:${after.id}`,
      });
    }
    return { kind: 'confirmed', booking: after, amountCents: tx.amountCents };
  });
}

const PENDING_PAYSTACK_STATUSES = new Set(['ongoing', 'pending', 'processing', 'queued']);

/**
 * POST /api/payments/verify: what the payment-return page and the popup's success callback
 * call. Asks Paystack, never the browser, whether the money arrived.
 */
export async function verifyCardPayment(deps: Deps, reference: string): Promise<VerifyPaymentResponse> {
  const booking = await getBookingByPaystackReference(deps.db, reference);
  if (!booking) throw unknownId('reference', PAYMENT_ERRORS.unknownReference);

  // Recorded already (the webhook was first, or the page was reloaded): no need to ask again.
  const recorded = await repo.findPaymentEntryByGatewayReference(deps.db, reference);
  if (recorded?.status === 'success') {
    return verifiedAnswer(recorded.amountCents, reference, (await getBooking(deps.db, booking.id))!);
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

// ---- reconciliation

/**
 * Before an unpaid card hold is let go, asks Paystack whether the guest paid after all: the
 * money may have been taken while nothing here heard of it (the process stopped during
 * verify, the guest closed the tab, the webhook not yet delivered). A success is recorded
 * exactly as verify and the webhook record it (recordCardPayment: once, whoever is first);
 * anything else, or Paystack not answering, leaves the hold to expire as usual. Runs in the
 * hold-expiry job, just before holds are expired.
 */
export async function reconcileCardHolds(deps: Deps): Promise<{ checked: number; confirmed: number }> {
  const references = await expiredCardHoldReferences(deps.db, deps.clock.now());
  if (references.length === 0) return { checked: 0, confirmed: 0 };
  const secretKey = (await getSettings(deps.db)).paystackSecretKey;
  if (!secretKey) return { checked: 0, confirmed: 0 };
  const paystack = deps.paystack(secretKey);
  let confirmed = 0;
  for (const reference of references) {
    let tx: PaystackTransaction | null;
    try {
      tx = await paystack.verify(reference);
    } catch (err) {
      deps.log.warn({ err, reference }, 'Paystack verify failed during reconciliation; the hold expires as usual');
      continue;
    }
    if (!tx || tx.status !== 'success') continue;
    const outcome = await recordCardPayment(deps, tx, 'reconcile');
    if (outcome.kind === 'confirmed') confirmed++;
  }
  if (confirmed > 0) deps.log.info({ confirmed }, 'card payments found by reconciliation');
  return { checked: references.length, confirmed };
}

// ---- webhook

/**
 * POST /api/payments/webhook. The signature (HMAC-SHA512 of the raw body with the secret key)
 * is checked before anything is read. Work is local and quick (no call back to Paystack: the
 * signed body is Paystack's word, checked like verify's answer), and idempotent, because
 * Paystack retries until it gets a 200.
 */
export async function handleWebhook(deps: Deps, rawBody: Buffer | string | undefined, signature: string | undefined): Promise<void> {
  const secretKey = (await getSettings(deps.db)).paystackSecretKey;
  if (rawBody === undefined || !verifyWebhookSignature(rawBody, signature, secretKey)) {
    throw new UnauthorizedError(PAYMENT_ERRORS.invalidSignature, 'invalid_signature');
  }
  let event: PaystackWebhookEvent;
  try {
    event = parseWebhookEvent(rawBody);
  } catch (err) {
    // Signed but unreadable: a retry would not read any better, so acknowledge and log.
    deps.log.error({ err }, 'unreadable Paystack webhook');
    return;
  }
  if (event.kind === 'charge') {
    const outcome = await recordCardPayment(deps, event.transaction, 'webhook');
    if (outcome.kind === 'unknown_reference') {
      deps.log.info({ reference: event.transaction.reference }, 'charge.success for a reference we do not know; ignored');
    }
    return;
  }
  if (event.kind === 'refund') {
    await applyRefundEvent(deps, event.refund);
    return;
  }
  deps.log.debug({ event: event.event }, 'Paystack webhook event ignored');
}

/** Paystack's refund statuses as ledger statuses; processed is done. */
export function ledgerStatusOfRefund(status: string): LedgerEntryStatus | undefined {
  switch (status) {
    case 'processed':
      return 'success';
    case 'failed':
      return 'failed';
    case 'pending':
    case 'processing':
    case 'needs-attention':
      return status;
    default:
      return undefined;
  }
}

const FINAL_LEDGER_STATUSES: readonly LedgerEntryStatus[] = ['success', 'failed'];

/**
 * refund.* events move the refund's ledger row on. A finished refund (processed or failed)
 * never moves back, so a late or repeated event changes nothing. A failed refund no longer
 * counts, and the booking's payment status is worked out again from the ledger.
 */
export async function applyRefundEvent(
  deps: Deps,
  refund: { status: string; transactionReference: string; amountCents: number; refundId: string | null },
): Promise<void> {
  const status = ledgerStatusOfRefund(refund.status);
  if (!status) {
    deps.log.info({ refund }, 'refund event with a status we do not track; ignored');
    return;
  }
  await deps.db.transaction(async (trx) => {
    const entry =
      (refund.refundId ? await repo.findRefundEntryByGatewayReference(trx, refund.refundId, { forUpdate: true }) : undefined) ??
      (await repo.findOpenRefundEntryForTransaction(trx, refund.transactionReference, refund.amountCents, { forUpdate: true }));
    if (!entry) {
      deps.log.warn({ refund }, 'refund event for a refund we did not record; ignored');
      return;
    }
    if (FINAL_LEDGER_STATUSES.includes(entry.status) || entry.status === status) return;
    await lockBooking(trx, entry.bookingId);
    await repo.updateLedgerEntry(trx, entry.id, {
      status,
      ...(entry.gatewayReference === null && refund.refundId ? { gatewayReference: refund.refundId } : {}),
    });
    let paymentStatusNote = '';
    if (status === 'failed') {
      const paymentStatus = await recomputePaymentStatus(deps, trx, entry.bookingId);
      paymentStatusNote = `; payment status now ${paymentStatus}`;
    }
    await recordAudit(trx, {
      actor: null,
      action: status === 'failed' ? 'payment.refund_failed' : 'payment.refund_status',
      entityType: 'booking',
      entityId: entry.bookingId,
      before: { refundId: entry.id, status: entry.status },
      after: { refundId: entry.id, status },
      note: `Paystack refund ${refund.refundId ?? refund.transactionReference}: ${refund.status}${paymentStatusNote}`,
    });
  });
}

/** The booking's payment status from its ledger once a refund no longer counts. */
export async function recomputePaymentStatus(deps: Pick<Deps, 'db'>, trx: Tx, bookingId: string) {
  const summary = summariseLedger(await repo.listLedger(trx, bookingId));
  const paymentStatus =
    summary.totalRefundedCents === 0
      ? summary.totalPaidCents > 0
        ? 'Paid'
        : 'Pending'
      : paymentStatusAfterRefund(summary.totalPaidCents, summary.totalRefundedCents);
  await setBookingPaymentStatus(deps, bookingId, paymentStatus, { trx });
  return paymentStatus;
}
