import 'fake-indexeddb/auto';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/server.js';
import { UpcomingArrivalsResponse } from '@shared/contracts/bookings.js';
import { addDays, lodgeDateTimeToUtc, todayInLodge } from '@shared/domain/dates.js';
import { quickStats, upcomingMovements } from '@/features/dashboard/dashboard-figures.js';
import { createTestContext, type TestClient, type TestContext } from '../../../api/test/harness.js';
import { createPackage, createTypeWithUnits, guestData } from '../../../api/src/features/bookings/test-fixtures.js';
import { createUser } from '../../../api/src/features/auth/auth.service.js';
import { pullChanges } from './pull.js';
import { queryBookings, queryTodayBoard } from './queries.js';
import { resetDevice } from './test-support.js';

/**
 * The back office's upcoming arrivals (the API, on the server's database) and the desk's
 * lists (the PWA's offline store, filled by its own pull from that API) must agree on the
 * same data: one fixture of every status around today, read both ways. Runs on PGlite, and
 * on PostgreSQL when DATABASE_URL is set, like the API's integration tests.
 */

// 00:30 at the lodge is 22:30 UTC the day before: a server or tablet going by UTC would be a day behind.
const today = todayInLodge(new Date());
const NOW = lodgeDateTimeToUtc(today, '00:30');
const day = (offset: number) => addDays(today, offset);

let t: TestContext;
let manager: TestClient;
/** Fixture name by booking id, so a failure reads as names. */
const names = new Map<string, string>();
const named = (ids: readonly string[]) => ids.map((id) => names.get(id) ?? id);

/** The harness's requests go to the real server; the PWA's pull is forwarded there with the manager's session. */
function routeToHarness() {
  server.use(
    http.all(`${t.url}/*`, () => passthrough()),
    http.get('/api/sync/pull', async ({ request }) => {
      const { pathname, search } = new URL(request.url);
      const res = await manager.get(pathname + search);
      return new Response(res.text, { status: res.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

beforeAll(async () => {
  t = await createTestContext({ now: NOW, seed: false });
  routeToHarness();
  await createUser(t.deps, {
    username: 'parity-manager',
    password: 'secret-123',
    firstName: 'Parity',
    lastName: 'Manager',
    email: 'parity@example.com',
    role: 'Manager',
  });
  manager = await t.loginAs('parity-manager', 'secret-123');

  const { unitIds } = await createTypeWithUnits(t.db, { units: 13, name: 'Chalet' });
  let nextUnit = 0;
  const book = async (name: string, checkIn: number, checkOut: number, moves: ('Checked-In' | 'Checked-Out' | 'Cancelled')[], paid = true) => {
    const res = await manager.post('/api/admin/bookings', {
      unitId: unitIds[nextUnit++],
      checkInDate: day(checkIn),
      checkOutDate: day(checkOut),
      totalAmount: 1000,
      paymentMethod: 'eft',
      paymentStatus: paid ? 'paid' : 'pending',
      guestData: { ...guestData(name), firstName: name, lastName: 'Guest', email: `${name.toLowerCase()}@example.com` },
    });
    expect(res.status).toBe(201);
    for (const status of moves) expect((await manager.put(`/api/admin/bookings/${res.body.id}`, { status })).status).toBe(200);
    names.set(res.body.id, name);
  };
  await book('ArrivingConfirmed', 0, 2, []);
  await book('ArrivingProvisional', 0, 1, [], false);
  await book('ArrivedToday', 0, 3, ['Checked-In']);
  await book('LeavingToday', -2, 0, ['Checked-In']);
  await book('LeftToday', -2, 0, ['Checked-In', 'Checked-Out']);
  await book('NoShowDueOutToday', -1, 0, []);
  await book('NoShowDueOutLater', -1, 3, [], false);
  await book('TomorrowThreeNights', 1, 4, []);
  await book('StayingOn', -1, 5, ['Checked-In']);
  await book('CancelledToday', 0, 2, ['Cancelled']);
  await book('LastDay', 6, 8, [], false);
  await book('TooLate', 7, 9, []);
  await book('Overstayed', -3, -1, ['Checked-In']);

  // The entire lodge: a parent and one child per unit; only the parent is a movement.
  const other = await createTypeWithUnits(t.db, { units: 2 });
  const lodge = await manager.post('/api/bookings', {
    accommodationTypeId: await createPackage(t.db, [other.typeId]),
    isPackageBooking: true,
    checkInDate: day(1),
    checkOutDate: day(3),
    paymentMethod: 'EFT',
    paymentStatus: 'Paid',
    guestData: guestData('lodge'),
  });
  expect(lodge.status).toBe(201);
  names.set(lodge.body.id, 'EntireLodge');
  // A database per file (PGlite's start and the migrations) is slow on a loaded machine: a bound, not a wait.
}, 180_000);
afterAll(() => t?.close());

beforeEach(async () => {
  await resetDevice();
  routeToHarness();
});

describe('arrivals and departures: the API and the offline store agree', () => {
  it("today's arrivals and departures, and the 7-day list, are the same bookings both ways", async () => {
    const res = await manager.get('/api/admin/upcoming-arrivals');
    expect(res.status).toBe(200);
    const api = UpcomingArrivalsResponse.parse(res.body);
    const apiList = (type: 'arrival' | 'departure', onlyToday: boolean) =>
      named(api.bookings.filter((m) => m.type === type && (!onlyToday || m.date === today)).map((m) => m.id)).sort();

    await pullChanges();
    const stored = await queryBookings();
    // Every booking reached the device, the entire lodge's two children too.
    expect(stored).toHaveLength(names.size + 2);
    const board = await queryTodayBoard(today);
    const upcoming = upcomingMovements(stored, today);

    // The rule's answer for this fixture, exactly.
    const todayArrivals = ['ArrivingConfirmed', 'ArrivingProvisional'];
    const todayDepartures = ['LeavingToday'];
    expect(apiList('arrival', true)).toEqual(todayArrivals);
    expect(apiList('departure', true)).toEqual(todayDepartures);
    expect(api).toMatchObject({ todayArrivals: 2, todayDepartures: 1, totalArrivals: 5, totalDepartures: 7 });
    expect(api.bookings.map((m) => [m.date, m.type, names.get(m.id)])).toEqual([
      [day(0), 'departure', 'LeavingToday'],
      [day(0), 'arrival', 'ArrivingConfirmed'],
      [day(0), 'arrival', 'ArrivingProvisional'],
      [day(1), 'departure', 'ArrivingProvisional'],
      [day(1), 'arrival', 'TomorrowThreeNights'],
      [day(1), 'arrival', 'EntireLodge'],
      [day(2), 'departure', 'ArrivingConfirmed'],
      [day(3), 'departure', 'ArrivedToday'],
      [day(3), 'departure', 'EntireLodge'],
      [day(4), 'departure', 'TomorrowThreeNights'],
      [day(5), 'departure', 'StayingOn'],
      [day(6), 'arrival', 'LastDay'],
    ]);

    // The front desk, offline.
    expect(named(board.arrivals.map((b) => b.id)).sort()).toEqual(todayArrivals);
    expect(named(board.departures.map((b) => b.id)).sort()).toEqual(todayDepartures);
    expect(named(board.inHouse.map((b) => b.id)).sort()).toEqual(['ArrivedToday', 'LeavingToday', 'Overstayed', 'StayingOn']);
    expect(quickStats(stored, [], today).arrivingToday).toBe(api.todayArrivals);

    // The dashboard's 7-day list, offline: the API's movements, day by day.
    const offline = upcoming.flatMap((d) => [
      ...d.departures.map((b) => [d.date, 'departure', b.id]),
      ...d.arrivals.map((b) => [d.date, 'arrival', b.id]),
    ]);
    const key = ([date, type, id]: (string | undefined)[]) => `${date} ${type} ${names.get(id!)}`;
    expect(offline.map(key).sort()).toEqual(api.bookings.map((m) => key([m.date, m.type, m.id])).sort());
    const todays = upcoming.find((d) => d.date === today)!;
    expect([todays.arrivals.length, todays.departures.length]).toEqual([api.todayArrivals, api.todayDepartures]);
    expect(upcoming.flatMap((d) => d.arrivals)).toHaveLength(api.totalArrivals);
    expect(upcoming.flatMap((d) => d.departures)).toHaveLength(api.totalDepartures);
  });
});
