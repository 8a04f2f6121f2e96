import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { syncWatermarkSettled } from '../../../test/sync-watermark.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { SyncPullResponse } from '../../../../shared/contracts/sync.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { createPackage, createTypeWithUnits, guestData, stay } from '../bookings/test-fixtures.js';

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let guest: TestClient;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:00:00Z' });
  [manager, receptionist, guest] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist'), t.loginAs('guest')]);
});
afterAll(() => t?.close());

const today = () => todayInLodge(t.clock.now());

const settled = () => syncWatermarkSettled(t.db);

async function pull(since?: string, limit?: number, client = receptionist, opts: { settle?: boolean } = {}) {
  if (opts.settle !== false) await settled();
  const params = new URLSearchParams();
  if (since) params.set('since', since);
  if (limit) params.set('limit', String(limit));
  const res = await client.get(`/api/sync/pull?${params}`);
  expect(res.status).toBe(200);
  return SyncPullResponse.parse(res.body);
}

type Page = Awaited<ReturnType<typeof pull>>;
const idsOf = (page: Page) => [
  ...page.changes.accommodationTypes.map((r) => `type:${r.id}`),
  ...page.changes.units.map((r) => `unit:${r.id}`),
  ...page.changes.bookings.map((r) => `booking:${r.id}`),
  ...page.deleted.map((d) => `deleted:${d.entityType}:${d.id}`),
];

/** Pulls until hasMore is false: every page, and the cursor to go on from. */
async function pullAll(since?: string, limit?: number) {
  const pages: Page[] = [];
  let cursor = since;
  for (let i = 0; i < 100; i++) {
    const page = await pull(cursor, limit);
    pages.push(page);
    cursor = page.cursor;
    if (!page.hasMore) return { pages, cursor, ids: pages.flatMap(idsOf) };
  }
  throw new Error('pull never finished');
}

let offset = 0;
async function newBooking(): Promise<Booking> {
  const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
  const dates = stay(t.clock.now(), 5 + (offset++ % 40) * 3, 2);
  const res = await t.client().post('/api/bookings', {
    unitId: unitIds[0],
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    paymentMethod: 'EFT',
    guestData: guestData(randomUUID().slice(0, 8)),
  });
  expect(res.status).toBe(201);
  return Booking.parse(res.body);
}

describe('who may pull, and bad queries', () => {
  it('401 when not logged in, 403 for a guest', async () => {
    expect((await t.client().get('/api/sync/pull')).status).toBe(401);
    const res = await guest.get('/api/sync/pull');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "You don't have permission to do this", code: 'forbidden' });
  });

  it('400 naming limit for limit=2001 (and 0), 400 naming since for a cursor it never gave', async () => {
    for (const limit of ['2001', '0', 'many']) {
      const res = await receptionist.get(`/api/sync/pull?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['limit']);
    }
    for (const since of ['not-a-cursor', Buffer.from('{"lo":"x"}').toString('base64url'), Buffer.from('{"lo":"5","hi":"3"}').toString('base64url')]) {
      const res = await receptionist.get(`/api/sync/pull?since=${since}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['since']);
    }
  });
});

describe('a pull from empty', () => {
  it('returns every type, unit and booking in the window in the admin shapes, with versions', async () => {
    const { pages } = await pullAll();
    const types = pages.flatMap((p) => p.changes.accommodationTypes);
    const units = pages.flatMap((p) => p.changes.units);
    const bookings = pages.flatMap((p) => p.changes.bookings);

    const typeIds = (await t.db('accommodation_types').select('id')).map((r) => r.id).sort();
    expect(types.map((r) => r.id).sort()).toEqual(typeIds);
    const unitIds = (await t.db('units').select('id')).map((r) => r.id).sort();
    expect(units.map((r) => r.id).sort()).toEqual(unitIds);
    const inWindow = (await t.db('bookings').where('check_out_date', '>=', addDays(today(), -30)).select('id')).map((r) => r.id).sort();
    expect(bookings.map((r) => r.id).sort()).toEqual(inWindow);

    // The admin API's shapes, row for row.
    const admin = await manager.get('/api/admin/bookings');
    const some = bookings.find((b) => b.unitId !== null)!;
    expect(some).toEqual(admin.body.find((b: Booking) => b.id === some.id));
  });

  it('leaves out bookings that checked out more than 30 days ago (30 days ago is in)', async () => {
    const [old, edge] = [await newBooking(), await newBooking()];
    await t.db('bookings').where({ id: old.id }).update({ check_in_date: addDays(today(), -33), check_out_date: addDays(today(), -31) });
    await t.db('bookings').where({ id: edge.id }).update({ check_in_date: addDays(today(), -32), check_out_date: addDays(today(), -30) });
    const { ids } = await pullAll();
    expect(ids).toContain(`booking:${edge.id}`);
    expect(ids).not.toContain(`booking:${old.id}`);
  });
});

describe('pulling what changed', () => {
  it('after a full pull returns only what changed since, once; a pull with nothing new is empty', async () => {
    const b = await newBooking();
    const { cursor } = await pullAll();
    const moved = await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Confirmed' });
    expect(moved.status).toBe(200);

    const next = await pull(cursor);
    expect(next.hasMore).toBe(false);
    expect(idsOf(next)).toEqual([`booking:${b.id}`]);
    expect(next.changes.bookings[0]).toMatchObject({ status: 'Confirmed', version: b.version + 1 });

    const quiet = await pull(next.cursor);
    expect(quiet).toEqual({ cursor: quiet.cursor, hasMore: false, changes: { accommodationTypes: [], units: [], bookings: [], extras: [], folioCharges: [] }, deleted: [] });
  });

  it('pages by limit: exactly limit rows end the range; fewer per page come in order, none twice, none missed', async () => {
    const { cursor } = await pullAll();
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await newBooking());
    // Each new booking brings a new type and unit too (the fixture makes them): 15 rows.
    const expected = five.flatMap((b) => [`type:${b.accommodationTypeId}`, `unit:${b.unitId}`, `booking:${b.id}`]).sort();

    const whole = await pull(cursor, 15);
    expect(whole.hasMore).toBe(false);
    expect(idsOf(whole).sort()).toEqual(expected);

    const paged = await pullAll(cursor, 4);
    expect(paged.pages.map((p) => [idsOf(p).length, p.hasMore])).toEqual([
      [4, true],
      [4, true],
      [4, true],
      [3, false],
    ]);
    expect(paged.ids.sort()).toEqual(expected);
  });

  it('sends deletion markers for deleted bookings (an entire-lodge booking with its children) and units', async () => {
    const single = await newBooking();
    const a = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const dates = stay(t.clock.now(), 150, 2);
    const lodge = await manager.post('/api/bookings', {
      accommodationTypeId: packageTypeId,
      isPackageBooking: true,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      totalAmount: 9000,
      paymentMethod: 'EFT',
      paymentStatus: 'Pending',
      guestData: guestData('pkg-pull'),
    });
    expect(lodge.status).toBe(201);
    const children = (await t.db('bookings').where({ parent_booking_id: lodge.body.id }).select('id')).map((r) => r.id);
    expect(children).toHaveLength(2);
    const spare = await createTypeWithUnits(t.db, { units: 1 });
    const { cursor } = await pullAll();

    expect((await manager.delete(`/api/admin/bookings/${single.id}`)).status).toBe(200);
    expect((await manager.delete(`/api/admin/entire-lodge-bookings/${lodge.body.id}`)).status).toBe(200);
    await t.db('units').where({ id: spare.unitIds[0] }).delete();

    const next = await pull(cursor);
    expect(next.changes).toEqual({ accommodationTypes: [], units: [], bookings: [], extras: [], folioCharges: [] });
    expect(next.deleted.map((d) => `${d.entityType}:${d.id}`).sort()).toEqual(
      [`bookings:${single.id}`, `bookings:${lodge.body.id}`, ...children.map((id) => `bookings:${id}`), `units:${spare.unitIds[0]}`].sort(),
    );
  });
});

// PGlite has one connection: a writing transaction held open would block the pull itself.
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL: the watermark never skips a transaction still open', () => {
  it('holds back what an open transaction wrote (and what committed after it began writing), then sends both once', async () => {
    const [a, b] = [await newBooking(), await newBooking()];
    const { cursor } = await pullAll();

    // Transaction A updates booking A and stays open; B commits an update of booking B after.
    let commitA!: () => void;
    const released = new Promise<void>((r) => (commitA = r));
    let written!: () => void;
    const aWritten = new Promise<void>((r) => (written = r));
    const txA = t.db.transaction(async (trx) => {
      await trx('bookings').where({ id: a.id }).update({ special_requests: 'Written by A' });
      written();
      await released;
    });
    await aWritten;
    await t.db('bookings').where({ id: b.id }).update({ special_requests: 'Written by B' });

    // The rule: a pull serves transactions below its snapshot's xmin. A is open, so xmin is
    // at most A's id; B's id is higher than A's, so B waits for A too.
    const during = await pull(cursor, undefined, receptionist, { settle: false });
    expect(during.hasMore).toBe(false);
    expect(idsOf(during)).toEqual([]);

    commitA();
    await txA;
    const after = await pull(during.cursor);
    expect(idsOf(after).sort()).toEqual([`booking:${a.id}`, `booking:${b.id}`].sort());
    // Written in that order: A's transaction took its id first.
    expect(idsOf(after)).toEqual([`booking:${a.id}`, `booking:${b.id}`]);
    const rows = await t.db('bookings').whereIn('id', [a.id, b.id]).select('id', 'special_requests');
    expect(rows.map((r) => r.special_requests).sort()).toEqual(['Written by A', 'Written by B']);
  });
});
