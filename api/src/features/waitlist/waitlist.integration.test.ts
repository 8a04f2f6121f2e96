import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { JoinWaitlistResponse, WAITLIST_MESSAGES, WaitlistResponse } from '../../../../shared/contracts/waitlist.js';
import { CHECK_OUT_AFTER_CHECK_IN_MESSAGE } from '../../../../shared/contracts/common.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { formatStayDate } from '../../../../shared/format.js';
import { createTypeWithUnits, guestData } from '../bookings/test-fixtures.js';
import { expireHolds } from '../bookings/hold-expiry.job.js';
import { notifyWaitlist } from './notify-waitlist.job.js';

/**
 * The waitlist (docs/design.md, 18. The waitlist): joined on /booking, told once by e-mail
 * (oldest first) when a cancellation, an expired hold or a released early departure frees
 * nights its type has free for the whole stay; listed and removed in the back office.
 */

const PUBLIC_URL = 'https://book.example-lodge.co.za';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let ipCounter = 0;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:00:00Z', env: { TRUST_PROXY: '1', PUBLIC_URL } });
  [manager, receptionist] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist')]);
});
afterAll(() => t?.close());

const today = () => todayInLodge(t.clock.now());
const join = (body: Record<string, unknown>, ip = `10.4.0.${++ipCounter}`) =>
  t.client().post('/api/waitlist', body, { headers: { 'X-Forwarded-For': ip } });

/** A guest joins for the type and stay; the clock moves a second so the order of joining is plain. */
async function joined(name: string, accommodationTypeId: string, checkIn: string, checkOut: string, guests = 2): Promise<string> {
  t.clock.advance(1000);
  const res = await join({ name, email: `${name.toLowerCase()}@example.com`, checkIn, checkOut, guests, accommodationTypeId });
  expect(res.status, res.text).toBe(201);
  return JoinWaitlistResponse.parse(res.body).id;
}

/** A stay taken at the desk, paid, Confirmed. */
async function deskBooking(unitId: string, checkIn: string, checkOut: string): Promise<string> {
  const res = await receptionist.post('/api/admin/bookings', {
    unitId,
    checkInDate: checkIn,
    checkOutDate: checkOut,
    totalAmount: 3000,
    paymentMethod: 'Cash',
    paymentStatus: 'Paid',
    guestData: guestData(randomUUID().slice(0, 8)),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** A guest's own EFT booking of two nights: Provisional, held, unpaid. */
async function guestEftBooking(unitId: string, checkIn: string) {
  const res = await t.client().post('/api/bookings', {
    unitId,
    checkInDate: checkIn,
    checkOutDate: addDays(checkIn, 2),
    paymentMethod: 'EFT',
    numberOfGuests: 2,
    guestData: guestData(randomUUID().slice(0, 8)),
  });
  expect(res.status, res.text).toBe(201);
  return res;
}

/** The guest's one e-mail is queued and their entry marked told. */
async function expectTold(email: string, entryId: string) {
  expect(await t.db('email_outbox').where({ template: 'waitlist-opening', to_address: email })).toHaveLength(1);
  expect((await entry(entryId)).notified_at).not.toBeNull();
}

const waitlistMails = () => t.db('email_outbox').where({ template: 'waitlist-opening' }).orderBy('change_seq');
const entry = (id: string) => t.db('waitlist_entries').where({ id }).first();

describe('POST /api/waitlist', () => {
  it('keeps the guest, their stay and the type, and answers with the confirmation', async () => {
    const { typeId } = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(today(), 10);
    const res = await join({ name: ' Lerato Mokoena ', email: 'lerato@example.com', checkIn, checkOut: addDays(checkIn, 3), guests: 3, accommodationTypeId: typeId });
    expect(res.status).toBe(201);
    const body = JoinWaitlistResponse.parse(res.body);
    expect(body.message).toBe("You're on the waitlist. We'll e-mail you if these dates come free; the first guest to book them gets them.");
    expect(await entry(body.id)).toMatchObject({
      name: 'Lerato Mokoena',
      email: 'lerato@example.com',
      check_in_date: checkIn,
      check_out_date: addDays(checkIn, 3),
      number_of_guests: 3,
      accommodation_type_id: typeId,
      notified_at: null,
    });
  });

  it('takes the same request twice as one (the address in any case), and a different stay as another', async () => {
    const { typeId } = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(today(), 12);
    const body = { name: 'Thabo', email: 'thabo@example.com', checkIn, checkOut: addDays(checkIn, 2), guests: 2, accommodationTypeId: typeId };
    const first = await join(body);
    const again = await join({ ...body, email: 'Thabo@Example.com' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const longer = await join({ ...body, checkOut: addDays(checkIn, 3) });
    expect(longer.body.id).not.toBe(first.body.id);
    expect(await t.db('waitlist_entries').where({ accommodation_type_id: typeId })).toHaveLength(2);
  });

  it('answers 400 naming the field and keeps nothing', async () => {
    const { typeId } = await createTypeWithUnits(t.db, { units: 1 });
    const inactive = await createTypeWithUnits(t.db, { units: 1, isActive: false });
    const checkIn = addDays(today(), 5);
    const good = { name: 'Ann', email: 'ann@example.com', checkIn, checkOut: addDays(checkIn, 2), guests: 2, accommodationTypeId: typeId };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, name: ' ' }, 'name', 'Name is required'],
      [{ ...good, name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters'],
      [{ ...good, email: 'nope' }, 'email', 'Valid email is required'],
      [{ ...good, checkIn: undefined }, 'checkIn', 'Check-in date is required'],
      [{ ...good, checkOut: checkIn }, 'checkOut', CHECK_OUT_AFTER_CHECK_IN_MESSAGE],
      [{ ...good, checkIn: addDays(today(), -1) }, 'checkIn', 'Check-in cannot be in the past'],
      [{ ...good, guests: 0 }, 'guests', 'Number of guests must be between 1 and 99'],
      [{ ...good, guests: 2.5 }, 'guests', 'Number of guests must be between 1 and 99'],
      [{ ...good, accommodationTypeId: 'abc' }, 'accommodationTypeId', 'Must be a valid id'],
      [{ ...good, accommodationTypeId: randomUUID() }, 'accommodationTypeId', 'Accommodation type not found'],
      [{ ...good, accommodationTypeId: inactive.typeId }, 'accommodationTypeId', 'Accommodation type not found'],
    ];
    const before = (await t.db('waitlist_entries')).length;
    for (const [body, field, message] of cases) {
      const res = await join(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect(await t.db('waitlist_entries')).toHaveLength(before);
  });

  it('takes 5 requests per address, then answers 429 with Retry-After and keeps nothing', async () => {
    const { typeId } = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(today(), 7);
    const body = { name: 'Sipho', email: 'sipho@example.com', checkIn, checkOut: addDays(checkIn, 1), guests: 1, accommodationTypeId: typeId };
    for (let i = 0; i < 5; i++) expect((await join(body, '10.5.5.5')).status).toBe(201);
    const before = (await t.db('waitlist_entries')).length;
    const limited = await join(body, '10.5.5.5');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(WAITLIST_MESSAGES.tooMany);
    expect(limited.headers.get('Retry-After')).toBe('180');
    expect(await t.db('waitlist_entries')).toHaveLength(before);
    expect((await join(body, '10.5.5.6')).status).toBe(201);
  });
});

describe('telling the waiting guests', () => {
  it('a cancelled booking: the matching guests are e-mailed once, oldest first; other dates and a full type are not', async () => {
    await notifyWaitlist(t.deps); // nothing left over from other tests
    const a = await createTypeWithUnits(t.db, { units: 1, name: 'Marula Suite' });
    const b = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(today(), 20);
    const checkOut = addDays(checkIn, 3);
    const booked = await deskBooking(a.unitIds[0], checkIn, checkOut);
    await deskBooking(b.unitIds[0], checkIn, checkOut);

    const first = await joined('Naledi', a.typeId, addDays(checkIn, 1), checkOut, 2);
    const second = await joined('Pieter', a.typeId, checkIn, addDays(checkIn, 2), 1);
    const otherDates = await joined('Otherdates', a.typeId, checkOut, addDays(checkOut, 2));
    const otherType = await joined('Othertype', b.typeId, checkIn, checkOut);

    // Nothing freed yet: the job tells nobody.
    expect(await notifyWaitlist(t.deps)).toEqual({ notified: 0 });

    const cancel = await manager.put(`/api/admin/bookings/${booked}`, { status: 'Cancelled', cancellationReason: 'Plans changed' });
    expect(cancel.status, cancel.text).toBe(200);
    // Matched after the cancellation commits, by the job.
    expect(await waitlistMails()).toHaveLength(0);
    expect(await notifyWaitlist(t.deps)).toEqual({ notified: 2 });

    const mails = await waitlistMails();
    expect(mails.map((m) => m.to_address)).toEqual(['naledi@example.com', 'pieter@example.com']);
    const [mail] = mails;
    expect(mail.subject).toBe('Marula Suite is available for your dates');
    expect(mail.dedupe_key).toBe(`waitlist-opening:${first}`);
    const link = `${PUBLIC_URL}/booking?checkIn=${addDays(checkIn, 1)}&checkOut=${checkOut}&guests=2&accommodation=${a.typeId}`;
    expect(mail.text_body).toContain('Dear Naledi,');
    expect(mail.text_body).toContain('Good news: Marula Suite is free again for the dates you asked about.');
    expect(mail.text_body).toContain(`Check-in:      ${formatStayDate(addDays(checkIn, 1))}`);
    expect(mail.text_body).toContain('We are not holding these dates for you: the first guest to book them gets them.');
    expect(mail.text_body).toContain(`Book now: ${link}`);
    expect(mail.html_body).toContain(`<a href="${link.replaceAll('&', '&amp;')}"`);

    expect((await entry(first)).notified_at).not.toBeNull();
    expect((await entry(second)).notified_at).not.toBeNull();
    expect((await entry(otherDates)).notified_at).toBeNull();
    expect((await entry(otherType)).notified_at).toBeNull();

    // Freed again (booked and cancelled once more): nobody is told twice.
    const again = await deskBooking(a.unitIds[0], checkIn, checkOut);
    expect((await manager.put(`/api/admin/bookings/${again}`, { status: 'Cancelled' })).status).toBe(200);
    expect(await notifyWaitlist(t.deps)).toEqual({ notified: 0 });
    expect(await waitlistMails()).toHaveLength(2);
  });

  it('a guest cancelling by their link frees the nights too', async () => {
    await notifyWaitlist(t.deps);
    const a = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(today(), 40);
    const res = await guestEftBooking(a.unitIds[0], checkIn);
    const waiting = await joined('Linkguest', a.typeId, checkIn, addDays(checkIn, 2));
    const received = await t.db('email_outbox').where({ booking_id: res.body.id, template: 'booking-received-eft' }).first();
    const token = /\/my-booking\/([A-Za-z0-9_-]+)/.exec(received.text_body)![1];
    const cancelled = await t.client().post(`/api/guest/bookings/${token}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await notifyWaitlist(t.deps)).toEqual({ notified: 1 });
    await expectTold('linkguest@example.com', waiting);
  });

  it('a cancellation made offline at the desk and pushed by the sync frees the nights too', async () => {
    await notifyWaitlist(t.deps);
    const a = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(today(), 50);
    const booked = await deskBooking(a.unitIds[0], checkIn, addDays(checkIn, 2));
    const version = (await t.db('bookings').where({ id: booked }).first()).version;
    const waiting = await joined('Syncwaiter', a.typeId, checkIn, addDays(checkIn, 2));
    const push = await receptionist.post('/api/sync/push', {
      deviceId: `tablet-${randomUUID().slice(0, 8)}`,
      entries: [{ id: randomUUID(), seq: 1, op: 'booking.setStatus', entityId: booked, baseVersion: version, args: { status: 'Cancelled', cancellationReason: 'Called to cancel' }, schemaVersion: 1 }],
    });
    expect(push.status, push.text).toBe(200);
    expect(push.body.results[0].outcome).toBe('applied');
    expect(await notifyWaitlist(t.deps)).toEqual({ notified: 1 });
    await expectTold('syncwaiter@example.com', waiting);
  });

  it('an expired hold frees the nights', async () => {
    await notifyWaitlist(t.deps);
    const a = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(today(), 30);
    const res = await guestEftBooking(a.unitIds[0], checkIn);
    const waiting = await joined('Holdwaiter', a.typeId, checkIn, addDays(checkIn, 2));
    expect(await notifyWaitlist(t.deps)).toEqual({ notified: 0 });
    t.clock.advance(49 * HOUR);
    // The demo data's own unpaid holds run out too; the one that matters here is this one.
    await expireHolds(t.deps);
    expect((await t.db('bookings').where({ id: res.body.id }).first()).status).toBe('Cancelled');
    await notifyWaitlist(t.deps);
    await expectTold('holdwaiter@example.com', waiting);
  });

  it("a released early departure frees the nights the guest left; an entry whose check-in passed is expired and not told", async () => {
    await notifyWaitlist(t.deps);
    const a = await createTypeWithUnits(t.db, { units: 1 });
    const start = today();
    const stayId = await deskBooking(a.unitIds[0], start, addDays(start, 4));
    const late = await joined('Latecomer', a.typeId, addDays(start, 2), addDays(start, 4));
    const passed = await joined('Toolate', a.typeId, addDays(start, 1), addDays(start, 3));
    expect((await receptionist.put(`/api/admin/bookings/${stayId}`, { status: 'Checked-In' })).status).toBe(200);
    t.clock.advance(2 * DAY); // two nights later the guest leaves early
    expect((await receptionist.put(`/api/admin/bookings/${stayId}`, { status: 'Checked-Out' })).status).toBe(200);
    const release = await receptionist.post(`/api/admin/bookings/${stayId}/release-nights`, { departureDate: today() });
    expect(release.status, release.text).toBe(200);
    expect(await notifyWaitlist(t.deps)).toEqual({ notified: 1 });
    await expectTold('latecomer@example.com', late);
    expect((await entry(passed)).notified_at).toBeNull();

    const list = WaitlistResponse.parse((await receptionist.get('/api/admin/waitlist')).body);
    expect(list.find((e) => e.id === late)).toMatchObject({ status: 'notified', name: 'Latecomer', accommodationTypeName: a.name, guests: 2 });
    expect(list.find((e) => e.id === late)?.notifiedAt).toBe(t.clock.now().toISOString());
    expect(list.find((e) => e.id === passed)).toMatchObject({ status: 'expired', notifiedAt: null });
  });
});

describe('telling the waiting guests of a room move', () => {
  it('a stay moved to a unit of another type frees its nights on the first type: the guest is told once it has a unit for their whole stay', async () => {
    await notifyWaitlist(t.deps);
    const a = await createTypeWithUnits(t.db, { units: 2 });
    const b = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(today(), 60);
    const checkOut = addDays(checkIn, 3);
    const first = await deskBooking(a.unitIds[0], checkIn, checkOut);
    const second = await deskBooking(a.unitIds[1], checkIn, checkOut);
    const waiting = await joined('Movewaiter', a.typeId, checkIn, checkOut);

    // The second stay moves to B's unit from its second night (a split stay): A's second unit
    // is free for two of the three nights only, so nobody is told.
    const split = await receptionist.post(`/api/admin/bookings/${second}/move`, { unitId: b.unitIds[0], fromDate: addDays(checkIn, 1) });
    expect(split.status, split.text).toBe(200);
    expect(await notifyWaitlist(t.deps)).toEqual({ notified: 0 });
    expect((await entry(waiting)).notified_at).toBeNull();

    // The split stay's first night goes to B as well: A's second unit is free for the whole
    // stay, and the waiting guest is told, once.
    const whole = await receptionist.post(`/api/admin/bookings/${second}/move`, { unitId: b.unitIds[0] });
    expect(whole.status, whole.text).toBe(200);
    expect(await notifyWaitlist(t.deps)).toEqual({ notified: 1 });
    await expectTold('movewaiter@example.com', waiting);
    expect((await t.db('bookings').where({ id: first }).first()).unit_id).toBe(a.unitIds[0]);
  });
});

describe('the back office list', () => {
  it('lists the entries oldest first with their status, and staff remove one (404 the second time)', async () => {
    const a = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(today(), 60);
    const id = await joined('Removeme', a.typeId, checkIn, addDays(checkIn, 2), 4);
    const res = await manager.get('/api/admin/waitlist');
    expect(res.status).toBe(200);
    const list = WaitlistResponse.parse(res.body);
    const created = list.map((e) => e.createdAt);
    expect(created).toEqual([...created].sort());
    expect(list.find((e) => e.id === id)).toEqual({
      id,
      name: 'Removeme',
      email: 'removeme@example.com',
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 4,
      accommodationTypeId: a.typeId,
      accommodationTypeName: a.name,
      createdAt: t.clock.now().toISOString(),
      notifiedAt: null,
      status: 'waiting',
    });

    const removed = await receptionist.delete(`/api/admin/waitlist/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id, message: 'Removed from the waitlist' });
    expect(await entry(id)).toBeUndefined();
    const audit = await t.db('audit_log').where({ entity_type: 'waitlist_entry', entity_id: id, action: 'waitlist.remove' }).first();
    expect(audit.actor_username).toBe('receptionist');
    const again = await receptionist.delete(`/api/admin/waitlist/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Waitlist entry not found');
  });

  it('is for staff only', async () => {
    expect((await t.client().get('/api/admin/waitlist')).status).toBe(401);
    expect((await t.client().delete(`/api/admin/waitlist/${randomUUID()}`)).status).toBe(401);
  });
});
