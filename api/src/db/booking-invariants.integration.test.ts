import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/harness.js';
import { addDays, todayInLodge } from '../../../shared/domain/dates.js';

/**
 * The database itself refuses double bookings (exclusion constraint), whatever the code
 * does. Run on PostgreSQL (DATABASE_URL) this races real concurrent connections.
 */
let t: TestDb;
let unitId: string;
let typeId: string;
let guestId: string;

beforeAll(async () => {
  t = await createTestDb();
  [{ id: typeId }] = await t.db('accommodation_types')
    .insert({ name: 'Test Suite', capacity: 2, base_weekday_rate: 1000, base_weekend_rate: 1200 })
    .returning('id');
  [{ id: unitId }] = await t.db('units').insert({ name: 'Suite 1', accommodation_type_id: typeId }).returning('id');
  [{ id: guestId }] = await t.db('guests')
    .insert({ first_name: 'Thandi', last_name: 'Mokoena', email: 'thandi@example.com' })
    .returning('id');
});
afterAll(() => t?.close());

let refSeq = 0;
function booking(checkIn: string, checkOut: string, status = 'Provisional') {
  return {
    reference: `T-${++refSeq}-${Math.random().toString(36).slice(2, 8)}`,
    unit_id: unitId,
    accommodation_type_id: typeId,
    guest_id: guestId,
    guest_name: 'Thandi Mokoena',
    guest_email: 'thandi@example.com',
    check_in_date: checkIn,
    check_out_date: checkOut,
    status,
    total_amount: 2000,
    payment_method: 'EFT',
  };
}

const liveCount = async () =>
  Number(
    (await t.db('bookings').where({ unit_id: unitId }).whereIn('status', ['Provisional', 'Confirmed', 'Checked-In']).count('* as c').first())?.c,
  );

describe('no double booking, enforced by the database', () => {
  it('20 concurrent overlapping inserts for one unit leave exactly one', async () => {
    // Overlapping, not identical, ranges: every pair shares at least the night of Dec 10.
    const attempts = Array.from({ length: 20 }, (_, i) => {
      const start = 1 + (i % 9);
      return booking(`2026-12-${String(start).padStart(2, '0')}`, `2026-12-${String(11 + (i % 5)).padStart(2, '0')}`);
    });
    const results = await Promise.allSettled(attempts.map((b) => t.db('bookings').insert(b)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(19);
    for (const f of failed) expect(f.reason.code).toBe('23P01');
    expect(await liveCount()).toBe(1);
  });

  it('a Cancelled booking does not block the same nights', async () => {
    await t.db('bookings').insert(booking('2027-01-10', '2027-01-14', 'Cancelled'));
    await t.db('bookings').insert(booking('2027-01-10', '2027-01-14', 'Cancelled'));
    await expect(t.db('bookings').insert(booking('2027-01-11', '2027-01-13', 'Confirmed'))).resolves.toBeDefined();
  });

  it('cancelling a booking releases its nights', async () => {
    const [{ id }] = await t.db('bookings').insert(booking('2027-02-01', '2027-02-05', 'Confirmed')).returning('id');
    await expect(t.db('bookings').insert(booking('2027-02-03', '2027-02-04'))).rejects.toMatchObject({ code: '23P01' });
    await t.db('bookings').where({ id }).update({ status: 'Cancelled' });
    await expect(t.db('bookings').insert(booking('2027-02-03', '2027-02-04'))).resolves.toBeDefined();
  });

  it('check-out day can be the next check-in (half-open ranges)', async () => {
    await t.db('bookings').insert(booking('2027-03-01', '2027-03-04', 'Checked-In'));
    await expect(t.db('bookings').insert(booking('2027-03-04', '2027-03-06', 'Confirmed'))).resolves.toBeDefined();
    await expect(t.db('bookings').insert(booking('2027-03-03', '2027-03-05'))).rejects.toMatchObject({ code: '23P01' });
  });

  it('refuses check-out before check-in and unknown statuses', async () => {
    await expect(t.db('bookings').insert(booking('2027-04-05', '2027-04-05'))).rejects.toMatchObject({ code: '23514' });
    await expect(t.db('bookings').insert(booking('2027-04-05', '2027-04-07', 'Maybe'))).rejects.toMatchObject({ code: '23514' });
  });

  it('bumps version on every update', async () => {
    const [row] = await t.db('bookings').insert(booking('2027-05-01', '2027-05-03')).returning(['id', 'version']);
    expect(row.version).toBe(1);
    const [after] = await t.db('bookings').where({ id: row.id }).update({ special_requests: 'Late arrival' }).returning('version');
    expect(after.version).toBe(2);
  });

  it('keeps booking references unique', async () => {
    const b = booking('2027-06-01', '2027-06-02');
    await t.db('bookings').insert(b);
    await expect(t.db('bookings').insert({ ...b, check_in_date: '2027-07-01', check_out_date: '2027-07-02' })).rejects.toMatchObject({
      code: '23505',
    });
  });
});

describe('an out of order unit holds no stay, enforced by the database', () => {
  // Dates from today's clock, far enough ahead to miss the fixed dates above.
  const base = addDays(todayInLodge(new Date()), 800);
  const day = (n: number) => addDays(base, n);
  const period = (start: string, end: string) => ({ unit_id: unitId, start_date: start, end_date: end, note: 'Geyser replaced' });

  it('refuses a live booking on nights the unit is out of order, with the exclusion code, and allows the day it is back', async () => {
    const [{ id: periodId }] = await t.db('unit_out_of_order').insert(period(day(0), day(3))).returning('id');
    const refused = t.db('bookings').insert(booking(day(2), day(5), 'Confirmed'));
    await expect(refused).rejects.toMatchObject({ code: '23P01', constraint: 'bookings_unit_out_of_order', detail: periodId });
    // Half-open: the end date is the first day back, so a stay may start on it.
    await expect(t.db('bookings').insert(booking(day(3), day(5), 'Confirmed'))).resolves.toBeDefined();
    // A cancelled booking holds nothing, so it may sit on out of order nights.
    await expect(t.db('bookings').insert(booking(day(1), day(2), 'Cancelled'))).resolves.toBeDefined();
  });

  it('refuses a period over a live booking, naming the booking; a moved or reopened booking is checked again', async () => {
    const [{ id: bookingId }] = await t.db('bookings').insert(booking(day(10), day(12), 'Confirmed')).returning('id');
    await expect(t.db('unit_out_of_order').insert(period(day(11), day(14)))).rejects.toMatchObject({
      code: '23P01',
      constraint: 'unit_out_of_order_booking_clash',
      detail: bookingId,
    });
    await t.db('unit_out_of_order').insert(period(day(12), day(14)));
    // Moving the stay onto the period's nights is refused; so is reopening a cancelled one there.
    await expect(t.db('bookings').where({ id: bookingId }).update({ check_out_date: day(13) })).rejects.toMatchObject({ code: '23P01' });
    const [{ id: cancelledId }] = await t.db('bookings').insert(booking(day(12), day(13), 'Cancelled')).returning('id');
    await expect(t.db('bookings').where({ id: cancelledId }).update({ status: 'Confirmed' })).rejects.toMatchObject({ code: '23P01' });
    // A change that keeps its nights (special requests, check-in) is not a new hold.
    await expect(t.db('bookings').where({ id: bookingId }).update({ status: 'Checked-In' })).resolves.toBe(1);
  });

  it('refuses two overlapping periods of one unit', async () => {
    await t.db('unit_out_of_order').insert(period(day(20), day(25)));
    await expect(t.db('unit_out_of_order').insert(period(day(24), day(26)))).rejects.toMatchObject({
      code: '23P01',
      constraint: 'unit_out_of_order_no_overlap',
    });
  });

  it('a period and a booking racing for the same nights: exactly one is stored', async () => {
    for (let round = 0; round < 5; round++) {
      const start = day(40 + round * 4);
      const results = await Promise.allSettled([
        t.db('unit_out_of_order').insert(period(start, addDays(start, 2))),
        t.db('bookings').insert(booking(addDays(start, 1), addDays(start, 3), 'Confirmed')),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(failed?.reason.code).toBe('23P01');
    }
  });

  it('a written period touches its unit, so the sync pull serves the unit again', async () => {
    const before = await t.db('units').where({ id: unitId }).first('version');
    await t.db('unit_out_of_order').insert(period(day(60), day(61)));
    const after = await t.db('units').where({ id: unitId }).first('version');
    expect(after.version).toBe(before.version + 1);
  });
});
