import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let guest: TestClient;

const count = async (table: string) => Number((await t.db(table).count('* as n'))[0].n);
const inDays = (n: number) => addDays(todayInLodge(new Date()), n);

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
  guest = await t.loginAs('guest');
});
afterAll(() => t?.close());

describe('events', () => {
  it('create, edit and delete an event with its ticket types; each change audited', async () => {
    const date = inDays(40);
    const res = await manager.post('/api/admin/events', {
      name: ' Bush Braai ',
      description: 'Under the stars',
      eventDate: `${date}T19:30`,
      accommodationStartDate: inDays(39),
      accommodationEndDate: inDays(41),
    });
    expect(res.status).toBe(201);
    // 19:30 at the lodge (UTC+2) is 17:30 UTC.
    expect(res.body).toMatchObject({
      name: 'Bush Braai',
      description: 'Under the stars',
      eventDate: `${date}T17:30:00.000Z`,
      accommodationStartDate: inDays(39),
      accommodationEndDate: inDays(41),
      images: [],
      isActive: true,
    });
    const id = res.body.id;

    const upd = await manager.put(`/api/admin/events/${id}`, { name: 'Bush Braai Night', eventDate: date, description: '', version: res.body.version });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ name: 'Bush Braai Night', description: null, accommodationStartDate: null });

    const adult = await manager.post(`/api/admin/events/${id}/ticket-types`, { name: 'Adult', price: '450', maxQuantity: 30 });
    expect(adult.status).toBe(201);
    expect(adult.body).toMatchObject({ eventId: id, name: 'Adult', price: 450, maxQuantity: 30, isActive: true });
    const child = await manager.post(`/api/admin/events/${id}/ticket-types`, { name: 'Child', price: 0, maxQuantity: 10 });
    const edited = await manager.put(`/api/admin/events/${id}/ticket-types/${child.body.id}`, { name: 'Child (under 12)', price: 220, maxQuantity: 12 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Child (under 12)', price: 220, maxQuantity: 12 });
    const list = await manager.get(`/api/admin/events/${id}/ticket-types`);
    expect(list.body.map((x: { name: string; price: number }) => [x.name, x.price])).toEqual([
      ['Child (under 12)', 220],
      ['Adult', 450],
    ]);
    expect((await manager.delete(`/api/admin/events/${id}/ticket-types/${adult.body.id}`)).status).toBe(200);

    const events = await manager.get('/api/admin/events');
    expect(events.body.map((e: { id: string }) => e.id)).toContain(id);

    const del = await manager.delete(`/api/admin/events/${id}`);
    expect(del.status).toBe(200);
    expect(await t.db('events').where({ id }).first()).toBeUndefined();
    expect(await t.db('ticket_types').where({ event_id: id })).toEqual([]);
    const audit = await t.db('audit_log').where({ entity_id: id, action: 'event.delete' }).first();
    expect(audit.before.ticketTypes.map((x: { name: string }) => x.name)).toEqual(['Child (under 12)']);
    const actions = (await t.db('audit_log').where({ entity_id: child.body.id }).orderBy('id')).map((r) => r.action);
    expect(actions).toEqual(['ticket_type.create', 'ticket_type.update']);
  });

  it('bad input: 400 naming the field, nothing stored', async () => {
    const before = [await count('events'), await count('ticket_types')];
    const noName = await manager.post('/api/admin/events', { name: ' ', eventDate: inDays(3) });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual({ name: 'Event name is required' });
    const noDate = await manager.post('/api/admin/events', { name: 'X' });
    expect(noDate.body.errors).toEqual({ eventDate: 'Event date is required' });
    const period = await manager.post('/api/admin/events', { name: 'X', eventDate: inDays(3), accommodationStartDate: inDays(4), accommodationEndDate: inDays(2) });
    expect(period.body.errors).toEqual({ accommodationEndDate: 'Accommodation end date must be on or after the start date' });

    const event = (await t.db('events').first('id')).id;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', price: 1, maxQuantity: 1 }, 'name', 'Ticket type name is required'],
      [{ name: 'A', price: -1, maxQuantity: 1 }, 'price', 'Price must be positive'],
      [{ name: 'A', price: 1, maxQuantity: 0 }, 'maxQuantity', 'Max quantity must be at least 1'],
    ];
    for (const [body, field, message] of cases) {
      const res = await manager.post(`/api/admin/events/${event}/ticket-types`, body);
      expect(res.status, field).toBe(400);
      expect(res.body.errors).toEqual({ [field]: message });
    }
    expect((await manager.post('/api/admin/events/00000000-0000-4000-8000-000000000000/ticket-types', { name: 'A', price: 1, maxQuantity: 1 })).status).toBe(404);
    expect([await count('events'), await count('ticket_types')]).toEqual(before);
  });

  it('roles: anonymous 401, guest and receptionist 403 on every events endpoint; nothing changes', async () => {
    const event = (await t.db('events').first('id')).id;
    const ticket = (await t.db('ticket_types').where({ event_id: event }).first('id'))?.id ?? '00000000-0000-4000-8000-000000000001';
    const before = [await count('events'), await count('ticket_types')];
    const ev = { name: 'E', eventDate: inDays(3) };
    const tt = { name: 'T', price: 1, maxQuantity: 1 };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/events'],
      ['POST', '/api/admin/events', ev],
      ['PUT', `/api/admin/events/${event}`, ev],
      ['DELETE', `/api/admin/events/${event}`],
      ['GET', `/api/admin/events/${event}/ticket-types`],
      ['POST', `/api/admin/events/${event}/ticket-types`, tt],
      ['PUT', `/api/admin/events/${event}/ticket-types/${ticket}`, tt],
      ['DELETE', `/api/admin/events/${event}/ticket-types/${ticket}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await guest.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await receptionist.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect([await count('events'), await count('ticket_types')]).toEqual(before);
  });
});
