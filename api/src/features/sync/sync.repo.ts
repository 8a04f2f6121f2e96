import type { Knex } from 'knex';
import { prepared } from '../../db/prepared.js';
import type { PullKey } from './sync-cursor.js';

type Db = Knex | Knex.Transaction;

/**
 * The sync feature owns client_mutations (what each outbox entry came to). For the pull it
 * also reads the change stamps (`change_txid`) of the tables it serves, in one query, so a
 * page is cut in one global order; the rows themselves come from their owning features.
 */

export type StoredOutcome = 'applied' | 'conflict' | 'rejected';

export interface StoredResult {
  record?: unknown;
  note?: string;
  reason?: string;
}

export interface MutationInsert {
  id: string;
  deviceId: string;
  seq: number;
  userId: string;
  operation: string;
  entityType: string;
  entityId: string;
  baseVersion: number;
  schemaVersion: number;
  args: unknown;
  outcome: StoredOutcome;
  result: StoredResult;
}

export interface StoredMutation {
  id: string;
  outcome: StoredOutcome;
  result: StoredResult;
}

/** The stored outcomes of those of ids seen before, by id. */
export async function findMutations(db: Db, ids: readonly string[]): Promise<Map<string, StoredMutation>> {
  if (ids.length === 0) return new Map();
  const rows: { id: string; outcome: StoredOutcome; result: StoredResult | null }[] = await db('client_mutations')
    .whereIn('id', ids)
    .select('id', 'outcome', 'result');
  return new Map(rows.map((r) => [r.id, { id: r.id, outcome: r.outcome, result: r.result ?? {} }]));
}

function toRow(m: MutationInsert) {
  return {
    id: m.id,
    device_id: m.deviceId,
    seq: m.seq,
    user_id: m.userId,
    operation: m.operation,
    entity_type: m.entityType,
    entity_id: m.entityId,
    base_version: m.baseVersion,
    schema_version: m.schemaVersion,
    args: JSON.stringify(m.args ?? {}),
    outcome: m.outcome,
    result: JSON.stringify(m.result),
  };
}

/**
 * Records entries' outcomes, in the transaction that applied them, and answers the ids it
 * recorded. An id missing from the answer was recorded by another transaction after this one
 * looked (the primary key waits for that one to end): the caller must not commit.
 */
export async function insertMutationsIfNew(db: Db, ms: readonly MutationInsert[]): Promise<Set<string>> {
  if (ms.length === 0) return new Set();
  const rows: { id: string }[] = await db('client_mutations').insert(ms.map(toRow)).onConflict('id').ignore().returning('id');
  return new Set(rows.map((r) => r.id));
}

// ---- pull

export interface Snapshot {
  /** Every transaction with a lower id has finished (committed or rolled back). */
  xmin: string;
  /** No transaction with this id or a higher one had started. */
  xmax: string;
}

/** The bounds of the calling transaction's snapshot (its first statement takes it in REPEATABLE READ). */
export async function snapshotBounds(trx: Knex.Transaction): Promise<Snapshot> {
  const res = await trx.raw<{ rows: { xmin: string; xmax: string }[] }>(
    `SELECT pg_snapshot_xmin(s)::text AS xmin, pg_snapshot_xmax(s)::text AS xmax FROM pg_current_snapshot() AS s`,
  );
  return res.rows[0];
}

export interface ChangeHead extends Snapshot {
  /**
   * The newest change_txid below xmin among the rows a pull serves (types, units, bookings,
   * deletion markers, extras, folio charges), or null when there is none: whether a device whose cursor is `lo` has
   * anything to fetch in the range [lo, max(lo, xmin)) is `lastBelowXmin >= lo`.
   */
  lastBelowXmin: string | null;
}

/**
 * One statement (so one snapshot, as a REPEATABLE READ transaction's first statement takes):
 * that snapshot's bounds and the newest change below its xmin. The same for every device, so
 * concurrent up-to-date pulls share one read (sync-pull.service.ts). Each table's part is a
 * backward step on its change_txid index. It counts every booking and every deletion marker,
 * not only those a pull serves (a booking long checked out, a deleted picture): such a change
 * only sends a device once through the full pull, which answers an empty page.
 */
export async function changeHead(db: Db): Promise<ChangeHead> {
  const newest = (table: string) =>
    `(SELECT change_txid FROM ${table} WHERE change_txid < pg_snapshot_xmin(snap.s) ORDER BY change_txid DESC LIMIT 1)`;
  const res = await prepared('sync_change_head', db.raw<{ rows: ChangeHead[] }>(
    `SELECT pg_snapshot_xmin(snap.s)::text AS xmin, pg_snapshot_xmax(snap.s)::text AS "xmax",
            GREATEST(${['accommodation_types', 'units', 'bookings', 'deleted_records', 'extras', 'folio_charges'].map(newest).join(', ')})::text AS "lastBelowXmin"
       FROM (SELECT pg_current_snapshot() AS s) AS snap`,
  ));
  return res.rows[0];
}

export interface ChangedKey extends PullKey {
  /** For deletion markers: 'accommodation_type' | 'unit' | 'booking' and the deleted row's id. */
  deletedType: string | null;
  deletedId: string | null;
}

export interface ChangedKeysQuery {
  lo: string;
  hi: string;
  after: PullKey | null;
  /** Bookings checking out on or after this date only. */
  bookingsFrom: string;
  limit: number;
}

export const DELETED_TYPES = ['accommodation_type', 'unit', 'booking', 'extra'] as const;

/**
 * The keys of rows written by transactions with lo <= id < hi, after the given key, in
 * (txid, entity, id) order: one page of the pull. Ids compare as text in the "C" collation,
 * so the order is the same on every server and matches the cursor's.
 */
export async function changedKeys(trx: Knex.Transaction, q: ChangedKeysQuery): Promise<ChangedKey[]> {
  const from = q.after && BigInt(q.after.txid) > BigInt(q.lo) ? q.after.txid : q.lo;
  const range = 'change_txid >= ?::xid8 AND change_txid < ?::xid8';
  const bindings: (string | number)[] = [
    from, q.hi, from, q.hi, from, q.hi, q.bookingsFrom, from, q.hi, ...DELETED_TYPES, from, q.hi, from, q.hi, q.bookingsFrom,
  ];
  let afterSql = '';
  if (q.after) {
    afterSql = 'WHERE (k.txid, k.entity, k.id) > (?::xid8, ?::int, ?::text COLLATE "C")';
    bindings.push(q.after.txid, q.after.entity, q.after.id);
  }
  bindings.push(q.limit);
  const res = await trx.raw<{ rows: { txid: string; entity: number; id: string; deleted_type: string | null; deleted_id: string | null }[] }>(
    `SELECT k.txid::text AS txid, k.entity, k.id, k.deleted_type, k.deleted_id FROM (
       SELECT change_txid AS txid, 1 AS entity, id::text COLLATE "C" AS id, NULL::text AS deleted_type, NULL::text AS deleted_id
         FROM accommodation_types WHERE ${range}
       UNION ALL
       SELECT change_txid, 2, id::text COLLATE "C", NULL, NULL FROM units WHERE ${range}
       UNION ALL
       SELECT change_txid, 3, id::text COLLATE "C", NULL, NULL FROM bookings WHERE ${range} AND check_out_date >= ?::date
       UNION ALL
       SELECT change_txid, 4, id::text COLLATE "C", entity_type, entity_id::text FROM deleted_records
        WHERE ${range} AND entity_type IN (${DELETED_TYPES.map(() => '?').join(', ')})
       UNION ALL
       SELECT change_txid, 5, id::text COLLATE "C", NULL, NULL FROM extras WHERE ${range}
       UNION ALL
       SELECT c.change_txid, 6, c.id::text COLLATE "C", NULL, NULL FROM folio_charges c
         JOIN bookings b ON b.id = c.booking_id
        WHERE c.${range.replace(' AND change_txid', ' AND c.change_txid')} AND b.check_out_date >= ?::date
     ) k
     ${afterSql}
     ORDER BY k.txid, k.entity, k.id
     LIMIT ?`,
    bindings,
  );
  return res.rows.map((r) => ({
    txid: r.txid,
    entity: Number(r.entity),
    id: r.id,
    deletedType: r.deleted_type,
    deletedId: r.deleted_id,
  }));
}
