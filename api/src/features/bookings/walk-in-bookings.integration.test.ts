import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext, type TestClient } from '../../../test/harness.js';
import { syncWatermarkSettled } from '../../../test/sync-watermark.js';
import { Booking, BookingList, GuestList, UpcomingArrivalsResponse } from '../../../../shared/contracts/bookings.js';
import { CalendarWindow } from '../../../../shared/contracts/calendar.js';
import { SyncPullResponse } from '../../../../shared/contracts/sync.js';
import { Invoice } from '../../../../shared/contracts/invoices.js';
import { addDays, lodgeDateTimeToUtc, todayInLodge } from '../../../../shared/domain/dates.js';
import { countRows, createPackage, createTypeWithUnits, guestData, stay } from './test-fixtures.js';
import { expireHolds } from './hold-expiry.job.js';
import { sendPaymentReminders } from '../guest-bookings/payment-reminders.job.js';

/**
 * Walk-ins and phone bookings (docs/design.md, The desk's day): a booking staff take without
 * an e-mail address, found again by phone, with its channel and who took it; every list
 * answers it, and nothing is ever e-mailed for it.
 */
let t: TestContext;
let receptionist: TestClient;
let manager: TestClient;
let receptionistName: string;
let unitIds: string[];
let unitNo = 0;
beforeAll(async () => {
  t = await createTestContext();
  [receptionist, manager] = await Promise.all([t.loginAs('receptionist'), t.loginAs('manager')]);
  const user = await t.db('users').where({ username: 'receptionist' }).first('first_name', 'last_name');
  receptionistName = `${user.first_name} ${user.last_name}`;
  ({ unitIds } = await createTypeWithUnits(t.db, { units: 40 }));
});
afterAll(() => t?.close());

const today = () => todayInLodge(t.clock.now());
/** A fresh South African mobile number, written the international way. */
const newPhone = () => `+27 82 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0').replace(/^(\d{3})/, '$1 ')}`;
/** The same number as a receptionist types it: 0 instead of +27, other spacing. */
const localForm = (phone: string) => `0${phone.replace(/\D/g, '').slice(2)}`;

function walkInBody(phone: string | null, extra: Record<string, unknown> = {}, offsetDays = 1) {
  const dates = stay(t.clock.now(), offsetDays, 2);
  return {
    unitId: unitIds[unitNo++],
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    totalAmount: 3000,
    paymentMethod: 'eft',
    paymentStatus: 'pending',
    channel: 'Walk-in',
    guestData: { firstName: 'Sipho', lastName: 'Mokoena', ...(phone ? { phone } : {}) },
    ...extra,
  };
}

async function walkIn(phone: string, extra: Record<string, unknown> = {}, offsetDays = 1, as: TestClient = receptionist): Promise<Booking> {
  const res = await as.post('/api/admin/bookings', walkInBody(phone, extra, offsetDays));
  expect(res.status, res.text).toBe(201);
  return Booking.parse(res.body);
}

const mailsFor = (ids: string[]) => t.db('email_outbox').whereIn('booking_id', ids).select('template', 'to_address');

describe('a walk-in without an e-mail', () => {
  it('is booked with guestEmail null, its channel and the receptionist who took it, and nothing is queued', async () => {
    const phone = newPhone();
    const booking = await walkIn(phone);
    expect(booking).toMatchObject({
      guestName: 'Sipho Mokoena',
      guestEmail: null,
      guestPhone: phone,
      channel: 'Walk-in',
      createdByName: receptionistName,
      status: 'Provisional',
      paymentMethod: 'EFT',
    });
    // An EFT booking on hold would get "Booking received" with the banking details: not this one.
    expect(await mailsFor([booking.id])).toEqual([]);
    const guest = await t.db('guests').where({ id: booking.guestId }).first('email', 'phone', 'phone_key');
    expect(guest).toEqual({ email: null, phone, phone_key: localForm(phone) });
  });

  it('appears in every list staff read, each answer parsing with its shared contract', async () => {
    const booking = await walkIn(newPhone(), { channel: 'Phone' }, 0);
    const mine = (rows: Booking[]) => rows.find((b) => b.id === booking.id);

    const list = BookingList.parse((await receptionist.get(`/api/admin/bookings?startDate=${today()}&endDate=${addDays(today(), 3)}`)).body);
    expect(mine(list)).toMatchObject({ guestEmail: null, channel: 'Phone', createdByName: receptionistName });

    const calendar = CalendarWindow.parse((await receptionist.get(`/api/admin/calendar?start=${today()}&days=14`)).body);
    expect(mine(calendar.bookings)).toMatchObject({ guestEmail: null, channel: 'Phone' });

    const upcoming = UpcomingArrivalsResponse.parse((await manager.get('/api/admin/upcoming-arrivals')).body);
    expect(upcoming.bookings).toContainEqual(expect.objectContaining({ id: booking.id, type: 'arrival', date: today(), guestName: 'Sipho Mokoena' }));

    const guests = GuestList.parse((await receptionist.get('/api/admin/guests')).body);
    expect(guests.find((g) => g.id === booking.guestId)).toMatchObject({ email: null, phone: booking.guestPhone, bookingCount: 1 });

    // The desk's sync pull: every page parses with the contract the device parses it with.
    // On PostgreSQL another test file's transaction can hold the pull's watermark back a moment.
    await syncWatermarkSettled(t.db);
    const pulled: Booking[] = [];
    let since = '';
    for (let page = 0; page < 50; page++) {
      const res = await receptionist.get(`/api/sync/pull${since ? `?since=${since}` : ''}`);
      expect(res.status, res.text).toBe(200);
      const body = SyncPullResponse.parse(res.body);
      pulled.push(...body.changes.bookings);
      since = body.cursor;
      if (!body.hasMore) break;
    }
    expect(mine(pulled)).toMatchObject({ guestEmail: null, guestPhone: booking.guestPhone, channel: 'Phone', createdByName: receptionistName });
  });

  it('is e-mailed by no path: payment received, invoice, refund, cancellation, hold expiry, balance reminders', async () => {
    // Payment received at the desk, then an invoice, then a refund, then a cancellation.
    const paid = await walkIn(newPhone());
    const pay = await receptionist.put(`/api/admin/bookings/${paid.id}`, { paymentStatus: 'Paid', paymentMethod: 'cash' });
    expect(pay.status, pay.text).toBe(200);
    const invoice = await manager.post(`/api/admin/bookings/${paid.id}/invoices`);
    expect(invoice.status, invoice.text).toBe(201);
    expect(Invoice.parse(invoice.body).guest).toMatchObject({ name: 'Sipho Mokoena', email: null });
    const refund = await manager.post('/api/admin/payments/refund', { bookingId: paid.id, amount: 500, reason: 'Drive cancelled' });
    expect(refund.status, refund.text).toBe(200);
    const cancel = await receptionist.put(`/api/admin/bookings/${paid.id}`, { status: 'Cancelled', cancellationReason: 'Plans changed' });
    expect(cancel.status, cancel.text).toBe(200);

    // A hold that runs out.
    const held = await walkIn(newPhone());
    const holdEnds = new Date(held.holdExpiresAt!).getTime();

    // A balance due: the walk-in and, to show the job ran, the same booking with an address.
    const dueDate = addDays(today(), 20);
    const confirmed = { paymentStatus: 'Deposit Paid', paymentMethod: 'cash' };
    const owing = await walkIn(newPhone(), confirmed, 40);
    const withEmail = await walkIn(newPhone(), { ...confirmed, guestData: guestData(randomUUID().slice(0, 8)) }, 40);
    for (const id of [owing.id, withEmail.id]) {
      await t.db('bookings').where({ id }).update({ total_amount: '3000.00', deposit_amount: '1000.00', balance_due_date: dueDate });
    }

    const start = t.clock.now();
    try {
      t.clock.set(new Date(holdEnds + 60_000));
      expect((await expireHolds(t.deps)).expired).toBeGreaterThanOrEqual(1);
      expect(Booking.parse((await receptionist.get(`/api/admin/bookings?unitId=${held.unitId}`)).body[0]).status).toBe('Cancelled');
      t.clock.set(lodgeDateTimeToUtc(dueDate, '08:00'));
      await sendPaymentReminders(t.deps);
    } finally {
      t.clock.set(start);
    }

    expect(await mailsFor([paid.id, held.id, owing.id])).toEqual([]);
    expect(await mailsFor([withEmail.id])).toContainEqual({ template: 'balance-reminder', to_address: withEmail.guestEmail });
  });
});

describe('a package booked by phone', () => {
  it('the entire lodge booked by staff without an e-mail: Phone, guestEmail null, nothing queued; a guest still needs the address', async () => {
    const { typeId } = await createTypeWithUnits(t.db, { units: 1 });
    const packageTypeId = await createPackage(t.db, [typeId]);
    const dates = stay(t.clock.now(), 60, 2);
    const body = {
      accommodationTypeId: packageTypeId,
      isPackageBooking: true,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      totalAmount: 20000,
      paymentMethod: 'EFT',
      paymentStatus: 'pending',
      channel: 'Phone',
      guestData: { firstName: 'Lerato', lastName: 'Dube', phone: newPhone() },
    };
    const res = await manager.post('/api/bookings', body);
    expect(res.status, res.text).toBe(201);
    const booking = Booking.parse(res.body);
    expect(booking).toMatchObject({ unitId: null, guestEmail: null, channel: 'Phone', guestName: 'Lerato Dube' });
    expect(await mailsFor([booking.id])).toEqual([]);

    const guestTry = await t.client().post('/api/bookings', { ...body, isPackageBooking: undefined, packageTypeId, accommodationTypeId: undefined, channel: undefined, paymentStatus: undefined, totalAmount: undefined });
    expect(guestTry.status).toBe(400);
    expect(guestTry.body.errors).toEqual({ 'guestData.email': 'Valid email is required' });
  });
});

describe('the guest found again by phone', () => {
  it('+27 and the 0 form are one guest: the second walk-in reuses the record and takes the latest name', async () => {
    const phone = newPhone();
    const first = await walkIn(phone);
    const again = await walkIn(localForm(phone), { guestData: { firstName: 'Sipho', lastName: 'Mokoena-Dube', phone: localForm(phone) } });
    expect(again.guestId).toBe(first.guestId);
    expect(again.guestName).toBe('Sipho Mokoena-Dube');
    expect(Number((await t.db('guests').where({ phone_key: localForm(phone) }).count<{ c: string }[]>('* as c'))[0].c)).toBe(1);
  });

  it('two walk-ins with one phone racing each other share one guest row', async () => {
    const phone = newPhone();
    const [a, b] = await Promise.all([receptionist.post('/api/admin/bookings', walkInBody(phone)), manager.post('/api/admin/bookings', walkInBody(localForm(phone)))]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(Booking.parse(a.body).guestId).toBe(Booking.parse(b.body).guestId);
    expect(Number((await t.db('guests').where({ phone_key: localForm(phone) }).count<{ c: string }[]>('* as c'))[0].c)).toBe(1);
  });

  it('a guest with an e-mail stays one record per address, as before', async () => {
    const data = guestData(randomUUID().slice(0, 8));
    const first = await walkIn(data.phone, { guestData: data, channel: 'E-mail' });
    const again = await walkIn(data.phone, { guestData: data, channel: 'E-mail' });
    expect(again.guestId).toBe(first.guestId);
    expect(again).toMatchObject({ guestEmail: data.email, channel: 'E-mail' });
  });
});

describe('channel and who took it', () => {
  it('a guest’s own booking is Website with nobody named; a staff booking from an older client has no channel', async () => {
    const dates = stay(t.clock.now(), 5, 2);
    const own = await t.client().post('/api/bookings', { unitId: unitIds[unitNo++], checkInDate: dates.checkIn, checkOutDate: dates.checkOut, paymentMethod: 'EFT', guestData: guestData(randomUUID().slice(0, 8)) });
    expect(own.status, own.text).toBe(201);
    expect(Booking.parse(own.body)).toMatchObject({ channel: 'Website', createdByName: null });

    const older = await receptionist.post('/api/admin/bookings', { ...walkInBody(null, { guestData: guestData(randomUUID().slice(0, 8)) }), channel: undefined });
    expect(older.status, older.text).toBe(201);
    expect(Booking.parse(older.body)).toMatchObject({ channel: null, createdByName: receptionistName });
  });
});

describe('bad input', () => {
  const cases: [string, () => Record<string, unknown>, string, string][] = [
    ['neither an e-mail nor a phone', () => walkInBody(null), 'guestData.email', 'Give an e-mail address or a phone number'],
    ['an empty e-mail and a blank phone', () => walkInBody(null, { guestData: { firstName: 'Sipho', lastName: 'Mokoena', email: '', phone: ' ' } }), 'guestData.email', 'Give an e-mail address or a phone number'],
    ['a malformed e-mail beside a phone', () => walkInBody(null, { guestData: { firstName: 'Sipho', lastName: 'Mokoena', email: 'sipho@', phone: '082 700 0000' } }), 'guestData.email', 'Valid email is required'],
    ['the Website channel from staff', () => walkInBody('082 700 0000', { channel: 'Website' }), 'channel', 'Channel must be Walk-in, Phone or E-mail'],
    ['an unknown channel', () => walkInBody('082 700 0000', { channel: 'Fax' }), 'channel', 'Channel must be Walk-in, Phone or E-mail'],
  ];
  it.each(cases)('%s: 400 naming the field, nothing stored', async (_name, body, field, message) => {
    const [bookings, guests] = [await countRows(t.db, 'bookings'), await countRows(t.db, 'guests')];
    const res = await receptionist.post('/api/admin/bookings', body());
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: message });
    expect([await countRows(t.db, 'bookings'), await countRows(t.db, 'guests')]).toEqual([bookings, guests]);
  });
});
