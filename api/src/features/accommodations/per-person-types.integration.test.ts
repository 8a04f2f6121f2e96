import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import type { AccommodationType } from '../../../../shared/contracts/accommodations.js';

/**
 * The per person sharing fields of an accommodation type through the admin API: stored,
 * returned (admin and public catalogue alike), audited, and refused field by field.
 */

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
});
afterAll(() => t?.close());

const count = async (table: string) => Number((await t.db(table).count('* as n'))[0].n);

const lodgeStyle = {
  name: 'Marula Family Suite',
  description: 'Per person sharing, fully inclusive',
  capacity: 4,
  baseWeekdayRate: 4200,
  baseWeekendRate: 4800,
  amenities: ['Two bedrooms'],
  pricingModel: 'per_person_sharing',
  singleSupplementPercent: 35,
  // Sent out of order: stored (and returned) by age.
  childPolicy: [
    { fromAge: 6, toAge: 11, percentOfAdult: 50 },
    { fromAge: 0, toAge: 5, notAccepted: true },
  ],
  minimumChildAge: 6,
  mealPlan: 'Fully inclusive',
  maxAdults: 3,
};

const publicType = async (id: string) => ((await t.client().get('/api/accommodations')).body as AccommodationType[]).find((x) => x.id === id);

describe('per person sharing types', () => {
  it('a manager creates one: 201 with the pricing fields, the same in the admin list and the public catalogue, and audited', async () => {
    const res = await manager.post('/api/admin/accommodations', lodgeStyle);
    expect(res.status).toBe(201);
    const expected = {
      name: 'Marula Family Suite',
      capacity: 4,
      baseWeekdayRate: 4200,
      baseWeekendRate: 4800,
      pricingModel: 'per_person_sharing',
      singleSupplementPercent: 35,
      childPolicy: [
        { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
        { fromAge: 6, toAge: 11, percentOfAdult: 50, notAccepted: false },
      ],
      minimumChildAge: 6,
      mealPlan: 'Fully inclusive',
      maxAdults: 3,
    };
    expect(res.body).toMatchObject(expected);
    const admin = ((await receptionist.get('/api/admin/accommodations')).body as { id: string }[]).find((x) => x.id === res.body.id);
    expect(admin).toMatchObject(expected);
    expect(await publicType(res.body.id)).toMatchObject(expected);
    const audit = await t.db('audit_log').where({ entity_id: res.body.id, action: 'accommodation_type.create' }).first();
    expect(audit.after).toMatchObject({ pricingModel: 'per_person_sharing', singleSupplementPercent: 35, mealPlan: 'Fully inclusive', maxAdults: 3 });
  });

  it('an update changes them; the public catalogue shows the change at once; the audit keeps before and after', async () => {
    const created = (await manager.post('/api/admin/accommodations', { ...lodgeStyle, name: 'Jackalberry Suite' })).body;
    expect((await publicType(created.id))?.singleSupplementPercent).toBe(35); // the catalogue cache now holds it

    const upd = await manager.put(`/api/admin/accommodations/${created.id}`, {
      ...lodgeStyle,
      name: 'Jackalberry Suite',
      singleSupplementPercent: 50,
      childPolicy: [{ fromAge: 3, toAge: 12, percentOfAdult: 25 }],
      minimumChildAge: null,
      mealPlan: 'Half board',
      maxAdults: 2,
      version: created.version,
    });
    expect(upd.status).toBe(200);
    const changed = {
      pricingModel: 'per_person_sharing',
      singleSupplementPercent: 50,
      childPolicy: [{ fromAge: 3, toAge: 12, percentOfAdult: 25, notAccepted: false }],
      minimumChildAge: null,
      mealPlan: 'Half board',
      maxAdults: 2,
      version: created.version + 1,
    };
    expect(upd.body).toMatchObject(changed);
    expect(await publicType(created.id)).toMatchObject(changed);
    const audit = await t.db('audit_log').where({ entity_id: created.id, action: 'accommodation_type.update' }).first();
    expect([audit.before.singleSupplementPercent, audit.after.singleSupplementPercent]).toEqual([35, 50]);
    expect([audit.before.mealPlan, audit.after.mealPlan]).toEqual(['Fully inclusive', 'Half board']);

    // Back to per unit: the form sends the defaults.
    const back = await manager.put(`/api/admin/accommodations/${created.id}`, {
      name: 'Jackalberry Suite',
      capacity: 4,
      baseWeekdayRate: 9000,
      baseWeekendRate: 9900,
      version: upd.body.version,
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ pricingModel: 'per_unit', singleSupplementPercent: 0, childPolicy: [], minimumChildAge: null, mealPlan: null, maxAdults: null });
  });

  it('a type created without the new fields is per unit, as every type before them', async () => {
    const res = await manager.post('/api/admin/accommodations', { name: 'Plain Rondavel', capacity: 2, baseWeekdayRate: 1500, baseWeekendRate: 1700 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ pricingModel: 'per_unit', singleSupplementPercent: 0, childPolicy: [], minimumChildAge: null, mealPlan: null, maxAdults: null });
  });

  const bad: { name: string; change: Record<string, unknown>; errors: Record<string, string> }[] = [
    {
      name: 'overlapping bands',
      change: { childPolicy: [{ fromAge: 0, toAge: 6, notAccepted: true }, { fromAge: 6, toAge: 11, percentOfAdult: 50 }] },
      errors: { childPolicy: 'Age bands must not overlap' },
    },
    {
      name: 'a band percent above 100',
      change: { childPolicy: [{ fromAge: 6, toAge: 11, percentOfAdult: 101 }] },
      errors: { 'childPolicy.0.percentOfAdult': 'Percent of adult rate must be between 0 and 100' },
    },
    {
      name: 'a band percent below 0',
      change: { childPolicy: [{ fromAge: 6, toAge: 11, percentOfAdult: -5 }] },
      errors: { 'childPolicy.0.percentOfAdult': 'Percent of adult rate must be between 0 and 100' },
    },
    {
      name: 'a band age of 18',
      change: { childPolicy: [{ fromAge: 12, toAge: 18, percentOfAdult: 75 }] },
      errors: { 'childPolicy.0.toAge': 'Ages must be between 0 and 17' },
    },
    {
      name: 'a band age below 0',
      change: { childPolicy: [{ fromAge: -1, toAge: 5, notAccepted: true }] },
      errors: { 'childPolicy.0.fromAge': 'Ages must be between 0 and 17' },
    },
    {
      name: 'a band whose from age is above its to age',
      change: { childPolicy: [{ fromAge: 11, toAge: 6, percentOfAdult: 50 }] },
      errors: { 'childPolicy.0.toAge': 'A band’s from age must not be above its to age' },
    },
    { name: 'a supplement above 100', change: { singleSupplementPercent: 100.5 }, errors: { singleSupplementPercent: 'Single supplement must be between 0 and 100 percent' } },
    { name: 'a negative supplement', change: { singleSupplementPercent: -1 }, errors: { singleSupplementPercent: 'Single supplement must be between 0 and 100 percent' } },
    { name: 'a minimum child age of 18', change: { minimumChildAge: 18 }, errors: { minimumChildAge: 'Minimum child age must be between 0 and 17' } },
    { name: 'more adults than the capacity', change: { capacity: 4, maxAdults: 5 }, errors: { maxAdults: 'Maximum adults cannot be more than the capacity' } },
    { name: 'no adults at all', change: { maxAdults: 0 }, errors: { maxAdults: 'Maximum adults must be at least 1' } },
    {
      name: 'an unknown meal plan',
      change: { mealPlan: 'All you can eat' },
      errors: { mealPlan: 'Meal plan must be one of: Room only, Bed and breakfast, Half board, Full board, Fully inclusive' },
    },
    { name: 'an unknown pricing model', change: { pricingModel: 'per_room' }, errors: { pricingModel: 'Pricing model must be per_unit or per_person_sharing' } },
    // The type made a package while per person sharing (on update: a per person type turned into one).
    { name: 'a package priced per person', change: { isPackage: true }, errors: { pricingModel: 'A package is priced per unit' } },
  ];

  for (const c of bad) {
    it(`${c.name}: 400 naming the field, on create and on update, and nothing changes`, async () => {
      const existing = (await manager.post('/api/admin/accommodations', { ...lodgeStyle, name: `Before ${c.name}` })).body;
      const types = await count('accommodation_types');
      const audits = await count('audit_log');

      const created = await manager.post('/api/admin/accommodations', { ...lodgeStyle, name: `Bad ${c.name}`, ...c.change });
      expect(created.status).toBe(400);
      expect(created.body.errors).toEqual(c.errors);
      const [field, message] = Object.entries(c.errors)[0];
      expect(created.body.message).toBe(`${field}: ${message}`);

      const updated = await manager.put(`/api/admin/accommodations/${existing.id}`, { ...lodgeStyle, name: `Before ${c.name}`, ...c.change, version: existing.version });
      expect(updated.status).toBe(400);
      expect(updated.body.errors).toEqual(c.errors);

      expect(await count('accommodation_types')).toBe(types);
      expect(await count('audit_log')).toBe(audits);
      const after = ((await manager.get('/api/admin/accommodations')).body as { id: string }[]).find((x) => x.id === existing.id);
      expect(after).toEqual(existing);
    });
  }
});

describe('a package is priced per unit', () => {
  it('the Entire Lodge cannot be made per person sharing: 400 naming pricingModel, and it stays as it was', async () => {
    const lodge = ((await manager.get('/api/admin/accommodations')).body as AccommodationType[]).find((x) => x.isPackage && x.systemKey)!;
    expect(lodge.pricingModel).toBe('per_unit');
    const audits = await count('audit_log');

    const res = await manager.put(`/api/admin/accommodations/${lodge.id}`, { ...lodge, pricingModel: 'per_person_sharing', singleSupplementPercent: 40 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ pricingModel: 'A package is priced per unit' });
    expect(res.body.message).toBe('pricingModel: A package is priced per unit');

    expect(await count('audit_log')).toBe(audits);
    const after = ((await manager.get('/api/admin/accommodations')).body as AccommodationType[]).find((x) => x.id === lodge.id);
    expect(after).toEqual(lodge);
    // The same form per unit is still taken.
    const same = await manager.put(`/api/admin/accommodations/${lodge.id}`, { ...lodge, description: 'The whole lodge, for one group' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ pricingModel: 'per_unit', isPackage: true, description: 'The whole lodge, for one group' });
  });
});
