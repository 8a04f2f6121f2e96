import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { SETTINGS_MESSAGES } from '../../../../shared/contracts/settings.js';

/**
 * Lodge Settings: what an early departure does with the nights the desk releases ('none'
 * credits them on the folio, the default; 'full' keeps charging them). Default, saving, the
 * audit entry, a 400 naming the field with nothing changed, and who may change it.
 */
let t: TestContext;
let manager: TestClient;
let superadmin: TestClient;
let receptionist: TestClient;

const row = () => t.db('settings').where({ id: 1 }).first();

beforeAll(async () => {
  t = await createTestContext();
  [manager, superadmin, receptionist] = await Promise.all([t.loginAs('manager'), t.loginAs('superadmin'), t.loginAs('receptionist')]);
});
afterAll(() => t?.close());

describe('the early departure setting', () => {
  it('defaults to crediting the released nights, and is not public', async () => {
    const admin = await manager.get('/api/admin/settings');
    expect(admin.status).toBe(200);
    expect(admin.body.earlyDepartureCharge).toBe('none');
    const pub = await t.client().get('/api/public/settings');
    expect(pub.body).not.toHaveProperty('earlyDepartureCharge');
  });

  it('saves full and back, each change in the audit log', async () => {
    const res = await manager.put('/api/admin/settings', { earlyDepartureCharge: 'full' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.earlyDepartureCharge).toBe('full');
    expect((await row()).early_departure_charge).toBe('full');
    const audit = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc').first();
    expect(audit.before).toMatchObject({ earlyDepartureCharge: 'none' });
    expect(audit.after).toMatchObject({ earlyDepartureCharge: 'full' });

    const back = await superadmin.put('/api/admin/settings', { earlyDepartureCharge: 'none' });
    expect(back.body.earlyDepartureCharge).toBe('none');
    expect((await row()).early_departure_charge).toBe('none');
  });

  it.each([['partial'], [''], [null], [1], ['NONE']])('refuses %j with a 400 naming the field, nothing changed', async (value) => {
    const before = await row();
    const res = await manager.put('/api/admin/settings', { earlyDepartureCharge: value });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ earlyDepartureCharge: SETTINGS_MESSAGES.earlyDepartureCharge });
    expect(await row()).toEqual(before);
  });

  it('is not for a receptionist to change', async () => {
    const res = await receptionist.put('/api/admin/settings', { earlyDepartureCharge: 'full' });
    expect(res.status).toBe(403);
    expect((await row()).early_departure_charge).toBe('none');
  });
});
