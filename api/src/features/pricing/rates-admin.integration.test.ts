import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let guest: TestClient;
let typeId: string;
let eventId: string;
let start: string;

const count = async (table: string) => Number((await t.db(table).count('* as n'))[0].n);

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
  guest = await t.loginAs('guest');
  const type = await manager.post('/api/admin/accommodations', { name: 'Rate Test', capacity: 2, baseWeekdayRate: 1000, baseWeekendRate: 1000 });
  typeId = type.body.id;
  const event = await manager.post('/api/admin/events', { name: 'Rate Event', eventDate: addDays(todayInLodge(new Date()), 65) });
  eventId = event.body.id;
  start = addDays(todayInLodge(new Date()), 60);
});
afterAll(() => t?.close());

describe('rate overrides', () => {
  it('an override with weekday and weekend rates changes /api/calculate-rate for its nights; linked to an event', async () => {
    const quote = () => t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, checkIn: start, checkOut: addDays(start, 7) });
    expect((await quote()).body.totalAmount).toBe(7000);

    const res = await manager.post('/api/admin/rate-overrides', {
      accommodationTypeId: typeId,
      startDate: start,
      endDate: addDays(start, 9),
      weekdayRate: 1500,
      weekendRate: '2000',
      minLengthOfStay: 2,
      eventId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      accommodationTypeId: typeId,
      accommodationTypeName: 'Rate Test',
      startDate: start,
      endDate: addDays(start, 9),
      weekdayRate: 1500,
      weekendRate: 2000,
      minLengthOfStay: 2,
      eventId,
    });
    // Any 7 nights in a row hold 2 weekend nights.
    expect((await quote()).body.totalAmount).toBe(5 * 1500 + 2 * 2000);

    const upd = await manager.put(`/api/admin/rate-overrides/${res.body.id}`, { ...res.body, weekdayRate: '', eventId: null, version: res.body.version });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ weekdayRate: null, weekendRate: 2000, eventId: null });
    expect((await quote()).body.totalAmount).toBe(5 * 1000 + 2 * 2000);

    const listed = await manager.get('/api/admin/rate-overrides');
    expect(listed.body.find((o: { id: string }) => o.id === res.body.id)).toMatchObject({ weekendRate: 2000 });

    expect((await manager.delete(`/api/admin/rate-overrides/${res.body.id}`)).status).toBe(200);
    expect((await quote()).body.totalAmount).toBe(7000);
    const actions = (await t.db('audit_log').where({ entity_id: res.body.id }).orderBy('id')).map((r) => r.action);
    expect(actions).toEqual(['rate_override.create', 'rate_override.update', 'rate_override.delete']);
  });

  it('bad input: 400 naming the field with the spec messages, nothing stored', async () => {
    const before = await count('rate_overrides');
    const good = { accommodationTypeId: typeId, startDate: start, endDate: start };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, accommodationTypeId: '' }, 'accommodationTypeId', 'Accommodation type is required'],
      [{ ...good, startDate: '' }, 'startDate', 'Start date is required'],
      [{ ...good, endDate: undefined }, 'endDate', 'End date is required'],
      [{ ...good, weekdayRate: -5 }, 'weekdayRate', 'Rate must be positive'],
      [{ ...good, minLengthOfStay: 0 }, 'minLengthOfStay', 'Minimum stay must be at least 1'],
      [{ ...good, accommodationTypeId: '00000000-0000-4000-8000-000000000000' }, 'accommodationTypeId', 'Accommodation type not found'],
      [{ ...good, eventId: '00000000-0000-4000-8000-000000000000' }, 'eventId', 'Event not found'],
    ];
    for (const [body, field, message] of cases) {
      const res = await manager.post('/api/admin/rate-overrides', body);
      expect(res.status, field).toBe(400);
      expect(res.body.errors).toEqual({ [field]: message });
    }
    expect(await count('rate_overrides')).toBe(before);
  });
});

describe('promo codes', () => {
  it('creates a code, returns usedCount, refuses a duplicate (any case) and a maxUses below the uses made', async () => {
    const expiry = addDays(todayInLodge(new Date()), 30);
    const res = await manager.post('/api/admin/promo-codes', { code: ' Winter10 ', discountType: 'Percentage', discountValue: 10, expiryDate: expiry, maxUses: '5' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      code: 'Winter10',
      discountType: 'Percentage',
      discountValue: 10,
      expiryDate: expiry,
      applicableToAccommodation: true,
      applicableToEvents: true,
      maxUses: 5,
      usedCount: 0,
      isActive: true,
    });
    const dup = await manager.post('/api/admin/promo-codes', { code: 'WINTER10', discountType: 'Fixed', discountValue: 100, expiryDate: expiry });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual({ code: 'A promo code with this code already exists' });

    await t.db('promo_codes').where({ id: res.body.id }).update({ used_count: 3 });
    const listed = await manager.get('/api/admin/promo-codes');
    const current = listed.body.find((p: { id: string }) => p.id === res.body.id);
    expect(current.usedCount).toBe(3);
    // The edit form sends the version it showed: the one before the uses is stale now.
    const stale = await manager.put(`/api/admin/promo-codes/${res.body.id}`, { ...res.body, maxUses: 4 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ usedCount: 3, maxUses: 5 });
    const low = await manager.put(`/api/admin/promo-codes/${res.body.id}`, { ...current, maxUses: 2 });
    expect(low.status).toBe(400);
    expect(low.body.errors).toEqual({ maxUses: 'Max uses cannot be below the 3 use(s) already made' });

    const upd = await manager.put(`/api/admin/promo-codes/${res.body.id}`, { ...current, maxUses: null, isActive: false, discountValue: '12.5' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ maxUses: null, isActive: false, discountValue: 12.5, usedCount: 3 });

    expect((await manager.delete(`/api/admin/promo-codes/${res.body.id}`)).status).toBe(200);
    expect(await t.db('promo_codes').where({ id: res.body.id }).first()).toBeUndefined();
    const actions = (await t.db('audit_log').where({ entity_id: res.body.id }).orderBy('id')).map((r) => r.action);
    expect(actions).toEqual(['promo_code.create', 'promo_code.update', 'promo_code.delete']);
  });

  it('a code created here is accepted by /api/calculate-rate', async () => {
    const expiry = addDays(todayInLodge(new Date()), 90);
    await manager.post('/api/admin/promo-codes', { code: 'FLAT200', discountType: 'Fixed', discountValue: 200, expiryDate: expiry });
    const q = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, checkIn: start, checkOut: addDays(start, 2), promoCode: 'flat200' });
    expect(q.status).toBe(200);
    expect(q.body.totalAmount).toBe(2000 - 200);
  });

  it('bad input: 400 naming the field with the spec messages, nothing stored', async () => {
    const before = await count('promo_codes');
    const good = { code: 'X1', discountType: 'Fixed', discountValue: 10, expiryDate: addDays(todayInLodge(new Date()), 5) };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, code: '' }, 'code', 'Code is required'],
      [{ ...good, code: 'x'.repeat(51) }, 'code', 'Code too long'],
      [{ ...good, discountValue: -1 }, 'discountValue', 'Discount value must be positive'],
      [{ ...good, discountType: 'Percentage', discountValue: 101 }, 'discountValue', 'Percentage discount cannot be more than 100'],
      [{ ...good, expiryDate: '' }, 'expiryDate', 'Expiry date is required'],
      [{ ...good, maxUses: 0 }, 'maxUses', 'Max uses must be at least 1'],
      [{ ...good, discountType: 'Free' }, 'discountType', 'Discount type must be Percentage or Fixed'],
    ];
    for (const [body, field, message] of cases) {
      const res = await manager.post('/api/admin/promo-codes', body);
      expect(res.status, field).toBe(400);
      expect(res.body.errors).toEqual({ [field]: message });
    }
    expect(await count('promo_codes')).toBe(before);
  });
});

describe('roles', () => {
  it('anonymous 401, guest and receptionist 403 on every rates endpoint; nothing changes', async () => {
    const o = (await t.db('rate_overrides').first('id'))?.id ?? '00000000-0000-4000-8000-000000000001';
    const p = (await t.db('promo_codes').first('id')).id;
    const before = [await count('rate_overrides'), await count('promo_codes')];
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/rate-overrides'],
      ['POST', '/api/admin/rate-overrides', { accommodationTypeId: typeId, startDate: start, endDate: start }],
      ['PUT', `/api/admin/rate-overrides/${o}`, { accommodationTypeId: typeId, startDate: start, endDate: start }],
      ['DELETE', `/api/admin/rate-overrides/${o}`],
      ['GET', '/api/admin/promo-codes'],
      ['POST', '/api/admin/promo-codes', { code: 'R', discountType: 'Fixed', discountValue: 1, expiryDate: start }],
      ['PUT', `/api/admin/promo-codes/${p}`, { code: 'R', discountType: 'Fixed', discountValue: 1, expiryDate: start }],
      ['DELETE', `/api/admin/promo-codes/${p}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await guest.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await receptionist.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect([await count('rate_overrides'), await count('promo_codes')]).toEqual(before);
  });
});
