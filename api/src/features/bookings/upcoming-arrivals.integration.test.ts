import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { UpcomingArrivalsResponse } from '../../../../shared/contracts/bookings.js';
import { createUser } from '../auth/auth.service.js';
import { createPackage, createTypeWithUnits, guestData } from './test-fixtures.js';

// 22:30 UTC on 2 March is 00:30 on 3 March at the lodge: "today" is the 3rd.
const NOW = '2026-03-02T22:30:00Z';

let t: TestContext;
let manager: TestClient;
beforeAll(async () => {
  // No demo data: the dashboard shows exactly the bookings made here.
  t = await createTestContext({ now: NOW, seed: false });
  await createUser(t.deps, {
    username: 'desk-manager',
    password: 'secret-123',
    firstName: 'Desk',
    lastName: 'Manager',
    email: 'desk@example.com',
    role: 'Manager',
  });
  manager = await t.loginAs('desk-manager', 'secret-123');
});
afterAll(() => t?.close());

describe('GET /api/admin/upcoming-arrivals', () => {
  it("lists the next 7 lodge days' arrivals and departures, today first, without cancelled bookings or lodge children", async () => {
    const { unitIds, name } = await createTypeWithUnits(t.db, { units: 7, name: 'Chalet' });
    const book = async (unit: number, checkIn: string, checkOut: string, who: string) => {
      const res = await manager.post('/api/admin/bookings', {
        unitId: unitIds[unit],
        checkInDate: checkIn,
        checkOutDate: checkOut,
        totalAmount: 1000,
        paymentMethod: 'eft',
        paymentStatus: 'paid',
        guestData: { ...guestData(who), firstName: who, lastName: 'Guest', email: `${who}@example.com` },
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const a = await book(0, '2026-03-03', '2026-03-05', 'Arriving');
    const b = await book(1, '2026-03-01', '2026-03-03', 'Leaving');
    // A departure is a guest in house: left Confirmed, this guest would be a no-show.
    expect((await manager.put(`/api/admin/bookings/${b}`, { status: 'Checked-In' })).status).toBe(200);
    const c = await book(2, '2026-03-04', '2026-03-12', 'Tomorrow');
    const d = await book(3, '2026-03-09', '2026-03-11', 'LastDay');
    await book(4, '2026-03-10', '2026-03-12', 'TooLate');
    const f = await book(5, '2026-03-03', '2026-03-04', 'Cancelled');
    expect((await manager.put(`/api/admin/bookings/${f}`, { status: 'Cancelled' })).status).toBe(200);
    // Left on 2 March, which is still "today" in UTC but yesterday at the lodge.
    await book(6, '2026-03-01', '2026-03-02', 'Yesterday');

    const other = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [other.typeId]);
    const lodge = await manager.post('/api/bookings', {
      accommodationTypeId: packageTypeId,
      isPackageBooking: true,
      checkInDate: '2026-03-04',
      checkOutDate: '2026-03-06',
      paymentMethod: 'EFT',
      paymentStatus: 'Paid',
      guestData: guestData(randomUUID().slice(0, 6)),
    });
    expect(lodge.status).toBe(201);

    const res = await manager.get('/api/admin/upcoming-arrivals');
    expect(res.status).toBe(200);
    const body = UpcomingArrivalsResponse.parse(res.body);
    expect(body).toMatchObject({ todayArrivals: 1, todayDepartures: 1, totalArrivals: 4, totalDepartures: 3 });
    expect(body.bookings.map((m) => [m.date, m.type, m.id])).toEqual([
      ['2026-03-03', 'departure', b],
      ['2026-03-03', 'arrival', a],
      ['2026-03-04', 'arrival', c],
      ['2026-03-04', 'arrival', lodge.body.id],
      ['2026-03-05', 'departure', a],
      ['2026-03-06', 'departure', lodge.body.id],
      ['2026-03-09', 'arrival', d],
    ]);
    expect(body.bookings[1]).toMatchObject({ guestName: 'Arriving Guest', unitName: `${name} unit 1`, totalAmount: 1000, status: 'Confirmed' });
    expect(body.bookings[3].unitName).toBe(lodge.body.accommodationTypeName);
  });
});
