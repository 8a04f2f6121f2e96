import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let guest: TestClient;

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
  guest = await t.loginAs('guest');
});
afterAll(() => t?.close());

const count = async (table: string) => Number((await t.db(table).count('* as n'))[0].n);

const body = {
  name: 'Riverside Cottage',
  description: 'On the river bank',
  capacity: 3,
  baseWeekdayRate: 1800,
  baseWeekendRate: '2100.50',
  amenities: [' Wi-Fi ', 'Braai'],
  isPackage: false,
};

describe('admin accommodation types', () => {
  it('a manager creates a type: 201 with the stored values and an audit row', async () => {
    const res = await manager.post('/api/admin/accommodations', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Riverside Cottage',
      description: 'On the river bank',
      capacity: 3,
      baseWeekdayRate: 1800,
      baseWeekendRate: 2100.5,
      amenities: ['Wi-Fi', 'Braai'],
      images: [],
      isPackage: false,
      includedAccommodationTypes: [],
      isActive: true,
      systemKey: null,
    });
    const audit = await t.db('audit_log').where({ entity_id: res.body.id, action: 'accommodation_type.create' });
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_username).toBe('manager');
    expect(audit[0].after.name).toBe('Riverside Cottage');
  });

  it('a new type is listed after the existing ones and before the Entire Lodge on the public site', async () => {
    const before = (await t.client().get('/api/accommodations')).body as { name: string }[];
    const created = await manager.post('/api/admin/accommodations', { ...body, name: 'Aardvark Hide' });
    expect(created.status).toBe(201);
    const names = ((await t.client().get('/api/accommodations')).body as { name: string }[]).map((x) => x.name);
    const expected = before.map((x) => x.name);
    const lodgeAt = expected.indexOf('Entire Lodge');
    expected.splice(lodgeAt === -1 ? expected.length : lodgeAt, 0, 'Aardvark Hide');
    expect(names).toEqual(expected);
  });

  it('lists inactive types too, for staff', async () => {
    const created = await manager.post('/api/admin/accommodations', { ...body, name: 'Closed Tent', isActive: false });
    const admin = await receptionist.get('/api/admin/accommodations');
    expect(admin.status).toBe(200);
    expect(admin.body.map((x: { name: string }) => x.name)).toContain('Closed Tent');
    const pub = await t.client().get('/api/accommodations');
    expect(pub.body.map((x: { id: string }) => x.id)).not.toContain(created.body.id);
  });

  it('a package includes existing non-package types; updating records before and after', async () => {
    const types = (await manager.get('/api/admin/accommodations')).body as { id: string; name: string; isPackage: boolean }[];
    const two = types.filter((x) => !x.isPackage).slice(0, 2).map((x) => x.id).sort();
    const pkg = await manager.post('/api/admin/accommodations', { ...body, name: 'Two Suites', isPackage: true, includedAccommodationTypes: two });
    expect(pkg.status).toBe(201);
    expect(pkg.body.includedAccommodationTypes).toEqual(two);

    const upd = await manager.put(`/api/admin/accommodations/${pkg.body.id}`, { ...body, name: 'Two Suites Deluxe', isPackage: false, includedAccommodationTypes: two });
    expect(upd.status).toBe(200);
    expect(upd.body.name).toBe('Two Suites Deluxe');
    expect(upd.body.includedAccommodationTypes).toEqual([]);
    const audit = await t.db('audit_log').where({ entity_id: pkg.body.id, action: 'accommodation_type.update' }).first();
    expect(audit.before.name).toBe('Two Suites');
    expect(audit.after.name).toBe('Two Suites Deluxe');
  });

  it('bad input: 400 naming the field, nothing stored', async () => {
    const before = await count('accommodation_types');
    const audits = await count('audit_log');
    const noName = await manager.post('/api/admin/accommodations', { ...body, name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual({ name: 'Name is required' });
    const cap = await manager.post('/api/admin/accommodations', { ...body, capacity: 0 });
    expect(cap.body.errors).toEqual({ capacity: 'Capacity must be at least 1' });
    const rate = await manager.post('/api/admin/accommodations', { ...body, baseWeekdayRate: -1 });
    expect(rate.body.errors).toEqual({ baseWeekdayRate: 'Rate must be positive' });
    const incl = await manager.post('/api/admin/accommodations', {
      ...body,
      isPackage: true,
      includedAccommodationTypes: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(incl.status).toBe(400);
    expect(Object.keys(incl.body.errors)).toEqual(['includedAccommodationTypes']);
    expect(await count('accommodation_types')).toBe(before);
    expect(await count('audit_log')).toBe(audits);
  });

  it('the system Entire Lodge type cannot be deleted: 422 with a message', async () => {
    const lodge = await t.db('accommodation_types').where({ system_key: 'entire-lodge' }).first('id');
    const res = await manager.delete(`/api/admin/accommodations/${lodge.id}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('System accommodation types cannot be deleted');
    expect(await t.db('accommodation_types').where({ id: lodge.id }).first()).toBeTruthy();
  });

  it('a type whose units have bookings is refused (deactivate instead); one without is deleted with its units', async () => {
    const booked = await t.db('bookings').whereNotNull('unit_id').first('accommodation_type_id');
    const refused = await manager.delete(`/api/admin/accommodations/${booked.accommodation_type_id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('This accommodation type has bookings and cannot be deleted; deactivate it instead');
    expect(await t.db('accommodation_types').where({ id: booked.accommodation_type_id }).first()).toBeTruthy();

    const type = await manager.post('/api/admin/accommodations', { ...body, name: 'Short-lived' });
    const unit = await manager.post('/api/admin/units', { name: 'SL 1', accommodationTypeId: type.body.id });
    const del = await manager.delete(`/api/admin/accommodations/${type.body.id}`);
    expect(del.status).toBe(200);
    expect(await t.db('accommodation_types').where({ id: type.body.id }).first()).toBeUndefined();
    expect(await t.db('units').where({ id: unit.body.id }).first()).toBeUndefined();
    expect(await t.db('audit_log').where({ entity_id: type.body.id, action: 'accommodation_type.delete' }).first('before')).toMatchObject({
      before: { name: 'Short-lived' },
    });
  });

  it('unknown id in the path: 404; not a uuid: 400 naming id', async () => {
    expect((await manager.delete('/api/admin/accommodations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await manager.put('/api/admin/accommodations/nope', body);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ id: 'Invalid id' });
  });
});

describe('admin units', () => {
  it('create, rename, deactivate and delete a unit, each audited', async () => {
    const type = await manager.post('/api/admin/accommodations', { ...body, name: 'Unit Host' });
    const created = await manager.post('/api/admin/units', { name: ' Host 1 ', accommodationTypeId: type.body.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Host 1', accommodationTypeId: type.body.id, isActive: true });

    const off = await manager.put(`/api/admin/units/${created.body.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ name: 'Host 1', isActive: false });
    const renamed = await manager.put(`/api/admin/units/${created.body.id}`, { name: 'Host One' });
    expect(renamed.body).toMatchObject({ name: 'Host One', isActive: false });

    const list = await receptionist.get('/api/admin/units');
    expect(list.body.find((u: { id: string }) => u.id === created.body.id)).toMatchObject({ isActive: false });

    const del = await manager.delete(`/api/admin/units/${created.body.id}`);
    expect(del.status).toBe(200);
    const actions = (await t.db('audit_log').where({ entity_id: created.body.id }).orderBy('id')).map((r) => r.action);
    expect(actions).toEqual(['unit.create', 'unit.update', 'unit.update', 'unit.delete']);
  });

  it('a unit with bookings is not deleted: 422 with a message', async () => {
    const booked = await t.db('bookings').whereNotNull('unit_id').first('unit_id');
    const res = await manager.delete(`/api/admin/units/${booked.unit_id}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This unit has bookings and cannot be deleted; deactivate it instead');
    expect(await t.db('units').where({ id: booked.unit_id }).first()).toBeTruthy();
  });

  it('bad input: 400 naming the field, nothing stored', async () => {
    const before = await count('units');
    const blank = await manager.post('/api/admin/units', { name: '   ', accommodationTypeId: (await t.db('accommodation_types').first('id')).id });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ name: 'Unit name is required' });
    const unknown = await manager.post('/api/admin/units', { name: 'X', accommodationTypeId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ accommodationTypeId: 'Accommodation type not found' });
    const missing = await manager.post('/api/admin/units', { name: 'X' });
    expect(missing.body.errors).toEqual({ accommodationTypeId: 'Accommodation type is required' });
    expect(await count('units')).toBe(before);
  });
});

describe('roles', () => {
  it('anonymous 401, guest 403, receptionist 403 on every change; receptionist may list', async () => {
    const anyType = (await t.db('accommodation_types').whereNull('system_key').first('id')).id;
    const anyUnit = (await t.db('units').first('id')).id;
    const before = await count('accommodation_types');
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/admin/accommodations', body],
      ['PUT', `/api/admin/accommodations/${anyType}`, body],
      ['DELETE', `/api/admin/accommodations/${anyType}`],
      ['POST', '/api/admin/units', { name: 'X', accommodationTypeId: anyType }],
      ['PUT', `/api/admin/units/${anyUnit}`, { isActive: false }],
      ['DELETE', `/api/admin/units/${anyUnit}`],
    ];
    for (const [method, path, payload] of calls) {
      expect((await t.client().request(method, path, payload)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await guest.request(method, path, payload)).status, `${method} ${path} guest`).toBe(403);
      expect((await receptionist.request(method, path, payload)).status, `${method} ${path} receptionist`).toBe(403);
    }
    for (const path of ['/api/admin/accommodations', '/api/admin/units']) {
      expect((await t.client().get(path)).status).toBe(401);
      expect((await guest.get(path)).status).toBe(403);
    }
    expect(await count('accommodation_types')).toBe(before);
  });
});
