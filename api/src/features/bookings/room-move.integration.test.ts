import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { CalendarWindow } from '../../../../shared/contracts/calendar.js';
import { MoveBookingResponse, MoveOptions, ROOM_MOVE_MESSAGES as R } from '../../../../shared/contracts/room-move.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { SyncPullResponse } from '../../../../shared/contracts/sync.js';
import { syncWatermarkSettled } from '../../../test/sync-watermark.js';
import { createPackage, createTypeWithUnits, folioAs, guestData, putBooking } from './test-fixtures.js';

/**
 * Room moves and split stays (docs/design.md, The desk's day: room moves and split stays).
 * A stay moves whole, or from a date (it is then split: a parent with the money and the
 * reference, one child per unit); one ledger and one folio stay the parent's; the exclusion
 * constraint keeps deciding; every refusal changes nothing.
 *
 * The clock: each test starts on a Wednesday at 10:00 at the lodge; the stays are 4 nights,
 * Wed and Thu (weekday) and Fri and Sat (weekend).
 */

// Monday 2 March 2026, 10:00 at the lodge; the tests' Wednesdays are 4, 11, 18 ... March.
const NOW = Date.parse('2026-03-02T08:00:00Z');
const DAY = 86_400_000;
let week = 0;

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
beforeAll(async () => {
  t = await createTestContext({ now: new Date(NOW) });
  [manager, receptionist] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist')]);
});
afterAll(() => t?.close());
beforeEach(() => {
  t.clock.set(new Date(NOW + (2 + 7 * week++) * DAY));
});

const today = () => todayInLodge(t.clock.now());
const day = (n: number) => addDays(today(), n);
const row = (id: string) => t.db('bookings').where({ id }).first();
const flatType = (units = 2, weekdayRate = 1500, weekendRate = 1800) => createTypeWithUnits(t.db, { weekdayRate, weekendRate, units });

/** Booked at the desk for 4 nights from `from`, R6,600 paid in cash. */
async function deskStay(unitId: string, from = 0, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await receptionist.post('/api/admin/bookings', {
    unitId,
    checkInDate: day(from),
    checkOutDate: day(from + 4),
    totalAmount: 6600,
    paymentMethod: 'Cash',
    paymentStatus: 'Paid',
    guestData: guestData(randomUUID().slice(0, 8)),
    ...over,
  });
  expect(res.status, res.text).toBe(201);
  return Booking.parse(res.body);
}
const put = (id: string, body: Record<string, unknown>, client = receptionist) => putBooking(client, id, body);
const move = (id: string, body: Record<string, unknown>, client = receptionist) => client.post(`/api/admin/bookings/${id}/move`, body);
async function moved(id: string, body: Record<string, unknown>): Promise<MoveBookingResponse> {
  const res = await move(id, body);
  expect(res.status, res.text).toBe(200);
  return MoveBookingResponse.parse(res.body);
}
const folioOf = (id: string) => folioAs(receptionist, id);
const segmentsOf = (r: MoveBookingResponse) => r.segments.map((s) => ({ unitId: s.unitId, checkInDate: s.checkInDate, checkOutDate: s.checkOutDate, status: s.status }));
/** A raw insert of a live booking on a unit, as any path would write it (the constraint decides). */
async function rawInsert(unitId: string, typeId: string, checkIn: string, checkOut: string) {
  const guest = await t.db('guests').first('id');
  return t.db('bookings').insert({
    reference: `RAW${randomUUID().slice(0, 8)}`,
    unit_id: unitId,
    accommodation_type_id: typeId,
    guest_id: guest.id,
    guest_name: 'Raw Insert',
    guest_email: 'raw@example.com',
    check_in_date: checkIn,
    check_out_date: checkOut,
    number_of_guests: 2,
    status: 'Confirmed',
    total_amount: '100.00',
    payment_status: 'Pending',
    payment_method: 'Cash',
    source: 'staff',
  });
}

describe('moving a whole stay', () => {
  it('puts the booking on the new unit (of another type too), keeps its price, ledger and reference, and tells the guest', async () => {
    const a = await flatType(1);
    const b = await flatType(1, 2000, 2500);
    const booking = await deskStay(a.unitIds[0], 1);
    const res = await moved(booking.id, { unitId: b.unitIds[0] });
    expect(res.booking).toMatchObject({ id: booking.id, reference: booking.reference, unitId: b.unitIds[0], unitName: `${b.name} unit 1`, accommodationTypeId: b.typeId, totalAmount: 6600, amountPaid: 6600, balanceDue: 0 });
    expect(res.booking.isSplitStay).toBeUndefined();
    expect(res.segments).toEqual([]);
    expect(res.removedIds).toEqual([]);
    expect(await t.db('payment_transactions').where({ booking_id: booking.id }).select('type', 'amount')).toEqual([{ type: 'payment', amount: '6600.00' }]);
    // The old unit's nights are free at once; the new unit's are taken.
    expect((await deskStay(a.unitIds[0], 1)).unitId).toBe(a.unitIds[0]);
    await expect(rawInsert(b.unitIds[0], b.typeId, day(2), day(3))).rejects.toMatchObject({ code: '23P01' });

    const [mail] = await t.db('email_outbox').where({ booking_id: booking.id, template: 'room-moved' });
    expect(mail.subject).toBe(`Booking ${booking.reference}: your room has changed`);
    expect(mail.text_body).toContain(`Your stay is now in ${b.name} unit 1.`);
    const audit = await t.db('audit_log').where({ entity_id: booking.id, action: 'booking.move' }).first();
    expect(audit.before).toEqual({ segments: [{ unit: `${a.name} unit 1`, checkInDate: day(1), checkOutDate: day(5) }] });
    expect(audit.after).toEqual({ segments: [{ unit: `${b.name} unit 1`, checkInDate: day(1), checkOutDate: day(5) }] });
    expect(audit.note).toBe(`${b.name} unit 1 from ${day(1)}; price kept`);
  });

  it('sends no e-mail to a guest without an address', async () => {
    const a = await flatType(2);
    const booking = await deskStay(a.unitIds[0]);
    // A walk-in's booking: no e-mail address (the column allows it since the desk's day).
    await t.db('bookings').where({ id: booking.id }).update({ guest_email: null });
    const res = await move(booking.id, { unitId: a.unitIds[1], fromDate: day(1) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.booking).toMatchObject({ isSplitStay: true, guestEmail: null });
    expect(await t.db('email_outbox').where({ booking_id: booking.id })).toEqual([]);
    expect(await t.db('audit_log').where({ entity_id: booking.id, action: 'booking.move' })).toHaveLength(1);
  });

  it('reprices the moved nights at the new type’s rates when asked: the total changes by the difference', async () => {
    const a = await flatType(1);
    const b = await flatType(1, 2000, 2500);
    const booking = await deskStay(a.unitIds[0]);
    // From Friday: Fri, Sat were 1,800 + 1,800 = 3,600; at B's weekend rate 2,500 + 2,500 = 5,000.
    const res = await moved(booking.id, { unitId: b.unitIds[0], fromDate: day(2), reprice: true });
    // 6,600 - 3,600 + 5,000 = 8,000; paid 6,600, 1,400 due.
    expect(res.booking).toMatchObject({ totalAmount: 8000, amountPaid: 6600, balanceDue: 1400 });
    expect(res.previousTotal).toBe(6600);
    expect((await row(booking.id)).night_amounts).toEqual([150000, 150000, 250000, 250000]);
    const [mail] = await t.db('email_outbox').where({ booking_id: booking.id, template: 'room-moved' });
    expect(mail.text_body).toContain('The total changed from R6,600 to R8,000.');
  });
});

describe('splitting a stay', () => {
  it('makes the booking the parent of two consecutive segments: one ledger, one folio, one reference, and the constraint holds on both units', async () => {
    const a = await flatType(1);
    const b = await flatType(1);
    const booking = await deskStay(a.unitIds[0]);
    await put(booking.id, { status: 'Checked-In' });
    const res = await moved(booking.id, { unitId: b.unitIds[0], fromDate: day(2) });

    expect(res.booking).toMatchObject({ id: booking.id, reference: booking.reference, unitId: null, isSplitStay: true, checkInDate: day(0), checkOutDate: day(4), totalAmount: 6600, amountPaid: 6600, status: 'Checked-In' });
    // The guest has not left A yet (its last night is tonight's): both segments are in.
    expect(segmentsOf(res)).toEqual([
      { unitId: a.unitIds[0], checkInDate: day(0), checkOutDate: day(2), status: 'Checked-In' },
      { unitId: b.unitIds[0], checkInDate: day(2), checkOutDate: day(4), status: 'Checked-In' },
    ]);
    // Still sleeping in A tonight: nothing to clean yet.
    expect(await t.db('units').whereIn('id', [a.unitIds[0], b.unitIds[0]]).pluck('housekeeping_status')).toEqual(['Clean', 'Clean']);
    expect(res.segments.map((s) => [s.reference, s.parentBookingId, s.isEntireLodgeChild, s.totalAmount, s.balanceDue])).toEqual([
      [`${booking.reference}-01`, booking.id, true, 0, 0],
      [`${booking.reference}-02`, booking.id, true, 0, 0],
    ]);
    // One ledger: the payment stays on the parent, the segments hold none.
    expect(await t.db('payment_transactions').where({ booking_id: booking.id }).select('type', 'amount')).toEqual([{ type: 'payment', amount: '6600.00' }]);
    expect(await t.db('payment_transactions').whereIn('booking_id', res.segments.map((s) => s.id))).toEqual([]);
    // One folio, opened from the stay or from either segment.
    const folio = await folioOf(booking.id);
    expect(folio.totals).toMatchObject({ charges: 6600, paid: 6600, balance: 0 });
    expect(folio.lines.map((l) => [l.key, l.amount])).toEqual([['accommodation', 6600]]);
    expect(await folioOf(res.segments[1].id)).toEqual(folio);

    // B is held from Friday, A until Friday: a raw insert on either is refused; A's Friday is free.
    await expect(rawInsert(b.unitIds[0], b.typeId, day(3), day(4))).rejects.toMatchObject({ code: '23P01', constraint: 'bookings_no_double_booking' });
    await expect(rawInsert(a.unitIds[0], a.typeId, day(1), day(2))).rejects.toMatchObject({ code: '23P01' });
    await rawInsert(a.unitIds[0], a.typeId, day(2), day(4));
    await rawInsert(b.unitIds[0], b.typeId, day(0), day(2));

    // The calendar shows both segments, linked to their stay.
    const cal = CalendarWindow.parse((await receptionist.get(`/api/admin/calendar?start=${day(0)}&days=14`)).body);
    expect(cal.bookings.filter((x) => x.parentBookingId === booking.id).map((x) => x.unitId)).toEqual(expect.arrayContaining([a.unitIds[0], b.unitIds[0]]));

    // Checking out the stay checks out its segments.
    await put(booking.id, { status: 'Checked-Out' });
    expect((await t.db('bookings').where({ parent_booking_id: booking.id }).select('status')).map((s) => s.status)).toEqual(['Checked-Out', 'Checked-Out']);
  });

  it('checks a checked-in guest out of the segment they left when the move starts today', async () => {
    const a = await flatType(1);
    const b = await flatType(1);
    const booking = await deskStay(a.unitIds[0]);
    await put(booking.id, { status: 'Checked-In' });
    t.clock.advance(2 * DAY); // Friday morning: nights 1 and 2 slept in A.
    const res = await moved(booking.id, { unitId: b.unitIds[0], fromDate: today() });
    expect(segmentsOf(res).map((s) => s.status)).toEqual(['Checked-Out', 'Checked-In']);
    // The room the guest left needs cleaning; the one they moved into is as it was.
    const unitNamed = (id: string) => t.db('units').where({ id }).first('housekeeping_status', 'name');
    const [left0, into] = [await unitNamed(a.unitIds[0]), await unitNamed(b.unitIds[0])];
    expect([left0.housekeeping_status, into.housekeeping_status]).toEqual(['Dirty', 'Clean']);
    const audit = await t.db('audit_log').where({ action: 'unit.housekeeping', entity_id: a.unitIds[0] }).first('note', 'after');
    expect(audit).toEqual({ note: `Guest moved to ${into.name} (${booking.reference})`, after: { housekeepingStatus: 'Dirty' } });
    // The nights slept stay where they were slept.
    const left = await move(res.segments[0].id, { unitId: b.unitIds[0] });
    expect([left.status, left.body.message]).toEqual([409, R.notLive]);
    // The guest's second unit is theirs until Sunday; the first is free from tonight.
    await rawInsert(a.unitIds[0], a.typeId, today(), addDays(today(), 2));
  });

  it('moves a segment again, splits it, and joins segments back onto one unit (a single booking again)', async () => {
    const a = await flatType(1);
    const b = await flatType(2);
    const booking = await deskStay(a.unitIds[0]);
    const first = await moved(booking.id, { unitId: b.unitIds[0], fromDate: day(2) });
    // The second segment's last night to B's other unit: three segments.
    const second = await moved(first.segments[1].id, { unitId: b.unitIds[1], fromDate: day(3) });
    expect(segmentsOf(second).map((s) => [s.unitId, s.checkInDate, s.checkOutDate])).toEqual([
      [a.unitIds[0], day(0), day(2)],
      [b.unitIds[0], day(2), day(3)],
      [b.unitIds[1], day(3), day(4)],
    ]);
    expect(second.removedIds.sort()).toEqual(first.segments.map((s) => s.id).sort());
    // Everything from Friday back to A: one unit again, a plain booking.
    const back = await moved(booking.id, { unitId: a.unitIds[0], fromDate: day(2) });
    expect(back.booking).toMatchObject({ unitId: a.unitIds[0], checkInDate: day(0), checkOutDate: day(4), reference: booking.reference });
    expect(back.booking.isSplitStay).toBeUndefined();
    expect(back.segments).toEqual([]);
    expect(await t.db('bookings').where({ parent_booking_id: booking.id })).toEqual([]);
    expect(await t.db('payment_transactions').where({ booking_id: booking.id }).select('amount')).toEqual([{ amount: '6600.00' }]);
  });

  it('is cancelled as one stay: its segments with it, both units free again', async () => {
    const a = await flatType(1);
    const b = await flatType(1);
    const booking = await deskStay(a.unitIds[0]);
    await moved(booking.id, { unitId: b.unitIds[0], fromDate: day(1) });
    const cancelled = await put(booking.id, { status: 'Cancelled', cancellationReason: 'Plans changed' });
    expect(cancelled).toMatchObject({ status: 'Cancelled', isSplitStay: true });
    expect((await t.db('bookings').where({ parent_booking_id: booking.id }).select('status')).map((r) => r.status)).toEqual(['Cancelled', 'Cancelled']);
    await rawInsert(a.unitIds[0], a.typeId, day(0), day(4));
    await rawInsert(b.unitIds[0], b.typeId, day(0), day(4));
    // Not a live stay any more: it cannot be moved.
    expect((await move(booking.id, { unitId: a.unitIds[0] })).body.message).toBe(R.notLive);
  });

  it('reaches the desks through the sync pull: the stay, its new segments and the old ones deleted', async () => {
    const a = await flatType(1);
    const b = await flatType(2);
    const booking = await deskStay(a.unitIds[0]);
    const first = await moved(booking.id, { unitId: b.unitIds[0], fromDate: day(2) });
    /** Every page from `since` to the end: the bookings served and the ids deleted. */
    async function pullAll(since?: string) {
      const served = new Map<string, Booking>();
      const deleted: string[] = [];
      let cursor = since;
      for (;;) {
        await syncWatermarkSettled(t.db);
        const res = await receptionist.get(`/api/sync/pull?limit=500${cursor ? `&since=${cursor}` : ''}`);
        expect(res.status, res.text).toBe(200);
        const page = SyncPullResponse.parse(res.body);
        for (const r of page.changes.bookings) served.set(r.id, r);
        deleted.push(...page.deleted.filter((d) => d.entityType === 'bookings').map((d) => d.id));
        cursor = page.cursor;
        if (!page.hasMore) return { served, deleted, cursor };
      }
    }
    const before = await pullAll();
    expect([...first.segments.map((s) => s.id), booking.id].every((id) => before.served.has(id))).toBe(true);
    const second = await moved(first.segments[1].id, { unitId: b.unitIds[1] });
    const after = await pullAll(before.cursor);
    expect(after.served.get(booking.id)).toMatchObject({ isSplitStay: true, unitId: null, version: second.booking.version });
    expect(second.segments.map((s) => after.served.get(s.id)?.unitId)).toEqual([a.unitIds[0], b.unitIds[1]]);
    expect(after.deleted).toEqual(expect.arrayContaining(first.segments.map((s) => s.id)));
  });

  it('lists the units free for the nights that would move, the stay’s own aside', async () => {
    const a = await flatType(1);
    const b = await flatType(2);
    const booking = await deskStay(a.unitIds[0]);
    await deskStay(b.unitIds[0], 3);
    const res = await receptionist.get(`/api/admin/bookings/${booking.id}/move-options?fromDate=${day(2)}`);
    expect(res.status, res.text).toBe(200);
    const options = MoveOptions.parse(res.body);
    expect(options).toMatchObject({ checkInDate: day(2), checkOutDate: day(4) });
    const ids = options.units.map((u) => u.id);
    expect(ids).toContain(b.unitIds[1]);
    expect(ids).not.toContain(b.unitIds[0]);
    // The stay's own unit counts as free for its own nights (moving back there is allowed by the rules; the same unit is refused by the move).
    expect(ids).toContain(a.unitIds[0]);
  });
});

describe('refusals: a message, and nothing changed', () => {
  async function unchanged(booking: Booking, res: { status: number; body: { message?: string } }, status: number, message: string) {
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    const now = await row(booking.id);
    expect({ unit: now.unit_id, version: now.version, split: now.is_split_stay }).toEqual({ unit: booking.unitId, version: booking.version, split: false });
    expect(await t.db('bookings').where({ parent_booking_id: booking.id })).toEqual([]);
    expect(await t.db('email_outbox').where({ booking_id: booking.id, template: 'room-moved' })).toEqual([]);
  }

  it('the same unit, an inactive unit, an out-of-order unit, a unit taken (naming the booking), a date outside the stay', async () => {
    const a = await flatType(3);
    const booking = await deskStay(a.unitIds[0]);
    await unchanged(booking, await move(booking.id, { unitId: a.unitIds[0] }), 409, R.sameUnit);
    await unchanged(booking, await move(booking.id, { unitId: a.unitIds[0], fromDate: day(2) }), 409, R.sameUnit);

    await t.db('units').where({ id: a.unitIds[1] }).update({ is_active: false });
    await unchanged(booking, await move(booking.id, { unitId: a.unitIds[1] }), 409, R.inactiveUnit);
    await t.db('units').where({ id: a.unitIds[1] }).update({ is_active: true });

    await t.db('unit_out_of_order').insert({ unit_id: a.unitIds[1], start_date: day(3), end_date: day(6), note: 'Painting' });
    await unchanged(booking, await move(booking.id, { unitId: a.unitIds[1], fromDate: day(2) }), 409, R.outOfOrder(day(3), day(6)));

    const other = await deskStay(a.unitIds[2], 3);
    const taken = await move(booking.id, { unitId: a.unitIds[2], fromDate: day(1) });
    await unchanged(booking, taken, 409, R.taken(other.reference));
    expect(taken.body.clashingReference).toBe(other.reference);

    for (const fromDate of [day(0), day(4), day(-1), day(9)]) {
      const res = await move(booking.id, { unitId: a.unitIds[1], fromDate });
      await unchanged(booking, res, 400, `fromDate: ${R.fromDateOutside}`);
      expect(res.body.errors).toEqual({ fromDate: R.fromDateOutside });
    }
    const unknown = await move(booking.id, { unitId: randomUUID() });
    await unchanged(booking, unknown, 400, R.unitNotFound);
    expect(unknown.body.errors).toEqual({ unitId: R.unitNotFound });
    expect((await move(randomUUID(), { unitId: a.unitIds[1] })).status).toBe(404);
  });

  it('a cancelled or checked-out stay, an entire-lodge stay', async () => {
    const a = await flatType(2);
    const cancelled = await deskStay(a.unitIds[0]);
    const c = await put(cancelled.id, { status: 'Cancelled', cancellationReason: 'Plans changed' });
    await unchanged({ ...c, unitId: a.unitIds[0] }, await move(c.id, { unitId: a.unitIds[1] }), 409, R.notLive);

    const gone = await deskStay(a.unitIds[0]);
    await put(gone.id, { status: 'Checked-In' });
    const out = await put(gone.id, { status: 'Checked-Out' });
    await unchanged(out, await move(out.id, { unitId: a.unitIds[1], fromDate: day(2) }), 409, R.notLive);

    const other = await flatType(1);
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const lodge = await receptionist.post('/api/bookings', { accommodationTypeId: packageTypeId, isPackageBooking: true, checkInDate: day(7), checkOutDate: day(9), paymentMethod: 'EFT', paymentStatus: 'Paid', guestData: guestData(randomUUID().slice(0, 8)) });
    expect(lodge.status, lodge.text).toBe(201);
    expect((await move(lodge.body.id, { unitId: other.unitIds[0] })).body.message).toBe(R.entireLodge);
    const [unit] = await t.db('bookings').where({ parent_booking_id: lodge.body.id });
    const res = await move(unit.id, { unitId: other.unitIds[0] });
    expect([res.status, res.body.message]).toEqual([422, R.entireLodge]);
  });
});

describe('the move race', () => {
  it('twenty different stays moved into one free unit and night at once: exactly one wins, the others are 409 naming it', async () => {
    const from = await flatType(20);
    const to = await flatType(1);
    const stays = [];
    for (const unitId of from.unitIds) stays.push(await deskStay(unitId));
    const answers = await Promise.all(stays.map((s) => move(s.id, { unitId: to.unitIds[0], fromDate: day(3) })));
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    const winner = MoveBookingResponse.parse(won[0].body).booking;
    const lost = answers.filter((r) => r.status !== 200);
    expect(lost.map((r) => [r.status, r.body.message])).toEqual(Array.from({ length: 19 }, () => [409, R.taken(winner.reference)]));
    expect(await t.db('bookings').where({ unit_id: to.unitIds[0] }).whereIn('status', ['Provisional', 'Confirmed', 'Checked-In'])).toHaveLength(1);
    expect(await t.db('bookings').where({ is_split_stay: true }).whereIn('id', stays.map((s) => s.id))).toHaveLength(1);
  });
});

describe('who may move', () => {
  it('every staff role; nobody signed out', async () => {
    const a = await flatType(2);
    const booking = await deskStay(a.unitIds[0]);
    expect((await move(booking.id, { unitId: a.unitIds[1] }, manager)).status).toBe(200);
    expect((await t.client().post(`/api/admin/bookings/${booking.id}/move`, { unitId: a.unitIds[0] })).status).toBe(401);
  });
});
