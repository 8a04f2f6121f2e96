import type { Tx } from '../../db/transaction.js';
import { insertAuditEntry, type AuditEntry } from './audit.repo.js';

/**
 * The audit trail's one writer, for every feature that changes something staff must be able
 * to trace. Written in the caller's transaction, so an audit row exists exactly when the
 * change does.
 */
export function recordAudit(trx: Tx, entry: AuditEntry): Promise<void> {
  return insertAuditEntry(trx, entry);
}
