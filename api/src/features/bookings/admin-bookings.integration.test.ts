import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext, type TestClient } from '../../../test/harness.js';
import { Booking, BookingList, GuestList } from '../../../../shared/contracts/bookings.js';
import { countRows, createPackage, createTypeWithUnits, guestData, stay } from './test-fixtures.js';

const UNAVAILABLE = 'This accommodation is not available for the selected dates';
const REFUND_THROUGH_ACTION =
  'Refunds are made with the Refund action, which records them in the payment ledger (and with Paystack for card payments)';
const CHILD_EDIT = 'This unit is part of an entire-lodge booking; change the entire-lodge booking instead';

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let superadmin: TestClient;
let guest: TestClient;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:00:00Z' });
  [manager, receptionist, superadmin, guest] = await Promise.all([
    t.loginAs('manager'),
    t.loginAs('receptionist'),
    t.loginAs('superadmin'),
    t.loginAs('guest'),
  ]);
});
afterAll(() => t?.close());

const now = () => t.clock.now();
const bookingCount = () => countRows(t.db, 'bookings');
const audit = (id: string, action?: string) =>
  t.db('audit_log').where({ entity_type: 'booking', entity_id: id, ...(action ? { action } : {}) }).orderBy('id');

function adminBody(unitId: string, dates: { checkIn: string; checkOut: string }, extra: Record<string, unknown> = {}) {
  return {
    unitId,
    checkInDate: `${dates.checkIn}T14:00`,
    checkOutDate: `${dates.checkOut}T10:00`,
    totalAmount: 2000,
    paymentMethod: 'eft',
    paymentStatus: 'pending',
    specialRequests: 'Vegetarian',
    guestData: guestData(randomUUID().slice(0, 8)),
    ...extra,
  };
}

/** A Provisional EFT booking made through the guest endpoint. */
async function guestBooking(unitId: string, dates: { checkIn: string; checkOut: string }) {
  const res = await t.client().post('/api/bookings', {
    unitId,
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    paymentMethod: 'EFT',
    guestData: guestData(randomUUID().slice(0, 8)),
  });
  expect(res.status).toBe(201);
  return Booking.parse(res.body);
}

describe('who may call the admin endpoints', () => {
  const id = randomUUID();
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/bookings'],
    ['POST', '/api/admin/bookings', {}],
    ['PUT', `/api/admin/bookings/${id}`, { status: 'Confirmed' }],
    ['DELETE', `/api/admin/bookings/${id}`],
    ['GET', '/api/admin/entire-lodge-bookings'],
    ['DELETE', `/api/admin/entire-lodge-bookings/${id}`],
    ['GET', '/api/admin/guests'],
    ['GET', '/api/admin/upcoming-arrivals'],
  ];
  it.each(calls)('%s %s: 401 anonymous, 403 for a guest', async (method, path, body) => {
    expect((await t.client().request(method, path, body)).status).toBe(401);
    const res = await guest.request(method, path, body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "You don't have permission to do this", code: 'forbidden' });
  });

  it('the admin package booking needs staff: 401 anonymous, 403 for a guest', async () => {
    const a = await createTypeWithUnits(t.db, { units: 1 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const dates = stay(now(), 10, 2);
    const body = {
      accommodationTypeId: packageTypeId,
      isPackageBooking: true,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      totalAmount: 5000,
      paymentMethod: 'EFT',
      paymentStatus: 'Paid',
      guestData: guestData('pkg'),
    };
    const before = await bookingCount();
    expect((await t.client().post('/api/bookings', body)).status).toBe(401);
    expect((await guest.post('/api/bookings', body)).status).toBe(403);
    expect(await bookingCount()).toBe(before);
  });

  it('a receptionist may not delete bookings or entire-lodge bookings; a manager may', async () => {
    const a = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const single = await createTypeWithUnits(t.db, { units: 1 });
    const dates = stay(now(), 12, 2);
    const booking = await guestBooking(single.unitIds[0], dates);
    const lodge = await t.client().post('/api/bookings', {
      packageTypeId,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      paymentMethod: 'EFT',
      guestData: guestData('lodge-del'),
    });
    expect(lodge.status).toBe(201);

    const r1 = await receptionist.delete(`/api/admin/bookings/${booking.id}`);
    expect(r1.status).toBe(403);
    const r2 = await receptionist.delete(`/api/admin/entire-lodge-bookings/${lodge.body.id}`);
    expect(r2.status).toBe(403);
    expect(await t.db('bookings').where({ id: booking.id }).pluck('id')).toEqual([booking.id]);
    expect(await t.db('bookings').where({ parent_booking_id: lodge.body.id })).toHaveLength(2);

    const m1 = await manager.delete(`/api/admin/bookings/${booking.id}`);
    expect(m1.status).toBe(200);
    expect(await t.db('bookings').where({ id: booking.id }).first()).toBeUndefined();
    const deleted = await audit(booking.id, 'booking.delete');
    expect(deleted).toHaveLength(1);
    expect(deleted[0].actor_username).toBe('manager');
    expect(deleted[0].before.reference).toBe(booking.reference);

    // A child cannot be deleted on its own; the entire-lodge booking goes with its children.
    const child = await t.db('bookings').where({ parent_booking_id: lodge.body.id }).first();
    expect((await manager.delete(`/api/admin/bookings/${child.id}`)).status).toBe(409);
    expect((await manager.delete(`/api/admin/entire-lodge-bookings/${child.id}`)).status).toBe(404);
    const m2 = await superadmin.delete(`/api/admin/entire-lodge-bookings/${lodge.body.id}`);
    expect(m2.status).toBe(200);
    expect(await t.db('bookings').where({ parent_booking_id: lodge.body.id })).toHaveLength(0);
    expect(await t.db('bookings').where({ id: lodge.body.id }).first()).toBeUndefined();

    expect((await manager.delete(`/api/admin/bookings/${booking.id}`)).status).toBe(404);
  });
});

describe('GET /api/admin/bookings', () => {
  it('lists bookings overlapping the window, with unit and type names, filtered by unit and status', async () => {
    const { unitIds, name } = await createTypeWithUnits(t.db, { units: 2 });
    const b1 = await guestBooking(unitIds[0], { checkIn: '2026-07-01', checkOut: '2026-07-04' });
    const b2 = await guestBooking(unitIds[1], { checkIn: '2026-07-03', checkOut: '2026-07-05' });
    const b3 = await guestBooking(unitIds[0], { checkIn: '2026-07-10', checkOut: '2026-07-12' });

    const res = await receptionist.get('/api/admin/bookings?startDate=2026-07-04&endDate=2026-07-09');
    expect(res.status).toBe(200);
    const list = BookingList.parse(res.body);
    const ids = list.map((b) => b.id);
    // b1 checks out on the 4th: its last night is the 3rd, outside the window.
    expect(ids).toContain(b2.id);
    expect(ids).not.toContain(b1.id);
    expect(ids).not.toContain(b3.id);
    expect(list.find((b) => b.id === b2.id)).toMatchObject({ unitName: `${name} unit 2`, accommodationTypeName: name });

    const byUnit = await receptionist.get(`/api/admin/bookings?unitId=${unitIds[0]}`);
    expect(byUnit.body.map((b: { id: string }) => b.id).sort()).toEqual([b1.id, b3.id].sort());

    await manager.put(`/api/admin/bookings/${b3.id}`, { status: 'Cancelled' });
    const cancelled = await manager.get(`/api/admin/bookings?unitId=${unitIds[0]}&status=Cancelled`);
    expect(cancelled.body.map((b: { id: string }) => b.id)).toEqual([b3.id]);
  });

  it.each([
    ['startDate=2026-02-30', 'startDate'],
    ['endDate=tomorrow', 'endDate'],
    ['startDate=2026-07-10&endDate=2026-07-01', 'endDate'],
    ['unitId=42', 'unitId'],
    ['status=Done', 'status'],
  ])('?%s: 400 naming %s', async (query, field) => {
    const res = await manager.get(`/api/admin/bookings?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
  });
});

describe('POST /api/admin/bookings', () => {
  it('a pending EFT booking is Provisional with a hold; the form dates with times are accepted', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1000, weekendRate: 1000 });
    const dates = stay(now(), 15, 2);
    const res = await receptionist.post('/api/admin/bookings', adminBody(unitIds[0], dates));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      unitId: unitIds[0],
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      status: 'Provisional',
      paymentStatus: 'Pending',
      paymentMethod: 'EFT',
      totalAmount: 2000,
      specialRequests: 'Vegetarian',
    });
    expect(res.body.holdExpiresAt).toBe(new Date(now().getTime() + 48 * 3_600_000).toISOString());
    const row = await t.db('bookings').where({ id: res.body.id }).first();
    expect(row.source).toBe('staff');
    const created = await audit(res.body.id, 'booking.create');
    expect(created[0].actor_username).toBe('receptionist');
    // The computed rate was used: no override logged.
    expect(await audit(res.body.id, 'booking.total_override')).toHaveLength(0);
  });

  it('a paid cash booking is Confirmed and verified with a cash payment in the ledger; an override total is audit-logged', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1000, weekendRate: 1000 });
    const dates = stay(now(), 16, 2);
    // The edit form's Cash is kept as Cash; the create form maps cash to Card (docs/product.md, Statuses).
    const res = await manager.post('/api/admin/bookings', adminBody(unitIds[0], dates, { totalAmount: 1750.5, paymentMethod: 'Cash', paymentStatus: 'paid' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', paymentVerified: true, totalAmount: 1750.5, paymentMethod: 'Cash', holdExpiresAt: null });
    const ledger = await t.db('payment_transactions').where({ booking_id: res.body.id });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ type: 'payment', subtype: 'cash', amount: '1750.50', status: 'success' });
    const override = await audit(res.body.id, 'booking.total_override');
    expect(override).toHaveLength(1);
    expect(override[0].before).toEqual({ computedTotal: 2000 });
    expect(override[0].after).toEqual({ totalAmount: 1750.5 });
  });

  it('answers 409 for a taken unit (no other unit is chosen for staff) and creates nothing', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 2 });
    const dates = stay(now(), 17, 2);
    await guestBooking(unitIds[0], dates);
    const before = await bookingCount();
    const res = await manager.post('/api/admin/bookings', adminBody(unitIds[0], dates));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(UNAVAILABLE);
    expect(await bookingCount()).toBe(before);
  });

  it('a replayed offline booking (same id) is answered with the stored booking, not created twice', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const id = randomUUID();
    const body = adminBody(unitIds[0], stay(now(), 18, 2), { id });
    const first = await receptionist.post('/api/admin/bookings', body);
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    const before = await bookingCount();
    const again = await receptionist.post('/api/admin/bookings', body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(id);
    expect(await bookingCount()).toBe(before);
  });

  it('answers 400 naming unitId for an unknown unit', async () => {
    const res = await manager.post('/api/admin/bookings', adminBody(randomUUID(), stay(now(), 19, 2)));
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('unitId');
  });

  const valid = () => adminBody(randomUUID(), { checkIn: '2026-08-01', checkOut: '2026-08-03' });
  it.each([
    ['missing unitId', { unitId: undefined }, 'unitId'],
    ['missing totalAmount', { totalAmount: undefined }, 'totalAmount'],
    ['totalAmount as words', { totalAmount: 'lots' }, 'totalAmount'],
    ['an impossible date', { checkInDate: '2026-02-30T14:00' }, 'checkInDate'],
    ['check-out before check-in', { checkOutDate: '2026-07-30T10:00' }, 'checkOutDate'],
    ['an unknown payment status', { paymentStatus: 'maybe' }, 'paymentStatus'],
    ['a refunded new booking', { paymentStatus: 'Refunded' }, 'paymentStatus'],
    ['no guest e-mail', { guestData: { firstName: 'A', lastName: 'B' } }, 'guestData.email'],
    ['id that is not an id', { id: 'offline-1' }, 'id'],
  ])('%s: 400 naming %s, nothing created', async (_label, change, field) => {
    const before = await bookingCount();
    const res = await manager.post('/api/admin/bookings', { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
    expect(await bookingCount()).toBe(before);
  });
});

describe('POST /api/bookings as the back office (package booking)', () => {
  it('a receptionist books the entire lodge paid, at an override total, audit-logged', async () => {
    const a = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [a.typeId], { weekdayRate: 10000, weekendRate: 10000 });
    const dates = stay(now(), 22, 2);
    const res = await receptionist.post('/api/bookings', {
      accommodationTypeId: packageTypeId,
      isPackageBooking: true,
      checkInDate: `${dates.checkIn}T14:00`,
      checkOutDate: `${dates.checkOut}T10:00`,
      totalAmount: 18000,
      paymentMethod: 'EFT',
      paymentStatus: 'Paid',
      guestData: guestData('pkg-staff'),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unitId: null, status: 'Confirmed', paymentStatus: 'Paid', paymentVerified: true, totalAmount: 18000 });
    const children = await t.db('bookings').where({ parent_booking_id: res.body.id });
    expect(children.map((c) => c.status)).toEqual(['Confirmed', 'Confirmed']);
    const override = await audit(res.body.id, 'booking.total_override');
    expect(override[0].before).toEqual({ computedTotal: 20000 });
    const ledger = await t.db('payment_transactions').where({ booking_id: res.body.id });
    expect(ledger).toMatchObject([{ type: 'payment', subtype: 'eft', amount: '18000.00' }]);

    const parents = await manager.get('/api/admin/entire-lodge-bookings');
    expect(parents.status).toBe(200);
    expect(parents.body.map((b: { id: string }) => b.id)).toContain(res.body.id);
    expect(parents.body.every((b: { unitId: string | null; isEntireLodgeChild: boolean }) => b.unitId === null && !b.isEntireLodgeChild)).toBe(true);
  });

  it('answers 400 when the type is not a package', async () => {
    const a = await createTypeWithUnits(t.db, { units: 1 });
    const dates = stay(now(), 23, 2);
    const res = await manager.post('/api/bookings', {
      accommodationTypeId: a.typeId,
      isPackageBooking: true,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      paymentMethod: 'EFT',
      guestData: guestData('pkg-bad'),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('accommodationTypeId');
  });
});

describe('PUT /api/admin/bookings/:id', () => {
  it('moves a booking through its life: confirm, check in, check out, with timestamps and audit rows', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const b = await guestBooking(unitIds[0], stay(now(), 0, 2));
    const confirmed = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Confirmed', version: b.version });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'Confirmed', version: b.version + 1 });
    const inHouse = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Checked-In' });
    expect(inHouse.body.status).toBe('Checked-In');
    expect((await t.db('bookings').where({ id: b.id }).first()).checked_in_at).not.toBeNull();

    const refused = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('A Checked-In booking cannot be changed to Cancelled');

    const out = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Checked-Out' });
    expect(out.body.status).toBe('Checked-Out');
    const updates = await audit(b.id, 'booking.update');
    expect(updates.map((u) => u.after.status)).toEqual(['Confirmed', 'Checked-In', 'Checked-Out']);
    expect(updates[0]).toMatchObject({ actor_username: 'receptionist', before: { status: 'Provisional' } });
  });

  it('a stale version answers 409 with the current record and changes nothing', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const b = await guestBooking(unitIds[0], stay(now(), 25, 2));
    expect((await manager.put(`/api/admin/bookings/${b.id}`, { specialRequests: 'Cot please', version: b.version })).status).toBe(200);
    const stale = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled', version: b.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect(stale.body.current).toMatchObject({ id: b.id, status: 'Provisional', specialRequests: 'Cot please', version: b.version + 1 });
    expect((await t.db('bookings').where({ id: b.id }).first()).status).toBe('Provisional');
  });

  it('cancelling releases the unit; only a manager reopens, and not when the unit was taken meanwhile', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const dates = stay(now(), 26, 2);
    const b = await guestBooking(unitIds[0], dates);
    const cancelled = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled', cancellationReason: 'Guest changed plans' });
    expect(cancelled.body.status).toBe('Cancelled');
    expect((await t.db('bookings').where({ id: b.id }).first()).cancellation_reason).toBe('Guest changed plans');
    const mail = await t.db('email_outbox').where({ booking_id: b.id, template: 'booking-cancelled' });
    expect(mail).toHaveLength(1);
    expect(mail[0].to_address).toBe(b.guestEmail);
    expect(mail[0].text_body).toContain('Reason: Guest changed plans');
    const avail = await t.client().post('/api/availability', { ...dates, accommodationTypeId: typeId });
    expect(avail.body.available).toBe(true);

    const reopenByReceptionist = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Provisional' });
    expect(reopenByReceptionist.status).toBe(422);
    expect(reopenByReceptionist.body.message).toBe('Only a Manager or SuperAdmin can reopen a Cancelled booking');

    const other = await guestBooking(unitIds[0], dates);
    const reopen = await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Confirmed' });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe(UNAVAILABLE);
    await manager.put(`/api/admin/bookings/${other.id}`, { status: 'Cancelled' });
    const reopened = await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Confirmed' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe('Confirmed');
  });

  it('marking Paid verifies, confirms and records the payment', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1000, weekendRate: 1000 });
    const b = await guestBooking(unitIds[0], stay(now(), 27, 2));
    const paid = await receptionist.put(`/api/admin/bookings/${b.id}`, { paymentStatus: 'Paid' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ paymentStatus: 'Paid', paymentVerified: true, status: 'Confirmed' });
    const ledger = await t.db('payment_transactions').where({ booking_id: b.id, type: 'payment' });
    expect(ledger).toMatchObject([{ subtype: 'eft', amount: '2000.00', status: 'success' }]);
    // Saying Paid again records nothing twice.
    await receptionist.put(`/api/admin/bookings/${b.id}`, { paymentStatus: 'Paid', specialRequests: 'x' });
    expect(await t.db('payment_transactions').where({ booking_id: b.id, type: 'payment' })).toHaveLength(1);

  });

  it('the plain edit refuses Refunded and Partially Refunded, pointing to the refund action; nothing changes', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1000, weekendRate: 1000 });
    const b = await guestBooking(unitIds[0], stay(now(), 32, 2));
    const paid = await manager.put(`/api/admin/bookings/${b.id}`, { paymentStatus: 'Paid' });
    expect(paid.status).toBe(200);
    const ledgerBefore = await t.db('payment_transactions').where({ booking_id: b.id }).orderBy('id');
    for (const [client, paymentStatus] of [
      [manager, 'Refunded'],
      [superadmin, 'Partially Refunded'],
      [receptionist, 'Refunded'],
    ] as const) {
      const res = await client.put(`/api/admin/bookings/${b.id}`, { paymentStatus });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: REFUND_THROUGH_ACTION,
        code: 'refund_through_refund_action',
        errors: { paymentStatus: REFUND_THROUGH_ACTION },
      });
    }
    const row = await t.db('bookings').where({ id: b.id }).first();
    expect(row).toMatchObject({ payment_status: 'Paid', version: paid.body.version });
    expect(await t.db('payment_transactions').where({ booking_id: b.id }).orderBy('id')).toEqual(ledgerBefore);
  });

  it('a unit booking of an entire-lodge booking cannot be changed on its own: 422, nothing changes, the unit stays held', async () => {
    const a = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const dates = stay(now(), 33, 2);
    const lodge = await t.client().post('/api/bookings', { packageTypeId, checkInDate: dates.checkIn, checkOutDate: dates.checkOut, paymentMethod: 'EFT', guestData: guestData('lodge-child') });
    expect(lodge.status).toBe(201);
    const children = await t.db('bookings').where({ parent_booking_id: lodge.body.id }).orderBy('reference');
    const before = await t.db('bookings').where({ parent_booking_id: lodge.body.id }).orWhere({ id: lodge.body.id }).orderBy('reference');

    for (const body of [{ status: 'Cancelled' }, { paymentStatus: 'Paid' }, { specialRequests: 'Cot' }]) {
      const res = await manager.put(`/api/admin/bookings/${children[0].id}`, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: CHILD_EDIT, code: 'entire_lodge_child' });
    }
    expect(await t.db('bookings').where({ parent_booking_id: lodge.body.id }).orWhere({ id: lodge.body.id }).orderBy('reference')).toEqual(before);
    expect(await audit(children[0].id)).toHaveLength(0);
    const avail = await t.client().post('/api/availability', { ...dates, accommodationTypeId: a.typeId });
    expect(avail.body).toMatchObject({ available: false, availableUnits: 0 });
  });

  it('a changed total is recorded as an override in the audit log', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1000, weekendRate: 1000 });
    const b = await guestBooking(unitIds[0], stay(now(), 28, 2));
    const res = await receptionist.put(`/api/admin/bookings/${b.id}`, { totalAmount: '1500.00', paymentMethod: 'cash' });
    expect(res.body).toMatchObject({ totalAmount: 1500, paymentMethod: 'Cash' });
    const override = await audit(b.id, 'booking.total_override');
    expect(override).toHaveLength(1);
    expect(override[0]).toMatchObject({ before: { totalAmount: 2000 }, after: { totalAmount: 1500 }, actor_username: 'receptionist' });
  });

  it('an entire-lodge parent takes its children along', async () => {
    const a = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const dates = stay(now(), 29, 2);
    const lodge = await t.client().post('/api/bookings', { packageTypeId, checkInDate: dates.checkIn, checkOutDate: dates.checkOut, paymentMethod: 'EFT', guestData: guestData('lodge-up') });
    await manager.put(`/api/admin/bookings/${lodge.body.id}`, { paymentStatus: 'Paid' });
    let children = await t.db('bookings').where({ parent_booking_id: lodge.body.id });
    expect(children.map((c) => [c.status, c.payment_status])).toEqual([
      ['Confirmed', 'Paid'],
      ['Confirmed', 'Paid'],
    ]);
    await manager.put(`/api/admin/bookings/${lodge.body.id}`, { status: 'Cancelled' });
    children = await t.db('bookings').where({ parent_booking_id: lodge.body.id });
    expect(children.map((c) => c.status)).toEqual(['Cancelled', 'Cancelled']);
    const avail = await t.client().post('/api/package-availability', { ...dates, packageTypeId });
    expect(avail.body.available).toBe(true);
  });

  it('answers 404 for an unknown booking and 400 for a bad id or body, changing nothing', async () => {
    expect((await manager.put(`/api/admin/bookings/${randomUUID()}`, { status: 'Confirmed' })).status).toBe(404);
    const badId = await manager.put('/api/admin/bookings/not-an-id', { status: 'Confirmed' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toHaveProperty('id');
    expect((await manager.delete('/api/admin/bookings/not-an-id')).body.errors).toHaveProperty('id');
    expect((await manager.delete('/api/admin/entire-lodge-bookings/123')).status).toBe(400);

    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const b = await guestBooking(unitIds[0], stay(now(), 31, 2));
    for (const [body, field] of [
      [{ status: 'Done' }, 'status'],
      [{ totalAmount: -1 }, 'totalAmount'],
      [{ paymentStatus: 'Maybe' }, 'paymentStatus'],
      [{ status: 'Confirmed', version: 'one' }, 'version'],
    ] as const) {
      const res = await manager.put(`/api/admin/bookings/${b.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(field);
    }
    const empty = await manager.put(`/api/admin/bookings/${b.id}`, {});
    expect(empty.status).toBe(400);
    const row = await t.db('bookings').where({ id: b.id }).first();
    expect(row).toMatchObject({ status: 'Provisional', version: b.version });
    expect(await audit(b.id)).toHaveLength(0);
  });
});

describe('GET /api/admin/guests', () => {
  it('lists guest records for staff', async () => {
    const res = await receptionist.get('/api/admin/guests');
    expect(res.status).toBe(200);
    const emma = GuestList.parse(res.body).find((g) => g.email === 'emma.collins@example.org');
    expect(emma).toMatchObject({ firstName: 'Emma', lastName: 'Collins' });
    const emmasBookings = await t.db('bookings').whereRaw('lower(guest_email) = ?', ['emma.collins@example.org']).where({ is_entire_lodge_child: false });
    expect(emma?.bookingCount).toBe(emmasBookings.length);
    expect(emmasBookings.length).toBeGreaterThan(0);
  });
});
