import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { CalendarWindow } from '../../../../shared/contracts/calendar.js';
import { ISO_DATE_MESSAGE } from '../../../../shared/contracts/common.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { createTypeWithUnits } from '../bookings/test-fixtures.js';

let t: TestContext;
let receptionist: TestClient;
// Far beyond the demo data, so the window holds only this file's bookings.
let start: string;
let type: { typeId: string; unitIds: string[]; name: string };
let hidden: { typeId: string; unitIds: string[]; name: string };

beforeAll(async () => {
  t = await createTestContext();
  receptionist = await t.loginAs('receptionist');
  start = addDays(todayInLodge(t.clock.now()), 400);
  type = await createTypeWithUnits(t.db, { name: `Calendar ${randomUUID().slice(0, 6)}`, units: 2 });
  hidden = await createTypeWithUnits(t.db, { name: `Closed ${randomUUID().slice(0, 6)}`, units: 1, isActive: false });
  const [guest] = await t.db('guests').insert({ first_name: 'Lerato', last_name: 'Mokoena', email: `lerato-${randomUUID()}@example.com` }).returning('id');
  const [u1, u2] = type.unitIds;
  const book = (reference: string, unitId: string, from: number, to: number, status = 'Confirmed') => ({
    reference,
    unit_id: unitId,
    accommodation_type_id: type.typeId,
    guest_id: guest.id,
    guest_name: 'Lerato Mokoena',
    guest_email: 'lerato@example.com',
    check_in_date: addDays(start, from),
    check_out_date: addDays(start, to),
    number_of_guests: 2,
    status,
    total_amount: '3000.00',
    payment_method: 'EFT',
    source: 'staff',
  });
  await t.db('bookings').insert([
    book('CAL-ENDS-AT-START', u1, -3, 0, 'Checked-Out'), // leaves the morning the window opens: not in it
    book('CAL-INTO-WINDOW', u1, -2, 1),
    book('CAL-INSIDE', u1, 1, 3, 'Provisional'),
    book('CAL-CANCELLED', u2, 5, 7, 'Cancelled'),
    book('CAL-LAST-DAY', u2, 13, 15),
    book('CAL-AFTER', u1, 14, 16), // arrives the day after the last day shown
  ]);
});
afterAll(() => t?.close());

describe('GET /api/admin/calendar', () => {
  it('answers the types, units and the bookings overlapping the 14 days', async () => {
    const res = await receptionist.get(`/api/admin/calendar?start=${start}&days=14`);
    expect(res.status).toBe(200);
    const body = CalendarWindow.parse(res.body);
    expect({ start: body.start, end: body.end, days: body.days }).toEqual({ start, end: addDays(start, 13), days: 14 });
    expect(
      body.bookings.map((b) => [b.reference, b.unitName, b.accommodationTypeName, b.checkInDate, b.checkOutDate, b.status, b.guestName, b.totalAmount]),
    ).toEqual([
      ['CAL-INTO-WINDOW', `${type.name} unit 1`, type.name, addDays(start, -2), addDays(start, 1), 'Confirmed', 'Lerato Mokoena', 3000],
      ['CAL-INSIDE', `${type.name} unit 1`, type.name, addDays(start, 1), addDays(start, 3), 'Provisional', 'Lerato Mokoena', 3000],
      ['CAL-CANCELLED', `${type.name} unit 2`, type.name, addDays(start, 5), addDays(start, 7), 'Cancelled', 'Lerato Mokoena', 3000],
      ['CAL-LAST-DAY', `${type.name} unit 2`, type.name, addDays(start, 13), addDays(start, 15), 'Confirmed', 'Lerato Mokoena', 3000],
    ]);
    // Every type and unit, inactive ones too: the offline store keeps them all.
    const mine = body.accommodationTypes.filter((x) => x.id === type.typeId || x.id === hidden.typeId).map((x) => [x.name, x.isActive, x.baseWeekdayRate]);
    expect(mine).toEqual([
      [type.name, true, 1000],
      [hidden.name, false, 1000],
    ]);
    const allTypes = Number((await t.db('accommodation_types').count<{ c: number }[]>('* as c').first())?.c);
    expect(body.accommodationTypes).toHaveLength(allTypes);
    expect(body.units.filter((u) => u.accommodationTypeId === type.typeId).map((u) => [u.id, u.name, u.isActive])).toEqual([
      [type.unitIds[0], `${type.name} unit 1`, true],
      [type.unitIds[1], `${type.name} unit 2`, true],
    ]);
    expect(body.units.find((u) => u.id === hidden.unitIds[0])?.name).toBe(`${hidden.name} unit 1`);
  });

  it('shows 14 days when days is left out, and another length when asked', async () => {
    const plain = await receptionist.get(`/api/admin/calendar?start=${start}`);
    expect([plain.status, plain.body.end, plain.body.days]).toEqual([200, addDays(start, 13), 14]);
    const short = await receptionist.get(`/api/admin/calendar?start=${addDays(start, 2)}&days=3`);
    expect(short.status).toBe(200);
    expect(short.body.end).toBe(addDays(start, 4));
    expect(short.body.bookings.map((b: { reference: string }) => b.reference)).toEqual(['CAL-INSIDE']);
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [string, Record<string, string>][] = [
      ['', { start: 'Start date is required' }],
      ['?start=2027-02-30', { start: ISO_DATE_MESSAGE }],
      [`?start=${start}&days=0`, { days: 'Days must be a whole number from 1 to 62' }],
      [`?start=${start}&days=63`, { days: 'Days must be a whole number from 1 to 62' }],
      [`?start=${start}&days=two`, { days: 'Days must be a whole number from 1 to 62' }],
      [`?start=${start}&days=1.5`, { days: 'Days must be a whole number from 1 to 62' }],
    ];
    for (const [qs, errors] of cases) {
      const res = await receptionist.get(`/api/admin/calendar${qs}`);
      expect([qs, res.status, res.body.errors]).toEqual([qs, 400, errors]);
    }
  });

  it('is kept in memory but never stale: any committed change to a booking, guest, unit or type shows at the next request', async () => {
    const url = `/api/admin/calendar?start=${start}&days=14`;
    const inside = () => receptionist.get(url).then((r) => (r.body as CalendarWindow).bookings.find((b) => b.reference === 'CAL-INSIDE')!);
    const first = await receptionist.get(url);
    const etag = first.headers.get('etag');
    expect([first.headers.get('cache-control'), etag]).toEqual(['private, no-cache', expect.stringMatching(/^"[\w-]{27}"$/)]);
    // The browser's revalidation (fetch given If-None-Match by hand would add no-cache): unchanged, a 304 with no body.
    const revalidate = { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } };
    const again = await receptionist.request('GET', url, undefined, revalidate);
    expect([again.status, again.text]).toEqual([304, '']);

    const row = await t.db('bookings').where({ reference: 'CAL-INSIDE' }).first('id', 'guest_id', 'unit_id');
    await t.db('bookings').where({ id: row.id }).update({ special_requests: 'Vegetarian' });
    expect((await inside()).specialRequests).toBe('Vegetarian');
    await t.db('guests').where({ id: row.guest_id }).update({ phone: '+27 82 555 0101' });
    expect((await inside()).guestPhone).toBe('+27 82 555 0101');
    await t.db('units').where({ id: row.unit_id }).update({ name: `${type.name} unit one` });
    expect((await inside()).unitName).toBe(`${type.name} unit one`);
    await t.db('accommodation_types').where({ id: type.typeId }).update({ name: `${type.name} renamed` });
    expect((await inside()).accommodationTypeName).toBe(`${type.name} renamed`);
    // A change inside a transaction shows once it commits, not before (PostgreSQL: the
    // embedded database has one connection, which the open transaction holds).
    if (process.env.DATABASE_URL) {
      await t.db.transaction(async (trx) => {
        await trx('bookings').where({ id: row.id }).update({ special_requests: 'Vegan' });
        expect((await inside()).specialRequests).toBe('Vegetarian');
      });
      expect((await inside()).specialRequests).toBe('Vegan');
    } else {
      await t.db('bookings').where({ id: row.id }).update({ special_requests: 'Vegan' });
      expect((await inside()).specialRequests).toBe('Vegan');
    }
    const changed = await receptionist.request('GET', url, undefined, revalidate);
    expect(changed.status).toBe(200);

    await t.db('accommodation_types').where({ id: type.typeId }).update({ name: type.name });
    await t.db('units').where({ id: row.unit_id }).update({ name: `${type.name} unit 1` });
    await t.db('bookings').where({ id: row.id }).update({ special_requests: null });
  });

  it('is for staff: 401 without a login, 403 for a guest', async () => {
    expect((await t.client().get(`/api/admin/calendar?start=${start}`)).status).toBe(401);
    const guest = await t.loginAs('guest');
    expect((await guest.get(`/api/admin/calendar?start=${start}`)).status).toBe(403);
    for (const role of ['manager', 'superadmin']) {
      expect((await (await t.loginAs(role)).get(`/api/admin/calendar?start=${start}`)).status).toBe(200);
    }
  });
});
