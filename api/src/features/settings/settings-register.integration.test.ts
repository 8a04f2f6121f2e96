import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';

/**
 * Lodge Settings for the register of lodgers: how long it is kept after a stay (the law's 24
 * months at least) and whether check-in with the register incomplete is refused. Defaults,
 * saving, the audit entry, and a 400 naming the field with nothing changed.
 */
let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;

const row = () => t.db('settings').where({ id: 1 }).first();

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
});
afterAll(() => t?.close());

describe('register settings', () => {
  it('default to 24 months and check-in allowed with a warning; neither is public', async () => {
    const admin = await manager.get('/api/admin/settings');
    expect(admin.body).toMatchObject({ registerRetentionMonths: 24, registerCheckInRule: 'warn' });
    const pub = await t.client().get('/api/public/settings');
    expect(pub.body).not.toHaveProperty('registerRetentionMonths');
    expect(pub.body).not.toHaveProperty('registerCheckInRule');
  });

  it('saves each and audits the change', async () => {
    const res = await manager.put('/api/admin/settings', { registerRetentionMonths: 36, registerCheckInRule: 'refuse' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ registerRetentionMonths: 36, registerCheckInRule: 'refuse' });
    expect(await row()).toMatchObject({ register_retention_months: 36, register_check_in_rule: 'refuse' });
    const audit = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc').first();
    expect(audit.after).toMatchObject({ registerRetentionMonths: 36, registerCheckInRule: 'refuse' });
    const back = await manager.put('/api/admin/settings', { registerRetentionMonths: '24', registerCheckInRule: 'warn' });
    expect(back.body).toMatchObject({ registerRetentionMonths: 24, registerCheckInRule: 'warn' });
  });

  it.each([
    [{ registerRetentionMonths: 23 }, 'registerRetentionMonths', 'Register retention must be a whole number of months between 24 and 120'],
    [{ registerRetentionMonths: 121 }, 'registerRetentionMonths', 'Register retention must be a whole number of months between 24 and 120'],
    [{ registerRetentionMonths: 24.5 }, 'registerRetentionMonths', 'Register retention must be a whole number of months between 24 and 120'],
    [{ registerCheckInRule: 'sometimes' }, 'registerCheckInRule', 'Choose warn or refuse'],
  ])('refuses %j with a 400 naming the field, nothing changed', async (body, field, message) => {
    const before = await row();
    const res = await manager.put('/api/admin/settings', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: message });
    expect(await row()).toEqual(before);
  });

  it('is not for a receptionist to change', async () => {
    const res = await receptionist.put('/api/admin/settings', { registerCheckInRule: 'refuse' });
    expect(res.status).toBe(403);
    expect((await row()).register_check_in_rule).toBe('warn');
  });
});
