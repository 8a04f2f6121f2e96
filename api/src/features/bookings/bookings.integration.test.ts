import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { PROMO_MESSAGES } from '../../../../shared/domain/pricing.js';
import { isBookingReference } from '../../../../shared/domain/reference.js';
import { createGuestBooking } from './create-guest-booking.js';
import { countRows, createPackage, createTypeWithUnits, guestData, stay } from './test-fixtures.js';

const UNAVAILABLE = 'This accommodation is not available for the selected dates';
// Monday 2 March 2026, 10:00 at the lodge.
const NOW = '2026-03-02T08:00:00Z';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
});
afterAll(() => t?.close());

const now = () => t.clock.now();
const bookingCount = () => countRows(t.db, 'bookings');

function eftBody(unitId: string, dates: { checkIn: string; checkOut: string }, extra: Record<string, unknown> = {}) {
  return {
    unitId,
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    paymentMethod: 'EFT',
    specialRequests: 'Late arrival',
    guestData: guestData(randomUUID().slice(0, 8)),
    ...extra,
  };
}

describe('POST /api/bookings: a guest EFT booking', () => {
  it('creates a Provisional booking held for 48 hours, at the server price, and queues the banking-details e-mail', async () => {
    const { typeId, unitIds, name } = await createTypeWithUnits(t.db, { weekdayRate: 1000, weekendRate: 1500 });
    // Thursday to Sunday: Thu weekday, Fri and Sat weekend nights.
    const dates = { checkIn: '2026-04-02', checkOut: '2026-04-05' };
    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { guestData: guestData('first') }));
    expect(res.status).toBe(201);
    const booking = Booking.parse(res.body);
    expect(booking).toMatchObject({
      unitId: unitIds[0],
      accommodationTypeId: typeId,
      accommodationTypeName: name,
      status: 'Provisional',
      paymentStatus: 'Pending',
      paymentMethod: 'EFT',
      paymentVerified: false,
      totalAmount: 4000,
      discountAmount: 0,
      guestName: 'Thandi Guestfirst',
      guestEmail: 'thandi.guestfirst@example.com',
      specialRequests: 'Late arrival',
      isEntireLodgeChild: false,
      parentBookingId: null,
    });
    expect(isBookingReference(booking.reference)).toBe(true);
    expect(booking.holdExpiresAt).toBe(new Date(now().getTime() + 48 * 3_600_000).toISOString());

    const mail = await t.db('email_outbox').where({ booking_id: booking.id }).first();
    expect(mail.to_address).toBe('thandi.guestfirst@example.com');
    expect(mail.template).toBe('booking-received-eft');
    expect(mail.subject).toContain(booking.reference);
    expect(mail.text_body).toContain('62841057723');
    expect(mail.text_body).toContain('please pay R4,000 by EFT');
  });

  it('ignores the total and discount a guest sends: the stored total is the calculate-rate total', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db, { weekdayRate: 2345.5, weekendRate: 2999 });
    const dates = stay(now(), 40, 3);
    const rate = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, checkIn: dates.checkIn, checkOut: dates.checkOut });
    expect(rate.status).toBe(200);
    expect(rate.body.totalAmount).toBeGreaterThan(1);

    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { totalAmount: 1, discountAmount: 9999 }));
    expect(res.status).toBe(201);
    expect(res.body.totalAmount).toBe(rate.body.totalAmount);
    expect(res.body.discountAmount).toBe(0);
    const row = await t.db('bookings').where({ id: res.body.id }).first();
    expect(row.total_amount).toBe(rate.body.totalAmount.toFixed(2));
    expect(row.discount_amount).toBe('0.00');
  });

  it('books another free unit of the type when the requested one is taken, and 409 only when none is free', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 2 });
    const dates = stay(now(), 50, 2);
    const first = await t.client().post('/api/bookings', eftBody(unitIds[0], dates));
    expect(first.body.unitId).toBe(unitIds[0]);
    const second = await t.client().post('/api/bookings', eftBody(unitIds[0], dates));
    expect(second.status).toBe(201);
    expect(second.body.unitId).toBe(unitIds[1]);
    const before = await bookingCount();
    const third = await t.client().post('/api/bookings', eftBody(unitIds[0], dates));
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(UNAVAILABLE);
    expect(await bookingCount()).toBe(before);
    // The check-out day is free for the next check-in (half-open stays).
    const next = await t.client().post('/api/bookings', eftBody(unitIds[0], { checkIn: dates.checkOut, checkOut: stay(now(), 53, 1).checkOut }));
    expect(next.status).toBe(201);
    expect(next.body.unitId).toBe(unitIds[0]);
  });

  it('reuses the guest record of an e-mail address, whatever its case, with the latest names', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 2 });
    const dates = stay(now(), 60, 1);
    const a = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { guestData: { firstName: 'Sam', lastName: 'One', email: 'sam.repeat@example.com' } }));
    const b = await t.client().post('/api/bookings', eftBody(unitIds[1], dates, { guestData: { firstName: 'Samuel', lastName: 'One', email: 'SAM.Repeat@example.com' } }));
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.guestId).toBe(a.body.guestId);
    const guests = await t.db('guests').whereRaw('lower(email) = ?', ['sam.repeat@example.com']);
    expect(guests).toHaveLength(1);
    expect(guests[0].first_name).toBe('Samuel');
  });

  it('applies a promo code: discount, ledger row, one use counted', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db, { weekdayRate: 1000, weekendRate: 1000 });
    const dates = stay(now(), 70, 2);
    const before = await t.db('promo_codes').where({ code: 'SAFARI10' }).first();
    const rate = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, ...dates, promoCode: 'safari10' });
    expect(rate.body.breakdown.promoDiscount).toBe(200);
    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { promoCode: ' safari10 ' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ totalAmount: 1800, discountAmount: 200, promoCodeId: before.id });
    const after = await t.db('promo_codes').where({ id: before.id }).first();
    expect(after.used_count).toBe(before.used_count + 1);
    const ledger = await t.db('payment_transactions').where({ booking_id: res.body.id });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ type: 'discount', subtype: 'promo', amount: '-200.00', status: 'success' });
  });

  it.each([
    ['NOPE-CODE', PROMO_MESSAGES['not found']],
    ['EARLYBIRD15', PROMO_MESSAGES.expired],
    ['STAFF25', PROMO_MESSAGES.inactive],
  ])('refuses promo code %s with a clear message and creates nothing', async (code, message) => {
    const { unitIds } = await createTypeWithUnits(t.db);
    const before = await bookingCount();
    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], stay(now(), 75, 2), { promoCode: code }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
    expect(await bookingCount()).toBe(before);
  });

  it('refuses EFT with a clear message when the lodge has switched EFT off', async () => {
    const { unitIds } = await createTypeWithUnits(t.db);
    await t.db('settings').where({ id: 1 }).update({ allow_eft_payments: false });
    try {
      const before = await bookingCount();
      const res = await t.client().post('/api/bookings', eftBody(unitIds[0], stay(now(), 80, 2)));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('EFT payments are not available at the moment. Please pay by card.');
      expect(await bookingCount()).toBe(before);
    } finally {
      await t.db('settings').where({ id: 1 }).update({ allow_eft_payments: true });
    }
  });

  it('refuses more guests than the accommodation sleeps', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { capacity: 2, name: 'Small Tent' });
    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], stay(now(), 82, 2), { numberOfGuests: 3 }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Small Tent sleeps at most 2 guests');
  });

  it('refuses a shorter stay than the minimum with the minimum in the message', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db);
    const dates = stay(now(), 84, 2);
    await t.db('rate_overrides').insert({ accommodation_type_id: typeId, start_date: dates.checkIn, end_date: dates.checkIn, min_length_of_stay: 3 });
    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], dates));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Minimum stay for these dates is 3 nights');
  });

  it('refuses a check-in before today (at the lodge) naming checkInDate', async () => {
    const { unitIds } = await createTypeWithUnits(t.db);
    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], stay(now(), -1, 2)));
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('checkInDate');
  });

  it('sends card bookings to the payment window (400 naming paymentMethod)', async () => {
    const { unitIds } = await createTypeWithUnits(t.db);
    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], stay(now(), 85, 2), { paymentMethod: 'Card' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('paymentMethod');
  });

  it('answers 400 naming the field for a unit or package that does not exist', async () => {
    const before = await bookingCount();
    const unit = await t.client().post('/api/bookings', eftBody(randomUUID(), stay(now(), 86, 2)));
    expect(unit.status).toBe(400);
    expect(unit.body.errors).toHaveProperty('unitId');
    const { unitId: _u, ...body } = eftBody(randomUUID(), stay(now(), 86, 2));
    const pkg = await t.client().post('/api/bookings', { ...body, packageTypeId: randomUUID() });
    expect(pkg.status).toBe(400);
    expect(pkg.body.errors).toHaveProperty('packageTypeId');
    expect(await bookingCount()).toBe(before);
  });
});

describe('createGuestBooking for card payments (used by the payments feature)', () => {
  it('charges the card total and records the promo and card discounts in the ledger', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { weekdayRate: 1234.56, weekendRate: 1234.56 });
    const dates = stay(now(), 90, 2);
    const holdExpiresAt = new Date(now().getTime() + 30 * 60_000);
    const { booking, quote } = await createGuestBooking(
      t.deps,
      {
        target: { kind: 'unit', unitId: unitIds[0] },
        checkInDate: dates.checkIn,
        checkOutDate: dates.checkOut,
        numberOfGuests: 2,
        guest: guestData('card'),
        paymentMethod: 'Card',
        promoCode: 'WELCOME500',
      },
      { holdExpiresAt, paystackReference: 'WL-TEST-card-1' },
    );
    // 2469.12 - 500 promo = 1969.12; less 5 % = 1870.66 -> R1871 whole rand.
    expect(quote.totalCents).toBe(196912);
    expect(quote.cardTotalCents).toBe(187100);
    expect(booking).toMatchObject({
      totalAmount: 1871,
      discountAmount: 500 + 98.12,
      paymentMethod: 'Card',
      paystackReference: 'WL-TEST-card-1',
      holdExpiresAt: holdExpiresAt.toISOString(),
      status: 'Provisional',
    });
    const ledger = await t.db('payment_transactions').where({ booking_id: booking.id }).orderBy('subtype');
    expect(ledger.map((l) => [l.subtype, l.amount])).toEqual([
      ['card_discount', '-98.12'],
      ['promo', '-500.00'],
    ]);
    // No "received" mail for a card booking unless asked for.
    expect(await t.db('email_outbox').where({ booking_id: booking.id })).toHaveLength(0);
  });
});

describe('race safety', () => {
  it('30 concurrent bookings for the last free unit: exactly one wins, the others get 409', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 3 });
    const dates = stay(now(), 120, 3);
    // Two of the three units are taken: one free unit is left for these nights.
    for (const unitId of unitIds.slice(1)) {
      expect((await t.client().post('/api/bookings', eftBody(unitId, dates))).status).toBe(201);
    }
    const before = await bookingCount();
    const results = await Promise.all(Array.from({ length: 30 }, () => t.client().post('/api/bookings', eftBody(unitIds[1], dates))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(UNAVAILABLE);
    expect(results.find((r) => r.status === 201)!.body.unitId).toBe(unitIds[0]);
    expect(await bookingCount()).toBe(before + 1);
    const live = await t.db('bookings').whereIn('unit_id', unitIds).whereNot('status', 'Cancelled');
    expect(live).toHaveLength(3);
  });

  it('a promo code with one use left, used by 10 concurrent bookings, is used once', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 10 });
    const [promo] = await t
      .db('promo_codes')
      .insert({ code: 'LASTONE', discount_type: 'Percentage', discount_value: '10.00', expiry_date: '2027-01-01', max_uses: 3, used_count: 2 })
      .returning('*');
    const dates = stay(now(), 130, 2);
    const results = await Promise.all(unitIds.map((unitId) => t.client().post('/api/bookings', eftBody(unitId, dates, { promoCode: 'LASTONE' }))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.message).toBe(PROMO_MESSAGES['used up']);
    const after = await t.db('promo_codes').where({ id: promo.id }).first();
    expect(after.used_count).toBe(3);
    const withPromo = await t.db('bookings').where({ promo_code_id: promo.id });
    expect(withPromo).toHaveLength(1);
  });
});

describe('entire lodge', () => {
  it('books a parent holding the amount and one child per active unit, blocking every unit', async () => {
    const a = await createTypeWithUnits(t.db, { units: 2, capacity: 2 });
    const b = await createTypeWithUnits(t.db, { units: 1, capacity: 4 });
    await t.db('units').insert({ accommodation_type_id: b.typeId, name: 'Closed for repairs', is_active: false });
    const packageTypeId = await createPackage(t.db, [a.typeId, b.typeId], { weekdayRate: 10000, weekendRate: 12000, capacity: 8 });
    const dates = { checkIn: '2026-05-11', checkOut: '2026-05-13' }; // Mon-Wed: two weekday nights

    const avail = await t.client().post('/api/package-availability', { ...dates, packageTypeId });
    expect(avail.body).toMatchObject({ available: true, availableUnits: 3, totalUnits: 3 });

    const { unitId: _u, ...body } = eftBody('', dates);
    const res = await t.client().post('/api/bookings', { ...body, packageTypeId, numberOfGuests: 6 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unitId: null, accommodationTypeId: packageTypeId, totalAmount: 20000, isEntireLodgeChild: false });

    const children = await t.db('bookings').where({ parent_booking_id: res.body.id }).orderBy('reference');
    expect(children).toHaveLength(3);
    expect(new Set(children.map((c) => c.unit_id))).toEqual(new Set([...a.unitIds, ...b.unitIds]));
    for (const c of children) {
      expect(c).toMatchObject({ is_entire_lodge_child: true, total_amount: '0.00', status: 'Provisional', check_in_date: dates.checkIn });
      expect(c.reference.startsWith(`${res.body.reference}-`)).toBe(true);
    }
    expect(children.reduce((sum, c) => sum + c.number_of_guests, 0)).toBe(6);

    for (const typeId of [a.typeId, b.typeId]) {
      const r = await t.client().post('/api/availability', { ...dates, accommodationTypeId: typeId });
      expect(r.body).toMatchObject({ available: false, availableUnits: 0 });
    }
    const unit = await t.client().post('/api/bookings', eftBody(a.unitIds[0], dates));
    expect(unit.status).toBe(409);
    const again = await t.client().post('/api/package-availability', { ...dates, packageTypeId });
    expect(again.body.available).toBe(false);
  });

  it('refuses the whole package when any one unit is taken, creating nothing', async () => {
    const a = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const dates = stay(now(), 140, 2);
    expect((await t.client().post('/api/bookings', eftBody(a.unitIds[1], dates))).status).toBe(201);
    const before = await bookingCount();
    const { unitId: _u, ...body } = eftBody('', dates);
    const res = await t.client().post('/api/bookings', { ...body, packageTypeId });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(UNAVAILABLE);
    expect(await bookingCount()).toBe(before);
  });
});

describe('bad input changes nothing', () => {
  const valid = () => eftBody(randomUUID(), { checkIn: '2026-06-01', checkOut: '2026-06-03' });
  it.each([
    ['missing checkInDate', { checkInDate: undefined }, 'checkInDate'],
    ['check-out before check-in', { checkInDate: '2026-06-05', checkOutDate: '2026-06-03' }, 'checkOutDate'],
    ['check-out equal to check-in', { checkOutDate: '2026-06-01' }, 'checkOutDate'],
    ['an impossible date', { checkInDate: '2026-02-30' }, 'checkInDate'],
    ['a date as a number', { checkOutDate: 20260603 }, 'checkOutDate'],
    ['unitId that is not an id', { unitId: 'abc' }, 'unitId'],
    ['no unit and no package', { unitId: undefined }, 'unitId'],
    ['missing guestData', { guestData: undefined }, 'guestData'],
    ['a bad e-mail', { guestData: { ...guestData(), email: 'nope' } }, 'guestData.email'],
    ['an empty first name', { guestData: { ...guestData(), firstName: ' ' } }, 'guestData.firstName'],
    ['guests as text', { numberOfGuests: '2' }, 'numberOfGuests'],
    ['too many guests', { numberOfGuests: 9 }, 'numberOfGuests'],
    ['an unknown payment method', { paymentMethod: 'Bitcoin' }, 'paymentMethod'],
    ['a negative total', { totalAmount: -5 }, 'totalAmount'],
    ['a promo code too long', { promoCode: 'X'.repeat(51) }, 'promoCode'],
  ])('%s: 400 naming %s', async (_label, change, field) => {
    const before = await bookingCount();
    const res = await t.client().post('/api/bookings', { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
    expect(res.body.message).toContain(field);
    expect(await bookingCount()).toBe(before);
  });
});
