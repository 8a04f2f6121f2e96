import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countStatements, createTestContext, type TestContext } from '../../../test/harness.js';
import { AvailabilityResponse, PackageAvailabilityResponse } from '../../../../shared/contracts/availability.js';
import { createPackage, createTypeWithUnits, guestData } from '../bookings/test-fixtures.js';
import { checkAvailability } from './availability.service.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:00:00Z' });
});
afterAll(() => t?.close());

const availability = (accommodationTypeId: string, checkIn: string, checkOut: string) =>
  t.client().post('/api/availability', { accommodationTypeId, checkIn, checkOut });

async function book(unitId: string, checkInDate: string, checkOutDate: string) {
  const res = await t.client().post('/api/bookings', { unitId, checkInDate, checkOutDate, paymentMethod: 'EFT', guestData: guestData(randomUUID().slice(0, 6)) });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('POST /api/availability', () => {
  it('counts the active units of the type and those free for every night of the stay', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db, { units: 3 });
    await t.db('units').insert({ accommodation_type_id: typeId, name: 'Mothballed', is_active: false });

    const empty = await availability(typeId, '2026-04-06', '2026-04-09');
    expect(empty.status).toBe(200);
    expect(AvailabilityResponse.parse(empty.body)).toEqual({ available: true, availableUnits: 3, totalUnits: 3 });

    await book(unitIds[0], '2026-04-08', '2026-04-10'); // overlaps the last night
    await book(unitIds[1], '2026-04-03', '2026-04-06'); // leaves on the check-in day: no overlap
    expect((await availability(typeId, '2026-04-06', '2026-04-09')).body).toEqual({ available: true, availableUnits: 2, totalUnits: 3 });

    const cancelled = await book(unitIds[2], '2026-04-06', '2026-04-07');
    await t.db('bookings').where({ id: cancelled }).update({ status: 'Cancelled' });
    expect((await availability(typeId, '2026-04-06', '2026-04-09')).body.availableUnits).toBe(2);

    await book(unitIds[2], '2026-04-05', '2026-04-12');
    await book(unitIds[1], '2026-04-07', '2026-04-08');
    expect((await availability(typeId, '2026-04-06', '2026-04-09')).body).toEqual({ available: false, availableUnits: 0, totalUnits: 3 });
  });

  it('says an inactive type is not available', async () => {
    const { typeId } = await createTypeWithUnits(t.db, { units: 2, isActive: false });
    expect((await availability(typeId, '2026-04-06', '2026-04-09')).body).toEqual({ available: false, availableUnits: 0, totalUnits: 2 });
  });

  it('answers a package type as a package', async () => {
    const a = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    expect((await availability(packageTypeId, '2026-04-06', '2026-04-09')).body).toEqual({ available: true, availableUnits: 2, totalUnits: 2 });
  });

  it('answers checks asked together each for its own stay, sharing their reads, and sees a booking made before them', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db, { units: 2 });
    const other = await createTypeWithUnits(t.db, { units: 3 });
    await book(unitIds[0], '2026-05-04', '2026-05-06');
    const asks = [
      { id: typeId, checkIn: '2026-05-03', checkOut: '2026-05-05', expected: { status: 200, body: { available: true, availableUnits: 1, totalUnits: 2 } } },
      { id: typeId, checkIn: '2026-05-06', checkOut: '2026-05-08', expected: { status: 200, body: { available: true, availableUnits: 2, totalUnits: 2 } } },
      // The same type written in capitals is the same type.
      { id: typeId.toUpperCase(), checkIn: '2026-05-05', checkOut: '2026-05-07', expected: { status: 200, body: { available: true, availableUnits: 1, totalUnits: 2 } } },
      { id: other.typeId, checkIn: '2026-05-03', checkOut: '2026-05-05', expected: { status: 200, body: { available: true, availableUnits: 3, totalUnits: 3 } } },
      { id: randomUUID(), checkIn: '2026-05-03', checkOut: '2026-05-05', expected: { status: 400, body: expect.objectContaining({ errors: { accommodationTypeId: 'Accommodation type not found' } }) } },
    ];
    const round = () => Array.from({ length: 5 }, () => asks).flat();

    const answers = await Promise.all(round().map(async (a) => availability(a.id, a.checkIn, a.checkOut)));
    expect(answers.map((r) => ({ status: r.status, body: r.body }))).toEqual(round().map((a) => a.expected));

    // Asked at the same moment, the checks share reads: the first goes alone, the 24 asked while
    // it runs share the next statement.
    const { result: shared, statements } = await countStatements(t.db, /from unnest/i, () =>
      Promise.all(
        round().map(async (a) =>
          checkAvailability(t.deps, { accommodationTypeId: a.id, checkIn: a.checkIn, checkOut: a.checkOut }).catch((err: Error) => ({ status: 400, body: err.message })),
        ),
      ),
    );
    expect(statements).toBe(2);
    expect(shared).toEqual(round().map((a) => (a.expected.status === 200 ? a.expected.body : { status: 400, body: 'Accommodation type not found' })));

    // The second unit taken: the next checks see it.
    await book(unitIds[1], '2026-05-04', '2026-05-05');
    const after = await Promise.all([availability(typeId, '2026-05-03', '2026-05-05'), availability(typeId, '2026-05-06', '2026-05-08')]);
    expect(after.map((r) => r.body)).toEqual([
      { available: false, availableUnits: 0, totalUnits: 2 },
      { available: true, availableUnits: 2, totalUnits: 2 },
    ]);
  });

  it('answers 400 naming accommodationTypeId for an unknown type', async () => {
    const res = await availability(randomUUID(), '2026-04-06', '2026-04-09');
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('accommodationTypeId');
  });

  it.each([
    [{ checkIn: '2026-04-06', checkOut: '2026-04-09' }, 'accommodationTypeId'],
    [{ accommodationTypeId: 'x', checkIn: '2026-04-06', checkOut: '2026-04-09' }, 'accommodationTypeId'],
    [{ accommodationTypeId: randomUUID(), checkIn: '2026-02-30', checkOut: '2026-04-09' }, 'checkIn'],
    [{ accommodationTypeId: randomUUID(), checkIn: '2026-04-06' }, 'checkOut'],
    [{ accommodationTypeId: randomUUID(), checkIn: '2026-04-06', checkOut: '2026-04-05' }, 'checkOut'],
    [{ accommodationTypeId: randomUUID(), checkIn: 20260406, checkOut: '2026-04-09' }, 'checkIn'],
  ])('%j: 400 naming %s', async (body, field) => {
    const res = await t.client().post('/api/availability', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
    expect(res.body.message).toContain(field);
  });
});

describe('POST /api/package-availability', () => {
  it('is available only when every active unit of the included types is free, and names the types that are not', async () => {
    const a = await createTypeWithUnits(t.db, { units: 2, name: 'Pkg Suites' });
    const b = await createTypeWithUnits(t.db, { units: 1, name: 'Pkg Tents' });
    const packageTypeId = await createPackage(t.db, [a.typeId, b.typeId]);
    const dates = { checkIn: '2026-05-04', checkOut: '2026-05-06', packageTypeId };
    const free = await t.client().post('/api/package-availability', dates);
    expect(PackageAvailabilityResponse.parse(free.body)).toEqual({ available: true, availableUnits: 3, totalUnits: 3 });

    await book(b.unitIds[0], '2026-05-05', '2026-05-07');
    const taken = await t.client().post('/api/package-availability', dates);
    expect(taken.body).toEqual({
      available: false,
      availableUnits: 0,
      totalUnits: 3,
      unavailableTypes: [{ id: b.typeId, name: 'Pkg Tents' }],
    });
  });

  it('answers 400 for a type that is not a package and for an unknown one', async () => {
    const a = await createTypeWithUnits(t.db, { units: 1 });
    const notPackage = await t.client().post('/api/package-availability', { checkIn: '2026-05-04', checkOut: '2026-05-06', packageTypeId: a.typeId });
    expect(notPackage.status).toBe(400);
    expect(notPackage.body.errors).toHaveProperty('packageTypeId');
    const unknown = await t.client().post('/api/package-availability', { checkIn: '2026-05-04', checkOut: '2026-05-06', packageTypeId: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('packageTypeId');
  });

  it.each([
    [{ checkIn: '2026-05-04', checkOut: '2026-05-06' }, 'packageTypeId'],
    [{ packageTypeId: randomUUID(), checkIn: '2026-13-01', checkOut: '2026-05-06' }, 'checkIn'],
    [{ packageTypeId: randomUUID(), checkIn: '2026-05-04', checkOut: '2026-05-04' }, 'checkOut'],
  ])('%j: 400 naming %s', async (body, field) => {
    const res = await t.client().post('/api/package-availability', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
  });
});
