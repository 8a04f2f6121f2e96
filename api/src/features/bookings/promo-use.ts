import type { Tx } from '../../db/transaction.js';
import { PG, UnprocessableError, pgCode } from '../../errors.js';
import { PROMO_MESSAGES } from '../../../../shared/domain/pricing.js';
import { consumePromoUse, releasePromoUse } from '../pricing/pricing.service.js';
import { ledgerSummary } from '../payments/ledger.service.js';
import * as repo from './bookings.repo.js';

/** Takes one use of a promo code for a new booking, or 422 when none is left. */
export async function takePromoUse(trx: Tx, promoId: string): Promise<void> {
  let ok: boolean;
  try {
    ok = await consumePromoUse(trx, promoId);
  } catch (err) {
    // The check constraint is the last defence; the conditional update should catch it first.
    if (pgCode(err) === PG.CHECK_VIOLATION) ok = false;
    else throw err;
  }
  if (!ok) throw new UnprocessableError(PROMO_MESSAGES['used up'], 'invalid_promo', { promoCode: PROMO_MESSAGES['used up'] });
}

/**
 * A booking just cancelled gives its promo use back when no money came in (an unpaid hold
 * run out, a failed card checkout, a cancellation before payment): the guest never had the
 * discount. Once per booking (markPromoUseReturned is the guard), in the cancelling
 * transaction, never below zero.
 */
export async function returnPromoUseIfUnpaid(trx: Tx, bookingId: string, now: Date): Promise<void> {
  if ((await ledgerSummary(trx, bookingId)).totalPaidCents > 0) return;
  const promoId = await repo.markPromoUseReturned(trx, bookingId, now);
  if (promoId) await releasePromoUse(trx, promoId);
}

/**
 * A booking reopened (or reinstated by a late payment) takes back the use it gave, when one
 * is left. When none is left it stays without one: the booking keeps its price, and the use
 * is not given back a second time on a later cancellation.
 */
export async function retakePromoUse(trx: Tx, row: Pick<repo.BookingRow, 'id' | 'promo_code_id' | 'promo_use_returned_at'>): Promise<void> {
  if (!row.promo_code_id || !row.promo_use_returned_at) return;
  if (await consumePromoUse(trx, row.promo_code_id)) await repo.clearPromoUseReturned(trx, row.id);
}
