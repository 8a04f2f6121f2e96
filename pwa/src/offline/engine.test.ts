import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server.js';
import { configureSync, retryDelay, DEFAULT_SYNC_CONFIG } from './config.js';
import { LOCAL_DATA_VERSION, SYNCED_MARKER_KEY, acknowledgeEviction, checkLocalData, db, getState, requestPersistence, setState } from './db.js';
import { getEngineStatus, resumeAfterLogin, startSync, syncNow } from './engine.js';
import { setBookingStatus } from './outbox.js';
import { queryStoredStatus } from './queries.js';
import { createFakeSyncServer, makeBooking, pullPage, resetDevice, seedLocal } from './test-support.js';

let stop: (() => void) | undefined;
beforeEach(() => resetDevice());
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.unstubAllGlobals();
});

/** A pull endpoint that always answers `page`; records the query strings asked for. */
function pullAnswering(page: () => Response) {
  const asked: string[] = [];
  server.use(
    http.get('/api/sync/pull', ({ request }) => {
      asked.push(new URL(request.url).search);
      return page();
    }),
  );
  return asked;
}

describe('local data check and full resync', () => {
  it('a changed data version clears the pulled rows and pulls everything again, keeping queued entries', async () => {
    const old = makeBooking({ guestName: 'Gone Guest' });
    const fresh = makeBooking({ guestName: 'Fresh Guest' });
    const queued = makeBooking({ guestName: 'Queued Guest', status: 'Confirmed' });
    await seedLocal({ bookings: [old, queued] });
    const entry = (await setBookingStatus(queued.id, 'Checked-In'))!;
    await setState('schemaVersion', LOCAL_DATA_VERSION - 1);
    await setState('cursor', 'c-9');
    const asked = pullAnswering(() => HttpResponse.json(pullPage({ cursor: 'c-10', changes: { accommodationTypes: [], units: [], bookings: [fresh, queued] } })));
    server.use(...createFakeSyncServer({ bookings: [queued] }).handlers);
    // Hold the entry back so the pull is what we look at.
    await setState('pausedForAuth', true);

    expect(await checkLocalData()).toBe('schema-changed');
    expect(await db.bookings.count()).toBe(0);
    expect(await getState('cursor')).toBeUndefined();
    expect(await getState('schemaVersion')).toBe(LOCAL_DATA_VERSION);
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([entry.id]);

    await setState('pausedForAuth', false);
    // Make the entry stay: the server is down for pushes in this test.
    server.use(http.post('/api/sync/push', () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    await syncNow();
    expect(asked).toEqual([]);

    server.use(http.post('/api/sync/push', () => HttpResponse.json({ results: [{ id: entry.id, outcome: 'applied' }] })));
    await syncNow();
    expect(asked).toEqual(['?limit=500']);
    expect((await db.bookings.orderBy('guestNameLower').toArray()).map((b) => b.guestName)).toEqual(['Fresh Guest', 'Queued Guest']);
    expect(await getState('cursor')).toBe('c-10');
  });

  it('finds evicted local data (the device had pulled, the cursor is gone) and says when', async () => {
    localStorage.setItem(SYNCED_MARKER_KEY, '1');
    const now = new Date();
    expect(await checkLocalData(now)).toBe('evicted');
    expect(await getState('evictedAt')).toBe(now.toISOString());
    expect((await queryStoredStatus()).evictedAt).toBe(now.toISOString());
    await acknowledgeEviction();
    expect((await queryStoredStatus()).evictedAt).toBeNull();
  });

  it('a first run and a run with a cursor need no clearing', async () => {
    expect(await checkLocalData()).toBe('first-run');
    await seedLocal({ bookings: [makeBooking()] });
    await setState('cursor', 'c-1');
    localStorage.setItem(SYNCED_MARKER_KEY, '1');
    expect(await checkLocalData()).toBe('ok');
    expect(await db.bookings.count()).toBe(1);
  });

  it('asks the browser to persist storage when it can, and answers false where it cannot', async () => {
    expect(await requestPersistence()).toBe(false);
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { storage: { persist, persisted: async () => false } }));
    expect(await requestPersistence()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });
});

describe('sync engine', () => {
  it('backs off 2 s, 4 s, 8 s ... up to 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelay(n, DEFAULT_SYNC_CONFIG))).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });

  it('pulls after a successful push run, not after a failed one', async () => {
    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    await setBookingStatus(booking.id, 'Checked-In');
    const asked = pullAnswering(() => HttpResponse.json(pullPage({ cursor: 'c-1' })));
    server.use(http.post('/api/sync/push', () => HttpResponse.error()));

    expect(await syncNow()).toMatchObject({ push: { status: 'retry' }, failure: { kind: 'retry' } });
    expect(asked).toEqual([]);
    expect(getEngineStatus().lastError).toBe('network: no connection to the server');

    server.use(...createFakeSyncServer({ bookings: [booking] }).handlers);
    expect(await syncNow()).toMatchObject({ push: { status: 'done', answered: 1 }, pull: { pages: 1 } });
    expect(asked).toEqual(['?limit=500']);
    expect(getEngineStatus().lastError).toBeNull();
  });

  it('a login while a run is being refused (401) resumes the outbox once that run has ended: nothing stays queued', async () => {
    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    const entry = (await setBookingStatus(booking.id, 'Checked-In'))!;
    pullAnswering(() => HttpResponse.json(pullPage({ cursor: 'c-1' })));
    const fake = createFakeSyncServer({ bookings: [booking] });
    // The old session's push is refused, its answer arriving after the person logged in again.
    let refuse!: () => void;
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    let reached!: () => void;
    const pushReached = new Promise<void>((resolve) => (reached = resolve));
    server.use(
      http.post('/api/sync/push', async () => {
        reached();
        await refused;
        return HttpResponse.json({ message: 'Not logged in' }, { status: 401 });
      }),
    );

    const stale = syncNow();
    await pushReached;
    // The new session: the server takes pushes again (the newest handlers come first).
    server.use(...fake.handlers);
    const resumed = resumeAfterLogin();
    refuse();
    await stale;
    await resumed;

    expect(await db.outbox.count()).toBe(0);
    expect(fake.applied.map((e) => e.id)).toEqual([entry.id]);
    expect(await getState('pausedForAuth')).toBe(false);
    expect(getEngineStatus().lastError).toBeNull();
  });

  it('a 401 on the pull pauses the outbox too', async () => {
    pullAnswering(() => HttpResponse.json({ message: 'Not logged in' }, { status: 401 }));
    expect(await syncNow()).toMatchObject({ failure: { kind: 'auth', message: '401: Not logged in' } });
    expect(await getState('pausedForAuth')).toBe(true);
  });

  it('when started: syncs at once, retries on the back-off timer, and on online, visibility, a new entry and a service-worker message', async () => {
    configureSync({ retryBaseMs: 200, retryMaxMs: 200 });
    let pullUp = false;
    const asked = pullAnswering(() =>
      pullUp ? HttpResponse.json(pullPage({ cursor: 'c-1' })) : HttpResponse.json({ message: 'down' }, { status: 503 }),
    );
    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    // A device that has pulled before (a first run would clear the rows and pull them all).
    await setState('cursor', 'c-0');
    const fake = createFakeSyncServer({ bookings: [booking] });
    server.use(...fake.handlers);
    const swTarget = new EventTarget();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: swTarget }));

    stop = startSync();
    await vi.waitFor(() => expect(asked.length).toBe(1));
    await vi.waitFor(() => expect(getEngineStatus()).toMatchObject({ lastError: '503: down', nextRetryAt: expect.any(Number) }));
    pullUp = true;
    // The back-off timer runs the next attempt by itself.
    await vi.waitFor(() => expect(asked.length).toBe(2));
    await vi.waitFor(() => expect(getEngineStatus().nextRetryAt).toBeNull());

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(asked.length).toBe(3));
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(asked.length).toBe(4));
    swTarget.dispatchEvent(new MessageEvent('message', { data: { type: 'sync' } }));
    await vi.waitFor(() => expect(asked.length).toBe(5));
    const entry = (await setBookingStatus(booking.id, 'Checked-In'))!;
    await vi.waitFor(() => expect(fake.applied.map((e) => e.id)).toEqual([entry.id]));
    await vi.waitFor(() => expect(asked.length).toBe(6));

    stop();
    stop = undefined;
    // A trigger still wired would start a run as the event is dispatched; the run asked for
    // here would then join it and go again after it (two pulls instead of one).
    window.dispatchEvent(new Event('online'));
    await syncNow();
    expect(asked.length).toBe(7);
  });
});
