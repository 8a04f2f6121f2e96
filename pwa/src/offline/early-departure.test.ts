import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { EARLY_DEPARTURE_MESSAGES } from '@shared/contracts/early-departure.js';
import { db } from './db.js';
import { enqueued } from './events.js';
import { OfflineEditError, checkOutGuest, enqueue, setBookingStatus } from './outbox.js';
import { buildLocalFolio } from './folio.js';
import { queryBooking, queryPendingRelease } from './queries.js';
import { createFakeSyncServer, isoDay, makeBooking, resetDevice, seedLocal } from './test-support.js';
import { replayOutbox } from './replay.js';
import { server } from '@/test/server.js';
import { http, HttpResponse } from 'msw';

/**
 * An early departure on the device (docs/design.md, The desk's day: early departures): the
 * check-out applies at once; the release of the remaining nights is queued right behind it as
 * `booking.releaseNights`, left to the server to apply (the screens say it waits), refused at
 * once in the server's words when it cannot apply, and sent after the check-out on replay.
 */
beforeEach(() => resetDevice());

/** In house since 2 days ago, booked to 2 days from now: leaving today releases 2 nights. */
const inHouse = (over = {}) => makeBooking({ status: 'Checked-In', checkInDate: isoDay(-2), checkOutDate: isoDay(2), paymentStatus: 'Paid', totalAmount: 6600, ...over });

describe('checkOutGuest', () => {
  it('queues the check-out and, behind it, the release with the lodge date the guest left on, in one go', async () => {
    const booking = inHouse({ version: 4 });
    await seedLocal({ bookings: [booking] });
    let signals = 0;
    const off = enqueued.subscribe(() => (signals += 1));
    const { checkOut, release } = await checkOutGuest(booking.id, { releaseNights: true });
    off();
    expect(signals).toBe(1);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.op, e.args, e.baseVersion, e.seq])).toEqual([
      ['booking.setStatus', { status: 'Checked-Out' }, 4, checkOut!.seq],
      ['booking.releaseNights', { departureDate: isoDay(0) }, 4, release!.seq],
    ]);
    expect(release!.seq).toBe(checkOut!.seq + 1);
    // The check-out shows at once; the stay's dates wait for the server.
    expect(await queryBooking(booking.id)).toMatchObject({ status: 'Checked-Out', checkOutDate: isoDay(2), pendingSync: true, pendingEntryIds: [checkOut!.id] });
    expect(await queryPendingRelease(booking.id)).toEqual({ entryId: release!.id, departureDate: isoDay(0), nights: 2 });
    // The folio says the release is pending and guesses no credit.
    const folio = (await buildLocalFolio(booking.id))!;
    expect(folio.pendingRelease).toEqual({ nights: 2 });
    expect(folio.lines.map((l) => l.key)).toEqual(['accommodation']);
    expect(folio.totals.charges).toBe(6600);
  });

  it('keeping the nights queues the check-out alone; asking twice queues one release', async () => {
    const kept = inHouse();
    const twice = inHouse();
    await seedLocal({ bookings: [kept, twice] });
    await checkOutGuest(kept.id, { releaseNights: false });
    expect((await db.outbox.where('entityId').equals(kept.id).toArray()).map((e) => e.op)).toEqual(['booking.setStatus']);
    expect(await queryPendingRelease(kept.id)).toBeNull();

    await checkOutGuest(twice.id, { releaseNights: true });
    await checkOutGuest(twice.id, { releaseNights: true });
    expect((await db.outbox.where('entityId').equals(twice.id).sortBy('seq')).map((e) => e.op)).toEqual(['booking.setStatus', 'booking.releaseNights']);
  });

  it("refuses in the server's words a release that cannot apply, and queues nothing for it", async () => {
    const confirmed = makeBooking({ status: 'Confirmed', checkInDate: isoDay(0), checkOutDate: isoDay(3) });
    const onTime = inHouse({ checkInDate: isoDay(-3), checkOutDate: isoDay(0) });
    const released = inHouse({ status: 'Checked-Out', checkOutDate: isoDay(0), originalCheckOutDate: isoDay(2), earlyDepartureCredit: 3600 });
    await seedLocal({ bookings: [confirmed, onTime, released] });
    const refusal = (p: Promise<unknown>) => p.then(() => null, (err: unknown) => (err instanceof OfflineEditError ? err.message : String(err)));
    expect(await refusal(enqueue('booking.releaseNights', confirmed.id, { departureDate: isoDay(0) }))).toBe(EARLY_DEPARTURE_MESSAGES.notCheckedOut);
    await setBookingStatus(onTime.id, 'Checked-Out');
    expect(await refusal(enqueue('booking.releaseNights', onTime.id, { departureDate: isoDay(0) }))).toBe(EARLY_DEPARTURE_MESSAGES.nothingToRelease);
    expect(await refusal(enqueue('booking.releaseNights', released.id, { departureDate: isoDay(0) }))).toBe(EARLY_DEPARTURE_MESSAGES.alreadyReleased);
    expect(await refusal(enqueue('booking.releaseNights', released.id, { departureDate: isoDay(1) }))).toBe(EARLY_DEPARTURE_MESSAGES.departureInFuture);
    expect((await db.outbox.toArray()).map((e) => e.op)).toEqual(['booking.setStatus']);
  });

  it('replays the release after its check-out; the answer brings the shortened stay and its credit line', async () => {
    const booking = inHouse();
    await seedLocal({ bookings: [booking] });
    const fake = createFakeSyncServer({ bookings: [booking] });
    const released = { ...booking, status: 'Checked-Out' as const, checkOutDate: isoDay(0), originalCheckOutDate: isoDay(2), earlyDepartureCredit: 3600, version: booking.version + 2 };
    fake.script(
      () => undefined,
      (entry) => HttpResponse.json({ results: [{ id: entry.id, outcome: 'applied', record: released, note: '2 nights released, R3,600.00 credited' }] }),
    );
    server.use(...fake.handlers, http.get('/api/sync/pull', () => HttpResponse.error()));
    await checkOutGuest(booking.id, { releaseNights: true });
    expect(await replayOutbox()).toMatchObject({ status: 'done', answered: 2 });
    expect(fake.received.map((e) => e.op)).toEqual(['booking.setStatus', 'booking.releaseNights']);
    expect(await db.outbox.count()).toBe(0);
    expect(await queryPendingRelease(booking.id)).toBeNull();
    expect(await queryBooking(booking.id)).toMatchObject({ checkOutDate: isoDay(0), originalCheckOutDate: isoDay(2), earlyDepartureCredit: 3600, pendingSync: false });
    const folio = (await buildLocalFolio(booking.id))!;
    expect(folio.pendingRelease).toBeNull();
    expect(folio.lines.map((l) => [l.key, l.amount])).toEqual([
      ['accommodation', 6600],
      ['credit:early-departure', -3600],
    ]);
    expect(folio.totals.charges).toBe(3000);
  });
});
