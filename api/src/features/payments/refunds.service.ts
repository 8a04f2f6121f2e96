import type { Deps } from '../../deps.js';
import type { SessionUser } from '../auth/session-user.js';
import { ServiceUnavailableError, UpstreamError, ValidationError, unknownId } from '../../errors.js';
import { PaystackError } from '../../adapters/paystack.js';
import type { PaymentHistoryResponse, PaymentTransaction, RefundRequest } from '../../../../shared/contracts/payments.js';
import type { PaymentStatus } from '../../../../shared/domain/booking-status.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import {
  checkRefundAmount,
  paymentStatusAfterRefund,
  REFUND_MESSAGES,
  summariseLedger,
  type LedgerSummary,
} from '../../../../shared/domain/payment-ledger.js';
import { recordAudit } from '../audit/record-audit.js';
import { creditRefund } from '../invoices/invoices.service.js';
import { enqueueEmail } from '../email/email.service.js';
import { refundIssued, type LodgeDetails, type PaymentMethodForEmail } from '../email/email.templates.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import type { Tx } from '../../db/transaction.js';
import { getSettings, lodgeDetailsOf } from '../settings/settings.service.js';
import { bookingForEmail } from '../bookings/booking-emails.js';
import { getBooking, lockBooking } from '../bookings/queries.js';
import { setBookingPaymentStatus } from '../bookings/record-payment.js';
import { recordLedgerEntry } from './ledger.service.js';
import { PAYMENT_ERRORS } from './payment-messages.js';
import { ledgerStatusOfRefund, recomputePaymentStatus } from './apply-refund-event.js';
import * as repo from './payments.repo.js';

export const REFUND_PROCESSED_MESSAGE = 'Refund processed';

/**
 * Payment statuses that may have money to give back (docs/product.md, Payments and
 * refunds); the ledger then says how much.
 */
const REFUNDABLE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['Paid', 'Deposit Paid', 'Partially Refunded'];

export interface RefundResult {
  message: string;
  refund: PaymentTransaction;
  paymentStatus: PaymentStatus;
  summary: PaymentHistoryResponse['summary'];
}

/** How money paid by hand goes back: eft, cash, card (a card machine: 'card-manual' payments). */
type ManualSubtype = string;

interface Reservation {
  booking: Booking;
  entry: repo.LedgerRecord;
  paymentStatus: PaymentStatus;
  isFullRefund: boolean;
  /** Set when the refund goes back through Paystack. */
  paystack: { transactionReference: string; secretKey: string } | null;
}

/**
 * POST /api/admin/payments/refund. Never more than was paid less earlier refunds (pending ones
 * count: money promised back must not be promised twice). The refund is first reserved as a
 * ledger row under the booking's lock, so two staff members refunding at once cannot both
 * pass the check; only then is Paystack asked, outside the database transaction. EFT and cash
 * refunds are paid out by hand and recorded as done.
 */
export async function refundBooking(deps: Deps, actor: SessionUser, input: RefundRequest): Promise<RefundResult> {
  const requestedCents = input.amount === undefined ? undefined : randToCents(input.amount);
  const settings = await getSettings(deps.db);
  const secretKey = settings.paystackSecretKey;
  const lodge = lodgeDetailsOf(settings);

  const reserved = await deps.db.transaction(async (trx): Promise<Reservation> => {
    const booking = await lockBooking(trx, input.bookingId);
    if (!booking) throw unknownId('bookingId', 'Booking not found');
    const ledger = await repo.listLedger(trx, booking.id);
    const summary = summariseLedger(ledger);

    if (!REFUNDABLE_PAYMENT_STATUSES.includes(booking.paymentStatus)) {
      const message = booking.paymentStatus === 'Refunded' ? REFUND_MESSAGES.fullyRefunded : REFUND_MESSAGES.nothingPaid;
      throw refusal(message);
    }
    const check = checkRefundAmount(summary, requestedCents);
    if (!check.ok) throw refusal(check.message);

    // The newest successful payment says how the money came in, and so how it goes back.
    const payment = [...ledger].reverse().find((e) => e.type === 'payment' && e.status === 'success');
    const viaPaystack = payment?.subtype === 'card' && !!payment.gatewayReference;
    if (viaPaystack && !secretKey) {
      throw new ServiceUnavailableError(PAYMENT_ERRORS.notConfigured, 'payment_not_configured');
    }
    const subtype: ManualSubtype = payment?.subtype ?? manualSubtypeOf(booking.paymentMethod);
    const kind = check.isFullRefund ? 'Full refund' : 'Partial refund';

    const entry = (await recordLedgerEntry(trx, {
      bookingId: booking.id,
      type: 'refund',
      subtype,
      status: viaPaystack ? 'pending' : 'success',
      amountCents: -check.amountCents,
      description: viaPaystack ? `${kind} via Paystack` : `${kind} (${manualLabel(subtype)}, paid out by hand)`,
      reason: input.reason,
      createdByUserId: actor.id,
      providerData: viaPaystack ? { transactionReference: payment!.gatewayReference } : undefined,
    }))!;

    const paymentStatus = paymentStatusAfterRefund(summary.totalPaidCents, summary.totalRefundedCents + check.amountCents);
    await setBookingPaymentStatus(deps, booking.id, paymentStatus, { trx });
    await recordAudit(trx, {
      actor,
      action: 'payment.refund',
      entityType: 'booking',
      entityId: booking.id,
      before: { paymentStatus: booking.paymentStatus },
      after: { paymentStatus, refundId: entry.id, amountCents: check.amountCents, subtype },
      note: input.reason ?? undefined,
    });
    if (!viaPaystack) {
      await queueRefundEmail(trx, lodge, booking, entry, check.isFullRefund, methodForEmail(subtype));
      // Money given back after invoicing is a credit note (a Paystack refund's comes once
      // Paystack has taken it, below).
      await creditRefund(trx, actor, booking.id, check.amountCents, input.reason, deps.clock.now());
    }
    return {
      booking,
      entry,
      paymentStatus,
      isFullRefund: check.isFullRefund,
      paystack: viaPaystack ? { transactionReference: payment!.gatewayReference!, secretKey: secretKey! } : null,
    };
  });

  if (!reserved.paystack) return result(deps, reserved.booking.id, reserved.entry, reserved.paymentStatus);
  return sendToPaystack(deps, actor, lodge, reserved, input.reason);
}

async function sendToPaystack(
  deps: Deps,
  actor: SessionUser,
  lodge: LodgeDetails,
  reserved: Reservation,
  reason: string | null,
): Promise<RefundResult> {
  const { booking, entry, paystack } = reserved;
  const amountCents = -entry.amountCents;
  try {
    const refund = await deps.paystack(paystack!.secretKey).refund({
      transaction: paystack!.transactionReference,
      amountCents,
      currency: 'ZAR',
      ...(reason ? { merchantNote: reason } : {}),
    });
    const updated = await deps.db.transaction(async (trx) => {
      const current = (await repo.findRefundEntryById(trx, entry.id, { forUpdate: true }))!;
      // A refund webhook may have come first and moved the row on already.
      const status = current.status === 'pending' ? (ledgerStatusOfRefund(refund.status) ?? 'pending') : current.status;
      const row = await repo.updateLedgerEntry(trx, entry.id, {
        status,
        gatewayReference: String(refund.id),
        providerData: { transactionReference: paystack!.transactionReference, refundId: refund.id, status: refund.status },
      });
      await queueRefundEmail(trx, lodge, booking, row, reserved.isFullRefund, 'Card');
      if (status !== 'failed') await creditRefund(trx, actor, booking.id, amountCents, reason, deps.clock.now());
      return row;
    });
    return result(deps, booking.id, updated, reserved.paymentStatus);
  } catch (err) {
    if (!(err instanceof PaystackError)) throw err;
    // A timeout or a garbled answer leaves it unknown whether Paystack took the refund: keep
    // the money counted as refunded (no second refund) until someone checks the dashboard.
    const unknown = err.failure === 'paystack_timeout' || err.failure === 'paystack_bad_response';
    await deps.db.transaction(async (trx) => {
      await lockBooking(trx, booking.id);
      await repo.updateLedgerEntry(trx, entry.id, { status: unknown ? 'needs-attention' : 'failed' });
      const paymentStatus = unknown ? reserved.paymentStatus : await recomputePaymentStatus(deps, trx, booking.id);
      await recordAudit(trx, {
        actor,
        action: unknown ? 'payment.refund_unconfirmed' : 'payment.refund_failed',
        entityType: 'booking',
        entityId: booking.id,
        after: { refundId: entry.id, paymentStatus },
        note: `Paystack: ${err.message}`,
      });
    });
    deps.log.warn({ err, bookingId: booking.id, refundId: entry.id }, 'Paystack refund failed');
    throw new UpstreamError(
      unknown
        ? 'Paystack did not confirm the refund. Check the Paystack dashboard before trying again.'
        : `Refund failed: ${err.message}`,
      unknown ? 'refund_unconfirmed' : 'refund_failed',
    );
  }
}

function refusal(message: string): ValidationError {
  return new ValidationError(message, 'refund_refused', { amount: message });
}

function manualLabel(subtype: string): string {
  return subtype === 'eft' ? 'EFT' : subtype === 'cash' ? 'cash' : 'card';
}

function manualSubtypeOf(method: Booking['paymentMethod']): ManualSubtype {
  return method === 'Cash' ? 'cash' : method === 'EFT' ? 'eft' : 'card';
}

function methodForEmail(subtype: ManualSubtype): PaymentMethodForEmail {
  return subtype === 'cash' ? 'Cash' : subtype === 'eft' ? 'EFT' : 'Card';
}

async function queueRefundEmail(
  trx: Tx,
  lodge: LodgeDetails,
  booking: Booking,
  entry: repo.LedgerRecord,
  full: boolean,
  method: PaymentMethodForEmail,
): Promise<void> {
  await enqueueEmail(trx, {
    to: booking.guestEmail,
    ...refundIssued({ lodge, booking: bookingForEmail(booking), amountCents: -entry.amountCents, full, method }),
    bookingId: booking.id,
    dedupeKey: `refund-issued:${entry.id}`,
  });
}

async function result(deps: Deps, bookingId: string, entry: repo.LedgerRecord, paymentStatus: PaymentStatus): Promise<RefundResult> {
  const summary = summariseLedger(await repo.listLedger(deps.db, bookingId));
  return { message: REFUND_PROCESSED_MESSAGE, refund: repo.toPaymentTransaction(entry), paymentStatus, summary: summaryInRand(summary) };
}

function summaryInRand(s: LedgerSummary): PaymentHistoryResponse['summary'] {
  return {
    totalPaid: centsToRand(s.totalPaidCents),
    totalRefunded: centsToRand(s.totalRefundedCents),
    totalDiscounts: centsToRand(s.totalDiscountsCents),
    netAmount: centsToRand(s.netAmountCents),
  };
}

/** GET /api/admin/payments/history?bookingId=: the ledger, oldest first, and its sums. */
export async function paymentHistory(deps: Deps, bookingId: string): Promise<PaymentHistoryResponse> {
  const booking = await getBooking(deps.db, bookingId);
  if (!booking) throw unknownId('bookingId', 'Booking not found');
  const ledger = await repo.listLedger(deps.db, bookingId);
  return { summary: summaryInRand(summariseLedger(ledger)), transactions: ledger.map(repo.toPaymentTransaction) };
}
