import type { DbOrTx, Tx } from '../../db/transaction.js';
import { summariseLedger, type LedgerSummary } from '../../../../shared/domain/payment-ledger.js';
import * as repo from './payments.repo.js';

export type { NewLedgerEntry } from './payments.repo.js';

/**
 * The one writer of the payment ledger (payment_transactions). Bookings record discounts and
 * payments staff take by hand through here, in their own transaction; the payments feature
 * records card payments and refunds.
 */

/** One row; undefined when its gateway reference was recorded already (see insertLedgerEntry). */
export function recordLedgerEntry(trx: Tx, entry: repo.NewLedgerEntry): Promise<repo.LedgerRecord | undefined> {
  return repo.insertLedgerEntry(trx, entry);
}

export async function recordLedgerEntries(trx: Tx, entries: readonly repo.NewLedgerEntry[]): Promise<void> {
  for (const entry of entries) await repo.insertLedgerEntry(trx, entry);
}

/** What a booking's ledger adds up to (paid, refunded, discounts, net). */
export async function ledgerSummary(db: DbOrTx, bookingId: string): Promise<LedgerSummary> {
  return summariseLedger(await repo.listLedger(db, bookingId));
}
