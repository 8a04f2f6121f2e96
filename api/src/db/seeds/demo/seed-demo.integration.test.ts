import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex, migrateLatest } from '../../knex.js';
import { verifyPassword } from '../../../features/auth/password.js';
import { paymentsAttention } from '../../../features/payment-proofs/payments-attention.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './seed-demo.js';

const LIVE = ['Provisional', 'Confirmed', 'Checked-In'];

/** A migrated, empty database: in-memory PGlite, or a fresh database on DATABASE_URL's server. */
async function freshDatabase(): Promise<{ db: Knex; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = createKnex({ kind: 'pglite', dir: null });
    await migrateLatest(db);
    return { db, drop: () => db.destroy() };
  }
  const name = `seed_demo_test_${randomBytes(6).toString('hex')}`;
  const admin = createKnex({ kind: 'postgres', url, poolMax: 1 });
  await admin.raw(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = createKnex({ kind: 'postgres', url: target.toString(), poolMax: 2 });
  const drop = async () => {
    await db.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  };
  try {
    await migrateLatest(db);
  } catch (err) {
    await drop();
    throw err;
  }
  return { db, drop };
}

function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe.each([
  // A Saturday morning: the arrival on Suite 4 has a weekend night (Sat) and a weekday night (Sun).
  {
    label: 'a Saturday morning in November',
    now: '2026-11-21T08:00:00Z',
    today: '2026-11-21',
    suite4ArrivalTotal: '13965.00',
    // [total, 30% deposit] of the deposit bookings, by unit.
    deposits: { 'Tent 1': ['9800.00', '2940.00'], 'Chalet B': ['27930.00', '8379.00'], 'The Treehouse': ['30900.00', '9270.00'], 'Suite 2': ['19380.00', '5814.00'] },
    cancelledTotal: '20400.00',
  },
  // 01:30 in Johannesburg is still the 28th in UTC; and the festive season straddles the new year.
  {
    label: 'just after midnight in the festive season',
    now: '2026-12-28T23:30:00Z',
    today: '2026-12-29',
    suite4ArrivalTotal: '16910.00',
    deposits: { 'Tent 1': ['7800.00', '2340.00'], 'Chalet B': ['26220.00', '7866.00'], 'The Treehouse': ['31500.00', '9450.00'], 'Suite 2': ['20425.00', '6127.50'] },
    cancelledTotal: '21500.00',
  },
])('demo data seeded on $label', ({ now, today, suite4ArrivalTotal, deposits, cancelledTotal }) => {
  let db: Knex;
  let drop: () => Promise<void>;
  let emptyBefore: boolean;
  const nowDate = new Date(now);

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
    emptyBefore = await isDatabaseEmpty(db);
    await seedDemoData(db, { now: nowDate });
  });
  afterAll(async () => {
    await drop?.();
  });

  it('counts a freshly migrated database as empty, and a seeded one as not', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it('fills in the lodge settings', async () => {
    const s = await db('settings').where({ id: 1 }).first();
    expect(s.lodge_name).toBeTruthy();
    expect(s.lodge_name).not.toBe('Our Lodge');
    // Inside the Greater Kruger private reserves.
    expect(Number(s.latitude)).toBeGreaterThan(-25.0);
    expect(Number(s.latitude)).toBeLessThan(-23.8);
    expect(Number(s.longitude)).toBeGreaterThan(30.9);
    expect(Number(s.longitude)).toBeLessThan(31.8);
    expect(s.card_payment_discount).toBe('5.00');
    expect(s.eft_hold_duration_hours).toBe(48);
    expect(s.allow_eft_payments).toBe(true);
    expect(s.allow_card_payments).toBe(true);
    expect(s.emergency_medical_phone).toBe('10177');
    expect(s.emergency_police_phone).toBe('10111');
    expect(s.contact_phone).toMatch(/^\+27 /);
    expect(s.branch_code).toBe('250655');
    expect(s.paystack_secret_key).toBeNull();
    // Bookings made today pay in full (the card specs rely on it); the deposits are history.
    expect(s.deposit_percent).toBe(100);
    expect(s.balance_due_days).toBe(30);
  });

  it('creates the four demo accounts with the demo password', async () => {
    const users = await db('users').select('username', 'role', 'password_hash').orderBy('username');
    expect(users.map((u) => [u.username, u.role])).toEqual([
      ['guest', null],
      ['manager', 'Manager'],
      ['receptionist', 'Receptionist'],
      ['superadmin', 'SuperAdmin'],
    ]);
    expect(DEMO_ACCOUNTS.map((a) => a.username).sort()).toEqual(users.map((u) => u.username));
    for (const u of users) expect(await verifyPassword(u.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(users[0].password_hash, 'wrong-password')).toBe(false);
    const guestAccount = await db('users').where({ username: 'guest' }).first('id');
    const linked = await db('guests').where({ user_id: guestAccount.id }).first();
    expect(linked).toBeTruthy();
    expect(await db('bookings').where({ guest_id: linked.id }).count({ n: '*' })).not.toEqual([{ n: 0 }]);
  });

  it('offers at least four active types of 1 to 4 units each, all units active', async () => {
    const types = await db('accommodation_types').where({ is_package: false, is_active: true });
    expect(types.length).toBeGreaterThanOrEqual(4);
    for (const t of types) {
      const units = await db('units').where({ accommodation_type_id: t.id });
      expect(units.length).toBeGreaterThanOrEqual(1);
      expect(units.length).toBeLessThanOrEqual(4);
      expect(units.every((u) => u.is_active)).toBe(true);
      expect(Number(t.base_weekend_rate)).toBeGreaterThan(Number(t.base_weekday_rate));
      expect(t.amenities.length).toBeGreaterThan(0);
      expect(t.images[0]).toMatch(/^\/images\/accommodations\/[a-z-]+\.jpg$/);
    }
  });

  it('prices one type per person sharing (two units, fully inclusive, under 6 not accepted, 6 to 11 at half) and the others per unit', async () => {
    const types = await db('accommodation_types').where({ is_package: false }).orderBy('sort_order');
    const perPerson = types.filter((t) => t.pricing_model === 'per_person_sharing');
    expect(perPerson.map((t) => t.name)).toEqual(['Tamboti Family Suite']);
    expect(perPerson[0]).toMatchObject({
      base_weekday_rate: '4950.00',
      base_weekend_rate: '5450.00',
      capacity: 4,
      max_adults: 3,
      single_supplement_percent: '40.00',
      meal_plan: 'Fully inclusive',
      minimum_child_age: null,
      child_policy: [
        { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
        { fromAge: 6, toAge: 11, percentOfAdult: 50, notAccepted: false },
      ],
    });
    expect(await db('units').where({ accommodation_type_id: perPerson[0].id }).orderBy('sort_order').pluck('name')).toEqual(['Tamboti 1', 'Tamboti 2']);
    // The types the demo had before keep their per unit prices.
    expect(types.filter((t) => t.pricing_model === 'per_unit').map((t) => [t.name, t.base_weekday_rate, t.base_weekend_rate])).toEqual([
      ['Luxury Safari Suite', '6800.00', '7900.00'],
      ['Family Bush Chalet', '8400.00', '9600.00'],
      ['Honeymoon Treehouse', '9500.00', '11000.00'],
      ['Classic Safari Tent', '3900.00', '4500.00'],
    ]);
  });

  it('offers "Stay 4, pay 3" on the Tamboti Family Suite only, for stays from today to 180 days on, with no booking window', async () => {
    const specials = await db('special_offers').select('*', db.raw('stay_from::text as stay_from'), db.raw('stay_to::text as stay_to'));
    expect(specials).toHaveLength(1);
    expect(specials[0]).toMatchObject({
      name: 'Stay 4, pay 3',
      stay_from: today,
      stay_to: addDaysIso(today, 180),
      stay_nights: 4,
      pay_nights: 3,
      book_from: null,
      book_to: null,
      combinable_with_promo: false,
      is_active: true,
    });
    const types = await db('special_offer_types as s')
      .join('accommodation_types as t', 't.id', 's.accommodation_type_id')
      .where('s.special_offer_id', specials[0].id)
      .pluck('t.name');
    expect(types).toEqual(['Tamboti Family Suite']);
  });

  it('activates the Entire Lodge as a package of every type', async () => {
    const lodge = await db('accommodation_types').where({ system_key: 'entire-lodge' }).first();
    expect(lodge.is_active).toBe(true);
    expect(lodge.is_package).toBe(true);
    expect(Number(lodge.base_weekday_rate)).toBeGreaterThan(0);
    const included = await db('package_inclusions').where({ package_type_id: lodge.id }).pluck('included_type_id');
    const types = await db('accommodation_types').where({ is_package: false }).pluck('id');
    expect([...included].sort()).toEqual([...types].sort());
    const [{ sum }] = await db('units as u')
      .join('accommodation_types as t', 't.id', 'u.accommodation_type_id')
      .where('t.is_package', false)
      .sum({ sum: 't.capacity' });
    expect(lodge.capacity).toBe(Number(sum));
  });

  it('has bookings in every status, only within the last 14 and the next 60 days', async () => {
    const statuses = await db('bookings').distinct('status').pluck('status');
    expect([...statuses].sort()).toEqual(['Cancelled', 'Checked-In', 'Checked-Out', 'Confirmed', 'Provisional']);
    const [range] = await db('bookings').min({ first: 'check_in_date' }).max({ last: 'check_out_date' });
    expect(range.first >= addDaysIso(today, -14)).toBe(true);
    expect(range.last <= addDaysIso(today, 60)).toBe(true);
    expect(range.last > addDaysIso(today, 50)).toBe(true);
  });

  it('gives every status dates that make sense for today', async () => {
    const rows = await db('bookings').select('status', 'check_in_date', 'check_out_date');
    for (const b of rows) {
      if (b.status === 'Checked-In') {
        expect(b.check_in_date <= today && b.check_out_date >= today).toBe(true);
      }
      if (b.status === 'Checked-Out') expect(b.check_out_date <= today).toBe(true);
      if (b.status === 'Confirmed' || b.status === 'Provisional') expect(b.check_in_date >= today).toBe(true);
    }
  });

  it("has today's arrivals still to come and today's departures still to leave", async () => {
    const arriving = await db('bookings').where({ check_in_date: today }).whereIn('status', ['Confirmed', 'Provisional']);
    expect(arriving.length).toBeGreaterThanOrEqual(1);
    const arrivedToday = await db('bookings').where({ check_in_date: today, status: 'Checked-In' });
    expect(arrivedToday.length).toBeGreaterThanOrEqual(1);
    const leaving = await db('bookings').where({ check_out_date: today, status: 'Checked-In' });
    expect(leaving.length).toBeGreaterThanOrEqual(1);
    const left = await db('bookings').where({ check_out_date: today, status: 'Checked-Out' });
    expect(left.length).toBeGreaterThanOrEqual(1);
  });

  it('never has two live bookings on one unit for the same night, but keeps a cancelled overlap', async () => {
    const overlaps = (statusB: string[]) =>
      db('bookings as a')
        .join('bookings as b', function () {
          this.on('a.unit_id', '=', 'b.unit_id').andOn('a.id', '<', 'b.id');
        })
        .whereIn('a.status', LIVE)
        .whereIn('b.status', statusB)
        .whereRaw("daterange(a.check_in_date, a.check_out_date, '[)') && daterange(b.check_in_date, b.check_out_date, '[)')")
        .count({ n: '*' });
    expect(await overlaps(LIVE)).toEqual([{ n: 0 }]);
    const [{ n }] = await overlaps(['Cancelled']);
    const [{ n: reverse }] = await db('bookings as a')
      .join('bookings as b', function () {
        this.on('a.unit_id', '=', 'b.unit_id').andOn('a.id', '<>', 'b.id');
      })
      .where('a.status', 'Cancelled')
      .whereIn('b.status', LIVE)
      .whereRaw("daterange(a.check_in_date, a.check_out_date, '[)') && daterange(b.check_in_date, b.check_out_date, '[)')")
      .count({ n: '*' });
    expect(Number(n) + Number(reverse)).toBeGreaterThanOrEqual(1);
  });

  it('holds unpaid bookings: EFT for 48 hours, card for a short while', async () => {
    const eft = await db('bookings').where({ status: 'Provisional', payment_method: 'EFT', payment_status: 'Pending' });
    expect(eft.length).toBeGreaterThanOrEqual(1);
    for (const b of eft) {
      expect(b.hold_expires_at.getTime()).toBeGreaterThan(nowDate.getTime());
      expect(b.hold_expires_at.getTime()).toBeLessThanOrEqual(nowDate.getTime() + 48 * 3600_000);
      expect(b.hold_expires_at.getTime() - b.created_at.getTime()).toBe(48 * 3600_000);
    }
    const card = await db('bookings').where({ status: 'Provisional', payment_method: 'Card' });
    expect(card.length).toBeGreaterThanOrEqual(1);
    for (const b of card) {
      expect(b.hold_expires_at.getTime()).toBeGreaterThan(nowDate.getTime());
      expect(b.hold_expires_at.getTime()).toBeLessThan(nowDate.getTime() + 3600_000);
    }
  });

  it('prices a booking by its nights, overrides and the card discount', async () => {
    const b = await db('bookings as b')
      .join('units as u', 'u.id', 'b.unit_id')
      .where({ 'u.name': 'Suite 4', 'b.check_in_date': today })
      .whereIn('b.status', LIVE)
      .first('b.total_amount', 'b.payment_method', 'b.check_out_date');
    expect(b).toMatchObject({ payment_method: 'Card', check_out_date: addDaysIso(today, 2), total_amount: suite4ArrivalTotal });
  });

  it('records every paid booking in the payment ledger', async () => {
    const paid = await db('bookings').where({ payment_status: 'Paid', is_entire_lodge_child: false });
    expect(paid.length).toBeGreaterThan(10);
    for (const b of paid) {
      expect(b.payment_verified).toBe(true);
      const payments = await db('payment_transactions').where({ booking_id: b.id, type: 'payment', status: 'success' });
      expect(payments.map((p) => p.amount)).toEqual([b.total_amount]);
      if (b.payment_method === 'Card') {
        expect(b.paystack_reference).toBeTruthy();
        expect(payments[0]).toMatchObject({ subtype: 'card', gateway_reference: b.paystack_reference });
      } else {
        expect(payments[0].subtype).toBe(b.payment_method.toLowerCase());
      }
    }
    const partial = await db('bookings').where({ payment_status: 'Partially Refunded' }).first();
    const refund = await db('payment_transactions').where({ booking_id: partial.id, type: 'refund' }).first();
    expect(Number(refund.amount)).toBeLessThan(0);
    expect(-Number(refund.amount)).toBeLessThan(Number(partial.total_amount));
    const promoted = await db('bookings').whereNotNull('promo_code_id').where('status', '<>', 'Cancelled');
    expect(promoted.length).toBeGreaterThanOrEqual(1);
    for (const b of promoted) {
      const d = await db('payment_transactions').where({ booking_id: b.id, type: 'discount', subtype: 'promo' }).first();
      expect(Number(d.amount)).toBeLessThan(0);
      expect(Number(b.discount_amount)).toBeGreaterThanOrEqual(-Number(d.amount));
    }
  });

  it('puts no demo history in the future', async () => {
    const limit = nowDate.getTime();
    for (const table of ['bookings', 'payment_transactions']) {
      const [{ latest }] = await db(table).max({ latest: 'created_at' });
      expect(new Date(latest).getTime()).toBeLessThanOrEqual(limit);
    }
    const [times] = await db('bookings').max({ ci: 'checked_in_at', co: 'checked_out_at', ca: 'cancelled_at' });
    for (const t of Object.values(times)) expect(new Date(t as Date).getTime()).toBeLessThanOrEqual(limit);
  });

  it('has rate overrides, one with a minimum stay of 3 tied to an event, one setting only the weekend rate', async () => {
    const minStay3 = await db('rate_overrides').where({ min_length_of_stay: 3 }).whereNotNull('event_id');
    expect(minStay3.length).toBeGreaterThanOrEqual(1);
    const weekendOnly = await db('rate_overrides').whereNull('weekday_rate').whereNotNull('weekend_rate');
    expect(weekendOnly.length).toBeGreaterThanOrEqual(1);
  });

  it('has an active, an expired and a used-up promo code', async () => {
    const codes = await db('promo_codes');
    const active = codes.filter(
      (c) => c.is_active && c.expiry_date >= today && (c.max_uses === null || c.used_count < c.max_uses),
    );
    expect(active.length).toBeGreaterThanOrEqual(1);
    expect(codes.some((c) => c.expiry_date < today)).toBe(true);
    expect(codes.some((c) => c.max_uses !== null && c.used_count === c.max_uses && c.expiry_date >= today)).toBe(true);
  });

  it('has two upcoming events, one with ticket types', async () => {
    const events = await db('events').orderBy('event_date');
    expect(events).toHaveLength(2);
    for (const e of events) {
      expect(e.event_date.getTime()).toBeGreaterThan(nowDate.getTime());
      expect(e.event_date.getTime()).toBeLessThan(nowDate.getTime() + 60 * 86400_000);
    }
    const tickets = await db('ticket_types').whereIn('event_id', events.map((e) => e.id));
    expect(tickets.length).toBeGreaterThanOrEqual(1);
  });

  it('books the entire lodge as a parent with one child per unit', async () => {
    const lodge = await db('accommodation_types').where({ system_key: 'entire-lodge' }).first('id');
    const parents = await db('bookings').where({ accommodation_type_id: lodge.id }).whereNull('unit_id');
    expect(parents.length).toBeGreaterThanOrEqual(1);
    const unitIds = await db('units as u')
      .join('package_inclusions as p', 'p.included_type_id', 'u.accommodation_type_id')
      .where({ 'p.package_type_id': lodge.id, 'u.is_active': true })
      .pluck('u.id');
    for (const parent of parents) {
      expect(Number(parent.total_amount)).toBeGreaterThan(0);
      const children = await db('bookings').where({ parent_booking_id: parent.id });
      expect(children.map((c) => c.unit_id).sort()).toEqual([...unitIds].sort());
      for (const c of children) {
        expect(c).toMatchObject({
          is_entire_lodge_child: true,
          total_amount: '0.00',
          status: parent.status,
          check_in_date: parent.check_in_date,
          check_out_date: parent.check_out_date,
        });
      }
    }
  });

  const cents = (rand: string | number) => Math.round(Number(rand) * 100);
  const unitBookings = (where: Record<string, unknown>) =>
    db('bookings as b')
      .join('units as u', 'u.id', 'b.unit_id')
      .where(where)
      .orderBy('b.check_in_date')
      .select('b.*', 'u.name as unit', db.raw('b.check_in_date::text as check_in'), db.raw('b.balance_due_date::text as due'));

  it('has four Confirmed bookings, by EFT and card, that paid a 30% deposit, the balance due 30 days before arrival', async () => {
    const rows = await unitBookings({ 'b.payment_status': 'Deposit Paid' });
    expect(rows.map((b) => [b.unit, b.check_in, b.payment_method, b.status, b.total_amount, b.deposit_amount, b.due, b.amount_paid, b.payment_verified])).toEqual([
      ['Tent 1', addDaysIso(today, 29), 'EFT', 'Confirmed', ...deposits['Tent 1'], addDaysIso(today, -1), deposits['Tent 1'][1], true],
      ['Chalet B', addDaysIso(today, 44), 'Card', 'Confirmed', ...deposits['Chalet B'], addDaysIso(today, 14), deposits['Chalet B'][1], true],
      ['The Treehouse', addDaysIso(today, 45), 'EFT', 'Confirmed', ...deposits['The Treehouse'], addDaysIso(today, 15), deposits['The Treehouse'][1], true],
      ['Suite 2', addDaysIso(today, 57), 'Card', 'Confirmed', ...deposits['Suite 2'], addDaysIso(today, 27), deposits['Suite 2'][1], true],
    ]);
    for (const b of rows) {
      // 30% of the total, to the cent (half a cent up).
      expect(cents(b.deposit_amount)).toBe(Math.floor((cents(b.total_amount) * 30 + 50) / 100));
      // The ledger holds the deposit alone, by the booking's own method.
      const payments = await db('payment_transactions').where({ booking_id: b.id, type: 'payment' });
      expect(payments.map((p) => [p.subtype, p.status, p.amount])).toEqual([[b.payment_method.toLowerCase(), 'success', b.deposit_amount]]);
      expect(payments[0].created_at.getTime()).toBeLessThan(new Date(`${b.due}T00:00:00+02:00`).getTime());
    }
  });

  it("puts one overdue balance, one EFT proof to check and one EFT refund owed on the dashboard's Payments needing attention", async () => {
    const [tent] = await unitBookings({ 'b.payment_status': 'Deposit Paid', 'u.name': 'Tent 1' });
    const [treehouse] = await unitBookings({ 'b.payment_status': 'Deposit Paid', 'u.name': 'The Treehouse' });
    const [cancelled] = await unitBookings({ 'b.status': 'Cancelled', 'b.payment_status': 'Partially Refunded' });
    const proof = await db('payment_proofs').where({ booking_id: treehouse.id }).first();
    const owed = await db('payment_transactions').where({ booking_id: cancelled.id, type: 'refund' }).first();
    const [total, deposit] = deposits['Tent 1'];
    const [treehouseTotal, treehouseDeposit] = deposits['The Treehouse'];
    expect(await paymentsAttention({ db, clock: { now: () => nowDate } })).toEqual({
      overdueBalances: [
        {
          bookingId: tent.id,
          reference: tent.reference,
          guestName: 'Ruan du Plessis',
          checkInDate: addDaysIso(today, 29),
          balanceDue: (cents(total) - cents(deposit)) / 100,
          balanceDueDate: addDaysIso(today, -1),
        },
      ],
      proofsToCheck: [
        {
          proofId: proof.id,
          bookingId: treehouse.id,
          reference: treehouse.reference,
          guestName: 'Kagiso Molefe',
          fileName: 'Balance payment Molefe.pdf',
          // 19:42 yesterday in Johannesburg (UTC+2 all year).
          uploadedAt: `${addDaysIso(today, -1)}T17:42:00.000Z`,
          balanceDue: (cents(treehouseTotal) - cents(treehouseDeposit)) / 100,
        },
      ],
      eftRefundsOwed: [
        {
          refundId: owed.id,
          bookingId: cancelled.id,
          reference: cancelled.reference,
          guestName: 'Annelie Steyn',
          amount: cents(cancelledTotal) / 200,
          // Cancelled by the guest at 11:05 five days ago.
          requestedAt: `${addDaysIso(today, -5)}T09:05:00.000Z`,
        },
      ],
    });
  });

  it('keeps the proof as a real one-page PDF of the balance, with its size and SHA-256', async () => {
    const proof = await db('payment_proofs as p').join('bookings as b', 'b.id', 'p.booking_id').first('p.*', 'b.reference');
    expect(Number((await db('payment_proofs').count({ n: '*' }))[0].n)).toBe(1);
    // PGlite answers a bytea as a Uint8Array, PostgreSQL as a Buffer.
    const content = Buffer.from(proof.content as Uint8Array);
    expect(proof).toMatchObject({ content_type: 'application/pdf', status: 'to_check', size_bytes: content.length, checked_at: null });
    expect(proof.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    const text = content.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const [treehouseTotal, treehouseDeposit] = deposits['The Treehouse'];
    const balance = (cents(treehouseTotal) - cents(treehouseDeposit)) / 100;
    expect(text).toContain(`(Amount: R${balance.toLocaleString('en-US', { minimumFractionDigits: 2 })}) Tj`);
    expect(text).toContain(`(Reference: ${proof.reference}) Tj`);
    // A reader finds the cross-reference table where startxref says, and each object where the table says.
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 9)).toBe('xref\n0 6\n');
    const entries = text.slice(startxref).split('\n').slice(3, 8);
    entries.forEach((e, i) => expect(text.slice(Number(e.slice(0, 10)), Number(e.slice(0, 10)) + 8)).toBe(`${i + 1} 0 obj\n`));
    const stream = /<< \/Length (\d+) >>\nstream\n/.exec(text)!;
    expect(text.slice(stream.index + stream[0].length + Number(stream[1]), stream.index + stream[0].length + Number(stream[1]) + 10)).toBe('\nendstream');
  });

  it('has an EFT booking the guest cancelled 20 days before arrival: paid in full, half of it owed back', async () => {
    const [b] = await unitBookings({ 'b.status': 'Cancelled', 'b.payment_status': 'Partially Refunded' });
    expect(b).toMatchObject({
      unit: 'Suite 4',
      check_in: addDaysIso(today, 15),
      payment_method: 'EFT',
      total_amount: cancelledTotal,
      deposit_amount: null,
      due: null,
      amount_paid: (cents(cancelledTotal) / 200).toFixed(2),
      cancellation_reason: 'Cancelled by the guest: My mother is in hospital; we hope to come later in the year.',
    });
    expect(b.cancelled_at.toISOString()).toBe(`${addDaysIso(today, -5)}T09:05:00.000Z`);
    const ledger = await db('payment_transactions').where({ booking_id: b.id }).orderBy('created_at');
    expect(ledger.map((l) => [l.type, l.subtype, l.status, l.amount, l.description, l.reason])).toEqual([
      ['payment', 'eft', 'success', cancelledTotal, 'EFT payment received', null],
      ['refund', 'eft-owed', 'pending', (-cents(cancelledTotal) / 200).toFixed(2), 'EFT refund owed to the guest', 'Cancelled by the guest'],
    ]);
  });
});
