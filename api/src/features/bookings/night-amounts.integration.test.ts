import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { createGuestBooking } from './create-guest-booking.js';
import { createPackage, createTypeWithUnits, guestData } from './test-fixtures.js';

/**
 * Every path that creates a booking keeps each night's accommodation price as quoted
 * (bookings.night_amounts, cents): a guest's EFT and card bookings, the entire lodge, a group,
 * the desk's booking, the back office's package booking, a per person type's party, and a
 * staff booking below the minimum stay at a staff total (its nights priced by the rates as
 * they stand). The units of an entire-lodge or group booking keep none: the money is the
 * parent's.
 */

// Monday 2 March 2026, 10:00 at the lodge. The stays below start on Wednesday 4 March: nights
// Wed, Thu (weekday), Fri, Sat (weekend), so a 1,500 / 1,800 type's nights are 1,500, 1,500,
// 1,800, 1,800.
const NOW = '2026-03-02T08:00:00Z';
let t: TestContext;
let manager: TestClient;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  manager = await t.loginAs('manager');
});
afterAll(() => t?.close());

const wednesday = () => addDays(todayInLodge(t.clock.now()), 2);
const fourNights = (weeksOn: number) => ({ checkInDate: addDays(wednesday(), 7 * weeksOn), checkOutDate: addDays(wednesday(), 7 * weeksOn + 4) });
const WEEK = [150000, 150000, 180000, 180000];

const stored = async (id: string) => (await t.db('bookings').where({ id }).first('night_amounts')).night_amounts;
const children = async (id: string) => (await t.db('bookings').where({ parent_booking_id: id }).select('night_amounts')).map((r) => r.night_amounts);

const flatType = (units = 1) => createTypeWithUnits(t.db, { weekdayRate: 1500, weekendRate: 1800, units });

describe('night amounts kept with each new booking', () => {
  it("a guest's EFT booking of a unit", async () => {
    const { unitIds } = await flatType();
    const res = await t.client().post('/api/bookings', { unitId: unitIds[0], ...fourNights(1), paymentMethod: 'EFT', guestData: guestData(randomUUID().slice(0, 8)) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.totalAmount).toBe(6600);
    expect(await stored(res.body.id)).toEqual(WEEK);
  });

  it("a guest's card booking (the payments feature's path): the nights as quoted, not the card total", async () => {
    const { unitIds } = await flatType();
    const { booking } = await createGuestBooking(
      t.deps,
      { target: { kind: 'unit', unitId: unitIds[0] }, ...fourNights(2), numberOfGuests: 2, guest: guestData('night-card'), paymentMethod: 'Card' },
      { holdExpiresAt: new Date(t.clock.now().getTime() + 30 * 60_000), paystackReference: 'WL-NIGHTS-1' },
    );
    // The demo's 5 % card discount: 6,600 less 330.
    expect(booking.totalAmount).toBe(6270);
    expect(await stored(booking.id)).toEqual(WEEK);
  });

  it("a guest's entire-lodge booking: the package's nights on the parent, none on the units", async () => {
    const a = await flatType(2);
    const packageTypeId = await createPackage(t.db, [a.typeId], { weekdayRate: 10000, weekendRate: 12000 });
    const res = await t.client().post('/api/bookings', { packageTypeId, ...fourNights(3), paymentMethod: 'EFT', guestData: guestData('night-lodge') });
    expect(res.status, res.text).toBe(201);
    expect(await stored(res.body.id)).toEqual([1000000, 1000000, 1200000, 1200000]);
    expect(await children(res.body.id)).toEqual([null, null]);
  });

  it("a guest's group of two units: one unit's nights on the parent (the total is twice them), none on the units", async () => {
    const { unitIds } = await flatType(2);
    const res = await t.client().post('/api/bookings', { unitId: unitIds[0], unitCount: 2, numberOfGuests: 4, ...fourNights(4), paymentMethod: 'EFT', guestData: guestData('night-group') });
    expect(res.status, res.text).toBe(201);
    expect(res.body.totalAmount).toBe(13200);
    expect(await stored(res.body.id)).toEqual(WEEK);
    expect(await children(res.body.id)).toEqual([null, null]);
  });

  it('the desk books a unit at a total of its own: the nights as quoted all the same', async () => {
    const { unitIds } = await flatType();
    const res = await manager.post('/api/admin/bookings', { unitId: unitIds[0], ...fourNights(5), totalAmount: 6000, paymentMethod: 'Cash', paymentStatus: 'Paid', guestData: guestData('night-desk') });
    expect(res.status, res.text).toBe(201);
    expect(await stored(res.body.id)).toEqual(WEEK);
  });

  it('the desk books a group, and the back office the entire lodge', async () => {
    const { unitIds, typeId } = await flatType(2);
    const group = await manager.post('/api/admin/bookings', { unitId: unitIds[0], unitCount: 2, numberOfGuests: 4, ...fourNights(6), totalAmount: 13200, paymentMethod: 'Cash', paymentStatus: 'Paid', guestData: guestData('night-desk-group') });
    expect(group.status, group.text).toBe(201);
    expect(await stored(group.body.id)).toEqual(WEEK);
    expect(await children(group.body.id)).toEqual([null, null]);

    const packageTypeId = await createPackage(t.db, [typeId], { weekdayRate: 10000, weekendRate: 12000 });
    const lodge = await manager.post('/api/bookings', { accommodationTypeId: packageTypeId, isPackageBooking: true, ...fourNights(7), paymentMethod: 'EFT', paymentStatus: 'Paid', guestData: guestData('night-desk-lodge') });
    expect(lodge.status, lodge.text).toBe(201);
    expect(await stored(lodge.body.id)).toEqual([1000000, 1000000, 1200000, 1200000]);
    expect(await children(lodge.body.id)).toEqual([null, null]);
  });

  it("a per person type: the party's price of each night", async () => {
    const type = await manager.post('/api/admin/accommodations', {
      name: `Per person ${randomUUID().slice(0, 6)}`,
      capacity: 4,
      baseWeekdayRate: 4200,
      baseWeekendRate: 4800,
      pricingModel: 'per_person_sharing',
      singleSupplementPercent: 0,
      childPolicy: [{ fromAge: 6, toAge: 11, percentOfAdult: 50 }],
    });
    expect(type.status, type.text).toBe(201);
    const unit = await manager.post('/api/admin/units', { accommodationTypeId: type.body.id, name: `Suite ${randomUUID().slice(0, 6)}` });
    expect(unit.status, unit.text).toBe(201);
    const res = await t.client().post('/api/bookings', { unitId: unit.body.id, adults: 2, childAges: [8], ...fourNights(8), paymentMethod: 'EFT', guestData: guestData('night-pps') });
    expect(res.status, res.text).toBe(201);
    // Two adults and a child at half: 2 x 4,200 + 2,100 = 10,500 a weekday night; 2 x 4,800 + 2,400 = 12,000 a weekend one.
    expect(await stored(res.body.id)).toEqual([1050000, 1050000, 1200000, 1200000]);
    expect(res.body.totalAmount).toBe(45000);
  });

  it('the desk books below the minimum stay at its own total: the nights priced by the rates as they stand', async () => {
    const { typeId, unitIds } = await flatType();
    const stay = fourNights(9);
    await t.db('rate_overrides').insert({ accommodation_type_id: typeId, start_date: stay.checkInDate, end_date: addDays(stay.checkInDate, 1), weekday_rate: '1400.00', weekend_rate: null, min_length_of_stay: 3 });
    const twoNights = { checkInDate: stay.checkInDate, checkOutDate: addDays(stay.checkInDate, 2) };
    const res = await manager.post('/api/admin/bookings', { unitId: unitIds[0], ...twoNights, totalAmount: 2500, paymentMethod: 'Cash', paymentStatus: 'Paid', guestData: guestData('night-min') });
    expect(res.status, res.text).toBe(201);
    // No quote behind it (shorter than the override's minimum of 3): the audit says so.
    const override = await t.db('audit_log').where({ entity_id: res.body.id, action: 'booking.total_override' }).first();
    expect(override.note).toBe('Booked below the minimum stay at a staff total');
    // The override's weekday 1,400 on both nights (Wednesday and Thursday).
    expect(await stored(res.body.id)).toEqual([140000, 140000]);
  });
});
