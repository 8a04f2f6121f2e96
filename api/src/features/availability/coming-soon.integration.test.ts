import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { COMING_SOON_MESSAGE } from '../../../../shared/contracts/availability.js';
import { PublicSettings } from '../../../../shared/contracts/settings.js';
import { createTypeWithUnits, guestData } from '../bookings/test-fixtures.js';

/** Issue 18: a type with no active unit is "Coming soon" (or hidden, by a setting) and never bookable. */
let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:00:00Z' });
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
});
afterAll(() => t?.close());

const publicSettings = async () => PublicSettings.parse((await t.client().get('/api/public/settings')).body);

describe('a type with no active unit', () => {
  it('is refused by availability with the reason (409), while a type with units is answered as before', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db, { units: 2 });
    await t.db('units').whereIn('id', unitIds).update({ is_active: false });
    const res = await t.client().post('/api/availability', { accommodationTypeId: typeId, checkIn: '2026-04-06', checkOut: '2026-04-08' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: COMING_SOON_MESSAGE, code: 'coming_soon' });

    const other = await createTypeWithUnits(t.db, { units: 1 });
    const ok = await t.client().post('/api/availability', { accommodationTypeId: other.typeId, checkIn: '2026-04-06', checkOut: '2026-04-08' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ available: true, availableUnits: 1, totalUnits: 1 });
  });

  it('cannot be booked: 409 and no booking is made', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    await t.db('units').whereIn('id', unitIds).update({ is_active: false });
    const before = Number((await t.db('bookings').count('* as n'))[0].n);
    const res = await t.client().post('/api/bookings', {
      unitId: unitIds[0],
      checkInDate: '2026-04-06',
      checkOutDate: '2026-04-08',
      paymentMethod: 'EFT',
      guestData: guestData('soon'),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This accommodation is not available for the selected dates');
    expect(Number((await t.db('bookings').count('* as n'))[0].n)).toBe(before);
    expect(await t.db('bookings').where({ accommodation_type_id: typeId })).toEqual([]);
  });
});

describe('the unbookableTypeDisplay setting', () => {
  it('is "coming-soon" by default; a manager switches it to "hidden" and the public settings say so', async () => {
    expect((await publicSettings()).unbookableTypeDisplay).toBe('coming-soon');
    expect((await manager.get('/api/admin/settings')).body.unbookableTypeDisplay).toBe('coming-soon');
    const res = await manager.put('/api/admin/settings', { unbookableTypeDisplay: 'hidden' });
    expect(res.status).toBe(200);
    expect(res.body.unbookableTypeDisplay).toBe('hidden');
    expect((await publicSettings()).unbookableTypeDisplay).toBe('hidden');
    const audit = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc').first();
    expect([audit.before.unbookableTypeDisplay, audit.after.unbookableTypeDisplay]).toEqual(['coming-soon', 'hidden']);
    expect((await manager.put('/api/admin/settings', { unbookableTypeDisplay: 'coming-soon' })).status).toBe(200);
  });

  it('refuses another value with 400 naming the field, and a receptionist with 403, changing nothing', async () => {
    const before = await t.db('settings').where({ id: 1 }).first();
    const bad = await manager.put('/api/admin/settings', { unbookableTypeDisplay: 'greyed-out' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ unbookableTypeDisplay: "Must be 'coming-soon' or 'hidden'" });
    expect((await receptionist.put('/api/admin/settings', { unbookableTypeDisplay: 'hidden' })).status).toBe(403);
    expect(await t.db('settings').where({ id: 1 }).first()).toEqual(before);
  });
});
