import type { Tx } from '../../db/transaction.js';
import { deleteLinksOf } from './guest-erasure.repo.js';

/** A guest's erasure: the links to their booking pages stop working. */
export function revokeGuestLinksOf(trx: Tx, bookingIds: readonly string[]): Promise<number> {
  return deleteLinksOf(trx, bookingIds);
}
