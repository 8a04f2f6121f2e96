import type { Deps } from '../../deps.js';
import { inTransaction, type Tx, type TxOptions } from '../../db/transaction.js';
import { summariseLedger, type LedgerEntryStatus } from '../../../../shared/domain/payment-ledger.js';
import { paymentStatusFromLedger } from '../../../../shared/domain/deposits.js';
import { randToCents } from '../../../../shared/domain/money.js';
import { recordAudit } from '../audit/record-audit.js';
import { getBooking, lockBooking } from '../bookings/queries.js';
import { setBookingPaymentStatus } from '../bookings/record-payment.js';
import * as repo from './payments.repo.js';

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
 * counts, and the booking's payment status is worked out again from the ledger. In the
 * caller's transaction when given one, else its own.
 */
export async function applyRefundEvent(
  deps: Deps,
  refund: { status: string; transactionReference: string; amountCents: number; refundId: string | null },
  opts: TxOptions = {},
): Promise<void> {
  const status = ledgerStatusOfRefund(refund.status);
  if (!status) {
    deps.log.info({ refund }, 'refund event with a status we do not track; ignored');
    return;
  }
  await inTransaction(deps.db, opts.trx, async (trx) => {
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

/**
 * The booking's payment status from its ledger once a refund no longer counts: a booking
 * that had only its deposit paid is Deposit Paid again, not Paid.
 */
export async function recomputePaymentStatus(deps: Pick<Deps, 'db'>, trx: Tx, bookingId: string) {
  const summary = summariseLedger(await repo.listLedger(trx, bookingId));
  const booking = (await getBooking(trx, bookingId))!;
  const paymentStatus = paymentStatusFromLedger(randToCents(booking.totalAmount), summary, booking.paymentStatus);
  await setBookingPaymentStatus(deps, bookingId, paymentStatus, { trx });
  return paymentStatus;
}
