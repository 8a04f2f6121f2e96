import type { Deps } from '../../deps.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import { checkPayment, type PaystackTransaction } from '../../adapters/paystack.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { randToCents } from '../../../../shared/domain/money.js';
import { recordAudit } from '../audit/record-audit.js';
import { getSettings } from '../settings/settings.service.js';
import { markBookingPaid } from '../bookings/record-payment.js';
import { getBookingByPaystackReference, lockBooking } from '../bookings/queries.js';
import { enqueueGuestEmail, paymentConfirmedEmail } from '../bookings/booking-emails.js';
import type { DbOrTx } from '../../db/transaction.js';
import { recordLedgerEntry } from './ledger.service.js';
import { findPaymentRequest } from './payment-requests.repo.js';

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
 * Records a Paystack charge against its booking, once. Only `success` with the amount asked
 * for (the booking's own reference: its deposit, or the total; a payment request's: that
 * request's amount, in cents), ZAR and our reference counts (checkPayment). The booking row is locked first,
 * so verify and the webhook for the same charge take turns; the payment row's unique index
 * makes the second a no-op, and the e-mail's dedupe key keeps it to one message. What the
 * payment does to the booking (confirm, reinstate, mark paid) is the bookings feature's call.
 * Verify, the charge.success webhook and the reconciliation all confirm through here. In the
 * caller's transaction when given one, else its own.
 */
export async function recordCardPayment(deps: Deps, tx: PaystackTransaction, via: Via, opts: TxOptions = {}): Promise<PaymentOutcome> {
  const found = await chargeForReference(opts.trx ?? deps.db, tx.reference);
  if (!found) return { kind: 'unknown_reference' };
  if (tx.status !== 'success') return { kind: 'not_successful', status: tx.status, gatewayResponse: tx.gatewayResponse };

  return inTransaction(deps.db, opts.trx, async (trx): Promise<PaymentOutcome> => {
    const booking = await lockBooking(trx, found.bookingId);
    if (!booking) return { kind: 'unknown_reference' };
    const expectedCents = found.amountCents ?? randToCents(booking.depositAmount ?? booking.totalAmount);
    const expectedReference = found.amountCents === undefined ? (booking.paystackReference ?? '') : tx.reference;
    const check = checkPayment(tx, { reference: expectedReference, amountCents: expectedCents, currency: 'ZAR' });
    if (!check.ok) {
      const detail = {
        reason: check.reason,
        reference: tx.reference,
        expected: { amountCents: expectedCents, currency: 'ZAR' },
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
    const newlyPaid = outcome === 'confirmed' || outcome === 'reinstated' || before.paymentStatus !== after.paymentStatus;
    if (newlyPaid && after.guestEmail) {
      const settings = await getSettings(trx);
      await enqueueGuestEmail(trx, after, {
        ...(await paymentConfirmedEmail(trx, settings, after, tx.amountCents, deps.config)),
        // Per charge: verify and the webhook of one charge send one message; a balance paid
        // later is its own.
        dedupeKey: `payment-confirmed:${after.id}:${tx.reference}`,
      });
    }
    return { kind: 'confirmed', booking: after, amountCents: tx.amountCents };
  });
}

/**
 * The booking a Paystack reference charges, and the amount it was asked for: a payment
 * request (the guest paying a balance) carries its own; the booking's own reference is for
 * its deposit (amountCents undefined: read from the locked booking).
 */
export async function chargeForReference(db: DbOrTx, reference: string): Promise<{ bookingId: string; amountCents?: number } | undefined> {
  const booking = await getBookingByPaystackReference(db, reference);
  if (booking) return { bookingId: booking.id };
  const request = await findPaymentRequest(db, reference);
  return request ? { bookingId: request.bookingId, amountCents: request.amountCents } : undefined;
}
