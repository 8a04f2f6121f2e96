import type { Knex } from 'knex';
import { expect, vi } from 'vitest';

/**
 * Waits until every transaction that has committed so far is below the offline sync pull's
 * watermark. On PostgreSQL a snapshot's xmin is server-wide: a short transaction in another
 * database (another test file) holds it back for a moment, and what a test just wrote would
 * come one pull later than its assertion expects. PGlite has nothing else running.
 */
export async function syncWatermarkSettled(db: Knex): Promise<void> {
  const mark: string = (await db.raw('SELECT pg_current_xact_id()::text AS x')).rows[0].x;
  await vi.waitFor(
    async () => {
      const res = await db.raw('SELECT pg_snapshot_xmin(pg_current_snapshot()) > ?::xid8 AS passed', [mark]);
      expect(res.rows[0].passed, `the watermark passed ${mark}`).toBe(true);
    },
    { timeout: 10_000, interval: 50 },
  );
}
