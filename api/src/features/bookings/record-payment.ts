import type { Deps } from '../../deps.js';
import { inSavepoint, inTransaction, type TxOptions } from '../../db/transaction.js';
import { PG, pgCode } from '../../errors.js';
import { checkTransition, type PaymentStatus } from '../../../../shared/domain/booking-status.js';
import { statusTimestamps } from '../../../../shared/domain/booking-update.js';
import { paymentStatusFromLedger } from '../../../../shared/domain/deposits.js';
import { randToCents } from '../../../../shared/domain/money.js';
import { ledgerSummary } from '../payments/ledger.service.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { retakePromoUse } from './promo-use.js';
import * as repo from './bookings.repo.js';

/**
 * What the payments feature asks of bookings: the booking and payment status change here
 * only, through checkTransition, in the caller's transaction (payments lock the booking,
 * record the ledger row and call these in the same transaction).
 */

export type PaidOutcome =
  /** Provisional -> Confirmed: the money held reached the deposit (or the total). */
  | 'confirmed'
  /** A hold-expired booking whose unit was still free: Cancelled -> Confirmed. */
  | 'reinstated'
  /** Staff had moved it on already (confirmed, checked in), or a balance came in: payment status follows the ledger. */
  | 'paid'
  /** Still Provisional: less than the deposit has arrived (an EFT short of it). */
  | 'part_paid'
  /** Stays Cancelled (its unit was taken, or staff cancelled it): refund needed. */
  | 'paid_after_cancellation';

export interface PaidResult {
  outcome: PaidOutcome;
  /** Cancelled by the hold running out (not by staff). */
  holdExpired: boolean;
  booking: Booking;
}

/**
 * A received payment (card, EFT, at the desk) has been written to the ledger for this booking:
 * the one place that changes the booking for it. The payment status is the ledger's
 * (paymentStatusFromLedger: Deposit Paid while a balance is left, Paid once the total is
 * covered); a Provisional booking is confirmed once the money held reaches its deposit
 * (deposit_amount, or the total on bookings made before deposits).
 */
export async function markBookingPaid(deps: Pick<Deps, 'db' | 'clock'>, bookingId: string, opts: TxOptions = {}): Promise<PaidResult> {
  const now = deps.clock.now();
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const row = await repo.findBookingRowForUpdate(trx, bookingId);
    if (!row) throw new Error(`markBookingPaid: booking ${bookingId} not found`);
    const totalCents = randToCents(row.total_amount);
    const ledger = await ledgerSummary(trx, row.id);
    const paymentStatus = paymentStatusFromLedger(totalCents, ledger, row.payment_status);
    const depositCents = row.deposit_amount == null ? totalCents : randToCents(row.deposit_amount);
    const depositReached = ledger.netAmountCents >= depositCents;
    const paid: repo.BookingWrite = { paymentStatus, paymentVerified: ledger.netAmountCents > 0 || row.payment_verified };
    const isParent = row.unit_id === null;
    const write = async (patch: repo.BookingWrite, db = trx) => {
      await repo.updateBooking(db, row.id, row.version, patch);
      if (isParent) await repo.updateChildren(db, row.id, patch);
    };
    const writeIfChanged = async () => {
      if (row.payment_status !== paid.paymentStatus || row.payment_verified !== paid.paymentVerified) await write(paid);
    };
    const holdExpired = isHoldExpiry(row);
    let outcome: PaidOutcome;

    if (row.status === 'Provisional' && !depositReached) {
      await writeIfChanged();
      outcome = 'part_paid';
    } else if (row.status === 'Provisional' && checkTransition(row.status, 'Confirmed', 'payment').ok) {
      await write({ ...paid, status: 'Confirmed', holdExpiresAt: null });
      outcome = 'confirmed';
    } else if (row.status === 'Cancelled' && holdExpired && depositReached && checkTransition(row.status, 'Confirmed', 'payment').ok) {
      // The exclusion constraint decides whether the unit is still free; its refusal rolls
      // back the savepoint only.
      try {
        await inSavepoint(trx, (sp) => write({ ...paid, status: 'Confirmed', ...statusTimestamps('Cancelled', 'Confirmed', now), holdExpiresAt: null }, sp));
        await retakePromoUse(trx, row);
        outcome = 'reinstated';
      } catch (err) {
        if (pgCode(err) !== PG.EXCLUSION_VIOLATION) throw err;
        await writeIfChanged();
        outcome = 'paid_after_cancellation';
      }
    } else if (row.status === 'Cancelled') {
      await writeIfChanged();
      outcome = 'paid_after_cancellation';
    } else {
      await writeIfChanged();
      outcome = 'paid';
    }
    return { outcome, holdExpired, booking: (await repo.findBookingById(trx, row.id))! };
  });
}

/** The hold-expiry job cancels a booking at or after its hold ran out; staff cancel earlier. */
function isHoldExpiry(row: repo.BookingRow): boolean {
  return (
    row.status === 'Cancelled' &&
    !!row.hold_expires_at &&
    !!row.cancelled_at &&
    new Date(row.cancelled_at).getTime() >= new Date(row.hold_expires_at).getTime()
  );
}

/**
 * The payment status the ledger now says (after a refund, or a refund that failed), for the
 * booking and its entire-lodge children. Refund statuses are set here only, by the refund
 * service, which has written the ledger row first.
 */
export async function setBookingPaymentStatus(
  deps: Pick<Deps, 'db'>,
  bookingId: string,
  paymentStatus: PaymentStatus,
  opts: TxOptions = {},
): Promise<void> {
  await inTransaction(deps.db, opts.trx, async (trx) => {
    const row = await repo.findBookingRowForUpdate(trx, bookingId);
    if (!row || row.payment_status === paymentStatus) return;
    await repo.updateBooking(trx, row.id, row.version, { paymentStatus });
    if (row.unit_id === null) await repo.updateChildren(trx, row.id, { paymentStatus });
  });
}

/** The Paystack reference of a card booking, set once; false when it had one already. */
export async function setBookingPaystackReference(
  deps: Pick<Deps, 'db'>,
  bookingId: string,
  reference: string,
  opts: TxOptions = {},
): Promise<boolean> {
  return inTransaction(deps.db, opts.trx, (trx) => repo.setPaystackReference(trx, bookingId, reference));
}
