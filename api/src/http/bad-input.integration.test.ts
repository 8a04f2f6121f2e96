import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { ROUTE_TABLE, routeKey, type RouteEntry } from './route-table.js';
import { addDays, todayInLodge } from '../../../shared/domain/dates.js';

/**
 * Bad input for every endpoint of the route table, sent by a caller the route lets in:
 * malformed JSON, a wrong content type, a body too large, a body of the wrong type, missing
 * fields, ids that are not ids or name nothing, and (per route, below) wrong field types,
 * impossible dates, negative and fractional amounts and injection strings. Each gets a 4xx
 * with a message (naming the field where there is one), and no table changes: every table's
 * row count and content hash (which covers each row's version) is the same afterwards.
 *
 * Unknown fields are ignored, never stored (zod strips them; register's `role` is the proof
 * in auth.integration.test.ts); only the sync push's operation arguments are strict, because
 * an offline client from a newer schema must be told, not half-applied.
 */

/** How each route takes its input. A route of the table missing here fails the suite. */
type Input = 'json' | 'none' | 'multipart' | 'query' | 'webhook' | 'raw';
const INPUT: Record<string, Input> = {
  'GET /api/health': 'none',
  'GET /api/health/db': 'none',
  'GET /api/openapi.json': 'none',
  'GET /api/docs': 'none',
  'GET /api/docs/init.js': 'none',
  'GET /api/docs/scalar.js': 'none',
  'GET /api/admin/system-status': 'none',
  'GET /api/admin/calendar': 'query',
  'POST /api/login': 'json',
  'POST /api/register': 'json',
  'POST /api/logout': 'none',
  'GET /api/auth/user': 'none',
  'GET /api/accommodations': 'none',
  'GET /api/units': 'none',
  'POST /api/availability': 'json',
  'POST /api/package-availability': 'json',
  'POST /api/calculate-rate': 'json',
  'GET /api/public/settings': 'none',
  'GET /api/public/events': 'none',
  'GET /api/public/extras': 'none',
  'GET /api/public/special-offers': 'none',
  'GET /api/weather': 'none',
  'GET /api/accommodation-image': 'query',
  'GET /api/background-image': 'query',
  'GET /api/chatbot/faqs': 'none',
  'POST /api/chatbot/chat': 'json',
  'POST /api/contact': 'json',
  'POST /api/waitlist': 'json',
  'POST /api/bookings': 'json',
  'GET /api/bookings/lookup': 'query',
  'POST /api/payments/initialize': 'json',
  'POST /api/payments/verify': 'json',
  'POST /api/payments/webhook': 'webhook',
  'POST /api/guest/booking-links': 'json',
  'GET /api/guest/bookings/:token': 'none',
  'POST /api/guest/bookings/:token/payments': 'json',
  'POST /api/guest/bookings/:token/cancel': 'json',
  'GET /api/admin/accommodations': 'none',
  'POST /api/admin/accommodations': 'json',
  'PUT /api/admin/accommodations/:id': 'json',
  'DELETE /api/admin/accommodations/:id': 'none',
  'POST /api/admin/accommodations/:id/images': 'multipart',
  'DELETE /api/admin/accommodations/:id/images': 'json',
  'GET /api/admin/units': 'none',
  'POST /api/admin/units': 'json',
  'PUT /api/admin/units/:id': 'json',
  'DELETE /api/admin/units/:id': 'none',
  'GET /api/admin/settings': 'none',
  'PUT /api/admin/settings': 'json',
  'POST /api/admin/settings/test-paystack': 'none',
  'GET /api/admin/setup-checklist': 'none',
  'POST /api/admin/settings/hero-image': 'multipart',
  'DELETE /api/admin/settings/hero-image': 'none',
  'POST /api/admin/upload-background': 'multipart',
  'DELETE /api/admin/upload-background': 'none',
  'GET /api/admin/chat-answers': 'none',
  'PUT /api/admin/chat-answers/:topic': 'json',
  'POST /api/admin/payments/refund': 'json',
  'GET /api/admin/payments/history': 'query',
  'POST /api/admin/payments/bank-statements': 'multipart',
  'POST /api/admin/payments/bank-statements/:id/confirm': 'json',
  'POST /api/admin/bookings/:id/invoices': 'none',
  'GET /api/admin/invoices': 'query',
  'GET /api/admin/invoices.csv': 'query',
  'GET /api/admin/invoices/:id': 'none',
  'GET /api/admin/invoices/:id/pdf': 'none',
  'POST /api/admin/invoices/:id/credit-notes': 'json',
  'GET /api/admin/rate-overrides': 'none',
  'POST /api/admin/rate-overrides': 'json',
  'PUT /api/admin/rate-overrides/:id': 'json',
  'DELETE /api/admin/rate-overrides/:id': 'none',
  'GET /api/admin/promo-codes': 'none',
  'POST /api/admin/promo-codes': 'json',
  'PUT /api/admin/promo-codes/:id': 'json',
  'DELETE /api/admin/promo-codes/:id': 'none',
  'GET /api/admin/special-offers': 'none',
  'POST /api/admin/special-offers': 'json',
  'PUT /api/admin/special-offers/:id': 'json',
  'DELETE /api/admin/special-offers/:id': 'none',
  'GET /api/admin/extras': 'none',
  'POST /api/admin/extras': 'json',
  'PUT /api/admin/extras/:id': 'json',
  'DELETE /api/admin/extras/:id': 'none',
  'GET /api/admin/events': 'none',
  'POST /api/admin/events': 'json',
  'PUT /api/admin/events/:id': 'json',
  'DELETE /api/admin/events/:id': 'none',
  'GET /api/admin/events/:id/ticket-types': 'none',
  'POST /api/admin/events/:id/ticket-types': 'json',
  'PUT /api/admin/events/:id/ticket-types/:ticketTypeId': 'json',
  'DELETE /api/admin/events/:id/ticket-types/:ticketTypeId': 'none',
  'GET /api/admin/staff': 'none',
  'POST /api/admin/staff': 'json',
  'PUT /api/admin/staff/:id': 'json',
  'POST /api/admin/staff/:id/reset-password': 'json',
  'GET /api/admin/audit': 'query',
  'GET /api/admin/bookings': 'query',
  'POST /api/admin/bookings': 'json',
  'PUT /api/admin/bookings/:id': 'json',
  'POST /api/admin/bookings/:id/release-nights': 'json',
  'POST /api/admin/bookings/:id/move': 'json',
  'GET /api/admin/bookings/:id/move-options': 'query',
  'DELETE /api/admin/bookings/:id': 'none',
  'GET /api/admin/entire-lodge-bookings': 'none',
  'DELETE /api/admin/entire-lodge-bookings/:id': 'none',
  'GET /api/admin/guests': 'none',
  'GET /api/admin/bookings/:id/folio': 'none',
  'POST /api/admin/bookings/:id/folio/charges': 'json',
  'POST /api/admin/bookings/:id/folio/charges/:chargeId/void': 'json',
  'GET /api/admin/upcoming-arrivals': 'none',
  'GET /api/admin/housekeeping': 'query',
  'PUT /api/admin/units/:id/housekeeping': 'json',
  'POST /api/admin/out-of-order': 'json',
  'DELETE /api/admin/out-of-order/:id': 'none',
  'POST /api/sync/push': 'json',
  'GET /api/sync/pull': 'query',
  'POST /api/guest/bookings/:token/proofs': 'multipart',
  'GET /api/admin/bookings/:id/proofs': 'none',
  'GET /api/admin/bookings/:id/proofs/:proofId': 'none',
  'POST /api/admin/bookings/:id/proofs/:proofId/checked': 'none',
  'GET /api/admin/payments/attention': 'none',
  'POST /api/admin/payments/eft-refunds/:id/paid': 'none',
  'GET /api/guest/bookings/:token/register': 'none',
  'PUT /api/guest/bookings/:token/register/:entryId': 'multipart',
  'PUT /api/sync/attachments/:attachmentId': 'raw',
  'GET /api/sync/register': 'none',
  'GET /api/admin/lodger-register': 'query',
  'GET /api/admin/lodger-register/pdf': 'query',
  'GET /api/admin/register/attachments/:attachmentId': 'none',
  'GET /api/admin/bookings/:id/register': 'none',
  'GET /api/admin/register/incomplete': 'none',
  'GET /api/admin/reports/summary': 'query',
  'GET /api/admin/reports/series': 'query',
  'POST /api/admin/guests/:id/erase': 'none',
  'GET /api/admin/waitlist': 'none',
  'DELETE /api/admin/waitlist/:id': 'none',
  'GET /api/admin/channel-feeds': 'none',
  'POST /api/admin/channel-feeds': 'json',
  'PUT /api/admin/channel-feeds/:id': 'json',
  'DELETE /api/admin/channel-feeds/:id': 'none',
  'POST /api/admin/channel-feeds/:id/sync': 'none',
  'POST /api/admin/channel-exports/:unitId/rotate': 'none',
};

/** Tables whose rows a refused request may still touch by design. */
const VOLATILE = new Set([
  'sessions', // a session's expiry is refreshed as it is used
  'login_attempts', // a failed login is counted, whatever the username looked like
  'rate_limit_buckets', // a chat message takes its token before it is read, as it did in memory
  'knex_migrations',
  'knex_migrations_lock',
]);

let t: TestContext;
let admin: TestClient;
let anon: TestClient;
let guest: TestClient;
let typeId: string;
let unitId: string;

beforeAll(async () => {
  t = await createTestContext({
    env: { OPEN_METEO_BASE_URL: 'http://127.0.0.1:9', OPENWEATHER_BASE_URL: 'http://127.0.0.1:9', PAYSTACK_BASE_URL: 'http://127.0.0.1:9' },
  });
  admin = await t.loginAs('superadmin');
  guest = await t.loginAs('guest');
  anon = t.client();
  const unit = await t.db('units as u')
    .join('accommodation_types as a', 'a.id', 'u.accommodation_type_id')
    .where({ 'a.is_package': false, 'u.is_active': true, 'a.is_active': true })
    .first('u.id', 'a.id as type_id');
  unitId = unit.id;
  typeId = unit.type_id;
});
afterAll(async () => {
  await t?.close();
});

/** Row count and a hash of every row of every table (a row's version is part of its text). */
async function snapshot(): Promise<Record<string, string>> {
  const tables = (
    await t.db.raw(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`)
  ).rows.map((r: { table_name: string }) => r.table_name) as string[];
  const out: Record<string, string> = {};
  for (const table of tables.filter((n) => !VOLATILE.has(n))) {
    const { rows } = await t.db.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ?? x`, [table]);
    out[table] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}

function callerFor(entry: RouteEntry): TestClient {
  if (entry.access === 'public' || entry.access === 'webhook') return anon;
  if (entry.access === 'signed-in') return guest;
  return admin;
}

const pathOf = (entry: RouteEntry, id: () => string = () => crypto.randomUUID()) => entry.path.replace(/:\w+/g, id);

type Res = Awaited<ReturnType<TestClient['get']>>;

/** A 4xx with a message; when it names fields, the message names the first of them. */
function expectClear4xx(res: Res, status?: number) {
  const body = res.body as { message?: unknown; errors?: Record<string, string> } | undefined;
  if (status) expect(res.status, res.text).toBe(status);
  else {
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status, res.text).toBeLessThan(500);
  }
  expect(typeof body?.message, res.text).toBe('string');
  expect(String(body!.message).length).toBeGreaterThan(0);
  // Field errors come with the field's name as their key; a message made by parse() starts
  // with it too ("checkIn: ..."), an unknown id's message is the spec's sentence.
  if (body?.errors) expect(Object.keys(body.errors).length).toBeGreaterThan(0);
}

describe('every route of the table is known to this suite', () => {
  it('has an input kind for each route', () => {
    expect(ROUTE_TABLE.map((e) => routeKey(e.method, e.path)).filter((k) => !(k in INPUT))).toEqual([]);
  });
});

describe('bad input on every route changes nothing', () => {
  for (const entry of ROUTE_TABLE) {
    const key = routeKey(entry.method, entry.path);
    const input = INPUT[key];
    if (entry.path === '/api/logout' || input === 'webhook') continue; // logout has no input; the webhook below
    it(key, async () => {
      const client = callerFor(entry);
      const before = await snapshot();

      // A guest link's token is not an id: whatever it looks like, a token that opens nothing
      // is the one 404 (GUEST_BOOKING_MESSAGES.notFound), so a guesser learns nothing from its shape.
      const byToken = entry.path.includes(':token');
      if (byToken) {
        const res = await client.request(entry.method, pathOf(entry, () => "1' OR '1'='1"), input === 'json' ? {} : undefined);
        expectClear4xx(res, 404);
      } else if (entry.path.includes(':')) {
        // Not an id at all: 400 naming it. (Checked before the body, with any body.)
        const res = await client.request(entry.method, pathOf(entry, () => "1' OR '1'='1"), input === 'json' ? {} : undefined);
        expectClear4xx(res, 400);
        expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0);
      }

      if (input === 'json') {
        const path = pathOf(entry);
        const send = (body: string, type = 'application/json') =>
          client.request(entry.method, path, undefined, { body, headers: { 'Content-Type': type } });
        expectClear4xx(await send('{"username": "manager", '), 400);
        expect((await send('{"a": ')).body.message).toBe('Request body is not valid JSON');
        expectClear4xx(await send('username=manager', 'application/x-www-form-urlencoded'), 415);
        expectClear4xx(await send('{}', 'text/plain'), 415);
        expectClear4xx(await send('<a/>', 'application/xml'), 415);
        const huge = await send(JSON.stringify({ text: 'x'.repeat(300_000) }));
        expectClear4xx(huge, 413);
        expect(huge.body.message).toBe('Request body is too large');
        for (const body of ['[]', '"text"', '42', 'null', 'true']) expectClear4xx(await send(body));
        // Missing fields: 400 naming them. A route whose every field is optional (the settings
        // form) may accept an empty body, as long as it then changes nothing (the snapshot).
        const empty = await send('{}');
        if (empty.status >= 300 && !(byToken && empty.status === 404)) {
          expectClear4xx(empty, 400);
          expect(Object.keys(empty.body.errors ?? {}).length, empty.text).toBeGreaterThan(0);
        }
      }

      if (input === 'multipart') {
        // JSON where a picture is expected, and a multipart body with no file.
        expectClear4xx(await client.request(entry.method, pathOf(entry), { image: 'x' }));
        const form = new FormData();
        form.set('other', 'x');
        expectClear4xx(await client.request(entry.method, pathOf(entry), undefined, { body: form }));
      }

      if (input === 'raw') {
        // A file's bytes in the body: no query, a JSON body, a type it is not, no sha256, nothing at all.
        const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
        const sha = crypto.createHash('sha256').update(png).digest('hex');
        const send = (query: string, body: BodyInit | undefined, headers: Record<string, string>) =>
          client.request(entry.method, `${pathOf(entry)}${query}`, undefined, { body, headers });
        const good = `?bookingId=${crypto.randomUUID()}&kind=signature`;
        expect((await send('', png, { 'Content-Type': 'image/png', sha256: sha })).body.errors).toHaveProperty('bookingId');
        expect((await send(`${good.replace('signature', 'selfie')}`, png, { 'Content-Type': 'image/png', sha256: sha })).body.errors).toHaveProperty('kind');
        expect((await send(good, '{"a":1}', { 'Content-Type': 'application/json', sha256: sha })).body.errors).toHaveProperty(['Content-Type']);
        expect((await send(good, png, { 'Content-Type': 'image/jpeg', sha256: sha })).body.errors).toHaveProperty('file');
        expect((await send(good, png, { 'Content-Type': 'image/png' })).body.errors).toHaveProperty('sha256');
        expect((await send(good, png, { 'Content-Type': 'image/png', sha256: 'x'.repeat(64) })).body.errors).toHaveProperty('sha256');
        expectClear4xx(await send(good, undefined, { 'Content-Type': 'image/png', sha256: sha }), 400);
        // A well-formed booking id that names nothing.
        expectClear4xx(await send(good, png, { 'Content-Type': 'image/png', sha256: sha }), 404);
      }

      if (input === 'none' && entry.path.includes(':')) {
        // A well-formed id that names nothing.
        const res = await client.request(entry.method, pathOf(entry));
        expectClear4xx(res, 404);
      }

      expect(await snapshot()).toEqual(before);
    });
  }
});

describe('field by field', () => {
  const today = () => todayInLodge(t.clock.now());
  // The report cases' paths are built before the clock exists: today by the real one.
  const reportDay = todayInLodge(new Date());
  const SQL = ["' OR 1=1 --", "'; DROP TABLE bookings; --", '1; SELECT pg_sleep(5)', "' UNION SELECT password_hash FROM users --"];
  const SCRIPT = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)'];

  /** field: the field the 400 must name; or message: what else the route answers (lookup: not found). */
  type Case = { name: string; path: string; method?: 'GET' | 'POST' | 'PUT'; as?: () => TestClient; body?: () => unknown; field?: string; message?: string };
  const stay = (offset: number, nights = 2) => ({ checkIn: addDays(today(), offset), checkOut: addDays(today(), offset + nights) });
  const rate = (over: Record<string, unknown>) => () => ({ accommodationTypeId: typeId, ...stay(40), ...over });
  const override = (over: Record<string, unknown>) => () => ({ accommodationTypeId: typeId, startDate: addDays(today(), 300), endDate: addDays(today(), 302), weekdayRate: 1000, weekendRate: 1200, ...over });
  const promo = (over: Record<string, unknown>) => () => ({ code: 'BADINPUT', discountType: 'Percentage', discountValue: 10, expiryDate: addDays(today(), 30), ...over });
  const special = (over: Record<string, unknown>) => () => ({ name: 'Bad input special', accommodationTypeIds: [typeId], stayFrom: addDays(today(), 10), stayTo: addDays(today(), 40), stayNights: 4, payNights: 3, ...over });
  const lodgeType = (over: Record<string, unknown>) => () => ({ name: 'Bad input suite', capacity: 4, baseWeekdayRate: 4000, baseWeekendRate: 4500, pricingModel: 'per_person_sharing', ...over });
  const booking = (over: Record<string, unknown>) => () => ({
    unitId,
    checkInDate: addDays(today(), 500),
    checkOutDate: addDays(today(), 502),
    paymentMethod: 'EFT',
    guestData: { firstName: 'Bad', lastName: 'Input', email: 'bad.input@example.com' },
    ...over,
  });

  const cases: Case[] = [
    // impossible and malformed dates
    ...['2026-02-30', '2026-13-01', '2026-1-5', '05/01/2026', '', 'tomorrow', 20260101, null].map((d) => ({
      name: `calculate-rate checkIn ${JSON.stringify(d)}`,
      path: '/api/calculate-rate',
      body: rate({ checkIn: d }),
      field: 'checkIn',
    })),
    { name: 'availability checkOut before checkIn', path: '/api/availability', body: () => ({ accommodationTypeId: typeId, checkIn: addDays(today(), 10), checkOut: addDays(today(), 9) }), field: 'checkOut' },
    { name: 'availability impossible date', path: '/api/availability', body: () => ({ accommodationTypeId: typeId, checkIn: '2027-02-29', checkOut: '2027-03-02' }), field: 'checkIn' },
    { name: 'booking impossible check-out', path: '/api/bookings', body: booking({ checkOutDate: '2026-04-31' }), field: 'checkOutDate' },
    { name: 'rate override impossible date', path: '/api/admin/rate-overrides', as: () => admin, body: override({ endDate: '2026-02-30' }), field: 'endDate' },
    { name: 'special offer impossible stay date', path: '/api/admin/special-offers', as: () => admin, body: special({ stayFrom: '2026-02-30' }), field: 'stayFrom' },
    { name: 'special offer paying for every night', path: '/api/admin/special-offers', as: () => admin, body: special({ payNights: 4 }), field: 'payNights' },
    { name: 'special offer unknown type', path: '/api/admin/special-offers', as: () => admin, body: special({ accommodationTypeIds: [crypto.randomUUID()] }), field: 'accommodationTypeIds' },
    { name: 'type with overlapping child bands', path: '/api/admin/accommodations', as: () => admin, body: lodgeType({ childPolicy: [{ fromAge: 0, toAge: 6, notAccepted: true }, { fromAge: 6, toAge: 11, percentOfAdult: 50 }] }), field: 'childPolicy' },
    { name: 'type with more adults than beds', path: '/api/admin/accommodations', as: () => admin, body: lodgeType({ maxAdults: 5 }), field: 'maxAdults' },
    { name: 'type with a supplement of 101 %', path: '/api/admin/accommodations', as: () => admin, body: lodgeType({ singleSupplementPercent: 101 }), field: 'singleSupplementPercent' },
    { name: 'promo expiry impossible', path: '/api/admin/promo-codes', as: () => admin, body: promo({ expiryDate: '2026-06-31' }), field: 'expiryDate' },
    { name: 'audit from impossible', path: '/api/admin/audit?from=2026-02-30', method: 'GET', as: () => admin, field: 'from' },
    { name: 'calendar start impossible', path: '/api/admin/calendar?start=2026-02-30', method: 'GET', as: () => admin, field: 'start' },
    { name: 'calendar days 0', path: '/api/admin/calendar?days=0', method: 'GET', as: () => admin, field: 'days' },
    { name: 'bookings list startDate garbage', path: '/api/admin/bookings?startDate=yesterday', method: 'GET', as: () => admin, field: 'startDate' },
    // the register of lodgers: its period
    ...['/api/admin/lodger-register', '/api/admin/lodger-register/pdf'].flatMap((route) => [
      { name: `${route} from impossible`, path: `${route}?from=2026-02-30&to=2026-03-05`, method: 'GET' as const, as: () => admin, field: 'from' },
      { name: `${route} from missing`, path: `${route}?to=2026-03-05`, method: 'GET' as const, as: () => admin, field: 'from' },
      { name: `${route} to garbage`, path: `${route}?from=2026-03-01&to=next-week`, method: 'GET' as const, as: () => admin, field: 'to' },
      { name: `${route} to before from`, path: `${route}?from=2026-03-10&to=2026-03-09`, method: 'GET' as const, as: () => admin, field: 'to' },
      { name: `${route} a period over 366 days`, path: `${route}?from=2026-01-01&to=2027-01-02`, method: 'GET' as const, as: () => admin, field: 'to' },
    ]),
    // the reports: the range, the comparison, the metric, interval and grouping
    ...['/api/admin/reports/summary?', '/api/admin/reports/series?metric=occupancy&'].flatMap((route) => [
      { name: `${route} from impossible`, path: `${route}from=2026-02-30&to=${reportDay}`, method: 'GET' as const, as: () => admin, field: 'from' },
      { name: `${route} from missing`, path: `${route}to=${reportDay}`, method: 'GET' as const, as: () => admin, field: 'from' },
      { name: `${route} to before from`, path: `${route}from=${reportDay}&to=${addDays(reportDay, -1)}`, method: 'GET' as const, as: () => admin, field: 'to' },
      { name: `${route} more than 3 years`, path: `${route}from=${addDays(reportDay, -3 * 366)}&to=${reportDay}`, method: 'GET' as const, as: () => admin, field: 'to' },
    ]),
    { name: 'report summary compare unknown', path: `/api/admin/reports/summary?from=${reportDay}&to=${reportDay}&compare=last-week`, method: 'GET' as const, as: () => admin, field: 'compare' },
    { name: 'report series metric unknown', path: `/api/admin/reports/series?metric=profit&from=${reportDay}&to=${reportDay}`, method: 'GET' as const, as: () => admin, field: 'metric' },
    { name: 'report series interval unknown', path: `/api/admin/reports/series?metric=occupancy&interval=hour&from=${reportDay}&to=${reportDay}`, method: 'GET' as const, as: () => admin, field: 'interval' },
    { name: 'report series groupBy unknown', path: `/api/admin/reports/series?metric=roomRevenue&groupBy=guest&from=${reportDay}&to=${reportDay}`, method: 'GET' as const, as: () => admin, field: 'groupBy' },
    { name: 'report series occupancy grouped', path: `/api/admin/reports/series?metric=occupancy&groupBy=type&from=${reportDay}&to=${reportDay}`, method: 'GET' as const, as: () => admin, field: 'groupBy' },
    { name: 'lodger register search of 101 characters', path: `/api/admin/lodger-register?from=2026-03-01&to=2026-03-07&q=${'x'.repeat(101)}`, method: 'GET' as const, as: () => admin, field: 'q' },
    // negative and fractional amounts
    ...[-1, -0.01, 1.005, 0.001, 'abc', '1e400', Number.MAX_SAFE_INTEGER * 10].map((v) => ({
      name: `rate override weekdayRate ${JSON.stringify(v)}`,
      path: '/api/admin/rate-overrides',
      as: () => admin,
      body: override({ weekdayRate: v }),
      field: 'weekdayRate',
    })),
    ...[-5, 10.555, 'ten'].map((v) => ({ name: `promo discountValue ${v}`, path: '/api/admin/promo-codes', as: () => admin, body: promo({ discountValue: v }), field: 'discountValue' })),
    { name: 'promo percentage over 100', path: '/api/admin/promo-codes', as: () => admin, body: promo({ discountValue: 150 }), field: 'discountValue' },
    ...[-10, 0.001, 101, 'x'].map((v) => ({ name: `settings cardPaymentDiscount ${v}`, path: '/api/admin/settings', method: 'PUT' as const, as: () => admin, body: () => ({ cardPaymentDiscount: v }), field: 'cardPaymentDiscount' })),
    ...['12345', '5123456789', '41234567890', 'VAT'].map((v) => ({ name: `settings vatNumber ${v}`, path: '/api/admin/settings', method: 'PUT' as const, as: () => admin, body: () => ({ vatNumber: v }), field: 'vatNumber' })),
    ...[-1, 5.01, 1.234, 'one'].map((v) => ({ name: `settings tourismLevyPercent ${v}`, path: '/api/admin/settings', method: 'PUT' as const, as: () => admin, body: () => ({ tourismLevyPercent: v }), field: 'tourismLevyPercent' })),
    ...[-100, 0, 0.001].map((v) => ({ name: `credit note amount ${v}`, path: `/api/admin/invoices/${crypto.randomUUID()}/credit-notes`, as: () => admin, body: () => ({ amount: v, reason: 'Goodwill' }), field: 'amount' })),
    { name: 'invoices list from not a date', path: '/api/admin/invoices?from=2026-02-30', method: 'GET' as const, as: () => admin, field: 'from' },
    // an early departure's release: the day the guest left
    ...['2026-02-30', 'yesterday', '', 20260301, null].map((d) => ({
      name: `release nights departureDate ${JSON.stringify(d)}`,
      path: `/api/admin/bookings/${crypto.randomUUID()}/release-nights`,
      as: () => admin,
      body: () => ({ departureDate: d }),
      field: 'departureDate',
    })),
    // channel calendars: the feed's fields, each named
    { name: 'channel feed channel not a channel', path: '/api/admin/channel-feeds', as: () => admin, body: () => ({ unitId, channel: 'Trivago', url: 'https://www.airbnb.com/calendar/ical/1.ics' }), field: 'channel' },
    { name: 'channel feed url not http', path: '/api/admin/channel-feeds', as: () => admin, body: () => ({ unitId, channel: 'Airbnb', url: 'file:///etc/passwd' }), field: 'url' },
    { name: 'channel feed url of 3,000 characters', path: '/api/admin/channel-feeds', as: () => admin, body: () => ({ unitId, channel: 'Airbnb', url: `https://www.airbnb.com/${'x'.repeat(3000)}` }), field: 'url' },
    { name: 'channel feed unknown unit', path: '/api/admin/channel-feeds', as: () => admin, body: () => ({ unitId: crypto.randomUUID(), channel: 'Airbnb', url: 'https://www.airbnb.com/calendar/ical/1.ics' }), field: 'unitId' },
    { name: 'channel feed rotateExportToken as text', path: `/api/admin/channel-feeds/${crypto.randomUUID()}`, method: 'PUT', as: () => admin, body: () => ({ unitId, channel: 'Airbnb', url: 'https://www.airbnb.com/calendar/ical/1.ics', rotateExportToken: 'yes' }), field: 'rotateExportToken' },
    { name: 'release nights departureDate tomorrow', path: `/api/admin/bookings/${crypto.randomUUID()}/release-nights`, as: () => admin, body: () => ({ departureDate: addDays(today(), 1) }), field: 'departureDate' },
    // a room move: the unit, the date it starts from, whether to reprice
    ...[undefined, '', 'chalet-2', 7].map((u) => ({ name: `move unitId ${JSON.stringify(u)}`, path: `/api/admin/bookings/${crypto.randomUUID()}/move`, as: () => admin, body: () => ({ unitId: u }), field: 'unitId' })),
    { name: 'move fromDate not a date', path: `/api/admin/bookings/${crypto.randomUUID()}/move`, as: () => admin, body: () => ({ unitId: crypto.randomUUID(), fromDate: '2026-02-30' }), field: 'fromDate' },
    { name: 'move reprice as a string', path: `/api/admin/bookings/${crypto.randomUUID()}/move`, as: () => admin, body: () => ({ unitId: crypto.randomUUID(), reprice: 'yes' }), field: 'reprice' },
    { name: 'move options fromDate not a date', path: `/api/admin/bookings/${crypto.randomUUID()}/move-options?fromDate=tomorrow`, method: 'GET' as const, as: () => admin, field: 'fromDate' },
    // housekeeping: a unit's cleaning status, the board's day, an out of order period
    ...['Out of order', 'clean', '', 3, null].map((v) => ({
      name: `housekeeping status ${JSON.stringify(v)}`,
      path: `/api/admin/units/${crypto.randomUUID()}/housekeeping`,
      method: 'PUT' as const,
      as: () => admin,
      body: () => ({ status: v, version: 1 }),
      field: 'status',
    })),
    { name: 'housekeeping note of 501 characters', path: `/api/admin/units/${crypto.randomUUID()}/housekeeping`, method: 'PUT' as const, as: () => admin, body: () => ({ status: 'Clean', note: 'x'.repeat(501), version: 1 }), field: 'note' },
    { name: 'housekeeping without a version', path: `/api/admin/units/${crypto.randomUUID()}/housekeeping`, method: 'PUT' as const, as: () => admin, body: () => ({ status: 'Clean' }), field: 'version' },
    { name: 'housekeeping unit id not an id', path: '/api/admin/units/not-a-uuid/housekeeping', method: 'PUT' as const, as: () => admin, body: () => ({ status: 'Clean', version: 1 }), field: 'id' },
    { name: 'housekeeping board date not a date', path: '/api/admin/housekeeping?date=2026-02-30', method: 'GET' as const, as: () => admin, field: 'date' },
    { name: 'out of order end before start', path: '/api/admin/out-of-order', as: () => admin, body: () => ({ unitId, startDate: addDays(today(), 5), endDate: addDays(today(), 3), note: 'Painting' }), field: 'endDate' },
    { name: 'out of order end on the start', path: '/api/admin/out-of-order', as: () => admin, body: () => ({ unitId, startDate: addDays(today(), 5), endDate: addDays(today(), 5), note: 'Painting' }), field: 'endDate' },
    { name: 'out of order start yesterday', path: '/api/admin/out-of-order', as: () => admin, body: () => ({ unitId, startDate: addDays(today(), -1), endDate: addDays(today(), 3), note: 'Painting' }), field: 'startDate' },
    { name: 'out of order without a reason', path: '/api/admin/out-of-order', as: () => admin, body: () => ({ unitId, startDate: addDays(today(), 5), endDate: addDays(today(), 7), note: '  ' }), field: 'note' },
    { name: 'out of order unknown unit', path: '/api/admin/out-of-order', as: () => admin, body: () => ({ unitId: crypto.randomUUID(), startDate: addDays(today(), 5), endDate: addDays(today(), 7), note: 'Painting' }), field: 'unitId' },
    { name: 'out of order unit not an id', path: '/api/admin/out-of-order', as: () => admin, body: () => ({ unitId: 'chalet-1', startDate: addDays(today(), 5), endDate: addDays(today(), 7), note: 'Painting' }), field: 'unitId' },
    { name: 'out of order startDate impossible', path: '/api/admin/out-of-order', as: () => admin, body: () => ({ unitId, startDate: '2026-02-30', endDate: addDays(today(), 7), note: 'Painting' }), field: 'startDate' },
    ...[-100, 0, 0.001].map((v) => ({ name: `refund amount ${v}`, path: '/api/admin/payments/refund', as: () => admin, body: () => ({ bookingId: crypto.randomUUID(), amount: v }), field: 'amount' })),
    { name: 'booking totalAmount is not the client’s to set', path: '/api/bookings', body: booking({ unitId: 'not-a-uuid', totalAmount: -500 }), field: 'unitId' },
    // walk-ins and phone bookings: no e-mail needs a phone; staff choose a staff channel
    { name: 'admin booking with neither e-mail nor phone', path: '/api/admin/bookings', as: () => admin, body: booking({ totalAmount: 1000, paymentMethod: 'eft', paymentStatus: 'pending', channel: 'Walk-in', guestData: { firstName: 'Bad', lastName: 'Input', email: null } }), field: 'guestData.email' },
    { name: 'admin booking with a malformed e-mail beside a phone', path: '/api/admin/bookings', as: () => admin, body: booking({ totalAmount: 1000, paymentMethod: 'eft', paymentStatus: 'pending', guestData: { firstName: 'Bad', lastName: 'Input', email: 'bad@', phone: '082 555 0100' } }), field: 'guestData.email' },
    { name: 'admin booking channel Website', path: '/api/admin/bookings', as: () => admin, body: booking({ totalAmount: 1000, paymentMethod: 'eft', paymentStatus: 'pending', channel: 'Website' }), field: 'channel' },
    { name: 'admin package booking channel as a number', path: '/api/bookings', as: () => admin, body: booking({ channel: 7 }), field: 'channel' },
    { name: 'guest booking without an e-mail (a phone is not enough online)', path: '/api/bookings', body: booking({ guestData: { firstName: 'Bad', lastName: 'Input', phone: '082 555 0100' } }), field: 'guestData.email' },
    // wrong types
    { name: 'login username as an object (NoSQL-style)', path: '/api/login', body: () => ({ username: { $ne: null }, password: 'lodge-demo' }), field: 'username' },
    { name: 'login password as an array', path: '/api/login', body: () => ({ username: 'manager', password: ['lodge-demo'] }), field: 'password' },
    { name: 'availability type id as a number', path: '/api/availability', body: () => ({ accommodationTypeId: 7, ...stay(10) }), field: 'accommodationTypeId' },
    { name: 'sync push entries as a string', path: '/api/sync/push', as: () => admin, body: () => ({ deviceId: crypto.randomUUID(), entries: 'all' }), field: 'entries' },
    { name: 'sync pull limit negative', path: '/api/sync/pull?limit=-1', method: 'GET', as: () => admin, field: 'limit' },
    { name: 'sync pull limit fractional', path: '/api/sync/pull?limit=1.5', method: 'GET', as: () => admin, field: 'limit' },
    // huge strings within the body limit
    { name: 'contact message of 90,000 characters', path: '/api/contact', body: () => ({ name: 'A', email: 'a@example.com', subject: 'Hi', message: 'x'.repeat(90_000) }), field: 'message' },
    { name: 'register username of 5,000 characters', path: '/api/register', body: () => ({ username: 'u'.repeat(5000), password: 'lodge-demo', firstName: 'A', lastName: 'B', email: 'u@example.com' }), field: 'username' },
    { name: 'waitlist name of 90,000 characters', path: '/api/waitlist', body: () => ({ name: 'n'.repeat(90_000), email: 'w@example.com', ...stay(10), guests: 2, accommodationTypeId: typeId }), field: 'name' },
    { name: 'waitlist guests as a string', path: '/api/waitlist', body: () => ({ name: 'W', email: 'w@example.com', ...stay(10), guests: '2', accommodationTypeId: typeId }), field: 'guests' },
    { name: 'waitlist check-in yesterday', path: '/api/waitlist', body: () => ({ name: 'W', email: 'w@example.com', ...stay(-1), guests: 2, accommodationTypeId: typeId }), field: 'checkIn' },
    // unknown ids in the body or query: 400 naming the field
    { name: 'availability unknown type', path: '/api/availability', body: () => ({ accommodationTypeId: crypto.randomUUID(), ...stay(10) }), field: 'accommodationTypeId' },
    { name: 'waitlist unknown type', path: '/api/waitlist', body: () => ({ name: 'W', email: 'w@example.com', ...stay(10), guests: 2, accommodationTypeId: crypto.randomUUID() }), field: 'accommodationTypeId' },
    { name: 'booking unknown unit', path: '/api/bookings', body: booking({ unitId: crypto.randomUUID() }), field: 'unitId' },
    { name: 'payment history unknown booking', path: `/api/admin/payments/history?bookingId=${crypto.randomUUID()}`, method: 'GET', as: () => admin, field: 'bookingId' },
    // injection strings where an identifier is expected
    // The lookup says only "not found", whatever was wrong, so a reference reveals nothing.
    ...SQL.map((s) => ({ name: `lookup reference ${s}`, path: `/api/bookings/lookup?reference=${encodeURIComponent(s)}&email=a%40example.com`, method: 'GET' as const, message: 'Booking not found' })),
    // A guest's link: the same 404 for a token that opens nothing, whatever it holds.
    ...SQL.map((s) => ({ name: `guest booking token ${s}`, path: `/api/guest/bookings/${encodeURIComponent(s)}`, method: 'GET' as const, message: 'This booking link is not valid' })),
    { name: 'booking link e-mail not an address', path: '/api/guest/booking-links', body: () => ({ reference: 'WL-ABC123', email: SCRIPT[0] }), field: 'email' },
    { name: 'booking link reference of 500 characters', path: '/api/guest/booking-links', body: () => ({ reference: 'W'.repeat(500), email: 'a@example.com' }), field: 'reference' },
    { name: 'guest payment amount as text', path: `/api/guest/bookings/${'A'.repeat(43)}/payments`, body: () => ({ amount: 'all of it' }), field: 'amount' },
    { name: 'guest payment amount negative', path: `/api/guest/bookings/${'A'.repeat(43)}/payments`, body: () => ({ amount: -5 }), field: 'amount' },
    { name: 'guest cancel reason of 5,000 characters', path: `/api/guest/bookings/${'A'.repeat(43)}/cancel`, body: () => ({ reason: 'x'.repeat(5000) }), field: 'reason' },
    ...SQL.map((s) => ({ name: `verify reference ${s}`, path: '/api/payments/verify', body: () => ({ reference: s }), field: 'reference' })),
    ...SQL.map((s) => ({ name: `availability type id ${s}`, path: '/api/availability', body: () => ({ accommodationTypeId: s, ...stay(10) }), field: 'accommodationTypeId' })),
    ...SQL.map((s) => ({ name: `bookings list unitId ${s}`, path: `/api/admin/bookings?unitId=${encodeURIComponent(s)}`, method: 'GET' as const, as: () => admin, field: 'unitId' })),
    ...SCRIPT.map((s) => ({ name: `register e-mail ${s}`, path: '/api/register', body: () => ({ username: 'scripted', password: 'lodge-demo', firstName: 'A', lastName: 'B', email: s }), field: 'email' })),
    ...SCRIPT.map((s) => ({ name: `image url ${s}`, path: `/api/accommodation-image?url=${encodeURIComponent(s)}&w=320`, method: 'GET' as const, field: 'url' })),
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.field ? `400 naming ${c.field}` : `4xx ${c.message}`}, nothing changed`, async () => {
      const client = c.as?.() ?? anon;
      const before = await snapshot();
      const res = c.method === 'GET' ? await client.get(c.path) : await client.request(c.method ?? 'POST', c.path, c.body?.());
      expectClear4xx(res, c.field ? 400 : undefined);
      if (c.message) expect(res.body.message).toContain(c.message);
      if (c.field) expect(Object.keys(res.body.errors ?? {}), res.text).toContain(c.field);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('SQL in a login is a failed login, not an error, and logs nobody in', async () => {
    for (const s of SQL) {
      const res = await anon.post('/api/login', { username: `manager${s}`, password: "' OR '1'='1" });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid username or password');
    }
    expect((await anon.get('/api/auth/user')).status).toBe(401);
  });

  it('a script in free text is stored as text and answered as JSON, never as HTML', async () => {
    const res = await anon.post('/api/chatbot/chat', { message: SCRIPT[0] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('the webhook refuses malformed, unsigned and oversized bodies with 4xx and changes nothing', async () => {
    const before = await snapshot();
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${t.url}/api/payments/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
    for (const res of [
      await post('{"event": '),
      await post('{"event":"charge.success","data":{"reference":"X","amount":-100}}'),
      await post('{"event":"charge.success"}', { 'x-paystack-signature': 'zz' }),
      await post(JSON.stringify({ event: 'x', data: 'y'.repeat(300_000) })),
      await post('event=charge.success', { 'Content-Type': 'application/x-www-form-urlencoded' }),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json()).message).toMatch(/\S/);
    }
    expect(await snapshot()).toEqual(before);
  });
});
