import type { EntityTable, IDType } from 'dexie';
import { SyncPullResponse, type SyncEntityType } from '@shared/contracts/sync.js';
import { apiFetch, ContractError } from '@/lib/api.js';
import { syncConfig } from './config.js';
import { db, getState, markSynced, setState, toStoredBooking } from './db.js';
import { withTimeout } from './failures.js';

export interface PullResult {
  pages: number;
  /** Rows written (newer than what the device had). */
  written: number;
  /** Rows removed by deletion markers. */
  deleted: number;
}

const PULL_PATH = '/api/sync/pull';

/** A runaway guard: a server that keeps saying hasMore without moving its cursor. */
const MAX_PAGES = 1000;

/**
 * Pulls what changed since the stored cursor, page after page until `hasMore` is false.
 * Each page's rows, deletions, cursor and lastPullAt are written in ONE Dexie transaction
 * (after the fetch, never during it), so a cursor never runs ahead of the rows it covers
 * and a pull cut off halfway resumes where it stopped. A row is written only when its
 * version is newer than the stored one: an answer to a push may already have brought a
 * newer row than this page. Throws apiFetch's errors (or TimeoutError); the caller decides.
 */
export async function pullChanges(now: () => Date = () => new Date()): Promise<PullResult> {
  const result: PullResult = { pages: 0, written: 0, deleted: 0 };
  for (;;) {
    const since = await getState('cursor');
    const page = await withTimeout(syncConfig.requestTimeoutMs, (signal) =>
      apiFetch(PULL_PATH, { params: { since, limit: syncConfig.pullLimit }, schema: SyncPullResponse, signal }),
    );
    const tables = [db.accommodationTypes, db.units, db.bookings, db.extras, db.folioCharges, db.syncState];
    const counts = await db.transaction('rw', tables, async () => {
      const written =
        (await putNewer(db.accommodationTypes, page.changes.accommodationTypes)) +
        (await putNewer(db.units, page.changes.units)) +
        (await putNewer(db.bookings, page.changes.bookings.map(toStoredBooking))) +
        (await putNewer(db.extras, page.changes.extras ?? [])) +
        (await putNewer(db.folioCharges, page.changes.folioCharges ?? []));
      const deleted = await applyDeletions(page.deleted);
      await setState('cursor', page.cursor);
      await setState('lastPullAt', now().toISOString());
      return { written, deleted };
    });
    markSynced();
    result.pages += 1;
    result.written += counts.written;
    result.deleted += counts.deleted;
    if (!page.hasMore) return result;
    if (page.cursor === since || result.pages >= MAX_PAGES) {
      throw new ContractError(PULL_PATH, [{ message: 'hasMore without a new cursor' }]);
    }
  }
}

interface Versioned {
  id: string;
  version: number;
}

/** Writes the rows whose version is newer than the stored one (inside the caller's transaction). */
export async function putNewer<T extends Versioned>(table: EntityTable<T, 'id'>, rows: readonly T[]): Promise<number> {
  if (rows.length === 0) return 0;
  const existing = await table.bulkGet(rows.map((r) => r.id as IDType<T, 'id'>));
  // A page may carry the same row twice; the newest wins.
  const newest = new Map<string, T>();
  rows.forEach((row, i) => {
    const stored = existing[i];
    if (stored && stored.version >= row.version) return;
    const seen = newest.get(row.id);
    if (!seen || seen.version < row.version) newest.set(row.id, row);
  });
  if (newest.size) await table.bulkPut([...newest.values()]);
  return newest.size;
}

async function applyDeletions(deleted: readonly { entityType: SyncEntityType; id: string }[]): Promise<number> {
  let count = 0;
  for (const type of ['accommodationTypes', 'units', 'bookings', 'extras'] as const) {
    const ids = deleted.filter((d) => d.entityType === type).map((d) => d.id);
    if (!ids.length) continue;
    const table = db[type];
    const present = (await table.bulkGet(ids)).filter(Boolean).length;
    await table.bulkDelete(ids);
    count += present;
  }
  return count;
}
