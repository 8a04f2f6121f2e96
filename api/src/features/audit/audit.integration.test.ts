import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';

let t: TestContext;
let superadmin: TestClient;
let manager: TestClient;
let receptionist: TestClient;
let guest: TestClient;
let unitId: string;

beforeAll(async () => {
  t = await createTestContext();
  superadmin = await t.loginAs('superadmin');
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
  guest = await t.loginAs('guest');
  const type = await manager.post('/api/admin/accommodations', { name: 'Audit Type', capacity: 2, baseWeekdayRate: 100, baseWeekendRate: 100 });
  const unit = await manager.post('/api/admin/units', { name: 'Audit 1', accommodationTypeId: type.body.id });
  unitId = unit.body.id;
  await superadmin.put(`/api/admin/units/${unitId}`, { isActive: false });
});
afterAll(() => t?.close());

describe('GET /api/admin/audit', () => {
  it('filters by record and person, newest first, with before and after', async () => {
    const res = await manager.get(`/api/admin/audit?entityType=unit&entityId=${unitId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 50, total: 2 });
    expect(res.body.items.map((i: { action: string; actorUsername: string }) => [i.action, i.actorUsername])).toEqual([
      ['unit.update', 'superadmin'],
      ['unit.create', 'manager'],
    ]);
    expect(res.body.items[0].before).toMatchObject({ name: 'Audit 1', isActive: true });
    expect(res.body.items[0].after).toMatchObject({ name: 'Audit 1', isActive: false });

    const bySuper = await superadmin.get('/api/admin/audit?actor=SuperAdmin');
    expect(bySuper.body.items.length).toBeGreaterThan(0);
    expect(bySuper.body.items.every((i: { actorUsername: string }) => i.actorUsername === 'superadmin')).toBe(true);
  });

  it('filters by lodge days and pages', async () => {
    const today = todayInLodge(new Date());
    const all = await manager.get(`/api/admin/audit?from=${today}&to=${today}`);
    expect(all.body.total).toBe(Number((await t.db('audit_log').count('* as n'))[0].n));
    const past = await manager.get(`/api/admin/audit?from=${addDays(today, -10)}&to=${addDays(today, -1)}`);
    expect(past.body).toMatchObject({ total: 0, items: [] });
    const page2 = await manager.get('/api/admin/audit?page=2');
    expect(page2.body.page).toBe(2);
    expect(page2.body.items).toHaveLength(Math.max(0, Math.min(50, all.body.total - 50)));
  });

  it('bad input: 400 naming the field', async () => {
    const badPage = await manager.get('/api/admin/audit?page=0');
    expect(badPage.status).toBe(400);
    expect(badPage.body.errors).toEqual({ page: 'Page must be a whole number of at least 1' });
    const badDate = await manager.get('/api/admin/audit?from=2026-13-45');
    expect(badDate.status).toBe(400);
    expect(Object.keys(badDate.body.errors)).toEqual(['from']);
    const order = await manager.get(`/api/admin/audit?from=${todayInLodge(new Date())}&to=${addDays(todayInLodge(new Date()), -1)}`);
    expect(order.body.errors).toEqual({ to: 'The end date must be on or after the start date' });
  });

  it('roles: anonymous 401, guest and receptionist 403', async () => {
    expect((await t.client().get('/api/admin/audit')).status).toBe(401);
    expect((await guest.get('/api/admin/audit')).status).toBe(403);
    expect((await receptionist.get('/api/admin/audit')).status).toBe(403);
  });
});
