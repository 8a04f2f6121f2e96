import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '@shared/contracts/bookings.js';
import { db } from '@/offline/db.js';
import { OfflineEditError } from '@/offline/outbox.js';
import type { DeskBooking } from '@/offline/queries.js';
import { isoDay, makeBooking, resetDevice, seedLocal, staff } from '@/offline/test-support.js';
import { server } from '@/test/server.js';
import { checkInEarly } from './early-check-in.js';

const REASON = 'Flight landed early';

/** A Confirmed booking arriving in three days, on the device as pulled. */
async function arriving(marks: Partial<DeskBooking> = {}): Promise<DeskBooking> {
  const booking = makeBooking({ status: 'Confirmed', checkInDate: isoDay(3), checkOutDate: isoDay(4), version: 4 });
  await seedLocal({ bookings: [booking] });
  return { ...booking, pendingSync: false, pendingEntryIds: [], notApplied: [], ...marks };
}

/** Answers every PUT as the server would for an accepted early check-in, keeping what was sent. */
function acceptPut(booking: Booking) {
  const sent: unknown[] = [];
  server.use(
    http.put('/api/admin/bookings/:id', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ ...booking, status: 'Checked-In', version: booking.version + 1 });
    }),
  );
  return sent;
}

const outboxArgs = async () => (await db.outbox.toArray()).map((e) => [e.op, e.args, e.baseVersion]);

beforeEach(() => resetDevice(staff.anna));

describe('checkInEarly', () => {
  it('online: a PUT with the override, the reason and the version read; the answer lands on the device, nothing queued', async () => {
    const b = await arriving();
    const sent = acceptPut(b);
    expect(await checkInEarly(b, REASON, true)).toBe('saved');
    expect(sent).toEqual([{ status: 'Checked-In', override: true, overrideReason: REASON, version: 4 }]);
    expect(await db.bookings.get(b.id)).toMatchObject({ status: 'Checked-In', version: 5 });
    expect(await outboxArgs()).toEqual([]);
  });

  it('offline: queued as booking.setStatus with the same override and reason, nothing sent', async () => {
    const b = await arriving();
    const sent = acceptPut(b);
    expect(await checkInEarly(b, REASON, false)).toBe('queued');
    expect(sent).toEqual([]);
    expect(await outboxArgs()).toEqual([['booking.setStatus', { status: 'Checked-In', override: true, overrideReason: REASON }, 4]]);
  });

  it('online but the request never gets through: queued instead', async () => {
    const b = await arriving();
    server.use(http.put('/api/admin/bookings/:id', () => HttpResponse.error()));
    expect(await checkInEarly(b, REASON, true)).toBe('queued');
    expect(await outboxArgs()).toEqual([['booking.setStatus', { status: 'Checked-In', override: true, overrideReason: REASON }, 4]]);
  });

  it("online, behind changes of the booking still queued: queued after them, so their order holds", async () => {
    const b = await arriving({ pendingSync: true });
    const sent = acceptPut(b);
    expect(await checkInEarly(b, REASON, true)).toBe('queued');
    expect(sent).toEqual([]);
    expect(await outboxArgs()).toHaveLength(1);
  });

  it("the server's refusal comes back in its words and nothing is queued", async () => {
    const b = await arriving();
    const message = 'Only a Manager or SuperAdmin can check a guest in before the arrival date';
    server.use(http.put('/api/admin/bookings/:id', () => HttpResponse.json({ message, code: 'override_not_allowed' }, { status: 403 })));
    await expect(checkInEarly(b, REASON, true)).rejects.toThrow(message);
    expect(await outboxArgs()).toEqual([]);
    expect(await db.bookings.get(b.id)).toMatchObject({ status: 'Confirmed', version: 4 });
  });

  it("a receptionist's early check-in is refused on the device, as the server would", async () => {
    await resetDevice(staff.thandi);
    const b = await arriving();
    const refused = checkInEarly(b, REASON, false);
    await expect(refused).rejects.toBeInstanceOf(OfflineEditError);
    await expect(refused).rejects.toThrow('Only a Manager or SuperAdmin can check a guest in before the arrival date');
    expect(await outboxArgs()).toEqual([]);
  });
});
