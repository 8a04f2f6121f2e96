import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { SyncPushResponse, type SyncPushEntry } from '../../../../shared/contracts/sync.js';
import { lodgeTimeOf } from '../../../../shared/domain/dates.js';
import { countRows, createPackage, createTypeWithUnits, guestData, stay } from '../bookings/test-fixtures.js';

const CHILD_EDIT = 'This unit is part of an entire-lodge booking; change the entire-lodge booking instead';

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let guest: TestClient;
let receptionistId: string;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:42:00Z' });
  [manager, receptionist, guest] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist'), t.loginAs('guest')]);
  receptionistId = (await t.db('users').where({ username: 'receptionist' }).first('id')).id;
});
afterAll(() => t?.close());

let offset = 0;
/** Check-in is allowed from the arrival date: a booking to check in arrives today. */
const ARRIVING_TODAY = 0;
/** A Provisional EFT booking of a fresh unit, on its own dates (or arriving `startsIn` days from today). */
async function newBooking(startsIn?: number): Promise<Booking> {
  const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
  const dates = stay(t.clock.now(), startsIn ?? 5 + (offset++ % 40) * 3, 2);
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

let seq = 0;
function entry(op: string, entityId: string, args: Record<string, unknown>, baseVersion = 1): SyncPushEntry {
  return { id: randomUUID(), seq: ++seq, op, entityId, baseVersion, args, schemaVersion: 1 };
}

async function push(client: TestClient, ...entries: SyncPushEntry[]) {
  const res = await client.post('/api/sync/push', { deviceId: 'tablet-1', entries });
  expect(res.status).toBe(200);
  return SyncPushResponse.parse(res.body).results;
}

const bookingRow = (id: string) => t.db('bookings').where({ id }).first();
const mutations = (id: string) => t.db('client_mutations').where({ id });
const ledgerRows = (bookingId: string) => t.db('payment_transactions').where({ booking_id: bookingId, type: 'payment' });

describe('who may push', () => {
  it('401 when not logged in, 403 for a guest, and nothing is recorded', async () => {
    const b = await newBooking();
    const body = { deviceId: 'tablet-1', entries: [entry('booking.setStatus', b.id, { status: 'Checked-In' })] };
    expect((await t.client().post('/api/sync/push', body)).status).toBe(401);
    const res = await guest.post('/api/sync/push', body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "You don't have permission to do this", code: 'forbidden' });
    expect((await bookingRow(b.id)).status).toBe('Provisional');
    expect(await mutations(body.entries[0].id)).toEqual([]);
  });
});

describe('the batch', () => {
  it('refuses 101 entries (and an empty batch) with 400 naming entries, applying none', async () => {
    const b = await newBooking();
    const before = await countRows(t.db, 'client_mutations');
    const many = Array.from({ length: 101 }, () => entry('booking.setStatus', b.id, { status: 'Confirmed' }));
    const res = await receptionist.post('/api/sync/push', { deviceId: 'tablet-1', entries: many });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('entries');
    const empty = await receptionist.post('/api/sync/push', { deviceId: 'tablet-1', entries: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('entries');
    expect(await countRows(t.db, 'client_mutations')).toBe(before);
    expect((await bookingRow(b.id)).version).toBe(b.version);
  });

  it('refuses a counter past what the server stores (seq, baseVersion, schemaVersion) with 400 naming it, recording nothing', async () => {
    const b = await newBooking();
    const before = await countRows(t.db, 'client_mutations');
    for (const field of ['seq', 'baseVersion', 'schemaVersion'] as const) {
      const e = { ...entry('booking.setStatus', b.id, { status: 'Confirmed' }), [field]: 2_147_483_648 };
      const res = await receptionist.post('/api/sync/push', { deviceId: 'tablet-1', entries: [e] });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([`entries.0.${field}`]);
    }
    expect(await countRows(t.db, 'client_mutations')).toBe(before);
    expect((await bookingRow(b.id)).status).toBe('Provisional');
  });

  it('takes ids written in capitals as the same ids: applied once, and a replay in lower case is a duplicate', async () => {
    const b = await newBooking();
    const e = entry('booking.setStatus', b.id, { status: 'Confirmed' }, b.version);
    const shouted = { ...e, id: e.id.toUpperCase(), entityId: e.entityId.toUpperCase() };
    const [first] = await push(receptionist, shouted);
    expect(first).toMatchObject({ id: e.id, outcome: 'applied' });
    expect((await bookingRow(b.id)).status).toBe('Confirmed');
    const [again] = await push(receptionist, e);
    expect(again).toMatchObject({ id: e.id, outcome: 'duplicate' });
    expect(await mutations(e.id)).toHaveLength(1);
  });

  it('applies a check-in once: one client_mutations row, the version up by one, the row in the answer', async () => {
    const b = await newBooking(ARRIVING_TODAY);
    const e = entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version);
    const [result] = await push(receptionist, e);
    expect(result).toMatchObject({ id: e.id, outcome: 'applied' });
    expect(result.note).toBeUndefined();
    const record = Booking.parse(result.record);
    expect(record).toMatchObject({ id: b.id, status: 'Checked-In', version: b.version + 1 });
    const row = await bookingRow(b.id);
    expect(row.status).toBe('Checked-In');
    expect(row.version).toBe(b.version + 1);
    const stored = await mutations(e.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      device_id: 'tablet-1',
      seq: e.seq,
      user_id: receptionistId,
      operation: 'booking.setStatus',
      entity_type: 'booking',
      entity_id: b.id,
      base_version: b.version,
      schema_version: 1,
      args: { status: 'Checked-In' },
      outcome: 'applied',
    });
    expect(stored[0].result.record).toMatchObject({ id: b.id, status: 'Checked-In', version: b.version + 1 });
  });

  it('answers a resent entry duplicate with the stored outcome, whatever it now says, and changes nothing', async () => {
    const b = await newBooking();
    const e = entry('booking.setStatus', b.id, { status: 'Confirmed' }, b.version);
    const [first] = await push(receptionist, e);
    expect(first.outcome).toBe('applied');
    const after = await bookingRow(b.id);
    const count = await countRows(t.db, 'client_mutations');

    const [again] = await push(receptionist, { ...e, args: { status: 'Cancelled' } });
    expect(again).toEqual({ id: e.id, outcome: 'duplicate', storedOutcome: 'applied', record: first.record });
    expect(await bookingRow(b.id)).toEqual(after);
    expect(await countRows(t.db, 'client_mutations')).toBe(count);
  });

  it('applies an entry pushed twice at the same moment once', async () => {
    const b = await newBooking(ARRIVING_TODAY);
    const e = entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version);
    const [r1, r2] = await Promise.all([push(receptionist, e), push(manager, e)]);
    const outcomes = [r1[0].outcome, r2[0].outcome].sort();
    expect(outcomes).toEqual(['applied', 'duplicate']);
    expect((await bookingRow(b.id)).version).toBe(b.version + 1);
    expect(await mutations(e.id)).toHaveLength(1);
    const audits = await t.db('audit_log').where({ entity_type: 'booking', entity_id: b.id, action: 'booking.update' });
    expect(audits).toHaveLength(1);
  });

  // PGlite has one connection, so a transaction held open here would block the pushes forever.
  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: two pushes of one entry that both got past the first look apply it once (the loser answers duplicate)',
    async () => {
      const b = await newBooking(ARRIVING_TODAY);
      const e = entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version);
      // Hold the booking's row lock so both pushes find no client_mutations row, then queue on the lock.
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = t.db.transaction(async (trx) => {
        await trx('bookings').where({ id: b.id }).forUpdate().first();
        locked();
        await released;
      });
      await isLocked;
      const pushes = Promise.all([push(receptionist, e), push(manager, e)]);
      // Both pushes wait on the row lock before it is let go.
      const waitingOnLocks = async () =>
        Number(
          (await t.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n,
        );
      await vi.waitFor(async () => expect(await waitingOnLocks()).toBe(2), { timeout: 10_000, interval: 20 });
      release();
      await holder;
      const [r1, r2] = await pushes;
      expect([r1[0].outcome, r2[0].outcome].sort()).toEqual(['applied', 'duplicate']);
      const duplicate = r1[0].outcome === 'duplicate' ? r1[0] : r2[0];
      expect(duplicate.storedOutcome).toBe('applied');
      expect((await bookingRow(b.id)).version).toBe(b.version + 1);
      expect(await mutations(e.id)).toHaveLength(1);
    },
  );

  it('applies a check-in and a check-out of one batch in order', async () => {
    const b = await newBooking(ARRIVING_TODAY);
    const results = await push(
      receptionist,
      entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version),
      entry('booking.setStatus', b.id, { status: 'Checked-Out' }, b.version + 1),
    );
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    expect(results.map((r) => Booking.parse(r.record).status)).toEqual(['Checked-In', 'Checked-Out']);
    const row = await bookingRow(b.id);
    expect(row.status).toBe('Checked-Out');
    expect(row.version).toBe(b.version + 2);
  });

  it('goes on past a bad entry in the middle', async () => {
    const [a, c] = [await newBooking(), await newBooking()];
    const results = await push(
      receptionist,
      entry('booking.setStatus', a.id, { status: 'Confirmed' }, a.version),
      entry('booking.teleport', a.id, {}),
      entry('booking.setStatus', c.id, { status: 'Confirmed' }, c.version),
    );
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'rejected', 'applied']);
    expect((await bookingRow(a.id)).status).toBe('Confirmed');
    expect((await bookingRow(c.id)).status).toBe('Confirmed');
  });
});

describe('booking.setStatus, re-checked against the row as it is now', () => {
  it('a check-in the server already has is applied with a note saying who and when, and changes nothing', async () => {
    const b = await newBooking(ARRIVING_TODAY);
    const [first] = await push(receptionist, entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version));
    const checkedIn = Booking.parse(first.record);
    const at = lodgeTimeOf(t.clock.now());
    t.clock.advance(15 * 60_000);

    // Another tablet checked the same guest in, from the version it had read.
    const [second] = await push(manager, entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version));
    expect(second.outcome).toBe('applied');
    expect(second.note).toBe(`already checked in by receptionist at ${at}`);
    expect(Booking.parse(second.record)).toEqual(checkedIn);
    expect((await bookingRow(b.id)).version).toBe(checkedIn.version);
  });

  it('a cancelled booking already cancelled keeps its reason and version, with a note', async () => {
    const b = await newBooking();
    const cancel = await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled', cancellationReason: 'Guest phoned' });
    expect(cancel.status).toBe(200);
    const [r] = await push(receptionist, entry('booking.setStatus', b.id, { status: 'Cancelled', cancellationReason: 'No show' }, b.version));
    expect(r.outcome).toBe('applied');
    expect(r.note).toBe(`already cancelled by manager at ${lodgeTimeOf(t.clock.now())}`);
    const row = await bookingRow(b.id);
    expect(row.cancellation_reason).toBe('Guest phoned');
    expect(row.version).toBe(cancel.body.version);
  });

  it('a cancellation carries its reason', async () => {
    const b = await newBooking();
    const [r] = await push(receptionist, entry('booking.setStatus', b.id, { status: 'Cancelled', cancellationReason: ' Flight cancelled ' }, b.version));
    expect(r.outcome).toBe('applied');
    expect((await bookingRow(b.id)).cancellation_reason).toBe('Flight cancelled');
  });

  it('a check-in queued offline for a booking the server cancelled meanwhile is a conflict with the row now', async () => {
    const b = await newBooking();
    const cancel = await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled' });
    expect(cancel.status).toBe(200);
    const e = entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version);
    const [r] = await push(receptionist, e);
    expect(r.outcome).toBe('conflict');
    expect(r.reason).toBe('A Cancelled booking cannot be changed to Checked-In');
    expect(Booking.parse(r.record)).toMatchObject({ id: b.id, status: 'Cancelled', version: cancel.body.version });
    expect((await bookingRow(b.id)).version).toBe(cancel.body.version);
    expect((await mutations(e.id))[0]).toMatchObject({ outcome: 'conflict', result: { reason: r.reason } });

    const [again] = await push(receptionist, e);
    expect(again).toMatchObject({ id: e.id, outcome: 'duplicate', storedOutcome: 'conflict', reason: r.reason });
  });

  it('a move the state machine never allows, on an unchanged row, is rejected with its words', async () => {
    const b = await newBooking();
    const [r] = await push(receptionist, entry('booking.setStatus', b.id, { status: 'Checked-Out' }, b.version));
    expect(r).toMatchObject({ outcome: 'rejected', reason: 'A Provisional booking cannot be changed to Checked-Out' });
    expect((await bookingRow(b.id)).version).toBe(b.version);
  });

  it('a check-in queued before the arrival date is rejected on replay with the message, and changes nothing', async () => {
    const b = await newBooking(1);
    const e = entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version);
    const [r] = await push(receptionist, e);
    expect(r).toMatchObject({
      outcome: 'rejected',
      reason: `This guest arrives on ${b.checkInDate}: a booking cannot be checked in before its arrival date unless a Manager overrides`,
    });
    expect(Booking.parse(r.record)).toMatchObject({ id: b.id, status: 'Provisional', version: b.version });
    expect(await bookingRow(b.id)).toMatchObject({ status: 'Provisional', version: b.version, checked_in_at: null });
    expect((await mutations(e.id))[0]).toMatchObject({ outcome: 'rejected', result: { reason: r.reason } });

    // A receptionist's override is refused by role; a manager's, with a reason, is applied.
    const [byReceptionist] = await push(receptionist, entry('booking.setStatus', b.id, { status: 'Checked-In', override: true, overrideReason: 'Came early' }, b.version));
    expect(byReceptionist).toMatchObject({ outcome: 'rejected', reason: 'Only a Manager or SuperAdmin can check a guest in before the arrival date' });
    // An override must say why, as online: without a reason it is rejected and changes nothing.
    const [noReason] = await push(manager, entry('booking.setStatus', b.id, { status: 'Checked-In', override: true }, b.version));
    expect(noReason).toMatchObject({
      outcome: 'rejected',
      reason: 'Bad arguments for booking.setStatus: overrideReason: Give a reason for checking the guest in before the arrival date',
    });
    expect((await bookingRow(b.id)).status).toBe('Provisional');
    const [byManager] = await push(manager, entry('booking.setStatus', b.id, { status: 'Checked-In', override: true, overrideReason: 'Came early' }, b.version));
    expect(byManager.outcome).toBe('applied');
    expect((await bookingRow(b.id)).status).toBe('Checked-In');
  });

  it('a receptionist reopening a cancelled booking is refused as the role rule says', async () => {
    const b = await newBooking();
    const cancel = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled' });
    const [r] = await push(receptionist, entry('booking.setStatus', b.id, { status: 'Confirmed' }, cancel.body.version));
    expect(r).toMatchObject({ outcome: 'rejected', reason: 'Only a Manager or SuperAdmin can reopen a Cancelled booking' });
  });

  it('a unit booking of an entire-lodge booking is refused as online', async () => {
    const a = await createTypeWithUnits(t.db, { units: 1 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const dates = stay(t.clock.now(), 200, 2);
    const res = await manager.post('/api/bookings', {
      accommodationTypeId: packageTypeId,
      isPackageBooking: true,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      totalAmount: 5000,
      paymentMethod: 'EFT',
      paymentStatus: 'Pending',
      guestData: guestData('pkg-sync'),
    });
    expect(res.status).toBe(201);
    const child = await t.db('bookings').where({ parent_booking_id: res.body.id }).first();
    const [r] = await push(receptionist, entry('booking.setStatus', child.id, { status: 'Checked-In' }, child.version));
    expect(r).toMatchObject({ outcome: 'rejected', reason: CHILD_EDIT });
    expect((await bookingRow(child.id)).status).toBe(child.status);
  });
});

describe('entries that cannot run', () => {
  it('an unknown operation, bad args and an unknown booking are rejected, recorded, and change nothing', async () => {
    const b = await newBooking();
    const unknownOp = entry('booking.teleport', b.id, {});
    const badArgs = entry('booking.setStatus', b.id, { status: 'Teleported' });
    const unknownBooking = entry('booking.setStatus', randomUUID(), { status: 'Confirmed' });
    const results = await push(receptionist, unknownOp, badArgs, unknownBooking);
    expect(results).toEqual([
      { id: unknownOp.id, outcome: 'rejected', reason: 'Unknown operation: booking.teleport' },
      { id: badArgs.id, outcome: 'rejected', reason: expect.stringMatching(/^Bad arguments for booking\.setStatus: status: /) },
      { id: unknownBooking.id, outcome: 'rejected', reason: 'Booking not found' },
    ]);
    expect((await bookingRow(b.id)).version).toBe(b.version);
    for (const e of [unknownOp, badArgs, unknownBooking]) expect((await mutations(e.id))[0]).toMatchObject({ outcome: 'rejected' });
    expect((await mutations(unknownOp.id))[0].entity_type).toBe('unknown');
  });

  it('an entry from a newer app schema is rejected', async () => {
    const b = await newBooking();
    const e = { ...entry('booking.setStatus', b.id, { status: 'Confirmed' }), schemaVersion: 2 };
    const [r] = await push(receptionist, e);
    expect(r.outcome).toBe('rejected');
    expect(r.reason).toMatch(/newer version of the app/);
  });
});

describe('booking.paymentReceived', () => {
  it('does what Payment received does online: Paid, verified, confirmed, the amount due in the ledger', async () => {
    const b = await newBooking();
    const [r] = await push(receptionist, entry('booking.paymentReceived', b.id, { method: 'Cash' }, b.version));
    expect(r.outcome).toBe('applied');
    expect(Booking.parse(r.record)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'Paid',
      paymentVerified: true,
      paymentMethod: 'Cash',
      version: b.version + 1,
    });
    const ledger = await ledgerRows(b.id);
    expect(ledger).toHaveLength(1);
    expect(Number(ledger[0].amount)).toBe(b.totalAmount);

    const [again] = await push(manager, entry('booking.paymentReceived', b.id, { method: 'Card' }, b.version));
    expect(again.outcome).toBe('applied');
    // When: the audit row of the change (the database's clock; no column keeps the moment of payment).
    const paidAudit = await t.db('audit_log').where({ entity_type: 'booking', entity_id: b.id, action: 'booking.update' }).first();
    expect(again.note).toBe(`already marked paid by receptionist at ${lodgeTimeOf(new Date(paidAudit.created_at))}`);
    expect(Booking.parse(again.record)).toMatchObject({ paymentMethod: 'Cash', version: b.version + 1 });
    expect(await ledgerRows(b.id)).toHaveLength(1);
  });
});

describe('booking.setSpecialRequests', () => {
  it('applies when the field is still what the client replaced', async () => {
    const b = await newBooking();
    const [r] = await push(receptionist, entry('booking.setSpecialRequests', b.id, { specialRequests: 'Late arrival', previous: null }, b.version));
    expect(r.outcome).toBe('applied');
    expect(Booking.parse(r.record)).toMatchObject({ specialRequests: 'Late arrival', version: b.version + 1 });
  });

  it('applies when other fields changed meanwhile (a command, not an overwrite)', async () => {
    const b = await newBooking();
    await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Confirmed' });
    const [r] = await push(receptionist, entry('booking.setSpecialRequests', b.id, { specialRequests: 'Cot please', previous: null }, b.version));
    expect(r.outcome).toBe('applied');
    expect(Booking.parse(r.record)).toMatchObject({ status: 'Confirmed', specialRequests: 'Cot please', version: b.version + 2 });
  });

  it('is a conflict when the field itself changed since the client read it', async () => {
    const b = await newBooking();
    const server = await manager.put(`/api/admin/bookings/${b.id}`, { specialRequests: 'Vegetarian' });
    const [r] = await push(receptionist, entry('booking.setSpecialRequests', b.id, { specialRequests: 'Late arrival', previous: null }, b.version));
    expect(r).toMatchObject({ outcome: 'conflict', reason: 'The special requests were changed on the server since you read them' });
    expect(Booking.parse(r.record)).toMatchObject({ specialRequests: 'Vegetarian', version: server.body.version });
    expect((await bookingRow(b.id)).version).toBe(server.body.version);
  });

  it('is applied without a change when the server already has the new text', async () => {
    const b = await newBooking();
    const server = await manager.put(`/api/admin/bookings/${b.id}`, { specialRequests: 'Late arrival' });
    const [r] = await push(receptionist, entry('booking.setSpecialRequests', b.id, { specialRequests: 'Late arrival', previous: null }, b.version));
    expect(r.outcome).toBe('applied');
    expect((await bookingRow(b.id)).version).toBe(server.body.version);
  });
});

describe('unit.setActive', () => {
  it('is refused for a receptionist (managing units is for managers), applied for a manager, once', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const unitId = unitIds[0];
    const before = await t.db('units').where({ id: unitId }).first();

    const [refused] = await push(receptionist, entry('unit.setActive', unitId, { isActive: false }, before.version));
    expect(refused).toEqual({ id: refused.id, outcome: 'rejected', reason: 'not allowed for your role' });
    expect((await t.db('units').where({ id: unitId }).first()).is_active).toBe(true);

    const [applied] = await push(manager, entry('unit.setActive', unitId, { isActive: false }, before.version));
    expect(applied.outcome).toBe('applied');
    expect(applied.record).toMatchObject({ id: unitId, isActive: false, version: before.version + 1 });

    const [again] = await push(manager, entry('unit.setActive', unitId, { isActive: false }, before.version));
    expect(again).toMatchObject({ outcome: 'applied', note: 'already inactive', record: { version: before.version + 1 } });
  });

  it('an unknown unit is rejected', async () => {
    const [r] = await push(manager, entry('unit.setActive', randomUUID(), { isActive: true }));
    expect(r).toMatchObject({ outcome: 'rejected', reason: 'Unit not found' });
  });
});
