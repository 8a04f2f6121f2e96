import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { Unit } from '../../../../shared/contracts/accommodations.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { EndOutOfOrderResponse, HOUSEKEEPING_MESSAGES, HousekeepingBoard, OutOfOrderResponse } from '../../../../shared/contracts/housekeeping.js';
import { SyncPullResponse, SyncPushResponse, type SyncPushEntry } from '../../../../shared/contracts/sync.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { countRows, createTypeWithUnits, guestData } from '../bookings/test-fixtures.js';

/**
 * Housekeeping and out of order units (docs/design.md, The desk's day: housekeeping): the
 * board, a unit's cleaning status online and through the sync push, a check-out making its
 * units Dirty, and out of order periods that hold the unit for guests and staff alike.
 */

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
beforeAll(async () => {
  t = await createTestContext();
  [manager, receptionist] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist')]);
});
afterAll(() => t?.close());

const today = () => todayInLodge(t.clock.now());
const unitRow = (id: string) => t.db('units').where({ id }).first();

async function board(client = receptionist, date?: string): Promise<HousekeepingBoard> {
  const res = await client.get(`/api/admin/housekeeping${date ? `?date=${date}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return HousekeepingBoard.parse(res.body);
}
const onBoard = async (unitId: string, date?: string) => (await board(receptionist, date)).units.find((u) => u.id === unitId)!;

const setStatus = (unitId: string, body: Record<string, unknown>, client = receptionist) => client.put(`/api/admin/units/${unitId}/housekeeping`, body);

async function staffBooking(unitId: string, checkIn: string, checkOut: string, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await receptionist.post('/api/admin/bookings', {
    unitId,
    checkInDate: checkIn,
    checkOutDate: checkOut,
    totalAmount: 3000,
    paymentMethod: 'Cash',
    paymentStatus: 'Paid',
    guestData: guestData(randomUUID().slice(0, 8)),
    ...over,
  });
  expect(res.status, res.text).toBe(201);
  return Booking.parse(res.body);
}
async function put(id: string, body: Record<string, unknown>): Promise<Booking> {
  const res = await receptionist.put(`/api/admin/bookings/${id}`, body);
  expect(res.status, res.text).toBe(200);
  return Booking.parse(res.body);
}

describe('what the public sees of a unit', () => {
  it('GET /api/units gives its id, name, type and that it is in service, and nothing of its housekeeping', async () => {
    const { typeId, unitIds, name } = await createTypeWithUnits(t.db, { units: 1 });
    const read = await onBoard(unitIds[0]);
    expect((await setStatus(unitIds[0], { status: 'Dirty', note: 'Guest left a wet towel on the bed', version: read.version })).status).toBe(200);
    const from = addDays(today(), 20);
    expect((await manager.post('/api/admin/out-of-order', { unitId: unitIds[0], startDate: from, endDate: addDays(from, 2), note: 'Geyser burst in the en-suite' })).status).toBe(201);

    const res = await t.client().get('/api/units');
    expect(res.status).toBe(200);
    const mine = (res.body as { accommodationTypeId: string }[]).filter((u) => u.accommodationTypeId === typeId);
    expect(mine).toEqual([{ id: unitIds[0], name: `${name} unit 1`, accommodationTypeId: typeId, isActive: true }]);
    const staffName = (await onBoard(unitIds[0])).housekeepingChangedBy!;
    expect(staffName).toMatch(/\S+ \S+/);
    for (const secret of ['wet towel', 'Geyser', staffName, 'housekeeping', 'outOfOrder']) expect(res.text.includes(secret), secret).toBe(false);
  });
});

describe("a unit's cleaning status", () => {
  it('one tap sets it with the note, who and when; the board shows it; the audit log has it', async () => {
    const { unitIds, name } = await createTypeWithUnits(t.db, { units: 1 });
    const before = await onBoard(unitIds[0]);
    expect(before).toMatchObject({ name: `${name} unit 1`, accommodationTypeName: name, housekeepingStatus: 'Clean', statusOnDate: 'Clean', housekeepingNote: null, housekeepingChangedBy: null, arrivals: [], departures: [], outOfOrder: [] });

    const res = await setStatus(unitIds[0], { status: 'Dirty', note: '  Wine on the carpet ', version: before.version });
    expect(res.status, res.text).toBe(200);
    const unit = Unit.parse(res.body);
    expect(unit).toMatchObject({ housekeepingStatus: 'Dirty', housekeepingNote: 'Wine on the carpet', housekeepingChangedAt: t.clock.now().toISOString(), version: before.version + 1 });
    // The receptionist of the demo data.
    expect(unit.housekeepingChangedBy).toMatch(/\S+ \S+/);
    expect(await onBoard(unitIds[0])).toMatchObject({ housekeepingStatus: 'Dirty', statusOnDate: 'Dirty', housekeepingNote: 'Wine on the carpet', housekeepingChangedBy: unit.housekeepingChangedBy });

    // Without a note the note stays; an empty note clears it.
    const inspected = Unit.parse((await setStatus(unitIds[0], { status: 'Inspected', version: unit.version })).body);
    expect(inspected).toMatchObject({ housekeepingStatus: 'Inspected', housekeepingNote: 'Wine on the carpet' });
    const cleared = Unit.parse((await setStatus(unitIds[0], { status: 'Clean', note: '', version: inspected.version })).body);
    expect(cleared).toMatchObject({ housekeepingStatus: 'Clean', housekeepingNote: null });

    const audit = await t.db('audit_log').where({ entity_id: unitIds[0], action: 'unit.housekeeping' }).orderBy('id');
    expect(audit.map((a) => [a.after.housekeepingStatus, a.after.housekeepingNote])).toEqual([
      ['Dirty', 'Wine on the carpet'],
      ['Inspected', 'Wine on the carpet'],
      ['Clean', null],
    ]);
  });

  it('an out-of-date version is a 409 with the unit as it is now, and nothing changes', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const read = await onBoard(unitIds[0]);
    expect((await setStatus(unitIds[0], { status: 'Dirty', version: read.version }, manager)).status).toBe(200);
    const audits = await countRows(t.db, 'audit_log');
    const stale = await setStatus(unitIds[0], { status: 'Inspected', version: read.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: 'This record was changed by someone else; reload and try again', code: 'stale_version', current: { id: unitIds[0], housekeepingStatus: 'Dirty', version: read.version + 1 } });
    expect(await unitRow(unitIds[0])).toMatchObject({ housekeeping_status: 'Dirty', version: read.version + 1 });
    expect(await countRows(t.db, 'audit_log')).toBe(audits);
  });

  it('an unknown unit is a 404; a guest is refused (403) and nobody signed in too (401)', async () => {
    expect((await setStatus(randomUUID(), { status: 'Clean', version: 1 })).status).toBe(404);
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const guest = await t.loginAs('guest');
    expect((await setStatus(unitIds[0], { status: 'Dirty', version: 1 }, guest)).status).toBe(403);
    expect((await t.client().put(`/api/admin/units/${unitIds[0]}/housekeeping`, { status: 'Dirty', version: 1 })).status).toBe(401);
    expect((await t.client().get('/api/admin/housekeeping')).status).toBe(401);
    expect((await guest.get('/api/admin/housekeeping')).status).toBe(403);
    expect(await unitRow(unitIds[0])).toMatchObject({ housekeeping_status: 'Clean' });
  });
});

describe('a check-out makes the unit Dirty', () => {
  it('through the back office status change: the board shows the unit Dirty with the departure', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const booking = await staffBooking(unitIds[0], addDays(today(), -2), today());
    await put(booking.id, { status: 'Checked-In' });
    // Due out today: the departure is on the board before the check-out.
    expect(await onBoard(unitIds[0])).toMatchObject({ statusOnDate: 'Clean', departures: [{ bookingId: booking.id, reference: booking.reference, guestName: booking.guestName, status: 'Checked-In' }] });
    await put(booking.id, { status: 'Checked-Out' });
    expect(await onBoard(unitIds[0])).toMatchObject({
      housekeepingStatus: 'Dirty',
      statusOnDate: 'Dirty',
      departures: [{ bookingId: booking.id, status: 'Checked-Out' }],
    });
    const audit = await t.db('audit_log').where({ entity_id: unitIds[0], action: 'unit.housekeeping' }).first();
    expect(audit).toMatchObject({ note: `Guest checked out (${booking.reference})`, after: { housekeepingStatus: 'Dirty' } });
  });

  it("'Dirty, arrival today': the next guest arriving on the unit checked out this morning", async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const leaving = await staffBooking(unitIds[0], addDays(today(), -1), today());
    const arriving = await staffBooking(unitIds[0], today(), addDays(today(), 2), { paymentStatus: 'Pending' });
    await put(leaving.id, { status: 'Checked-In' });
    await put(leaving.id, { status: 'Checked-Out' });
    const unit = await onBoard(unitIds[0]);
    expect(unit.statusOnDate).toBe('Dirty');
    expect(unit.arrivals).toEqual([{ bookingId: arriving.id, reference: arriving.reference, guestName: arriving.guestName, status: arriving.status }]);
    expect(unit.departures.map((d) => d.bookingId)).toEqual([leaving.id]);
    // Tomorrow the arrival is no longer on the board (it is in house or a no-show).
    expect((await onBoard(unitIds[0], addDays(today(), 1))).arrivals).toEqual([]);
  });

  it("a group's check-out makes every one of its units Dirty", async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 2, capacity: 2 });
    const group = await staffBooking(unitIds[0], addDays(today(), -1), today(), { unitCount: 2, numberOfGuests: 3 });
    await put(group.id, { status: 'Checked-In' });
    await put(group.id, { status: 'Checked-Out' });
    for (const id of unitIds) expect(await unitRow(id)).toMatchObject({ housekeeping_status: 'Dirty' });
    const b = await board();
    expect(b.units.filter((u) => unitIds.includes(u.id)).map((u) => [u.statusOnDate, u.departures.length])).toEqual([
      ['Dirty', 1],
      ['Dirty', 1],
    ]);
  });
});

describe('out of order periods', () => {
  const ooo = (body: Record<string, unknown>, client = manager) => client.post('/api/admin/out-of-order', body);

  it('takes the unit out for the dates: unavailable to guests and staff, Out of order on the board, and back when removed', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const from = addDays(today(), 10);
    const to = addDays(from, 3);
    const res = await ooo({ unitId: unitIds[0], startDate: from, endDate: to, note: 'Painting the deck' });
    expect(res.status, res.text).toBe(201);
    const made = OutOfOrderResponse.parse(res.body);
    expect(made.period).toEqual({ id: expect.any(String), startDate: from, endDate: to, note: 'Painting the deck' });
    expect(made.unit.outOfOrder).toEqual([made.period]);

    // Guests: the type has no unit free on any of those nights; the night before is free.
    const avail = (checkIn: string, checkOut: string) => t.client().post('/api/availability', { accommodationTypeId: typeId, checkIn, checkOut });
    expect((await avail(addDays(from, 1), addDays(from, 2))).body).toMatchObject({ available: false, availableUnits: 0, totalUnits: 1 });
    expect((await avail(addDays(from, -2), addDays(from, 1))).body).toMatchObject({ available: false, availableUnits: 0 });
    expect((await avail(addDays(from, -2), from)).body).toMatchObject({ available: true, availableUnits: 1 });
    expect((await avail(to, addDays(to, 2))).body).toMatchObject({ available: true, availableUnits: 1 });
    // Staff: a booking on those nights is refused, nothing written.
    const bookings = await countRows(t.db, 'bookings');
    const staff = await receptionist.post('/api/admin/bookings', { unitId: unitIds[0], checkInDate: addDays(from, 2), checkOutDate: addDays(to, 1), totalAmount: 3000, paymentMethod: 'Cash', paymentStatus: 'Paid', guestData: guestData('ooo') });
    expect(staff.status).toBe(409);
    expect(await countRows(t.db, 'bookings')).toBe(bookings);

    // The board: Out of order on its days, its cleaning status before them.
    expect(await onBoard(unitIds[0], from)).toMatchObject({ statusOnDate: 'Out of order', housekeepingStatus: 'Clean', outOfOrder: [made.period] });
    expect((await onBoard(unitIds[0])).statusOnDate).toBe('Clean');
    expect((await onBoard(unitIds[0], to)).outOfOrder).toEqual([]);

    // Not begun yet: removed, and the nights are free again.
    const gone = await manager.delete(`/api/admin/out-of-order/${made.period.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(EndOutOfOrderResponse.parse(gone.body)).toMatchObject({ outcome: 'removed', message: 'Out of order period removed', unit: { outOfOrder: [] } });
    expect((await avail(addDays(from, 1), addDays(from, 2))).body).toMatchObject({ available: true, availableUnits: 1 });
    expect(await t.db('unit_out_of_order').where({ unit_id: unitIds[0] })).toEqual([]);
  });

  it('a period under way ends today; one over is a 409', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const made = OutOfOrderResponse.parse((await ooo({ unitId: unitIds[0], startDate: today(), endDate: addDays(today(), 5), note: 'Geyser burst' })).body);
    // A day later the period is under way.
    t.clock.advance(86_400_000);
    try {
      const ended = await manager.delete(`/api/admin/out-of-order/${made.period.id}`);
      expect(ended.status, ended.text).toBe(200);
      expect(EndOutOfOrderResponse.parse(ended.body)).toMatchObject({ outcome: 'ended', message: 'Out of order period ended today', unit: { outOfOrder: [{ id: made.period.id, startDate: addDays(today(), -1), endDate: today() }] } });
      const again = await manager.delete(`/api/admin/out-of-order/${made.period.id}`);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(HOUSEKEEPING_MESSAGES.periodEnded);
    } finally {
      t.clock.advance(-86_400_000);
    }
  });

  it('a booking in the way is a 409 naming it (reference and guest), nothing written', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const booking = await staffBooking(unitIds[0], addDays(today(), 20), addDays(today(), 23));
    const periods = await countRows(t.db, 'unit_out_of_order');
    const version = (await unitRow(unitIds[0])).version;
    const res = await ooo({ unitId: unitIds[0], startDate: addDays(today(), 22), endDate: addDays(today(), 25), note: 'Roof' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: `Booking ${booking.reference} (${booking.guestName}) holds this unit on some of these dates: move or cancel it first`,
      code: 'booking_in_the_way',
      bookingId: booking.id,
      reference: booking.reference,
    });
    expect(await countRows(t.db, 'unit_out_of_order')).toBe(periods);
    expect((await unitRow(unitIds[0])).version).toBe(version);
    // A period overlapping another is refused in its own words; the night the guest leaves is free.
    expect((await ooo({ unitId: unitIds[0], startDate: addDays(today(), 23), endDate: addDays(today(), 25), note: 'Roof' })).status).toBe(201);
    const overlap = await ooo({ unitId: unitIds[0], startDate: addDays(today(), 24), endDate: addDays(today(), 26), note: 'Roof again' });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(HOUSEKEEPING_MESSAGES.periodOverlaps);
  });

  it('is for a Manager or SuperAdmin: a receptionist is refused (403), nothing written', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const periods = await countRows(t.db, 'unit_out_of_order');
    const res = await ooo({ unitId: unitIds[0], startDate: addDays(today(), 3), endDate: addDays(today(), 4), note: 'Paint' }, receptionist);
    expect(res.status).toBe(403);
    expect(await countRows(t.db, 'unit_out_of_order')).toBe(periods);
    const superadmin = await t.loginAs('superadmin');
    expect((await ooo({ unitId: unitIds[0], startDate: addDays(today(), 3), endDate: addDays(today(), 4), note: 'Paint' }, superadmin)).status).toBe(201);
  });
});

describe('the desk offline: unit.setHousekeeping through the sync push', () => {
  const deviceId = `tablet-${randomUUID().slice(0, 8)}`;
  let seq = 1;
  const entry = (entityId: string, args: Record<string, unknown>): SyncPushEntry => ({ id: randomUUID(), seq: seq++, op: 'unit.setHousekeeping', entityId, baseVersion: 1, args, schemaVersion: 1 });
  async function push(entries: SyncPushEntry[]) {
    const res = await receptionist.post('/api/sync/push', { deviceId, entries });
    expect(res.status, res.text).toBe(200);
    return SyncPushResponse.parse(res.body).results;
  }
  async function pullAll(since?: string): Promise<{ cursor: string; units: Unit[] }> {
    const units: Unit[] = [];
    let cursor = since;
    for (;;) {
      const res = await receptionist.get(`/api/sync/pull${cursor ? `?since=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, res.text).toBe(200);
      const page = SyncPullResponse.parse(res.body);
      units.push(...page.changes.units);
      cursor = page.cursor;
      if (!page.hasMore) return { cursor, units };
    }
  }

  it('applied once, a duplicate when sent again, and the pull serves the unit again with its status', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 2 });
    const { cursor } = await pullAll();
    const clean = entry(unitIds[0], { status: 'Clean', note: 'Fresh linen' });
    const inspected = entry(unitIds[1], { status: 'Inspected' });
    const results = await push([clean, inspected]);
    expect(results.map((r) => [r.outcome, (r.record as Unit).housekeepingStatus])).toEqual([
      ['applied', 'Clean'],
      ['applied', 'Inspected'],
    ]);
    // Clean already (a new unit's status): the note is what changed.
    expect(Unit.parse(results[0].record)).toMatchObject({ housekeepingStatus: 'Clean', housekeepingNote: 'Fresh linen' });
    const audits = await t.db('audit_log').whereIn('entity_id', unitIds).where({ action: 'unit.housekeeping' }).count<{ c: number }[]>('* as c').first();
    expect(Number(audits!.c)).toBe(2);

    // The answer was lost: sent again, each applied once.
    const again = await push([clean, inspected]);
    expect(again.map((r) => [r.outcome, r.storedOutcome])).toEqual([
      ['duplicate', 'applied'],
      ['duplicate', 'applied'],
    ]);
    expect((await t.db('client_mutations').whereIn('id', [clean.id, inspected.id]).select('outcome')).map((m) => m.outcome)).toEqual(['applied', 'applied']);
    const after = await t.db('audit_log').whereIn('entity_id', unitIds).where({ action: 'unit.housekeeping' }).count<{ c: number }[]>('* as c').first();
    expect(Number(after!.c)).toBe(2);

    // The pull serves a transaction's rows once every older transaction has finished (its safe
    // watermark): on a PostgreSQL server shared with other sessions that can take a moment.
    let pulled: Unit[] = [];
    let since = cursor;
    for (let tries = 0; tries < 50 && pulled.filter((u) => unitIds.includes(u.id)).length < 2; tries++) {
      const page = await pullAll(since);
      pulled = [...pulled, ...page.units];
      since = page.cursor;
      if (pulled.filter((u) => unitIds.includes(u.id)).length < 2) await new Promise((r) => setTimeout(r, 200));
    }
    expect(pulled.filter((u) => unitIds.includes(u.id)).map((u) => [u.id, u.housekeepingStatus]).sort()).toEqual(
      [
        [unitIds[0], 'Clean'],
        [unitIds[1], 'Inspected'],
      ].sort(),
    );
  });

  it('a unit deleted meanwhile is rejected with the reason, and nothing else changes', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    await t.db('units').where({ id: unitIds[0] }).delete();
    const gone = entry(unitIds[0], { status: 'Clean' });
    const [result] = await push([gone]);
    expect(result).toMatchObject({ outcome: 'rejected', reason: 'Unit not found' });
    expect(await t.db('client_mutations').where({ id: gone.id }).first()).toMatchObject({ outcome: 'rejected' });
  });

  it("bad args are rejected naming the field: 'Out of order' is not a cleaning status", async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const [result] = await push([entry(unitIds[0], { status: 'Out of order' })]);
    expect(result).toMatchObject({ outcome: 'rejected', reason: `Bad arguments for unit.setHousekeeping: status: ${HOUSEKEEPING_MESSAGES.statusRequired}` });
    expect(await unitRow(unitIds[0])).toMatchObject({ housekeeping_status: 'Clean', housekeeping_changed_at: null });
  });

  it('a check-out replayed from the desk makes the unit Dirty', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const booking = await staffBooking(unitIds[0], addDays(today(), -1), addDays(today(), 1));
    const checkedIn = await put(booking.id, { status: 'Checked-In' });
    const [result] = await push([{ id: randomUUID(), seq: seq++, op: 'booking.setStatus', entityId: booking.id, baseVersion: checkedIn.version, args: { status: 'Checked-Out' }, schemaVersion: 1 }]);
    expect(result.outcome).toBe('applied');
    expect(await unitRow(unitIds[0])).toMatchObject({ housekeeping_status: 'Dirty' });
  });
});
