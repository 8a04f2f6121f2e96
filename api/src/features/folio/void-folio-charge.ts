import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import { can } from '../../../../shared/roles.js';
import { FOLIO_MESSAGES, type FolioCharge } from '../../../../shared/contracts/folio.js';
import { recordAudit } from '../audit/record-audit.js';
import { creditVoidedCharge } from '../invoices/invoices.service.js';
import { folioBookingOf } from './folio.service.js';
import * as repo from './folio.repo.js';

/**
 * Voids a posted charge: it stays on the folio, marked, with who, when and why, and counts
 * for nothing (an invoice that covered it is corrected by a credit note, never edited).
 * Managers and SuperAdmins only; a charge already voided is a conflict (409), not a second void.
 */
export async function voidFolioCharge(
  deps: Pick<Deps, 'db'>,
  user: SessionUser,
  bookingId: string,
  chargeId: string,
  reason: string,
): Promise<FolioCharge> {
  if (!can(user.role, 'managePayments')) throw new ForbiddenError("You don't have permission to do this", 'forbidden');
  return inTransaction(deps.db, undefined, async (trx) => {
    const booking = await folioBookingOf(trx, bookingId);
    const charge = await repo.findCharge(trx, chargeId, { forUpdate: true });
    if (!charge || charge.bookingId !== booking.id) throw new NotFoundError(FOLIO_MESSAGES.chargeNotFound, 'not_found');
    if (charge.voidedAt) throw new ConflictError(FOLIO_MESSAGES.alreadyVoided, 'already_voided');
    await repo.voidCharge(trx, chargeId, user.id, reason);
    // An invoiced charge is never edited off its invoice: the void issues a credit note for it.
    await creditVoidedCharge(trx, booking.id, `charge:${chargeId}`, reason, user);
    await recordAudit(trx, {
      actor: user,
      action: 'folio.void',
      entityType: 'booking',
      entityId: booking.id,
      before: { chargeId, extra: charge.description, amount: charge.amount },
      after: { voided: true, reason },
    });
    return (await repo.findCharge(trx, chargeId))!;
  });
}
