import type { Deps } from '../../deps.js';
import { inSavepoint, inTransaction, type TxOptions } from '../../db/transaction.js';
import { PG, pgCode } from '../../errors.js';
import { checkTransition, type PaymentStatus } from '../../../../shared/domain/booking-status.js';
import { statusTimestamps } from '../../../../shared/domain/booking-update.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { retakePromoUse } from './promo-use.js';
import * as repo from './bookings.repo.js';

/**
 * What the payments feature asks of bookings: the booking and payment status change here
 * only, through checkTransition, in the caller's transaction (payments lock the booking,
 * record the ledger row and call these in the same transaction).
 */

export type PaidOutcome =
  /** Provisional -> Confirmed, Paid. */
  | 'confirmed'
  /** A hold-expired booking whose unit was still free: Cancelled -> Confirmed, Paid. */
  | 'reinstated'
  /** Staff had moved it on already (confirmed, checked in): now marked Paid. */
  | 'paid'
  /** Stays Cancelled (its unit was taken, or staff cancelled it), marked Paid: refund needed. */
  | 'paid_after_cancellation';

export interface PaidResult {
  outcome: PaidOutcome;
  /** Cancelled by the hold running out (not by staff). */
  holdExpired: boolean;
  booking: Booking;
}

/** A verified payment for the whole amount has been recorded for this booking. */
export async function markBookingPaid(deps: Pick<Deps, 'db' | 'clock'>, bookingId: string, opts: TxOptions = {}): Promise<PaidResult> {
  const now = deps.clock.now();
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const row = await repo.findBookingRowForUpdate(trx, bookingId);
    if (!row) throw new Error(`markBookingPaid: booking ${bookingId} not found`);
    const paid: repo.BookingWrite = { paymentStatus: 'Paid', paymentVerified: true };
    const isParent = row.unit_id === null;
    const write = async (patch: repo.BookingWrite, db = trx) => {
      await repo.updateBooking(db, row.id, row.version, patch);
      if (isParent) await repo.updateChildren(db, row.id, patch);
    };
    const holdExpired = isHoldExpiry(row);
    let outcome: PaidOutcome;

    if (row.status === 'Provisional' && checkTransition(row.status, 'Confirmed', 'payment').ok) {
      await write({ ...paid, status: 'Confirmed', holdExpiresAt: null });
      outcome = 'confirmed';
    } else if (row.status === 'Cancelled' && holdExpired && checkTransition(row.status, 'Confirmed', 'payment').ok) {
      // The exclusion constraint decides whether the unit is still free; its refusal rolls
      // back the savepoint only.
      try {
        await inSavepoint(trx, (sp) => write({ ...paid, status: 'Confirmed', ...statusTimestamps('Cancelled', 'Confirmed', now), holdExpiresAt: null }, sp));
        await retakePromoUse(trx, row);
        outcome = 'reinstated';
      } catch (err) {
        if (pgCode(err) !== PG.EXCLUSION_VIOLATION) throw err;
        await write(paid);
        outcome = 'paid_after_cancellation';
      }
    } else if (row.status === 'Cancelled') {
      await write(paid);
      outcome = 'paid_after_cancellation';
    } else {
      // A booking already marked Paid stays as it is.
      if (row.payment_status !== 'Paid' || !row.payment_verified) await write(paid);
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
