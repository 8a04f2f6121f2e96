import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { ReportSeriesResponse, ReportSummaryResponse } from '../../../../shared/contracts/reports.js';
import { addDays, lodgeDateTimeToUtc, todayInLodge } from '../../../../shared/domain/dates.js';
import { monthsFrom, sameRangeLastYear } from '../../../../shared/domain/reports.js';
import { createTypeWithUnits } from '../bookings/test-fixtures.js';

/**
 * The reports on a hand-made lodge (docs/design.md, Reports). Every figure below is worked
 * out by hand in its comment.
 *
 * The lodge: Chalet units A and B, Tent unit C (the demo's units are taken out of service).
 * The range is the 10 days D .. D+9, D the first of a month; the clock stands at D-45 (so D's
 * month is the third of the pace's months), far beyond the demo data.
 *
 *   S1  A  D-2 .. D+3  R5,000 priced 800, 800, 1,000, 1,200, 1,200   Phone,   Cash, made D-30
 *   S2  B  D+1 .. D+4  R3,000 with a R300 extra the guest booked    Website, Card, made D-10
 *   P   entire-lodge parent D+5 .. D+7, R6,000 priced 2,500, 3,500, children on A and B
 *                                                                    E-mail,  EFT,  made D-60
 *       + a R200 desk charge on D+6, and a R999 one voided
 *   S4  C  D+8 .. D+12 R4,000, no nightly prices                     not recorded, EFT, made D+2
 *   S5  C  D+3 .. D+5  R9,999 cancelled                              made D+1
 *   C out of order D .. D+2 (nights D and D+1).
 * A year earlier (the comparison): S8 A from its first day, 2 nights, R2,000, made 5 days before;
 * S9 B its 4th to 7th day, cancelled 20 days before the period, made 100 days before.
 */
let t: TestContext;
let manager: TestClient;
let D: string;
let tentUnit: string;
let tentType: string;
let guestId: string;
let lastYear: { from: string; to: string };

const at10 = (date: string) => lodgeDateTimeToUtc(date, '10:00');

beforeAll(async () => {
  t = await createTestContext();
  const farAway = addDays(todayInLodge(t.clock.now()), 1500);
  D = monthsFrom(farAway, 3)[2].from;
  t.clock.set(at10(addDays(D, -45)));
  manager = await t.loginAs('manager');
  lastYear = sameRangeLastYear({ from: D, to: addDays(D, 9) });

  await t.db('units').update({ is_active: false });
  const chalet = await createTypeWithUnits(t.db, { name: `Chalet ${randomUUID().slice(0, 6)}`, units: 2 });
  const tent = await createTypeWithUnits(t.db, { name: `Tent ${randomUUID().slice(0, 6)}`, units: 1 });
  const [A, B] = chalet.unitIds;
  const [C] = tent.unitIds;
  const [guest] = await t.db('guests').insert({ first_name: 'Lerato', last_name: 'Mokoena', email: `lerato-${randomUUID()}@example.com` }).returning('id');
  [tentUnit, tentType, guestId] = [C, tent.typeId, guest.id];
  const book = (o: {
    unit: string | null;
    type?: string;
    from: string;
    nights: number;
    total: number;
    made: string;
    status?: string;
    channel?: string | null;
    method?: string;
    prices?: number[];
    parent?: string;
    cancelledAt?: Date;
  }) => ({
    id: randomUUID(),
    reference: `RPT-${randomUUID().slice(0, 8)}`,
    unit_id: o.unit,
    accommodation_type_id: o.type ?? chalet.typeId,
    guest_id: guest.id,
    guest_name: 'Lerato Mokoena',
    guest_email: 'lerato@example.com',
    check_in_date: o.from,
    check_out_date: addDays(o.from, o.nights),
    status: o.status ?? 'Confirmed',
    total_amount: o.total.toFixed(2),
    payment_method: o.method ?? 'EFT',
    source: 'staff',
    channel: o.channel ?? null,
    night_amounts: o.prices ? JSON.stringify(o.prices) : null,
    parent_booking_id: o.parent ?? null,
    is_entire_lodge_child: !!o.parent,
    created_at: at10(o.made),
    cancelled_at: o.cancelledAt ?? null,
  });
  const S1 = book({ unit: A, from: addDays(D, -2), nights: 5, total: 5000, prices: [80_000, 80_000, 100_000, 120_000, 120_000], channel: 'Phone', method: 'Cash', made: addDays(D, -30) });
  const S2 = book({ unit: B, from: addDays(D, 1), nights: 3, total: 3000, channel: 'Website', method: 'Card', made: addDays(D, -10) });
  const P = book({ unit: null, from: addDays(D, 5), nights: 2, total: 6000, prices: [250_000, 350_000], channel: 'E-mail', made: addDays(D, -60) });
  const PA = book({ unit: A, from: addDays(D, 5), nights: 2, total: 0, parent: P.id, channel: 'E-mail', made: addDays(D, -60) });
  const PB = book({ unit: B, from: addDays(D, 5), nights: 2, total: 0, parent: P.id, channel: 'E-mail', made: addDays(D, -60) });
  const S4 = book({ unit: C, type: tent.typeId, from: addDays(D, 8), nights: 4, total: 4000, made: addDays(D, 2) });
  const S5 = book({ unit: C, type: tent.typeId, from: addDays(D, 3), nights: 2, total: 9999, status: 'Cancelled', made: addDays(D, 1), cancelledAt: at10(addDays(D, 2)) });
  const S8 = book({ unit: A, from: lastYear.from, nights: 2, total: 2000, made: addDays(lastYear.from, -5) });
  const S9 = book({ unit: B, from: addDays(lastYear.from, 3), nights: 3, total: 3000, status: 'Cancelled', made: addDays(lastYear.from, -100), cancelledAt: at10(addDays(lastYear.from, -20)) });
  await t.db('bookings').insert([S1, S2, P, PA, PB, S4, S5, S8, S9]);
  await t.db('unit_out_of_order').insert({ unit_id: C, start_date: D, end_date: addDays(D, 2), note: 'Painting' });

  const [extra] = await t.db('extras').insert({ name: 'Sundowner', price: '100.00', child_price: '0.00', pricing: 'per_item' }).returning('id');
  const charge = (bookingId: string, amount: number, date: string, over: Record<string, unknown> = {}) => ({
    booking_id: bookingId,
    extra_id: extra.id,
    description: 'Sundowner',
    pricing: 'per_item',
    unit_price: amount.toFixed(2),
    child_unit_price: '0.00',
    quantity: 1,
    adults: 1,
    amount: amount.toFixed(2),
    vat_inclusive: true,
    charge_date: date,
    ...over,
  });
  await t.db('folio_charges').insert([
    charge(S2.id, 300, addDays(D, 1), { source: 'guest' }),
    charge(P.id, 200, addDays(D, 6)),
    charge(P.id, 999, addDays(D, 6), { voided_at: t.clock.now(), void_reason: 'Posted twice' }),
  ]);
  const entry = (bookingId: string, nationality: string) => ({
    id: randomUUID(),
    booking_id: bookingId,
    full_names: 'Guest',
    surname: 'One',
    id_type: 'Passport',
    id_number: randomUUID().slice(0, 9),
    nationality,
    residence_status: 'Visitor',
    home_address: '1 Main Road',
    captured_at: t.clock.now(),
    captured_by: 'guest',
  });
  await t.db('register_entries').insert([entry(S2.id, 'ZA'), entry(S2.id, 'ZA'), entry(P.id, 'DE'), entry(S1.id, 'GB')]);
});
afterAll(() => t?.close());

const range = () => `from=${D}&to=${addDays(D, 9)}`;

describe('GET /api/admin/reports/summary', () => {
  it('answers each figure of the hand-made lodge as computed by hand, and the same period last year', async () => {
    const res = await manager.get(`/api/admin/reports/summary?${range()}&compare=previous-year`);
    expect(res.status, res.text).toBe(200);
    const body = ReportSummaryResponse.parse(res.body);
    expect(body.figures).toEqual({
      // Sold: A D, D+1, D+2 (S1) and D+5, D+6 (P); B D+1..D+3 (S2) and D+5, D+6 (P); C D+8, D+9 (S4): 5 + 5 + 2 = 12.
      nightsSold: 12,
      // 3 units x 10 days = 30, less C out of order D and D+1: 28.
      nightsAvailable: 28,
      // 12 / 28 = 42.857 %.
      occupancy: 42.9,
      // S1's nights inside: 1,000 + 1,200 + 1,200 = 3,400; S2 3,000 - the R300 extra = 2,700;
      // P 2,500 + 3,500 = 6,000; S4 4,000 / 4 = 1,000 a night, 2 inside = 2,000: 14,100.
      roomRevenue: 14100,
      // The guest's R300 and the desk's R200 (the voided R999 is nothing).
      extrasRevenue: 500,
      totalRevenue: 14600,
      // 14,100 / 12 = 1,175.00; 14,100 / 28 = 503.571...
      adr: 1175,
      revpar: 503.57,
      // Made in the range: S5 (D+1) and S4 (D+2); S5 cancelled: 1 of 2.
      bookings: 2,
      cancellations: 1,
      cancellationRate: 50,
      // Arriving in the range: S2 (3 nights, booked 11 days ahead), P (2, 65), S4 (4, 6):
      // (3 + 2 + 4) / 3 = 3.0 nights; (11 + 65 + 6) / 3 = 27.33 days.
      averageLengthOfStay: 3,
      averageLeadTime: 27.3,
    });
    expect(body.compare).toEqual({
      ...lastYear,
      figures: {
        // S8: 2 nights of A, 2,000; 3 units x 10 days in service; S9 was cancelled.
        nightsSold: 2,
        nightsAvailable: 30,
        occupancy: 6.7,
        roomRevenue: 2000,
        extrasRevenue: 0,
        totalRevenue: 2000,
        adr: 1000,
        revpar: 66.67,
        // Nothing was made inside last year's period (S8 5 days, S9 100 days before it).
        bookings: 0,
        cancellations: 0,
        cancellationRate: null,
        averageLengthOfStay: 2,
        averageLeadTime: 5,
      },
    });
    // The register of the stays arriving in the range: S2's two South Africans, P's German
    // (S1 arrived before the range).
    expect(body.nationalities).toEqual([
      { nationality: 'South Africa', guests: 2 },
      { nationality: 'Germany', guests: 1 },
    ]);
  });

  it('shows the pace: what is on the books now for the coming months against this point last year', async () => {
    const res = await manager.get(`/api/admin/reports/summary?${range()}`);
    expect(res.status, res.text).toBe(200);
    const body = ReportSummaryResponse.parse(res.body);
    expect(body.compare).toBeNull();
    const months = monthsFrom(addDays(D, -45), 6).map((m) => m.from.slice(0, 7));
    expect(body.pace.map((p) => p.month)).toEqual(months);
    // Today is D-45: of D's month only P (made D-60) is on the books: A and B, 2 nights each = 4.
    // A year ago S9 was on the books (made 100 days before, cancelled 20 days before its month's
    // stay, after this point last year): 3 nights of B.
    expect(body.pace[2]).toEqual({ month: D.slice(0, 7), nights: 4, lastYearNights: 3 });
    expect(body.pace.filter((_, i) => i !== 2).every((p) => p.nights === 0 && p.lastYearNights === 0)).toBe(true);
  });
});

describe('GET /api/admin/reports/series', () => {
  it('answers occupancy by day, each day by hand, and the whole range', async () => {
    const res = await manager.get(`/api/admin/reports/series?metric=occupancy&interval=day&${range()}`);
    expect(res.status, res.text).toBe(200);
    const body = ReportSeriesResponse.parse(res.body);
    expect(body.periods).toHaveLength(10);
    expect(body.periods[3]).toEqual({ from: addDays(D, 3), to: addDays(D, 3) });
    // D: A of 2 in service (C out) = 50; D+1: A, B of 2 = 100; D+2: A, B of 3; D+3: B; D+4: none;
    // D+5, D+6: A, B (P); D+7: none; D+8, D+9: C (S4).
    expect(body.groups).toEqual([{ key: 'All', values: [50, 100, 66.7, 33.3, 0, 66.7, 66.7, 0, 33.3, 33.3], total: 42.9 }]);
  });

  it('answers room revenue by channel and total revenue by payment method', async () => {
    const byChannel = ReportSeriesResponse.parse((await manager.get(`/api/admin/reports/series?metric=roomRevenue&interval=month&groupBy=channel&${range()}`)).body);
    expect(byChannel.groups).toEqual([
      { key: 'E-mail', values: [6000], total: 6000 },
      { key: 'Not recorded', values: [2000], total: 2000 },
      { key: 'Phone', values: [3400], total: 3400 },
      { key: 'Website', values: [2700], total: 2700 },
    ]);
    const byMethod = ReportSeriesResponse.parse((await manager.get(`/api/admin/reports/series?metric=totalRevenue&interval=month&groupBy=paymentMethod&${range()}`)).body);
    // Card: S2 2,700 + its 300 extra; Cash: S1 3,400; EFT: P 6,000 + 200 and S4 2,000.
    expect(byMethod.groups.map((g) => [g.key, g.total])).toEqual([
      ['Card', 3000],
      ['Cash', 3400],
      ['EFT', 8200],
    ]);
  });

  it('splits room revenue by week into parts that add up to the range', async () => {
    const res = await manager.get(`/api/admin/reports/series?metric=roomRevenue&interval=week&${range()}`);
    const body = ReportSeriesResponse.parse(res.body);
    const [all] = body.groups;
    expect(all.total).toBe(14100);
    expect(all.values.reduce((a, b) => a! + b!, 0)).toBe(14100);
  });
});

describe('who may read the reports', () => {
  it('refuses a receptionist (403) and anyone not logged in (401)', async () => {
    const receptionist = await t.loginAs('receptionist');
    for (const path of [`/api/admin/reports/summary?${range()}`, `/api/admin/reports/series?metric=occupancy&${range()}`]) {
      expect((await receptionist.get(path)).status).toBe(403);
      expect((await t.client().get(path)).status).toBe(401);
    }
  });

  it('answers 400 naming the field for a range over 3 years', async () => {
    const res = await manager.get(`/api/admin/reports/summary?from=${D}&to=${addDays(D, 3 * 366)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'to: A report covers at most 3 years', errors: { to: 'A report covers at most 3 years' } });
  });
});

describe('reports asked at once', () => {
  it('share a read that started after each asked: a booking written before a request is in its answer', async () => {
    const later = `from=${addDays(D, 20)}&to=${addDays(D, 25)}`;
    const summary = async () => ReportSummaryResponse.parse((await manager.get(`/api/admin/reports/summary?${later}`)).body).figures;
    const before = await Promise.all([summary(), summary(), summary()]);
    expect(before.map((f) => [f.nightsSold, f.roomRevenue])).toEqual([[0, 0], [0, 0], [0, 0]]);
    const first = summary();
    await t.db('bookings').insert({
      reference: `RPT-${randomUUID().slice(0, 8)}`,
      unit_id: tentUnit,
      accommodation_type_id: tentType,
      guest_id: guestId,
      guest_name: 'Lerato Mokoena',
      guest_email: 'lerato@example.com',
      check_in_date: addDays(D, 20),
      check_out_date: addDays(D, 22),
      status: 'Confirmed',
      total_amount: '1000.00',
      payment_method: 'EFT',
      source: 'staff',
    });
    // Asked after the write, while the first may still be reading: 2 nights, R1,000.
    const after = await summary();
    expect([after.nightsSold, after.roomRevenue]).toEqual([2, 1000]);
    await first;
  });
});

describe('answers kept between requests', () => {
  it('are read again when anything a report reads changes: an out-of-order period, a folio charge, a unit taken out of service', async () => {
    // Two days with nothing booked on A, B and C: 3 units x 2 days = 6 nights available.
    const quiet = `from=${addDays(D, 30)}&to=${addDays(D, 31)}`;
    const figures = async () => ReportSummaryResponse.parse((await manager.get(`/api/admin/reports/summary?${quiet}`)).body).figures;
    expect([(await figures()).nightsAvailable, (await figures()).extrasRevenue]).toEqual([6, 0]);

    // C out of order the first night: 5.
    await t.db('unit_out_of_order').insert({ unit_id: tentUnit, start_date: addDays(D, 30), end_date: addDays(D, 31), note: 'Thatching' });
    expect((await figures()).nightsAvailable).toBe(5);

    // A R150 charge posted on the second day, VAT inclusive, on a stay that is not cancelled.
    const [stay] = await t.db('bookings').where({ status: 'Confirmed' }).whereLike('reference', 'RPT-%').whereNotNull('unit_id').select('id').limit(1);
    const [extra] = await t.db('extras').where({ name: 'Sundowner' }).select('id');
    await t.db('folio_charges').insert({
      booking_id: stay.id,
      extra_id: extra.id,
      description: 'Sundowner',
      pricing: 'per_item',
      unit_price: '150.00',
      child_unit_price: '0.00',
      quantity: 1,
      adults: 1,
      amount: '150.00',
      vat_inclusive: true,
      charge_date: addDays(D, 31),
    });
    expect((await figures()).extrasRevenue).toBe(150);

    // C taken out of service: 2 units x 2 days = 4 (its out-of-order night goes with it).
    await t.db('units').where({ id: tentUnit }).update({ is_active: false });
    expect((await figures()).nightsAvailable).toBe(4);
    await t.db('units').where({ id: tentUnit }).update({ is_active: true });
    expect((await figures()).nightsAvailable).toBe(5);
  });
});
