import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';

/**
 * Availability against random sequences of guest bookings and cancellations: whenever the
 * availability answer says a type is free, a booking of it succeeds, and when it says not,
 * the booking is refused; and no unit is ever held twice for one night.
 */
let t: TestContext;
let manager: TestClient;
let types: { id: string; units: number; firstUnit: string }[];
let run = 0;

beforeAll(async () => {
  t = await createTestContext();
  // Each run books far beyond the demo calendar, past the default two-year booking horizon.
  await t.db('settings').update({ booking_horizon_days: 3650 });
  manager = await t.loginAs('manager');
  const rows = await t.db('accommodation_types as a')
    .join('units as u', 'u.accommodation_type_id', 'a.id')
    .where({ 'a.is_package': false, 'a.is_active': true, 'u.is_active': true })
    .groupBy('a.id', 'a.sort_order')
    .orderBy('a.sort_order')
    .select('a.id', t.db.raw('min(u.id::text) as first_unit'))
    .count({ n: 'u.id' });
  // Two types, one with few units so that it fills up within a sequence.
  const all = (rows as unknown as { id: string; n: string; first_unit: string }[]).map((r) => ({ id: r.id, units: Number(r.n), firstUnit: r.first_unit })).sort((a, b) => a.units - b.units);
  types = [all[0], all[all.length - 1]];
});
afterAll(async () => {
  await t?.close();
});

type Op = { kind: 'book'; type: number; start: number; nights: number } | { kind: 'cancel'; pick: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('book' as const), type: fc.integer({ min: 0, max: 1 }), start: fc.integer({ min: 0, max: 6 }), nights: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

async function doubleBookedNights(): Promise<number> {
  const { rows } = await t.db.raw(`
    select count(*)::int as n from bookings a join bookings b
      on a.unit_id = b.unit_id and a.id < b.id
     and a.check_in_date < b.check_out_date and b.check_in_date < a.check_out_date
   where a.status in ('Provisional', 'Confirmed', 'Checked-In') and b.status in ('Provisional', 'Confirmed', 'Checked-In')`);
  return rows[0].n;
}

describe('availability properties', () => {
  it('a type reported available can be booked, one reported full cannot, and no unit is ever double booked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 10 }), async (ops) => {
        // Each run books in its own window of dates, far beyond the demo calendar.
        const base = addDays(todayInLodge(t.clock.now()), 700 + 12 * run++);
        const live: string[] = [];
        for (const o of ops) {
          if (o.kind === 'cancel') {
            if (live.length === 0) continue;
            const [id] = live.splice(o.pick % live.length, 1);
            const res = await manager.put(`/api/admin/bookings/${id}`, { status: 'Cancelled', cancellationReason: 'property test' });
            expect(res.status, res.text).toBe(200);
            continue;
          }
          const type = types[o.type];
          const checkIn = addDays(base, o.start);
          const checkOut = addDays(checkIn, o.nights);
          const avail = await t.client().post('/api/availability', { accommodationTypeId: type.id, checkIn, checkOut });
          expect(avail.status, avail.text).toBe(200);
          const booked = await t.client().post('/api/bookings', {
            // The booking page sends a unit of the type; the server takes any free unit of it.
            unitId: type.firstUnit,
            checkInDate: checkIn,
            checkOutDate: checkOut,
            paymentMethod: 'EFT',
            guestData: { firstName: 'Prop', lastName: `Run${run}`, email: `prop.${run}@example.com` },
          });
          if (avail.body.available) {
            expect(booked.status, booked.text).toBe(201);
            live.push(booked.body.id ?? booked.body.booking?.id);
          } else {
            expect(booked.status, booked.text).toBe(409);
          }
          expect(avail.body.availableUnits).toBe(avail.body.available ? avail.body.availableUnits : 0);
        }
        expect(await doubleBookedNights()).toBe(0);
      }),
      { numRuns: 8 },
    );
  });
});
