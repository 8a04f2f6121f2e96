import type { Tx } from '../../db/transaction.js';
import { deleteProofsOf } from './guest-erasure.repo.js';

/**
 * A guest's erasure: their EFT proofs (bank documents with their account details) are deleted;
 * the payment each proved stays in the ledger, which is what the accounts rely on.
 */
export function eraseProofsOf(trx: Tx, bookingIds: readonly string[]): Promise<number> {
  return deleteProofsOf(trx, bookingIds);
}
