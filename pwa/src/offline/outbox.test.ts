import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '@shared/contracts/sync.js';
import { OUTCOME_LOG_SIZE, db, getState } from './db.js';
import { enqueued } from './events.js';
import {
  OfflineEditError,
  applyMineAgain,
  discardMine,
  enqueue,
  logOutcome,
  markPaymentReceived,
  setBookingStatus,
  setSpecialRequests,
  setUnitActive,
} from './outbox.js';
import { queryBooking, queryBookings, queryOutbox, queryOutcomes, queryStoredStatus, queryUnits } from './queries.js';
import { makeBooking, makeUnit, resetDevice, seedLocal, staff, testId } from './test-support.js';

beforeEach(() => resetDevice());

describe('enqueue', () => {
  it('shows a check-in at once, marked not synced, and queues one entry based on the server version', async () => {
    const booking = makeBooking({ status: 'Confirmed', version: 3 });
    await seedLocal({ bookings: [booking] });
    let signals = 0;
    const off = enqueued.subscribe(() => (signals += 1));

    const entry = await setBookingStatus(booking.id, 'Checked-In');
    off();

    const shown = await queryBooking(booking.id);
    expect(shown).toMatchObject({ status: 'Checked-In', pendingSync: true, pendingEntryIds: [entry!.id], notApplied: [], version: 3 });
    // The server row itself is untouched until the server answers.
    expect((await db.bookings.get(booking.id))!.status).toBe('Confirmed');
    const deviceId = await getState('deviceId');
    expect(entry).toMatchObject({
      deviceId,
      seq: 1,
      op: 'booking.setStatus',
      entityId: booking.id,
      baseVersion: 3,
      args: { status: 'Checked-In' },
      schemaVersion: SYNC_SCHEMA_VERSION,
      status: 'pending',
      attempts: 0,
      lastError: null,
      madeBy: staff.thandi,
    });
    expect(await getState('nextSeq')).toBe(2);
    expect(signals).toBe(1);
    expect(await queryStoredStatus()).toMatchObject({ pendingCount: 1, conflictCount: 0 });
  });

  it('applies entries in sequence order on top of each other (check in, then check out)', async () => {
    const booking = makeBooking({ status: 'Confirmed' });
    await seedLocal({ bookings: [booking] });
    const first = await setBookingStatus(booking.id, 'Checked-In');
    const second = await setBookingStatus(booking.id, 'Checked-Out');
    expect([first!.seq, second!.seq]).toEqual([1, 2]);
    expect(await queryBooking(booking.id)).toMatchObject({ status: 'Checked-Out', pendingEntryIds: [first!.id, second!.id] });
    // The checked-out booking no longer counts as Checked-In anywhere.
    expect(await queryBookings({ status: 'Checked-In' })).toEqual([]);
    expect((await queryBookings({ status: 'Checked-Out' })).map((b) => b.id)).toEqual([booking.id]);
  });

  it('refuses at once what the state machine refuses, and queues nothing', async () => {
    const booking = makeBooking({ status: 'Provisional' });
    await seedLocal({ bookings: [booking] });
    const attempt = setBookingStatus(booking.id, 'Checked-Out');
    await expect(attempt).rejects.toThrow(new OfflineEditError('A Provisional booking cannot be changed to Checked-Out', 'not_allowed'));
    await expect(attempt).rejects.toMatchObject({ code: 'not_allowed' });
    expect(await db.outbox.count()).toBe(0);
    expect(await getState('nextSeq')).toBeUndefined();
  });

  it('judges a new edit against the row as shown, pending edits included', async () => {
    const booking = makeBooking({ status: 'Confirmed' });
    await seedLocal({ bookings: [booking] });
    await setBookingStatus(booking.id, 'Checked-In');
    // Checked-In -> Cancelled is not allowed, although Confirmed -> Cancelled would be.
    await expect(setBookingStatus(booking.id, 'Cancelled')).rejects.toThrow('A Checked-In booking cannot be changed to Cancelled');
  });

  it('refuses bad args with the contract message, an unknown record, and a device nobody logged in on', async () => {
    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    await expect(enqueue('booking.setStatus', booking.id, { status: 'Gone' as never })).rejects.toThrow(
      'Status must be Provisional, Confirmed, Checked-In, Checked-Out or Cancelled',
    );
    await expect(setBookingStatus(testId(4242), 'Cancelled')).rejects.toThrow('This record is not on this device; reload when online');
    await db.syncState.delete('user');
    await expect(setBookingStatus(booking.id, 'Cancelled')).rejects.toMatchObject({ message: 'Log in to make changes', code: 'no_user' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues nothing when the row already is that way', async () => {
    const booking = makeBooking({ status: 'Checked-In' });
    await seedLocal({ bookings: [booking] });
    expect(await setBookingStatus(booking.id, 'Checked-In')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks a payment received: Paid, verified, and a Provisional booking confirmed', async () => {
    const booking = makeBooking({ status: 'Provisional', paymentStatus: 'Pending', paymentMethod: 'EFT' });
    await seedLocal({ bookings: [booking] });
    await markPaymentReceived(booking.id, 'Cash');
    expect(await queryBooking(booking.id)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'Paid',
      paymentVerified: true,
      paymentMethod: 'Cash',
      pendingSync: true,
    });
  });

  it('special requests carry the value they replace (as shown, after earlier edits)', async () => {
    const booking = makeBooking({ specialRequests: 'Vegetarian' });
    await seedLocal({ bookings: [booking] });
    const first = await setSpecialRequests(booking.id, 'Vegetarian, late arrival');
    const second = await setSpecialRequests(booking.id, '');
    expect(first!.args).toEqual({ specialRequests: 'Vegetarian, late arrival', previous: 'Vegetarian' });
    expect(second!.args).toEqual({ specialRequests: null, previous: 'Vegetarian, late arrival' });
    expect((await queryBooking(booking.id))!.specialRequests).toBeNull();
  });

  it('lets a manager but not a receptionist take a unit out of use', async () => {
    const unit = makeUnit({ isActive: true, version: 5 });
    await seedLocal({ units: [unit] });
    await expect(setUnitActive(unit.id, false)).rejects.toThrow('Only a Manager or SuperAdmin can change a unit');
    await resetDevice(staff.anna);
    await seedLocal({ units: [unit] });
    const entry = await setUnitActive(unit.id, false);
    expect(entry).toMatchObject({ op: 'unit.setActive', baseVersion: 5, args: { isActive: false } });
    expect(await queryUnits()).toMatchObject([{ id: unit.id, isActive: false, pendingSync: true }]);
  });

  it('shows an entire-lodge parent’s status change on its children too', async () => {
    const parent = makeBooking({ unitId: null, unitName: null, status: 'Confirmed' });
    const child = makeBooking({ parentBookingId: parent.id, isEntireLodgeChild: true, status: 'Confirmed' });
    await seedLocal({ bookings: [parent, child] });
    const entry = await setBookingStatus(parent.id, 'Checked-In');
    expect(await queryBooking(child.id)).toMatchObject({ status: 'Checked-In', pendingSync: true, pendingEntryIds: [entry!.id] });
  });
});

describe('resolving conflicts', () => {
  async function conflicted(status: 'conflict' | 'rejected') {
    const booking = makeBooking({ status: 'Confirmed', version: 1, specialRequests: 'Vegetarian' });
    await seedLocal({ bookings: [booking] });
    const entry = (await setSpecialRequests(booking.id, 'Vegan'))!;
    // The server answered: someone else wrote the field meanwhile (version 2).
    await db.bookings.put({ ...(await db.bookings.get(booking.id))!, specialRequests: 'No nuts', version: 2 });
    await db.outbox.update(entry.id, { status, reason: 'Special requests were changed by anna' });
    return { booking, entry };
  }

  it('apply mine again queues a new entry on the current server version and removes the old one', async () => {
    const { booking, entry } = await conflicted('conflict');
    expect(await queryBooking(booking.id)).toMatchObject({ specialRequests: 'No nuts', pendingSync: false });
    const again = await applyMineAgain(entry.id);
    expect(again).toMatchObject({ seq: 2, baseVersion: 2, status: 'pending', args: { specialRequests: 'Vegan', previous: 'No nuts' } });
    expect(again!.id).not.toBe(entry.id);
    const outbox = await queryOutbox();
    expect(outbox.pending.map((e) => e.id)).toEqual([again!.id]);
    expect(outbox.conflicts).toEqual([]);
    expect(await queryBooking(booking.id)).toMatchObject({ specialRequests: 'Vegan', pendingSync: true });
  });

  it('drop mine removes a rejection and logs it; an entry being sent cannot be dropped', async () => {
    const { entry } = await conflicted('rejected');
    await discardMine(entry.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await queryOutcomes()).toMatchObject([
      { entryId: entry.id, op: 'booking.setSpecialRequests', outcome: 'discarded', reason: 'Special requests were changed by anna' },
    ]);

    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    const sending = (await setBookingStatus(booking.id, 'Cancelled'))!;
    await db.outbox.update(sending.id, { status: 'sent' });
    await expect(discardMine(sending.id)).rejects.toThrow('This change is being sent; wait for its answer');
    await expect(applyMineAgain(sending.id)).rejects.toThrow('This change is still on its way');
  });
});

describe('the outcome log', () => {
  it('keeps the last 50 outcomes, newest first', async () => {
    const at = new Date().toISOString();
    await db.transaction('rw', db.outcomes, async () => {
      for (let i = 1; i <= 55; i++) {
        await logOutcome({ entryId: testId(i), op: 'booking.setStatus', entityId: testId(100), outcome: 'applied', note: null, reason: null, at });
      }
    });
    expect(OUTCOME_LOG_SIZE).toBe(50);
    expect(await db.outcomes.count()).toBe(50);
    const log = await queryOutcomes();
    expect([log[0].entryId, log[49].entryId]).toEqual([testId(55), testId(6)]);
  });
});
