import type { Deps } from '../../deps.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import { checkTransition } from '../../../../shared/domain/booking-status.js';
import { statusTimestamps } from '../../../../shared/domain/booking-update.js';
import { returnPromoUseIfUnpaid } from './promo-use.js';
import * as repo from './bookings.repo.js';
import { noteFreedNights } from '../waitlist/freed-nights.js';

export interface CancelUnpaidOptions extends TxOptions {
  reason: string;
  /**
   * Clear the hold as well (a failed card checkout). Hold expiry keeps it: a payment that
   * lands later tells a lapsed hold (cancelled at or after it ran out) from a staff
   * cancellation by it.
   */
  clearHold?: boolean;
}

/**
 * The server cancels a booking that is still Provisional and unpaid (an expired hold, a card
 * checkout Paystack would not open), with its entire-lodge children: the units are free at
 * once and the promo use goes back. False when the booking had moved on meanwhile (paid,
 * confirmed, cancelled already): nothing is changed then.
 */
export async function cancelUnpaidBooking(
  deps: Pick<Deps, 'db' | 'clock'>,
  bookingId: string,
  opts: CancelUnpaidOptions,
): Promise<boolean> {
  const now = deps.clock.now();
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const row = await repo.findBookingRowForUpdate(trx, bookingId);
    if (!row || row.status !== 'Provisional' || row.payment_status !== 'Pending') return false;
    const check = checkTransition(row.status, 'Cancelled', 'system');
    if (!check.ok) return false;
    const patch: repo.BookingWrite = {
      status: 'Cancelled',
      ...statusTimestamps(row.status, 'Cancelled', now),
      cancellationReason: opts.reason,
      ...(opts.clearHold ? { holdExpiresAt: null } : {}),
    };
    if ((await repo.updateBooking(trx, row.id, row.version, patch)) === 0) return false;
    if (row.unit_id === null) await repo.updateChildren(trx, row.id, patch);
    await returnPromoUseIfUnpaid(trx, row.id, now);
    await noteFreedNights(trx, { start: row.check_in_date, end: row.check_out_date }, 'hold-expired');
    return true;
  });
}
