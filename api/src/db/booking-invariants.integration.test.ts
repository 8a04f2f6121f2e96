import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/harness.js';

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
