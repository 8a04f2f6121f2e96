import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { syncWatermarkSettled } from '../../../test/sync-watermark.js';
import { SyncPullResponse } from '../../../../shared/contracts/sync.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { startPaystackDouble } from '../../../../e2e/doubles/paystack-double.js';
import { createPaystackClient } from '../../adapters/paystack.js';
import { countRows, createPackage, createTypeWithUnits, guestData, stay } from './test-fixtures.js';

/**
 * Group bookings: several units of one type in one booking (a parent holding the guest and
 * the money, one child per unit), priced per unit times the units, the party bounded by the
 * type's capacity times the units. Rates are the same on weekdays and weekends here, so
 * every total is exact whatever day the frozen clock puts the stay on.
 */

// Monday 2 March 2026, 10:00 at the lodge.
const NOW = '2026-03-02T08:00:00Z';
const UNAVAILABLE = 'This accommodation is not available for the selected dates';

let t: TestContext;
let manager: TestClient;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  manager = await t.loginAs('manager');
});
afterAll(() => t?.close());

const now = () => t.clock.now();

function eftBody(unitId: string, dates: { checkIn: string; checkOut: string }, extra: Record<string, unknown> = {}) {
  return {
    unitId,
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    paymentMethod: 'EFT',
    guestData: guestData(randomUUID().slice(0, 8)),
    ...extra,
  };
}

const flatType = (opts: { units?: number; capacity?: number } = {}) =>
  createTypeWithUnits(t.db, { weekdayRate: 1000, weekendRate: 1000, units: opts.units ?? 3, capacity: opts.capacity ?? 2 });

describe('POST /api/calculate-rate with unitCount', () => {
  it('prices two units at twice one unit, the breakdown naming the unit count; without unitCount the answer is as before', async () => {
    const { typeId } = await flatType();
    const dates = stay(now(), 30, 3);
    const one = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, checkIn: dates.checkIn, checkOut: dates.checkOut });
    expect(one.status).toBe(200);
    // The answer without unitCount, exactly (no unitCount key anywhere).
    expect(one.body).toEqual({
      totalAmount: 3000,
      cardTotal: 2850,
      amountDue: 3000,
      breakdown: {
        nights: [0, 1, 2].map(() => ({ date: expect.any(String), kind: expect.any(String), rate: 1000 })),
        nightCount: 3,
        subtotal: 3000,
        promoDiscount: 0,
        cardDiscount: 150,
        totalAmount: 3000,
        cardTotal: 2850,
        minimumStay: 1,
      },
    });
    expect(JSON.stringify(one.body)).not.toContain('unitCount');

    const two = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, ...dates, unitCount: 2 });
    expect(two.status).toBe(200);
    expect(two.body).toMatchObject({
      totalAmount: 6000,
      cardTotal: 5700,
      amountDue: 6000,
      breakdown: { nightCount: 3, subtotal: 6000, promoDiscount: 0, cardDiscount: 300, totalAmount: 6000, cardTotal: 5700, unitCount: 2 },
    });
    expect(two.body.breakdown.nights.map((n: { rate: number }) => n.rate)).toEqual([1000, 1000, 1000]);
  });

  it('applies a fixed promo once, on the total of all units', async () => {
    const { typeId } = await flatType();
    await t.db('promo_codes').insert({ code: 'GROUP500', discount_type: 'Fixed', discount_value: '500.00', expiry_date: '2099-01-01' });
    const dates = stay(now(), 31, 2);
    const res = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, ...dates, unitCount: 3, promoCode: 'GROUP500' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalAmount: 5500, breakdown: { subtotal: 6000, promoDiscount: 500, unitCount: 3 } });
  });

  it('refuses more units than the type has, unitCount on the entire lodge, and a bad unitCount: 400 naming unitCount', async () => {
    const { typeId } = await flatType({ units: 2 });
    const packageTypeId = await createPackage(t.db, [typeId]);
    const dates = stay(now(), 32, 2);
    const tooMany = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, ...dates, unitCount: 3 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ unitCount: 'Number of units must be between 1 and 2' });
    const lodge = await t.client().post('/api/calculate-rate', { accommodationTypeId: packageTypeId, ...dates, unitCount: 2 });
    expect(lodge.status).toBe(400);
    expect(lodge.body.errors).toEqual({ unitCount: 'The entire lodge is booked as a whole: the number of units must be 1' });
    for (const unitCount of [0, 21, 1.5, '2']) {
      const bad = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, ...dates, unitCount });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ unitCount: 'Number of units must be between 1 and 20' });
    }
  });
});

describe('POST /api/bookings with unitCount', () => {
  it('books a parent with the money and one child per unit, on distinct units of the type', async () => {
    const { typeId, unitIds } = await flatType({ units: 3, capacity: 2 });
    const dates = stay(now(), 40, 3);
    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 2, numberOfGuests: 3 }));
    expect(res.status).toBe(201);
    const booking = Booking.parse(res.body);
    expect(booking).toMatchObject({
      unitId: null,
      unitName: null,
      accommodationTypeId: typeId,
      unitCount: 2,
      numberOfGuests: 3,
      totalAmount: 6000,
      status: 'Provisional',
      isEntireLodgeChild: false,
      parentBookingId: null,
    });
    const children = await t.db('bookings').where({ parent_booking_id: booking.id }).orderBy('reference');
    expect(children).toHaveLength(2);
    expect(new Set(children.map((c) => c.unit_id)).size).toBe(2);
    for (const c of children) expect(unitIds).toContain(c.unit_id);
    expect(children.map((c) => [c.reference, c.is_entire_lodge_child, c.total_amount, c.number_of_guests, c.status, c.accommodation_type_id])).toEqual([
      [`${booking.reference}-01`, true, '0.00', 2, 'Provisional', typeId],
      [`${booking.reference}-02`, true, '0.00', 1, 'Provisional', typeId],
    ]);
    // The units are taken: one of the three is left for these dates.
    const avail = await t.client().post('/api/availability', { ...dates, accommodationTypeId: typeId });
    expect(avail.body).toEqual({ available: true, availableUnits: 1, totalUnits: 3 });
  });

  it('accepts a party up to the capacity times the units and refuses one more with 400 naming numberOfGuests, writing nothing', async () => {
    const { unitIds } = await flatType({ units: 2, capacity: 2 });
    const dates = stay(now(), 45, 2);
    const before = await countRows(t.db, 'bookings');
    const over = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 2, numberOfGuests: 5 }));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      message: 'numberOfGuests: Number of guests must be between 1 and 4',
      errors: { numberOfGuests: 'Number of guests must be between 1 and 4' },
    });
    expect(await countRows(t.db, 'bookings')).toBe(before);
    const full = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 2, numberOfGuests: 4 }));
    expect(full.status).toBe(201);
    expect(full.body.numberOfGuests).toBe(4);
    expect(await countRows(t.db, 'bookings')).toBe(before + 3);
  });

  it('one unit keeps the 1 to 8 range: 9 guests without unitCount is the same 400 as before', async () => {
    const { unitIds } = await flatType({ units: 2, capacity: 10 });
    const res = await t.client().post('/api/bookings', eftBody(unitIds[0], stay(now(), 46, 2), { numberOfGuests: 9 }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ numberOfGuests: 'Number of guests must be between 1 and 8' });
  });

  it('with too few units free: 409 naming how many are free, nothing written', async () => {
    const { unitIds } = await flatType({ units: 3 });
    const dates = stay(now(), 50, 2);
    expect((await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 2 }))).status).toBe(201);
    const before = await countRows(t.db, 'bookings');
    const two = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 2 }));
    expect(two.status).toBe(409);
    expect(two.body).toMatchObject({ message: 'Only 1 unit is available for the selected dates', availableUnits: 1 });
    expect((await t.client().post('/api/bookings', eftBody(unitIds[0], dates))).status).toBe(201);
    const none = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 2 }));
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(UNAVAILABLE);
    expect(await countRows(t.db, 'bookings')).toBe(before + 1);
  });

  it('unitCount on the entire lodge is a 400 naming unitCount', async () => {
    const a = await flatType({ units: 2 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const { unitId: _u, ...body } = eftBody('', stay(now(), 55, 2));
    const res = await t.client().post('/api/bookings', { ...body, packageTypeId, unitCount: 2 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ unitCount: 'The entire lodge is booked as a whole: the number of units must be 1' });
  });

  it('the entire lodge takes a party up to its capacity (more than 8), and refuses one more', async () => {
    const a = await flatType({ units: 3, capacity: 4 });
    const packageTypeId = await createPackage(t.db, [a.typeId], { capacity: 12 });
    const dates = stay(now(), 60, 2);
    const { unitId: _u, ...body } = eftBody('', dates);
    const over = await t.client().post('/api/bookings', { ...body, packageTypeId, numberOfGuests: 13 });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ numberOfGuests: expect.stringMatching(/sleeps at most 12 guests$/) });
    const full = await t.client().post('/api/bookings', { ...body, packageTypeId, numberOfGuests: 12 });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ numberOfGuests: 12, unitId: null });
    expect(full.body).not.toHaveProperty('unitCount');
  });

  it('two group bookings racing for the same units: one wins, the other gets 409, no unit is booked twice', async () => {
    const { unitIds } = await flatType({ units: 4 });
    const dates = stay(now(), 70, 2);
    const results = await Promise.all([0, 1].map(() => t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 3 }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('Only 1 unit is available for the selected dates');
    const live = await t.db('bookings').whereIn('unit_id', unitIds).whereNot('status', 'Cancelled');
    expect(live).toHaveLength(3);
    expect(new Set(live.map((b) => b.unit_id)).size).toBe(3);
  });

  it('cancelling the parent cancels its units and frees them', async () => {
    const { unitIds } = await flatType({ units: 2 });
    const dates = stay(now(), 80, 2);
    const first = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 2 }));
    expect(first.status).toBe(201);
    expect((await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 2 }))).status).toBe(409);
    const cancelled = await manager.put(`/api/admin/bookings/${first.body.id}`, { status: 'Cancelled' });
    expect(cancelled.status).toBe(200);
    const children = await t.db('bookings').where({ parent_booking_id: first.body.id });
    expect(children.map((c) => c.status)).toEqual(['Cancelled', 'Cancelled']);
    const again = await t.client().post('/api/bookings', eftBody(unitIds[0], dates, { unitCount: 2 }));
    expect(again.status).toBe(201);
  });
});

describe('group bookings at the desk', () => {
  it('checking the parent in checks its units in; the sync pull carries the parent with its count and its children', async () => {
    const { unitIds } = await flatType({ units: 2 });
    const dates = stay(now(), 0, 2);
    const res = await t.client().post('/api/bookings', eftBody(unitIds[1], dates, { unitCount: 2 }));
    expect(res.status).toBe(201);
    const inHouse = await manager.put(`/api/admin/bookings/${res.body.id}`, { status: 'Checked-In' });
    expect(inHouse.status).toBe(200);
    const children = await t.db('bookings').where({ parent_booking_id: res.body.id });
    expect(children.map((c) => c.status)).toEqual(['Checked-In', 'Checked-In']);

    // Every page of a first pull, once the check-in is below the pull's watermark.
    await syncWatermarkSettled(t.db);
    const all: Booking[] = [];
    let page: SyncPullResponse | undefined;
    do {
      const since = page ? `&since=${encodeURIComponent(page.cursor)}` : '';
      const pull = await manager.get(`/api/sync/pull?limit=2000${since}`);
      expect(pull.status).toBe(200);
      page = SyncPullResponse.parse(pull.body);
      all.push(...page.changes.bookings);
    } while (page.hasMore);
    const pulled = all.filter((b) => b.id === res.body.id || b.parentBookingId === res.body.id);
    expect(pulled.find((b) => b.id === res.body.id)).toMatchObject({ unitId: null, unitCount: 2, status: 'Checked-In' });
    expect(pulled.filter((b) => b.parentBookingId === res.body.id).map((b) => [b.isEntireLodgeChild, b.status])).toEqual([
      [true, 'Checked-In'],
      [true, 'Checked-In'],
    ]);
  });

  it('staff book a group from a unit they chose: that unit and another of its type', async () => {
    const { unitIds } = await flatType({ units: 3 });
    const dates = stay(now(), 90, 2);
    const res = await manager.post('/api/admin/bookings', {
      unitId: unitIds[2],
      unitCount: 2,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      numberOfGuests: 4,
      totalAmount: 4000,
      paymentMethod: 'EFT',
      paymentStatus: 'Pending',
      guestData: guestData('staffgroup'),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unitId: null, unitCount: 2, totalAmount: 4000 });
    const children = await t.db('bookings').where({ parent_booking_id: res.body.id }).orderBy('reference');
    expect(children.map((c) => c.unit_id)).toContain(unitIds[2]);
    expect(new Set(children.map((c) => c.unit_id)).size).toBe(2);
  });
});

describe('POST /api/payments/initialize with unitCount', () => {
  it('holds two units under one card booking and charges the card total of both', async () => {
    const paystack = await startPaystackDouble();
    try {
      await t.db('settings').where({ id: 1 }).update({ paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey });
      t.deps.paystack = (secretKey: string) => createPaystackClient({ baseUrl: paystack.url, secretKey, timeoutMs: 2000 });
      const { unitIds } = await flatType({ units: 3 });
      const dates = stay(now(), 100, 2);
      const res = await t.client().post('/api/payments/initialize', {
        bookingData: { unitId: unitIds[0], checkInDate: dates.checkIn, checkOutDate: dates.checkOut, numberOfGuests: 4, unitCount: 2 },
        guestData: guestData('card-group'),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // 2 units x 2 nights x R1000 = R4000, less the 5% card discount.
      expect(res.body.amount).toBe(3800);
      expect(paystack.transactions.get(res.body.reference)?.amount).toBe(380000);
      const parent = await t.db('bookings').where({ id: res.body.bookingId }).first();
      expect(parent).toMatchObject({ unit_id: null, group_unit_count: 2, total_amount: '3800.00', payment_method: 'Card' });
      const children = await t.db('bookings').where({ parent_booking_id: res.body.bookingId });
      expect(new Set(children.map((c) => c.unit_id)).size).toBe(2);
    } finally {
      await paystack.close();
    }
  });
});
