import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { PublicSpecialOfferList, SpecialOfferList } from '../../../../shared/contracts/specials.js';
import { listSpecialsForPricing } from './specials.queries.js';

/** Rate Management's specials ("stay 4, pay 3") and the public list of them. */

let t: TestContext;
let manager: TestClient;
let superadmin: TestClient;
let receptionist: TestClient;
let guest: TestClient;
let suiteId: string;
let tentId: string;

const today = () => todayInLodge(t.clock.now());
const count = async (table: string) => Number((await t.db(table).count('* as n'))[0].n);

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('manager');
  superadmin = await t.loginAs('superadmin');
  receptionist = await t.loginAs('receptionist');
  guest = await t.loginAs('guest');
  const types = (await manager.get('/api/admin/accommodations')).body as { id: string; name: string }[];
  suiteId = types.find((x) => x.name === 'Luxury Safari Suite')!.id;
  tentId = types.find((x) => x.name === 'Classic Safari Tent')!.id;
});
afterAll(() => t?.close());

const offer = (over: Record<string, unknown> = {}) => ({
  name: 'Green season',
  description: 'Four nights for the price of three',
  accommodationTypeIds: [tentId, suiteId],
  stayFrom: addDays(today(), 20),
  stayTo: addDays(today(), 80),
  stayNights: 4,
  payNights: 3,
  bookFrom: null,
  bookTo: addDays(today(), 60),
  combinableWithPromo: true,
  isActive: true,
  ...over,
});

describe('admin special offers', () => {
  it('a manager creates, lists, updates and deletes one; each change is audited', async () => {
    const res = await manager.post('/api/admin/special-offers', offer());
    expect(res.status).toBe(201);
    const { id, createdAt, updatedAt } = res.body;
    // Types are listed by name, whatever order they were sent in.
    expect(res.body).toEqual({
      id,
      name: 'Green season',
      description: 'Four nights for the price of three',
      accommodationTypeIds: [tentId, suiteId],
      accommodationTypeNames: ['Classic Safari Tent', 'Luxury Safari Suite'],
      stayFrom: addDays(today(), 20),
      stayTo: addDays(today(), 80),
      stayNights: 4,
      payNights: 3,
      bookFrom: null,
      bookTo: addDays(today(), 60),
      combinableWithPromo: true,
      isActive: true,
      createdAt,
      updatedAt,
      version: 1,
    });

    // The answers are what the shared contract says (the PWA parses them with it).
    const listed = SpecialOfferList.parse((await manager.get('/api/admin/special-offers')).body);
    expect(listed.find((s) => s.id === id)).toEqual(res.body);

    const upd = await superadmin.put(`/api/admin/special-offers/${id}`, {
      ...offer({ name: 'Green season (tents)', accommodationTypeIds: [tentId], stayNights: 5, payNights: 3, isActive: false }),
      version: 1,
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      id,
      name: 'Green season (tents)',
      accommodationTypeIds: [tentId],
      accommodationTypeNames: ['Classic Safari Tent'],
      stayNights: 5,
      payNights: 3,
      isActive: false,
      version: 2,
    });
    expect(await t.db('special_offer_types').where({ special_offer_id: id }).pluck('accommodation_type_id')).toEqual([tentId]);

    const del = await manager.delete(`/api/admin/special-offers/${id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Special offer deleted successfully!', id });
    expect(((await manager.get('/api/admin/special-offers')).body as { id: string }[]).map((s) => s.id)).not.toContain(id);
    expect(await t.db('special_offer_types').where({ special_offer_id: id })).toEqual([]);
    expect((await manager.delete(`/api/admin/special-offers/${id}`)).status).toBe(404);

    const audit = await t.db('audit_log').where({ entity_id: id }).orderBy('id');
    expect(audit.map((a) => [a.action, a.actor_username])).toEqual([
      ['special_offer.create', 'manager'],
      ['special_offer.update', 'superadmin'],
      ['special_offer.delete', 'manager'],
    ]);
    expect([audit[1].before.name, audit[1].after.name]).toEqual(['Green season', 'Green season (tents)']);
  });

  it('a stale version is refused with 409 and the record as it is now; an unknown id is 404', async () => {
    const created = (await manager.post('/api/admin/special-offers', offer({ name: 'Winter warmer' }))).body;
    const first = await manager.put(`/api/admin/special-offers/${created.id}`, { ...offer({ name: 'Winter warmer', payNights: 2 }), version: 1 });
    expect(first.status).toBe(200);
    const stale = await superadmin.put(`/api/admin/special-offers/${created.id}`, { ...offer({ name: 'Winter special' }), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_version');
    expect(stale.body.current).toMatchObject({ id: created.id, name: 'Winter warmer', payNights: 2, version: 2 });
    expect((await t.db('special_offers').where({ id: created.id }).first()).name).toBe('Winter warmer');

    const missing = await manager.put('/api/admin/special-offers/00000000-0000-4000-8000-000000000000', offer());
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Special offer not found');
  });

  it('roles: SuperAdmin and Manager only; a receptionist is refused (403), a guest too (403), nobody logged in 401', async () => {
    const created = (await manager.post('/api/admin/special-offers', offer({ name: 'Roles test' }))).body;
    const rows = await count('special_offers');
    for (const [client, status] of [
      [receptionist, 403],
      [guest, 403],
      [t.client(), 401],
    ] as const) {
      expect((await client.get('/api/admin/special-offers')).status).toBe(status);
      expect((await client.post('/api/admin/special-offers', offer({ name: 'Not allowed' }))).status).toBe(status);
      expect((await client.put(`/api/admin/special-offers/${created.id}`, offer({ name: 'Not allowed' }))).status).toBe(status);
      expect((await client.delete(`/api/admin/special-offers/${created.id}`)).status).toBe(status);
    }
    expect(await count('special_offers')).toBe(rows);
    expect((await t.db('special_offers').where({ id: created.id }).first()).name).toBe('Roles test');
  });

  const bad: { name: string; body: () => Record<string, unknown>; errors: () => Record<string, string> }[] = [
    { name: 'pay nights equal to stay nights', body: () => offer({ stayNights: 3, payNights: 3 }), errors: () => ({ payNights: 'Pay nights must be at least 1 and fewer than stay nights' }) },
    { name: 'pay nights above stay nights', body: () => offer({ stayNights: 4, payNights: 5 }), errors: () => ({ payNights: 'Pay nights must be at least 1 and fewer than stay nights' }) },
    { name: 'pay nights of 0', body: () => offer({ payNights: 0 }), errors: () => ({ payNights: 'Pay nights must be at least 1 and fewer than stay nights' }) },
    { name: 'stay nights of 31', body: () => offer({ stayNights: 31, payNights: 3 }), errors: () => ({ stayNights: 'Stay nights must be between 2 and 30' }) },
    { name: 'no types', body: () => offer({ accommodationTypeIds: [] }), errors: () => ({ accommodationTypeIds: 'Choose at least one accommodation type' }) },
    {
      name: 'an unknown type',
      body: () => offer({ accommodationTypeIds: [tentId, '00000000-0000-4000-8000-000000000000'] }),
      errors: () => ({ accommodationTypeIds: 'Accommodation type not found' }),
    },
    { name: 'a type id that is no id', body: () => offer({ accommodationTypeIds: ['tents'] }), errors: () => ({ 'accommodationTypeIds.0': 'Must be a valid id' }) },
    { name: 'stay to before stay from', body: () => offer({ stayFrom: addDays(today(), 30), stayTo: addDays(today(), 29) }), errors: () => ({ stayTo: 'Stay to date must be on or after stay from date' }) },
    { name: 'book by before book from', body: () => offer({ bookFrom: addDays(today(), 10), bookTo: addDays(today(), 9) }), errors: () => ({ bookTo: 'Book by date must be on or after book from date' }) },
    { name: 'a blank name', body: () => offer({ name: '   ' }), errors: () => ({ name: 'Name is required' }) },
  ];

  for (const c of bad) {
    it(`${c.name}: 400 naming the field, nothing stored or changed`, async () => {
      const existing = (await manager.post('/api/admin/special-offers', offer({ name: `Before ${c.name}` }))).body;
      const rows = await count('special_offers');
      const links = await count('special_offer_types');
      const audits = await count('audit_log');

      const created = await manager.post('/api/admin/special-offers', c.body());
      expect(created.status).toBe(400);
      expect(created.body.errors).toEqual(c.errors());
      const updated = await manager.put(`/api/admin/special-offers/${existing.id}`, { ...c.body(), version: existing.version });
      expect(updated.status).toBe(400);
      expect(updated.body.errors).toEqual(c.errors());

      expect([await count('special_offers'), await count('special_offer_types'), await count('audit_log')]).toEqual([rows, links, audits]);
      const now = ((await manager.get('/api/admin/special-offers')).body as { id: string }[]).find((s) => s.id === existing.id);
      expect(now).toEqual(existing);
    });
  }

  it('deleting a special leaves the bookings it discounted as they were', async () => {
    const created = (await manager.post('/api/admin/special-offers', offer({ name: 'Used once' }))).body;
    const booking = await t.db('bookings').whereNotNull('unit_id').whereNull('parent_booking_id').first('id', 'total_amount');
    await t.db('bookings').where({ id: booking.id }).update({ special_offer_id: created.id, special_discount_amount: '3900.00' });
    expect((await manager.delete(`/api/admin/special-offers/${created.id}`)).status).toBe(200);
    const after = await t.db('bookings').where({ id: booking.id }).first('special_offer_id', 'special_discount_amount', 'total_amount');
    expect(after).toEqual({ special_offer_id: null, special_discount_amount: '3900.00', total_amount: booking.total_amount });
  });
});

describe('GET /api/public/special-offers', () => {
  it('lists, to anyone, the active offers whose stay and booking window are still open, by stay start then name', async () => {
    const d = (n: number) => addDays(today(), n);
    const make = async (name: string, over: Record<string, unknown>) => {
      const res = await manager.post('/api/admin/special-offers', offer({ name, ...over }));
      expect(res.status).toBe(201);
      return res.body;
    };
    await make('P open, booking window open', { stayFrom: d(5), stayTo: d(40), bookFrom: null, bookTo: null });
    await make('P inactive', { stayFrom: d(5), stayTo: d(40), isActive: false });
    await make('P stay ended yesterday', { stayFrom: d(-30), stayTo: d(-1), bookTo: null });
    await make('P stay ends today', { stayFrom: d(-30), stayTo: d(0), bookTo: null });
    await make('P booking closed yesterday', { stayFrom: d(5), stayTo: d(40), bookTo: d(-1) });
    await make('P booking closes today', { stayFrom: d(5), stayTo: d(40), bookFrom: d(-10), bookTo: d(0) });
    await make('P booking opens later', { stayFrom: d(90), stayTo: d(120), bookFrom: d(30), bookTo: d(60) });
    await make('A same start, sorted by name', { stayFrom: d(5), stayTo: d(10), bookTo: null });

    const res = await t.client().get('/api/public/special-offers');
    expect(res.status).toBe(200);
    expect(PublicSpecialOfferList.parse(res.body)).toEqual(res.body);
    const names = (res.body as { name: string }[]).map((s) => s.name).filter((n) => /^[AP] /.test(n));
    expect(names).toEqual(['P stay ends today', 'A same start, sorted by name', 'P booking closes today', 'P open, booking window open', 'P booking opens later']);

    const one = (res.body as { name: string }[]).find((s) => s.name === 'P booking closes today');
    expect(one).toEqual({
      id: expect.any(String),
      name: 'P booking closes today',
      description: 'Four nights for the price of three',
      accommodationTypeIds: [tentId, suiteId],
      accommodationTypeNames: ['Classic Safari Tent', 'Luxury Safari Suite'],
      stayFrom: d(5),
      stayTo: d(40),
      stayNights: 4,
      payNights: 3,
      bookFrom: d(-10),
      bookTo: d(0),
      combinableWithPromo: true,
    });
    // The demo's own offer is there too.
    expect((res.body as { name: string; accommodationTypeNames: string[] }[]).find((s) => s.name === 'Stay 4, pay 3')).toMatchObject({
      accommodationTypeNames: ['Tamboti Family Suite'],
      stayFrom: today(),
      stayTo: d(180),
    });
  });

  it('names only the types the public site shows, and leaves out an offer whose types are all hidden', async () => {
    const hidden = (await manager.post('/api/admin/accommodations', { name: 'Closed Bush Camp', capacity: 2, baseWeekdayRate: 2000, baseWeekendRate: 2200, isActive: false })).body;
    await manager.post('/api/admin/special-offers', offer({ name: 'H mixed', accommodationTypeIds: [tentId, hidden.id] }));
    await manager.post('/api/admin/special-offers', offer({ name: 'H hidden only', accommodationTypeIds: [hidden.id] }));
    const res = (await t.client().get('/api/public/special-offers')).body as { name: string; accommodationTypeIds: string[]; accommodationTypeNames: string[] }[];
    expect(res.filter((s) => s.name.startsWith('H ')).map((s) => [s.name, s.accommodationTypeIds, s.accommodationTypeNames])).toEqual([
      ['H mixed', [tentId], ['Classic Safari Tent']],
    ]);
  });
});

describe('listSpecialsForPricing', () => {
  it('gives a type the active specials whose stay dates touch the stay, with all their types', async () => {
    const d = (n: number) => addDays(today(), n);
    const created = (await manager.post('/api/admin/special-offers', offer({ name: 'Q pricing', stayFrom: d(200), stayTo: d(210), bookTo: null }))).body;
    await manager.post('/api/admin/special-offers', offer({ name: 'Q pricing inactive', stayFrom: d(200), stayTo: d(210), isActive: false }));
    const names = async (checkIn: string, checkOut: string) =>
      (await listSpecialsForPricing(t.db, tentId, checkIn, checkOut)).map((s) => s.name).filter((n) => n.startsWith('Q '));
    // The last night of the stay is the night before check-out.
    expect(await names(d(196), d(200))).toEqual([]);
    expect(await names(d(196), d(201))).toEqual(['Q pricing']);
    expect(await names(d(210), d(214))).toEqual(['Q pricing']);
    expect(await names(d(211), d(214))).toEqual([]);
    const [rule] = (await listSpecialsForPricing(t.db, suiteId, d(205), d(209))).filter((s) => s.name === 'Q pricing');
    expect(rule).toEqual({
      id: created.id,
      name: 'Q pricing',
      accommodationTypeIds: [suiteId, tentId].sort(),
      stayFrom: d(200),
      stayTo: d(210),
      stayNights: 4,
      payNights: 3,
      bookFrom: null,
      bookTo: null,
      combinableWithPromo: true,
      isActive: true,
    });
  });
});
