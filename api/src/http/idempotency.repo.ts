import type { Knex } from 'knex';

/** The SQL of the idempotency middleware (idempotency.ts); the table is its own. */

export interface IdempotencyRow {
  id: string;
  key: string;
  scope: string;
  request_hash: string;
  status: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
}

/**
 * Claims (scope, key) for this request. True when this request inserted the row and so runs
 * the handler; false when another request holds it (the unique constraint decides a race).
 */
export async function claimKey(db: Knex, row: { key: string; scope: string; requestHash: string; now: Date }): Promise<boolean> {
  const inserted = await db('idempotency_keys')
    .insert({ key: row.key, scope: row.scope, request_hash: row.requestHash, status: 'in_progress', created_at: row.now })
    .onConflict(['scope', 'key'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

export async function findKey(db: Knex, scope: string, key: string): Promise<IdempotencyRow | undefined> {
  return db<IdempotencyRow>('idempotency_keys').where({ scope, key }).first();
}

export async function completeKey(db: Knex, scope: string, key: string, status: number, body: unknown): Promise<void> {
  await db('idempotency_keys')
    .where({ scope, key })
    .update({ status: 'completed', response_status: status, response_body: JSON.stringify(body ?? null) });
}

export async function releaseKey(db: Knex, scope: string, key: string): Promise<void> {
  await db('idempotency_keys').where({ scope, key }).del();
}

/** Forgets keys older than the cut-off (one stale key, or all of them). */
export async function deleteKeysOlderThan(db: Knex, cutoff: Date, only?: { scope: string; key: string }): Promise<number> {
  const q = db('idempotency_keys').where('created_at', '<', cutoff);
  if (only) q.andWhere(only);
  // Counted through RETURNING: the PGlite dialect answers a bare DELETE with a result object.
  const deleted = await q.del().returning('id');
  return deleted.length;
}
