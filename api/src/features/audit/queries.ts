import type { DbOrTx } from '../../db/transaction.js';
import { findLastChangeTo, type AuditActorAt } from './audit.repo.js';

/**
 * Who last set a field of a row to a value, and when: the newest audit row of that entity
 * whose `after` has field = value (e.g. status 'Checked-In'), through the caller's
 * transaction when given one. The sync push names them in "already checked in by thandi at 10:42".
 */
export function lastChangeTo(
  db: DbOrTx,
  entityType: string,
  entityId: string,
  field: string,
  value: string,
): Promise<AuditActorAt | undefined> {
  return findLastChangeTo(db, entityType, entityId, field, value);
}
