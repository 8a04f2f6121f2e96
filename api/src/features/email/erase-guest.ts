import type { Tx } from '../../db/transaction.js';
import { blankEmailsOf } from './guest-erasure.repo.js';

/**
 * A guest's erasure: the e-mails to them, about their bookings, or with the given dedupe keys
 * (the lodge's copy of their contact form messages) lose address and text.
 */
export function eraseEmailsOf(trx: Tx, email: string | null, bookingIds: readonly string[], dedupeKeys: readonly string[]): Promise<number> {
  return blankEmailsOf(trx, email, bookingIds, dedupeKeys);
}
