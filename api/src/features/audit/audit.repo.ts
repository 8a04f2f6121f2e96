import type { Knex } from 'knex';
import type { SessionUser } from '../auth/session-user.js';

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

export async function insertAuditEntry(db: Db, e: AuditEntry): Promise<void> {
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

export interface AuditActorAt {
  actorUsername: string;
  at: Date;
}

/** The newest audit row of that entity whose `after` has field = value. */
export async function findLastChangeTo(
  db: Db,
  entityType: string,
  entityId: string,
  field: string,
  value: string,
): Promise<AuditActorAt | undefined> {
  const row: { actor_username: string; created_at: Date | string } | undefined = await db('audit_log')
    .where({ entity_type: entityType, entity_id: entityId })
    .whereRaw('after ->> ? = ?', [field, value])
    .orderBy('id', 'desc')
    .first('actor_username', 'created_at');
  return row ? { actorUsername: row.actor_username, at: new Date(row.created_at) } : undefined;
}

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actor?: string;
  /** Instants: from inclusive, to exclusive. */
  fromInstant?: Date;
  toInstant?: Date;
  limit: number;
  offset: number;
}

interface AuditRow {
  id: string | number;
  actor_username: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
  created_at: Date | string;
}

/** One page of audit rows, newest first, and how many match in all. */
export async function searchAudit(db: Db, f: AuditFilter) {
  const q = db('audit_log');
  if (f.entityType) q.where('entity_type', f.entityType);
  if (f.entityId) q.where('entity_id', f.entityId);
  if (f.actor) q.whereRaw('lower(actor_username) = lower(?)', [f.actor]);
  if (f.fromInstant) q.where('created_at', '>=', f.fromInstant);
  if (f.toInstant) q.where('created_at', '<', f.toInstant);
  const [{ n }] = await q.clone().count('* as n');
  const rows: AuditRow[] = await q.orderBy('id', 'desc').limit(f.limit).offset(f.offset);
  return {
    total: Number(n),
    items: rows.map((r) => ({
      id: Number(r.id),
      actorUsername: r.actor_username ?? 'system',
      action: r.action,
      entityType: r.entity_type,
      entityId: r.entity_id,
      before: r.before,
      after: r.after,
      note: r.note,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
