import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { BookingLookupResponse } from '../../../../shared/contracts/bookings.js';
import { createPackage, createTypeWithUnits, guestData, stay } from './test-fixtures.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

let offset = 60;
async function book(extra: Record<string, unknown> = {}) {
  const { unitIds, name } = await createTypeWithUnits(t.db, { weekdayRate: 1000, weekendRate: 1000 });
  const dates = stay(t.clock.now(), (offset += 4), 2);
  const guest = guestData(randomUUID().slice(0, 8));
  const res = await t.client().post('/api/bookings', {
    unitId: unitIds[0],
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    paymentMethod: 'EFT',
    guestData: guest,
    ...extra,
  });
  expect(res.status).toBe(201);
  return { booking: res.body, guest, name, dates };
}

const lookup = (reference: string, email: string) =>
  t.client().get(`/api/bookings/lookup?reference=${encodeURIComponent(reference)}&email=${encodeURIComponent(email)}`);

describe('GET /api/bookings/lookup', () => {
  it('answers the booking when reference and e-mail match, e-mail in any case, with the banking details of a pending EFT', async () => {
    const { booking, guest, name, dates } = await book();
    const res = await lookup(booking.reference.toLowerCase(), guest.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(BookingLookupResponse.strict().parse(res.body)).toEqual({
      reference: booking.reference,
      status: 'Provisional',
      paymentStatus: 'Pending',
      paymentMethod: 'EFT',
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      numberOfGuests: 2,
      accommodationTypeName: name,
      unitName: `${name} unit 1`,
      totalAmount: 2000,
      holdExpiresAt: booking.holdExpiresAt,
      bankDetails: { bankName: 'First National Bank', accountHolder: expect.any(String), accountNumber: '62841057723', branchCode: expect.any(String) },
    });
    // Nothing else about the guest travels: no id, e-mail, phone or address.
    expect(res.text).not.toContain(guest.phone);
    expect(res.text).not.toContain(booking.id);
  });

  it('answers 404 Booking not found when the e-mail does not match, and the same for an unknown reference', async () => {
    const { booking } = await book();
    const wrongEmail = await lookup(booking.reference, 'someone.else@example.com');
    expect(wrongEmail.status).toBe(404);
    expect(wrongEmail.body).toEqual({ message: 'Booking not found', code: 'not_found' });
    const unknown = await lookup('WL-ZZZZZZ', 'someone.else@example.com');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(wrongEmail.body);
  });

  it('answers 400 naming the field when the e-mail or reference is missing', async () => {
    const noEmail = await t.client().get('/api/bookings/lookup?reference=WL-ABCDEF');
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors).toEqual({ email: 'Valid email is required' });
    const noReference = await t.client().get('/api/bookings/lookup?email=a%40example.com');
    expect(noReference.status).toBe(400);
    expect(noReference.body.errors).toEqual({ reference: 'Booking reference is required' });
  });

  it('sends no banking details once the booking is paid', async () => {
    const { booking, guest } = await book();
    await t.db('bookings').where({ reference: booking.reference }).update({ payment_status: 'Paid', status: 'Confirmed', payment_verified: true });
    const res = await lookup(booking.reference, guest.email);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', bankDetails: null });
  });

  it('an entire-lodge booking answers its package name and no unit', async () => {
    const { typeId } = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [typeId], { weekdayRate: 10000, weekendRate: 10000 });
    const dates = stay(t.clock.now(), (offset += 4), 1);
    const guest = guestData(randomUUID().slice(0, 8));
    const created = await t.client().post('/api/bookings', {
      packageTypeId,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      paymentMethod: 'EFT',
      guestData: guest,
    });
    expect(created.status).toBe(201);
    const res = await lookup(created.body.reference, guest.email);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ unitName: null, accommodationTypeName: `Test package ${packageTypeId.slice(0, 8)}`, totalAmount: 10000 });
  });
});
