import type { Knex } from 'knex';
import type { SessionUser } from '../../http/types.js';

type Db = Knex | Knex.Transaction;

export interface AuditEntry {
  /** The staff member (or null for the system: jobs, webhooks). */
  actor: Pick<SessionUser, 'id' | 'username'> | null;
  /** e.g. 'booking.update', 'booking.delete', 'booking.total_override', 'payment.refund' */
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  note?: string;
}

/** Written in the caller's transaction, so an audit row exists exactly when the change does. */
export async function recordAudit(db: Db, e: AuditEntry): Promise<void> {
  await db('audit_log').insert({
    actor_user_id: e.actor?.id ?? null,
    actor_username: e.actor?.username ?? 'system',
    action: e.action,
    entity_type: e.entityType,
    entity_id: e.entityId,
    before: e.before === undefined ? null : JSON.stringify(e.before),
    after: e.after === undefined ? null : JSON.stringify(e.after),
    note: e.note ?? null,
  });
}

export async function listAudit(db: Db, entityType: string, entityId: string) {
  return db('audit_log').where({ entity_type: entityType, entity_id: entityId }).orderBy('id', 'asc');
}
