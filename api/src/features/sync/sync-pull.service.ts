import type { Deps } from '../../deps.js';
import { inSnapshot } from '../../db/transaction.js';
import { coalescedProbe } from '../../db/coalesced-reads.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import type { SyncEntityType, SyncPullQuery, SyncPullResponse } from '../../../../shared/contracts/sync.js';
import { getAccommodationTypes, getUnits } from '../accommodations/queries.js';
import { getBookings } from '../bookings/queries.js';
import { getExtrasByIds } from '../extras/extras.service.js';
import { getFolioCharges } from '../folio/folio.service.js';
import { START_CURSOR, decodeCursor, encodeCursor, type PullCursor } from './sync-cursor.js';
import * as repo from './sync.repo.js';

/** Bookings that checked out longer ago than this are history, not front-desk data. */
export const PULL_BOOKINGS_DAYS_BACK = 30;

const DELETED_ENTITY: Record<(typeof repo.DELETED_TYPES)[number], SyncEntityType> = {
  accommodation_type: 'accommodationTypes',
  unit: 'units',
  booking: 'bookings',
  extra: 'extras',
};

/**
 * GET /api/sync/pull: what changed since the cursor, one page. The safe watermark (see the
 * migration 20261122000500 and docs/design.md, Offline sync: the pull's safe watermark): one
 * REPEATABLE READ snapshot; its xmin bounds the range, because every transaction below it
 * has finished, so no row served here can be followed by a late write with a lower
 * transaction id. Rows of transactions still open (at or above xmin) come in a later pull.
 * A range is paged by (txid, entity, id).
 */
export async function pullChanges(deps: Pick<Deps, 'db' | 'clock'>, query: SyncPullQuery): Promise<SyncPullResponse> {
  const since: PullCursor = query.since ? decodeCursor(query.since) : START_CURSOR;
  const bookingsFrom = addDays(todayInLodge(deps.clock.now()), -PULL_BOOKINGS_DAYS_BACK);

  // The steady state: a device that has everything asks again. One statement, shared by the
  // devices asking at the same moment (changeHead), sees that nothing changed below its
  // snapshot's xmin since this device's cursor and answers what the transaction below would
  // (an empty page, the watermark moved up to max(lo, xmin)); anything else takes the
  // transaction. Only at the start of a range (hi unset): a range under way has its hi.
  if (since.hi === null) {
    const head = await changeHeadFor(deps)();
    const changed = head.lastBelowXmin !== null && BigInt(head.lastBelowXmin) >= BigInt(since.lo);
    if (!changed && BigInt(since.lo) <= BigInt(head.xmax)) {
      return {
        cursor: encodeCursor({ lo: maxTxid(since.lo, head.xmin), hi: null, after: null }),
        hasMore: false,
        changes: { accommodationTypes: [], units: [], bookings: [], extras: [], folioCharges: [] },
        deleted: [],
      };
    }
  }

  return inSnapshot(deps.db, async (trx) => {
    const snapshot = await repo.snapshotBounds(trx);
    let cursor = since;
    // A cursor from the future (a database restored from a backup, another server): start over.
    if (BigInt(cursor.lo) > BigInt(snapshot.xmax)) cursor = START_CURSOR;
    const hi = cursor.hi ?? maxTxid(cursor.lo, snapshot.xmin);

    const keys = await repo.changedKeys(trx, { lo: cursor.lo, hi, after: cursor.after, bookingsFrom, limit: query.limit + 1 });
    const hasMore = keys.length > query.limit;
    const page = keys.slice(0, query.limit);

    const idsOf = (entity: number) => page.filter((k) => k.entity === entity).map((k) => k.id);
    // One after another: a transaction is one connection.
    const types = await getAccommodationTypes(trx, idsOf(1));
    const units = await getUnits(trx, idsOf(2));
    const bookings = await getBookings(trx, idsOf(3));
    const extras = await getExtrasByIds(trx, idsOf(5));
    const folioCharges = await getFolioCharges(trx, idsOf(6));
    const deleted = page
      .filter((k) => k.entity === 4 && k.deletedType && k.deletedId)
      .map((k) => ({ entityType: DELETED_ENTITY[k.deletedType as keyof typeof DELETED_ENTITY], id: k.deletedId! }));

    const last = page[page.length - 1];
    const next: PullCursor = hasMore ? { lo: cursor.lo, hi, after: last } : { lo: hi, hi: null, after: null };
    return {
      cursor: encodeCursor(next),
      hasMore,
      changes: {
        accommodationTypes: inKeyOrder(types, idsOf(1)),
        units: inKeyOrder(units, idsOf(2)),
        bookings: inKeyOrder(bookings, idsOf(3)),
        extras: inKeyOrder(extras, idsOf(5)),
        folioCharges: inKeyOrder(folioCharges, idsOf(6)),
      },
      deleted,
    };
  });
}

/**
 * The up-to-date check's read, per database: coalesced, so every pull gets a snapshot taken
 * after it arrived (a change committed before it asked is seen) while concurrent pulls share
 * one statement.
 */
const changeHeads = new WeakMap<object, () => Promise<repo.ChangeHead>>();
function changeHeadFor(deps: Pick<Deps, 'db'>): () => Promise<repo.ChangeHead> {
  let probe = changeHeads.get(deps.db);
  if (!probe) {
    probe = coalescedProbe(() => repo.changeHead(deps.db));
    changeHeads.set(deps.db, probe);
  }
  return probe;
}

function maxTxid(a: string, b: string): string {
  return BigInt(a) >= BigInt(b) ? a : b;
}

/** Rows in the order of the page's keys (the order they were written in). */
function inKeyOrder<T extends { id: string }>(rows: T[], ids: string[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}
