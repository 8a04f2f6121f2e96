import type { Deps } from '../../deps.js';
import { AppError, ConflictError } from '../../errors.js';
import type { GuestCancelRequest, GuestCancelResponse } from '../../../../shared/contracts/guest-bookings.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { cancellationRefund } from '../../../../shared/domain/cancellation-policy.js';
import { paymentStatusFromLedger } from '../../../../shared/domain/deposits.js';
import { getSettings } from '../settings/settings.service.js';
import { cancelBookingByGuest, GUEST_CANCELLED_NOTE } from '../bookings/cancel-by-guest.js';
import { lockBooking } from '../bookings/queries.js';
import { setBookingPaymentStatus } from '../bookings/record-payment.js';
import { ledgerSummary, recordLedgerEntry } from '../payments/ledger.service.js';
import { refundBooking } from '../payments/refunds.service.js';
import { bookingIdForToken } from './guest-links.js';
import { cancelRefusal, guestLinkNotFound } from './guest-booking.service.js';

export const EFT_REFUND_OWED_DESCRIPTION = 'EFT refund owed to the guest';

/**
 * POST /api/guest/bookings/:token/cancel. The refund is the policy's tier for today, of the
 * money paid, decided under the booking's lock together with the cancellation. Card money goes
 * back through Paystack by the refunds use case once the cancellation has committed (a slow
 * Paystack holds no locks); money that came by EFT or cash is recorded as owed, for a manager
 * to pay out and mark paid.
 */
export async function cancelGuestBooking(deps: Deps, token: string, input: GuestCancelRequest): Promise<GuestCancelResponse> {
  const now = deps.clock.now();
  const bookingId = await bookingIdForToken(deps.db, token, now);
  if (!bookingId) throw guestLinkNotFound();
  const today = todayInLodge(now);

  const { refundCents, viaCard } = await deps.db.transaction(async (trx) => {
    const booking = await lockBooking(trx, bookingId);
    if (!booking) throw guestLinkNotFound();
    const refusal = cancelRefusal(booking, today);
    if (refusal) throw new ConflictError(refusal, 'cannot_cancel');
    const settings = await getSettings(trx);
    const refund = cancellationRefund(settings.cancellationPolicy, booking.checkInDate, today, randToCents(booking.amountPaid ?? 0));
    await cancelBookingByGuest(deps, bookingId, { reason: input.reason, trx });

    const card = booking.paymentMethod === 'Card';
    if (refund.refundCents > 0 && !card) {
      await recordLedgerEntry(trx, {
        bookingId,
        type: 'refund',
        subtype: 'eft-owed',
        status: 'pending',
        amountCents: -refund.refundCents,
        description: EFT_REFUND_OWED_DESCRIPTION,
        reason: GUEST_CANCELLED_NOTE,
      });
      const summary = await ledgerSummary(trx, bookingId);
      await setBookingPaymentStatus(deps, bookingId, paymentStatusFromLedger(randToCents(booking.totalAmount), summary, booking.paymentStatus), { trx });
    }
    return { refundCents: refund.refundCents, viaCard: card };
  });

  if (refundCents > 0 && viaCard) {
    try {
      await refundBooking(deps, null, { bookingId, amount: centsToRand(refundCents), reason: GUEST_CANCELLED_NOTE });
    } catch (err) {
      // The stay is cancelled either way; a refund Paystack refused or did not confirm is on
      // the booking's payment history (failed or needs attention) for staff to settle.
      if (!(err instanceof AppError)) throw err;
      deps.log.warn({ err, bookingId }, 'refund after a guest cancellation did not go through');
    }
  }
  return { status: 'Cancelled', refundAmount: centsToRand(refundCents) };
}
