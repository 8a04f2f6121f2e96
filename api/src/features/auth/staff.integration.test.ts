import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let superadmin: TestClient;
let manager: TestClient;
let receptionist: TestClient;
let guest: TestClient;

const count = async (table: string) => Number((await t.db(table).count('* as n'))[0].n);
const idOf = async (username: string) => (await t.db('users').where({ username }).first('id')).id as string;

beforeAll(async () => {
  t = await createTestContext();
  superadmin = await t.loginAs('superadmin');
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
  guest = await t.loginAs('guest');
});
afterAll(() => t?.close());

describe('staff accounts', () => {
  it('lists staff only (no guests, no password hashes)', async () => {
    const res = await superadmin.get('/api/admin/staff');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { username: string; role: string }) => [s.username, s.role])).toEqual([
      ['manager', 'Manager'],
      ['receptionist', 'Receptionist'],
      ['superadmin', 'SuperAdmin'],
    ]);
    expect(res.text).not.toContain('password');
    expect(res.text).not.toContain('$argon2');
  });

  it('creates an account that can log in with its first password; audited without the password', async () => {
    const res = await superadmin.post('/api/admin/staff', {
      username: 'thandi',
      password: 'first-pass-1',
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: 'Thandi@Example.org',
      role: 'Receptionist',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'thandi', firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.org', role: 'Receptionist', isActive: true, lastLoginAt: null });
    const login = await t.client().post('/api/login', { username: 'thandi', password: 'first-pass-1' });
    expect(login.status).toBe(200);
    const audit = await t.db('audit_log').where({ entity_id: res.body.id, action: 'staff.create' }).first();
    expect(audit.actor_username).toBe('superadmin');
    expect(JSON.stringify(audit)).not.toContain('first-pass-1');
  });

  it('changes a role; deactivating ends their sessions at once', async () => {
    const c = await t.loginAs('thandi', 'first-pass-1');
    expect((await c.get('/api/auth/user')).status).toBe(200);
    const id = await idOf('thandi');
    const promoted = await superadmin.put(`/api/admin/staff/${id}`, { role: 'Manager' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'Manager', isActive: true });
    expect((await c.get('/api/admin/rate-overrides')).status).toBe(200);

    const off = await superadmin.put(`/api/admin/staff/${id}`, { isActive: false });
    expect(off.body).toMatchObject({ role: 'Manager', isActive: false });
    expect(await t.db('sessions').where({ user_id: id })).toEqual([]);
    expect((await c.get('/api/admin/rate-overrides')).status).toBe(401);
    expect((await t.client().post('/api/login', { username: 'thandi', password: 'first-pass-1' })).status).toBe(401);
    const audit = await t.db('audit_log').where({ entity_id: id, action: 'staff.update' }).orderBy('id', 'desc').first();
    expect(audit.before).toMatchObject({ isActive: true });
    expect(audit.after).toMatchObject({ isActive: false });
  });

  it('resets a password: the new one works, the old one does not, their sessions end', async () => {
    const id = await idOf('receptionist');
    const other = await t.loginAs('receptionist');
    const res = await superadmin.post(`/api/admin/staff/${id}/reset-password`, { password: 'brand-new-2' });
    expect(res.status).toBe(200);
    expect((await other.get('/api/admin/bookings')).status).toBe(401);
    expect((await t.client().post('/api/login', { username: 'receptionist', password: 'lodge-demo' })).status).toBe(401);
    receptionist = await t.loginAs('receptionist', 'brand-new-2');
    expect(await t.db('audit_log').where({ entity_id: id, action: 'staff.reset_password' }).first()).toBeTruthy();
  });

  it('the last active SuperAdmin can be neither demoted nor deactivated (422); with a second one it can', async () => {
    const id = await idOf('superadmin');
    const demote = await superadmin.put(`/api/admin/staff/${id}`, { role: 'Manager' });
    expect(demote.status).toBe(422);
    expect(demote.body.message).toBe('The last active SuperAdmin cannot be demoted or deactivated');
    const off = await superadmin.put(`/api/admin/staff/${id}`, { isActive: false });
    expect(off.status).toBe(422);
    expect((await t.db('users').where({ id }).first()).role).toBe('SuperAdmin');

    const second = await superadmin.post('/api/admin/staff', {
      username: 'owner2', password: 'owner-pass-2', firstName: 'O', lastName: 'Two', email: 'o2@example.org', role: 'SuperAdmin',
    });
    const ok = await superadmin.put(`/api/admin/staff/${second.body.id}`, { isActive: false });
    expect(ok.status).toBe(200);
    const last = await superadmin.put(`/api/admin/staff/${id}`, { role: 'Manager' });
    expect(last.status).toBe(422);
  });

  it('bad input: 400 naming the field, nothing changed; unknown id 404', async () => {
    const users = await count('users');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'ab', password: 'secret1', firstName: 'A', lastName: 'B', email: 'a@b.co', role: 'Manager' }, 'username', 'Username must be at least 3 characters'],
      [{ username: 'abc', password: '12345', firstName: 'A', lastName: 'B', email: 'a@b.co', role: 'Manager' }, 'password', 'Password must be at least 6 characters'],
      [{ username: 'abc', password: 'secret1', firstName: 'A', lastName: 'B', email: 'a@b.co', role: 'Owner' }, 'role', 'Role must be SuperAdmin, Manager or Receptionist'],
      [{ username: 'abc', password: 'secret1', firstName: 'A', lastName: 'B', email: 'nope', role: 'Manager' }, 'email', 'Valid email is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await superadmin.post('/api/admin/staff', body);
      expect(res.status, field).toBe(400);
      expect(res.body.errors).toEqual({ [field]: message });
    }
    const mid = await idOf('manager');
    const badRole = await superadmin.put(`/api/admin/staff/${mid}`, { role: 'Boss' });
    expect(badRole.body.errors).toEqual({ role: 'Role must be SuperAdmin, Manager or Receptionist' });
    const short = await superadmin.post(`/api/admin/staff/${mid}/reset-password`, { password: '123' });
    expect(short.body.errors).toEqual({ password: 'Password must be at least 6 characters' });
    expect((await superadmin.put('/api/admin/staff/00000000-0000-4000-8000-000000000000', { isActive: false })).status).toBe(404);
    // A guest account is not staff.
    expect((await superadmin.put(`/api/admin/staff/${await idOf('guest')}`, { role: 'Manager' })).status).toBe(404);
    expect(await count('users')).toBe(users);
    expect((await t.db('users').where({ id: mid }).first()).role).toBe('Manager');
  });

  it('roles: anonymous 401; guest, receptionist and manager 403 on every staff endpoint', async () => {
    const mid = await idOf('manager');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/staff'],
      ['POST', '/api/admin/staff', { username: 'xyz', password: 'secret1', firstName: 'A', lastName: 'B', email: 'a@b.co', role: 'SuperAdmin' }],
      ['PUT', `/api/admin/staff/${mid}`, { role: 'SuperAdmin' }],
      ['POST', `/api/admin/staff/${mid}/reset-password`, { password: 'hijacked1' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      for (const c of [guest, receptionist, manager]) expect((await c.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await t.db('users').where({ id: mid }).first()).role).toBe('Manager');
    expect(await t.db('users').where({ username: 'xyz' }).first()).toBeUndefined();
  });
});
