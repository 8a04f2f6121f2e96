import type { Deps } from '../../deps.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import { ConflictError } from '../../errors.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { checkTransition } from '../../../../shared/domain/booking-status.js';
import { statusTimestamps } from '../../../../shared/domain/booking-update.js';
import { recordAudit } from '../audit/record-audit.js';
import { getSettings } from '../settings/settings.service.js';
import { enqueueCancelledEmail } from './booking-emails.js';
import { returnPromoUseIfUnpaid } from './promo-use.js';
import * as repo from './bookings.repo.js';
import { noteFreedNights } from '../waitlist/freed-nights.js';

export const GUEST_CANCELLED_NOTE = 'Cancelled by the guest';

export interface CancelByGuestOptions extends TxOptions {
  /** What the guest wrote, if anything. */
  reason: string | null;
}

/**
 * The guest cancels their own booking from their link. The server makes the move ('system':
 * what any staff member may do, never a reopen), with the entire-lodge children, returns an
 * unpaid promo use, writes the audit entry and the cancelled e-mail. Whether the guest may
 * (the dates, the policy) and the refund are the caller's: it locks and checks the booking
 * in the same transaction first.
 */
export async function cancelBookingByGuest(deps: Pick<Deps, 'db' | 'clock'>, bookingId: string, opts: CancelByGuestOptions): Promise<Booking> {
  const now = deps.clock.now();
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const row = await repo.findBookingRowForUpdate(trx, bookingId);
    if (!row) throw new ConflictError('This booking no longer exists', 'booking_gone');
    const check = checkTransition(row.status, 'Cancelled', 'system');
    if (!check.ok || check.noop) throw new ConflictError(check.ok ? 'This booking is already cancelled' : check.reason, 'invalid_transition');
    const reason = opts.reason ? `${GUEST_CANCELLED_NOTE}: ${opts.reason}` : GUEST_CANCELLED_NOTE;
    const patch: repo.BookingWrite = { status: 'Cancelled', ...statusTimestamps(row.status, 'Cancelled', now), cancellationReason: reason };
    if ((await repo.updateBooking(trx, row.id, row.version, patch)) === 0) throw new ConflictError('This booking changed meanwhile; please try again', 'stale');
    if (row.unit_id === null) await repo.updateChildren(trx, row.id, patch);
    await returnPromoUseIfUnpaid(trx, row.id, now);
    await noteFreedNights(trx, { start: row.check_in_date, end: row.check_out_date }, 'cancellation');
    await recordAudit(trx, {
      actor: null,
      action: 'booking.cancel',
      entityType: 'booking',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'Cancelled' },
      note: reason,
    });
    const booking = (await repo.findBookingById(trx, row.id))!;
    await enqueueCancelledEmail(trx, await getSettings(trx), booking, reason);
    return booking;
  });
}
