import crypto from 'node:crypto';
import type { Database, Tx } from './transaction.js';

/**
 * Runs fn only if no other API instance is running the same thing: a PostgreSQL advisory lock
 * held for the length of one transaction (released by COMMIT/ROLLBACK, so a crashed instance
 * never leaves it stuck). An instance that finds the lock taken skips this round.
 *
 * fn must do all its database work through the trx it is given: on the embedded database
 * (PGlite, a single connection) a query through the outer knex would wait for this very
 * transaction and never run.
 */
export async function runExclusive<T>(
  db: Database,
  lockKey: string,
  fn: (trx: Tx) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  return db.transaction(async (trx) => {
    const res = await trx.raw<{ rows: { locked: boolean }[] }>('SELECT pg_try_advisory_xact_lock(?::bigint) AS locked', [
      advisoryLockId(lockKey),
    ]);
    if (!res.rows[0]?.locked) return { ran: false as const };
    return { ran: true as const, value: await fn(trx) };
  });
}

/** A stable signed 64-bit id for a lock name (advisory locks take a bigint). */
export function advisoryLockId(lockKey: string): string {
  return crypto.createHash('sha256').update(`lodge:${lockKey}`).digest().readBigInt64BE(0).toString();
}
