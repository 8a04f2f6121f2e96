import 'fake-indexeddb/auto';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server.js';
import { configureSync } from './config.js';
import { db, getState } from './db.js';
import { resumeAfterLogin } from './engine.js';
import { setBookingStatus } from './outbox.js';
import { queryBooking, queryOutcomes, queryStoredStatus } from './queries.js';
import { REPLAY_LOCK_NAME, replayOutbox } from './replay.js';
import { createFakeSyncServer, makeBooking, pullPage, resetDevice, seedLocal, staff } from './test-support.js';

beforeEach(() => resetDevice());
afterEach(() => {
  vi.unstubAllGlobals();
});

const ids = (entries: { id: string }[]) => entries.map((e) => e.id);

describe('replayOutbox', () => {
  it('sends entries one per request in sequence order: check in reaches the server before check out', async () => {
    const booking = makeBooking({ status: 'Confirmed', version: 1 });
    const fake = createFakeSyncServer({ bookings: [booking] });
    server.use(...fake.handlers);
    await seedLocal({ bookings: [booking] });
    const checkIn = (await setBookingStatus(booking.id, 'Checked-In'))!;
    const checkOut = (await setBookingStatus(booking.id, 'Checked-Out'))!;

    expect(await replayOutbox()).toEqual({ status: 'done', answered: 2 });

    expect(fake.received.map((e) => [e.id, e.seq, e.op, e.args.status])).toEqual([
      [checkIn.id, 1, 'booking.setStatus', 'Checked-In'],
      [checkOut.id, 2, 'booking.setStatus', 'Checked-Out'],
    ]);
    expect(fake.bookings.get(booking.id)).toMatchObject({ status: 'Checked-Out', version: 3 });
    expect(await db.outbox.count()).toBe(0);
    // The server's record replaced the stored row.
    expect(await queryBooking(booking.id)).toMatchObject({ status: 'Checked-Out', version: 3, pendingSync: false, pendingEntryIds: [] });
    expect(await queryOutcomes()).toMatchObject([
      { entryId: checkOut.id, outcome: 'applied' },
      { entryId: checkIn.id, outcome: 'applied' },
    ]);
    expect(await getState('lastPushAt')).toEqual(expect.any(String));
  });

  it('stops at a 500 on the 2nd of 3 entries, never sends the 3rd before it, and a later replay continues in order', async () => {
    const bookings = [makeBooking(), makeBooking(), makeBooking()];
    const fake = createFakeSyncServer({ bookings });
    server.use(...fake.handlers);
    await seedLocal({ bookings });
    const [a, b, c] = [
      (await setBookingStatus(bookings[0].id, 'Checked-In'))!,
      (await setBookingStatus(bookings[1].id, 'Checked-In'))!,
      (await setBookingStatus(bookings[2].id, 'Checked-In'))!,
    ];
    fake.script(
      () => undefined,
      () => HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }),
    );

    const first = await replayOutbox();
    expect(first).toEqual({ status: 'retry', answered: 1, failure: { kind: 'retry', message: '500: Database unavailable' } });
    expect(ids(fake.received)).toEqual([a.id, b.id]);
    expect(await db.outbox.orderBy('seq').toArray()).toMatchObject([
      { id: b.id, status: 'sent', attempts: 1, lastError: '500: Database unavailable' },
      { id: c.id, status: 'pending', attempts: 0, lastError: null },
    ]);
    expect((await queryBooking(bookings[1].id))!.status).toBe('Checked-In');

    expect(await replayOutbox()).toEqual({ status: 'done', answered: 2 });
    expect(ids(fake.received)).toEqual([a.id, b.id, b.id, c.id]);
    expect(ids(fake.applied)).toEqual([a.id, b.id, c.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a lost answer is retried, answered duplicate, and the entry leaves the outbox once', async () => {
    const booking = makeBooking({ status: 'Confirmed', version: 4 });
    const fake = createFakeSyncServer({ bookings: [booking] });
    server.use(...fake.handlers);
    await seedLocal({ bookings: [booking] });
    const entry = (await setBookingStatus(booking.id, 'Checked-In'))!;
    // The server applies it, then the connection drops before the answer arrives.
    fake.script((sent) => {
      fake.process(sent);
      return HttpResponse.error();
    });

    expect(await replayOutbox()).toMatchObject({ status: 'retry', failure: { kind: 'retry', message: 'network: no connection to the server' } });
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: 'network: no connection to the server' });

    expect(await replayOutbox()).toEqual({ status: 'done', answered: 1 });
    expect(ids(fake.received)).toEqual([entry.id, entry.id]);
    expect(ids(fake.applied)).toEqual([entry.id]);
    expect(await db.outbox.count()).toBe(0);
    expect(await queryOutcomes()).toMatchObject([{ entryId: entry.id, outcome: 'duplicate' }]);
    expect(await queryBooking(booking.id)).toMatchObject({ status: 'Checked-In', version: 5, pendingSync: false });
  });

  it('a conflict stays for a person to resolve and does not block the entries behind it', async () => {
    const stale = makeBooking({ guestName: 'Pieter Botha', status: 'Confirmed', version: 1 });
    const other = makeBooking({ guestName: 'Naledi Khumalo', status: 'Confirmed', version: 1 });
    // Meanwhile another tablet cancelled Pieter's booking on the server.
    const fake = createFakeSyncServer({ bookings: [{ ...stale, status: 'Cancelled', version: 2 }, other] });
    server.use(...fake.handlers);
    await seedLocal({ bookings: [stale, other] });
    const conflicting = (await setBookingStatus(stale.id, 'Checked-In'))!;
    const fine = (await setBookingStatus(other.id, 'Checked-In'))!;

    expect(await replayOutbox()).toEqual({ status: 'done', answered: 2 });

    expect(ids(fake.received)).toEqual([conflicting.id, fine.id]);
    expect(await db.outbox.toArray()).toMatchObject([
      { id: conflicting.id, status: 'conflict', reason: 'A Cancelled booking cannot be changed to Checked-In', record: { id: stale.id, status: 'Cancelled', version: 2 } },
    ]);
    expect(await queryBooking(stale.id)).toMatchObject({ status: 'Cancelled', version: 2, pendingSync: false });
    expect(await queryBooking(other.id)).toMatchObject({ status: 'Checked-In', version: 2, pendingSync: false });
    expect(await queryStoredStatus()).toMatchObject({ pendingCount: 0, conflictCount: 1 });
    expect(await queryOutcomes()).toMatchObject([
      { entryId: fine.id, outcome: 'applied', reason: null },
      { entryId: conflicting.id, outcome: 'conflict', reason: 'A Cancelled booking cannot be changed to Checked-In' },
    ]);
  });

  it('a request the server refuses outright (400) becomes a rejection with its words, and the queue goes on', async () => {
    const bookings = [makeBooking(), makeBooking()];
    const fake = createFakeSyncServer({ bookings });
    server.use(...fake.handlers);
    await seedLocal({ bookings });
    const refused = (await setBookingStatus(bookings[0].id, 'Cancelled'))!;
    const next = (await setBookingStatus(bookings[1].id, 'Cancelled'))!;
    fake.script(() => HttpResponse.json({ message: 'deviceId is required' }, { status: 400 }));

    expect(await replayOutbox()).toEqual({ status: 'done', answered: 2 });
    expect(await db.outbox.toArray()).toMatchObject([{ id: refused.id, status: 'rejected', reason: 'deviceId is required' }]);
    expect(ids(fake.applied)).toEqual([next.id]);
  });

  it('a 401 pauses the outbox with nothing lost; resumeAfterLogin sends it in order', async () => {
    const bookings = [makeBooking(), makeBooking()];
    const fake = createFakeSyncServer({ bookings });
    server.use(...fake.handlers, http.get('/api/sync/pull', () => HttpResponse.json(pullPage({ cursor: 'c-1' }))));
    await seedLocal({ bookings });
    const a = (await setBookingStatus(bookings[0].id, 'Checked-In'))!;
    const b = (await setBookingStatus(bookings[1].id, 'Checked-In'))!;
    fake.script(() => HttpResponse.json({ message: 'Not logged in' }, { status: 401 }));

    expect(await replayOutbox()).toMatchObject({ status: 'paused', answered: 0, failure: { kind: 'auth', message: '401: Not logged in' } });
    expect(await getState('pausedForAuth')).toBe(true);
    // While paused nothing is sent, whatever triggers a replay.
    expect(await replayOutbox()).toEqual({ status: 'paused', answered: 0 });
    expect(ids(fake.received)).toEqual([a.id]);
    expect(await queryStoredStatus()).toMatchObject({ pendingCount: 2, pausedForAuth: true });

    const run = await resumeAfterLogin(staff.anna);
    expect(run).toMatchObject({ push: { status: 'done', answered: 2 }, pull: { pages: 1 } });
    expect(ids(fake.received)).toEqual([a.id, a.id, b.id]);
    expect(ids(fake.applied)).toEqual([a.id, b.id]);
    expect(await db.outbox.count()).toBe(0);
    expect(await getState('pausedForAuth')).toBe(false);
    expect(await getState('user')).toEqual(staff.anna);
  });

  it('gives up on a request after the timeout and keeps the entry for later', async () => {
    configureSync({ requestTimeoutMs: 50 });
    const booking = makeBooking();
    const fake = createFakeSyncServer({ bookings: [booking] });
    server.use(...fake.handlers);
    await seedLocal({ bookings: [booking] });
    const entry = (await setBookingStatus(booking.id, 'Checked-In'))!;
    // The server answers only after the client has given up, however slow the machine.
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    fake.script(async () => {
      await answered;
      return undefined;
    });

    expect(await replayOutbox()).toMatchObject({ status: 'retry', failure: { kind: 'retry', message: 'timeout: no answer in time' } });
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: 'timeout: no answer in time' });
    answer();
  });

  it('two replays at once never send an entry twice', async () => {
    const bookings = [makeBooking(), makeBooking(), makeBooking()];
    const fake = createFakeSyncServer({ bookings });
    server.use(...fake.handlers);
    await seedLocal({ bookings });
    const entries = [];
    for (const b of bookings) entries.push((await setBookingStatus(b.id, 'Checked-In'))!);
    const slow = async () => {
      await delay(20);
      return undefined;
    };
    fake.script(slow, slow, slow);

    const results = await Promise.all([replayOutbox(), replayOutbox()]);

    expect(results).toEqual([
      { status: 'done', answered: 3 },
      { status: 'busy', answered: 0 },
    ]);
    expect(ids(fake.received)).toEqual(ids(entries));
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes the cross-tab lock by name, and sends nothing while another tab holds it', async () => {
    const booking = makeBooking();
    const fake = createFakeSyncServer({ bookings: [booking] });
    server.use(...fake.handlers);
    await seedLocal({ bookings: [booking] });
    await setBookingStatus(booking.id, 'Checked-In');
    let held = true;
    const request = vi.fn(async (_name: string, _options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) =>
      callback(held ? null : ({ name: REPLAY_LOCK_NAME, mode: 'exclusive' } as Lock)),
    );
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { locks: { request } }));

    expect(await replayOutbox()).toEqual({ status: 'busy', answered: 0 });
    expect(fake.received).toEqual([]);
    expect(request).toHaveBeenCalledWith(REPLAY_LOCK_NAME, { ifAvailable: true }, expect.any(Function));

    held = false;
    expect(await replayOutbox()).toEqual({ status: 'done', answered: 1 });
    expect(fake.received.length).toBe(1);
  });
});
