import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import { can } from '../../../../shared/roles.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import type { PaymentsAttentionResponse } from '../../../../shared/contracts/desk-money.js';
import { recordAudit } from '../audit/record-audit.js';
import * as repo from './payments.repo.js';

export const EFT_REFUND_MESSAGES = {
  notFound: 'Refund not found',
  notPending: 'This refund is not waiting to be paid',
} as const;

/** The dashboard's list: EFT refunds owed to guests who cancelled, as positive rand. */
export async function eftRefundsOwed(db: DbOrTx): Promise<PaymentsAttentionResponse['eftRefundsOwed']> {
  const rows = await repo.listEftRefundsOwed(db);
  return rows.map((r) => ({
    refundId: r.id,
    bookingId: r.booking_id,
    reference: r.reference,
    guestName: r.guest_name,
    amount: centsToRand(-randToCents(r.amount)),
    requestedAt: new Date(r.created_at).toISOString(),
  }));
}

/**
 * A manager paid an EFT refund owed from the lodge's bank: the ledger row is done (its
 * subtype stays, so the refund still reads as one paid by EFT). Only a pending one: paying it
 * twice is a conflict, not a second payment.
 */
export async function markEftRefundPaid(deps: Pick<Deps, 'db'>, user: SessionUser, refundId: string) {
  if (!can(user.role, 'refunds')) throw new ForbiddenError("You don't have permission to do this", 'forbidden');
  return inTransaction(deps.db, undefined, async (trx) => {
    const entry = await repo.findRefundEntryById(trx, refundId, { forUpdate: true });
    if (!entry || entry.subtype !== repo.EFT_OWED_SUBTYPE) throw new NotFoundError(EFT_REFUND_MESSAGES.notFound, 'not_found');
    if (entry.status !== 'pending') throw new ConflictError(EFT_REFUND_MESSAGES.notPending, 'not_pending');
    const done = await repo.updateLedgerEntry(trx, refundId, { status: 'success' });
    await recordAudit(trx, {
      actor: user,
      action: 'payment.eft_refund_paid',
      entityType: 'booking',
      entityId: entry.bookingId,
      before: { refundId, status: entry.status, amount: centsToRand(entry.amountCents) },
      after: { refundId, status: 'success' },
    });
    return repo.toPaymentTransaction(done);
  });
}
