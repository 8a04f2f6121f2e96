import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext, type TestClient } from '../../../test/harness.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { createTypeWithUnits, guestData, stay } from './test-fixtures.js';

/**
 * The desk's guardrails as the API enforces them: no check-in before the arrival date unless
 * a Manager or SuperAdmin overrides (audited), a cancellation's reason kept and answered, and
 * a payment marked received e-mailing the guest.
 */

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let superadmin: TestClient;
beforeAll(async () => {
  t = await createTestContext();
  [manager, receptionist, superadmin] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist'), t.loginAs('superadmin')]);
});
afterAll(() => t?.close());

const now = () => t.clock.now();
const row = (id: string) => t.db('bookings').where({ id }).first();
const earlyMessage = (date: string) =>
  `This guest arrives on ${date}: a booking cannot be checked in before its arrival date unless a Manager overrides`;

/** A Provisional EFT booking of a fresh unit (R1,000 a night), arriving `startsIn` days from today. */
async function booking(startsIn: number, nights = 2): Promise<Booking> {
  const { unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1000, weekendRate: 1000 });
  const dates = stay(now(), startsIn, nights);
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

describe('check-in and the arrival date', () => {
  it('refuses a receptionist checking a guest in before the arrival date with 409 and the message; nothing changes', async () => {
    const b = await booking(6);
    const res = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Checked-In' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: earlyMessage(b.checkInDate), code: 'early_check_in', errors: { status: earlyMessage(b.checkInDate) } });
    expect(await row(b.id)).toMatchObject({ status: 'Provisional', version: b.version, checked_in_at: null });
  });

  it('refuses a receptionist who sends the override with 403; a manager without it with 409', async () => {
    const b = await booking(1);
    const byReceptionist = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Checked-In', override: true, overrideReason: 'Came early' });
    expect(byReceptionist.status).toBe(403);
    expect(byReceptionist.body.message).toBe('Only a Manager or SuperAdmin can check a guest in before the arrival date');
    const byManager = await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Checked-In' });
    expect(byManager.status).toBe(409);
    expect(byManager.body.message).toBe(earlyMessage(b.checkInDate));
    expect((await row(b.id)).status).toBe('Provisional');
  });

  it('asks for the reason of an override (400 naming overrideReason)', async () => {
    const b = await booking(1);
    for (const body of [{ status: 'Checked-In', override: true }, { status: 'Checked-In', override: true, overrideReason: '  ' }]) {
      const res = await manager.put(`/api/admin/bookings/${b.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ overrideReason: 'Give a reason for checking the guest in before the arrival date' });
    }
    expect((await row(b.id)).status).toBe('Provisional');
  });

  it('a manager (and a superadmin) overrides with a reason: checked in, and the override is in the audit log', async () => {
    for (const client of [manager, superadmin]) {
      const b = await booking(3);
      const res = await client.put(`/api/admin/bookings/${b.id}`, { status: 'Checked-In', override: true, overrideReason: 'Flight landed early' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('Checked-In');
      const audit = await t.db('audit_log').where({ entity_type: 'booking', entity_id: b.id, action: 'booking.early_check_in_override' });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        before: { status: 'Provisional', checkInDate: b.checkInDate },
        after: { status: 'Checked-In', reason: 'Flight landed early' },
      });
    }
  });

  it('checks in on the arrival date and after it (a no-show arriving late), with no override in the audit log', async () => {
    const today = await booking(0);
    expect((await receptionist.put(`/api/admin/bookings/${today.id}`, { status: 'Checked-In' })).status).toBe(200);

    // The guest expected today who has not come is a no-show only from the next day; then
    // the desk checks them in late.
    const late = await booking(0);
    t.clock.set(new Date(now().getTime() + 24 * 3600_000));
    try {
      expect(todayInLodge(now())).toBe(addDays(late.checkInDate, 1));
      const res = await receptionist.put(`/api/admin/bookings/${late.id}`, { status: 'Checked-In' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('Checked-In');
    } finally {
      t.clock.set(new Date(now().getTime() - 24 * 3600_000));
    }
    const overrides = await t.db('audit_log').whereIn('entity_id', [today.id, late.id]).where({ action: 'booking.early_check_in_override' });
    expect(overrides).toEqual([]);
  });
});

describe('cancellation reason', () => {
  it('is stored and answered, by the PUT and by the list', async () => {
    const b = await booking(20);
    const res = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled', cancellationReason: ' Guest fell ill ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Cancelled', cancellationReason: 'Guest fell ill' });
    const list = await manager.get('/api/admin/bookings');
    expect(list.body.find((x: Booking) => x.id === b.id)).toMatchObject({ status: 'Cancelled', cancellationReason: 'Guest fell ill' });
    const mail = await t.db('email_outbox').where({ booking_id: b.id, template: 'booking-cancelled' });
    expect(mail).toHaveLength(1);
    expect(mail[0].text_body).toContain('Reason: Guest fell ill');
  });

  it('is optional: a status change without one is still accepted (and e-mailed)', async () => {
    const b = await booking(21);
    const res = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Cancelled', cancellationReason: null });
    expect(await t.db('email_outbox').where({ booking_id: b.id, template: 'booking-cancelled' })).toHaveLength(1);
  });

  it('refuses a NUL character or more than 500 characters with 400 naming the field; nothing changes', async () => {
    const b = await booking(22);
    const nul = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled', cancellationReason: 'a\u0000b' });
    expect(nul.status).toBe(400);
    // Every request's text is checked for control characters before its own contract (http/validate.ts).
    expect(nul.body.errors).toEqual({ cancellationReason: 'Must not contain control characters' });
    const long = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled', cancellationReason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ cancellationReason: 'Cancellation reason must be at most 500 characters' });
    expect(await row(b.id)).toMatchObject({ status: 'Provisional', version: b.version, cancellation_reason: null });
  });
});

describe('payment received e-mails the guest', () => {
  const confirmations = (id: string) => t.db('email_outbox').where({ booking_id: id, template: 'payment-confirmed' });

  it('marking a booking Paid (cash) at the desk e-mails a payment confirmation with the amount, once', async () => {
    const b = await booking(30);
    const res = await receptionist.put(`/api/admin/bookings/${b.id}`, { paymentStatus: 'Paid', paymentMethod: 'Cash' });
    expect(res.status).toBe(200);
    const mail = await confirmations(b.id);
    expect(mail).toHaveLength(1);
    expect(mail[0].to_address).toBe(b.guestEmail);
    expect(mail[0].subject).toBe(`Booking ${b.reference} confirmed`);
    expect(mail[0].text_body).toContain(`We have received your cash payment of R2,000. Your booking ${b.reference} is confirmed.`);
    // Saying Paid again receives nothing more, so e-mails nothing more.
    await receptionist.put(`/api/admin/bookings/${b.id}`, { paymentStatus: 'Paid' });
    expect(await confirmations(b.id)).toHaveLength(1);
  });

  it("the desk's offline Payment received (EFT), replayed by the sync push, e-mails it too", async () => {
    const b = await booking(31);
    const res = await receptionist.post('/api/sync/push', {
      deviceId: 'tablet-guard',
      entries: [
        { id: randomUUID(), seq: 1, op: 'booking.paymentReceived', entityId: b.id, baseVersion: b.version, args: { method: 'EFT' }, schemaVersion: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0].outcome).toBe('applied');
    const mail = await confirmations(b.id);
    expect(mail).toHaveLength(1);
    expect(mail[0].text_body).toContain(`We have received your EFT payment of R2,000. Your booking ${b.reference} is confirmed.`);
  });
});
