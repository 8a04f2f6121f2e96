import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/server.js';
import type { SyncPullResponse } from '@shared/contracts/sync.js';
import { LOCAL_DATA_VERSION, SYNCED_MARKER_KEY, db, getState } from './db.js';
import { setBookingStatus } from './outbox.js';
import { pullChanges } from './pull.js';
import { queryBooking } from './queries.js';
import { makeAccommodationType, makeBooking, makeUnit, pullPage, resetDevice, seedLocal } from './test-support.js';

beforeEach(() => resetDevice());

/** Answers pull requests from a list of pages, by `since`; records the query strings asked for. */
function pullServer(pages: Record<string, SyncPullResponse | Response>) {
  const asked: string[] = [];
  server.use(
    http.get('/api/sync/pull', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const page = pages[url.searchParams.get('since') ?? ''];
      if (!page) return HttpResponse.json({ message: 'unexpected cursor' }, { status: 400 });
      return page instanceof Response ? page : HttpResponse.json(page);
    }),
  );
  return asked;
}

describe('pullChanges', () => {
  it('follows the cursor while hasMore, writes each page with its cursor, and applies deletion markers', async () => {
    const type = makeAccommodationType();
    const unit = makeUnit({ accommodationTypeId: type.id });
    const [b1, b2, b3] = [makeBooking({ guestName: 'A' }), makeBooking({ guestName: 'B' }), makeBooking({ guestName: 'C' })];
    const asked = pullServer({
      '': pullPage({ cursor: 'c-1', hasMore: true, changes: { accommodationTypes: [type], units: [unit], bookings: [b1, b2] } }),
      'c-1': pullPage({
        cursor: 'c-2',
        changes: { accommodationTypes: [], units: [], bookings: [b3] },
        deleted: [
          { entityType: 'bookings', id: b1.id },
          { entityType: 'units', id: 'never-had-it' },
        ],
      }),
    });

    expect(await pullChanges()).toEqual({ pages: 2, written: 5, deleted: 1 });

    expect(asked).toEqual(['?limit=500', '?since=c-1&limit=500']);
    expect((await db.bookings.orderBy('guestNameLower').toArray()).map((b) => b.id)).toEqual([b2.id, b3.id]);
    expect(await db.units.toArray()).toEqual([unit]);
    expect(await db.accommodationTypes.toArray()).toEqual([type]);
    expect(await getState('cursor')).toBe('c-2');
    expect(await getState('lastPullAt')).toEqual(expect.any(String));
    expect(localStorage.getItem(SYNCED_MARKER_KEY)).toBe(String(LOCAL_DATA_VERSION));
    // The next pull starts from the stored cursor.
    pullServer({ 'c-2': pullPage({ cursor: 'c-2' }) });
    expect(await pullChanges()).toEqual({ pages: 1, written: 0, deleted: 0 });
  });

  it('writes a row only when its version is newer than the stored one', async () => {
    const kept = makeBooking({ status: 'Checked-In', version: 5 });
    const replaced = makeBooking({ status: 'Confirmed', version: 1 });
    await seedLocal({ bookings: [kept, replaced] });
    pullServer({
      '': pullPage({
        cursor: 'c-1',
        changes: {
          accommodationTypes: [],
          units: [],
          bookings: [
            { ...kept, status: 'Confirmed', version: 4 },
            { ...replaced, status: 'Cancelled', version: 2 },
          ],
        },
      }),
    });

    expect(await pullChanges()).toEqual({ pages: 1, written: 1, deleted: 0 });
    expect(await db.bookings.get(kept.id)).toMatchObject({ status: 'Checked-In', version: 5 });
    expect(await db.bookings.get(replaced.id)).toMatchObject({ status: 'Cancelled', version: 2 });
  });

  it('keeps the pages already written when a later page fails, and resumes from there', async () => {
    const [b1, b2] = [makeBooking(), makeBooking()];
    pullServer({
      '': pullPage({ cursor: 'c-1', hasMore: true, changes: { accommodationTypes: [], units: [], bookings: [b1] } }),
      'c-1': HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }),
    });
    await expect(pullChanges()).rejects.toMatchObject({ name: 'ApiError', status: 503, serverMessage: 'Database unavailable' });
    expect(await getState('cursor')).toBe('c-1');
    expect((await db.bookings.toArray()).map((b) => b.id)).toEqual([b1.id]);

    const asked = pullServer({ 'c-1': pullPage({ cursor: 'c-2', changes: { accommodationTypes: [], units: [], bookings: [b2] } }) });
    expect(await pullChanges()).toEqual({ pages: 1, written: 1, deleted: 0 });
    expect(asked).toEqual(['?since=c-1&limit=500']);
  });

  it('re-applies still-pending edits on top of the pulled rows', async () => {
    const booking = makeBooking({ status: 'Confirmed', specialRequests: null, version: 1 });
    await seedLocal({ bookings: [booking] });
    const entry = (await setBookingStatus(booking.id, 'Checked-In'))!;
    pullServer({
      '': pullPage({
        cursor: 'c-1',
        changes: { accommodationTypes: [], units: [], bookings: [{ ...booking, specialRequests: 'Honeymoon', version: 2 }] },
      }),
    });

    await pullChanges();

    expect(await db.bookings.get(booking.id)).toMatchObject({ status: 'Confirmed', specialRequests: 'Honeymoon', version: 2 });
    expect(await queryBooking(booking.id)).toMatchObject({
      status: 'Checked-In',
      specialRequests: 'Honeymoon',
      version: 2,
      pendingSync: true,
      pendingEntryIds: [entry.id],
    });
  });
});
