import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from './db.js';
import { applyEntryLocally, overlayRow } from './overlay.js';
import { makeBooking, makeUnit, staff, testId } from './test-support.js';

const now = new Date();

function entry(seq: number, op: OutboxEntry['op'], entityId: string, args: Record<string, unknown>, status: OutboxEntry['status'] = 'pending'): OutboxEntry {
  return {
    id: testId(5000 + seq),
    deviceId: 'device-1',
    seq,
    op,
    entityId,
    baseVersion: 1,
    args,
    schemaVersion: 1,
    status,
    attempts: 0,
    lastError: null,
    createdAt: now.toISOString(),
    madeBy: staff.thandi,
  };
}

describe('applyEntryLocally', () => {
  it('moves a status the state machine allows and stamps updatedAt', () => {
    const result = applyEntryLocally(makeBooking({ status: 'Confirmed' }), { op: 'booking.setStatus', args: { status: 'Checked-In' } }, 'Receptionist', now);
    expect(result).toMatchObject({ ok: true, noop: false, changed: ['status'], row: { status: 'Checked-In', updatedAt: now.toISOString() } });
  });

  it('refuses with the state machine’s words, including reopening for a receptionist', () => {
    const cancelled = makeBooking({ status: 'Cancelled' });
    expect(applyEntryLocally(cancelled, { op: 'booking.setStatus', args: { status: 'Confirmed' } }, 'Receptionist', now)).toEqual({
      ok: false,
      reason: 'Only a Manager or SuperAdmin can reopen a Cancelled booking',
    });
    expect(applyEntryLocally(cancelled, { op: 'booking.setStatus', args: { status: 'Confirmed' } }, 'Manager', now)).toMatchObject({
      ok: true,
      row: { status: 'Confirmed' },
    });
  });

  it('a payment received on a Confirmed booking keeps its status', () => {
    const result = applyEntryLocally(makeBooking({ status: 'Confirmed' }), { op: 'booking.paymentReceived', args: { method: 'Card' } }, 'Receptionist', now);
    expect(result).toMatchObject({ ok: true, changed: ['paymentStatus', 'paymentVerified', 'paymentMethod'], row: { status: 'Confirmed', paymentStatus: 'Paid' } });
  });

  it('refuses an unknown operation, bad args, and an operation on the wrong kind of record', () => {
    const booking = makeBooking();
    expect(applyEntryLocally(booking, { op: 'booking.delete', args: {} }, 'Manager', now)).toEqual({ ok: false, reason: 'Unknown change: booking.delete' });
    expect(applyEntryLocally(booking, { op: 'booking.paymentReceived', args: { method: 'Bitcoin' } }, 'Manager', now)).toMatchObject({ ok: false });
    expect(applyEntryLocally(makeUnit(), { op: 'booking.setStatus', args: { status: 'Cancelled' } }, 'Manager', now)).toEqual({
      ok: false,
      reason: 'booking.setStatus does not apply to this record',
    });
  });
});

describe('overlayRow', () => {
  it('applies pending and sent entries in seq order, skips settled ones, and lists what no longer applies', () => {
    const booking = makeBooking({ status: 'Confirmed' });
    const entries = [
      entry(3, 'booking.setStatus', booking.id, { status: 'Cancelled' }),
      entry(1, 'booking.setStatus', booking.id, { status: 'Checked-In' }, 'sent'),
      entry(2, 'booking.setSpecialRequests', booking.id, { specialRequests: 'Late arrival', previous: null }),
      entry(4, 'booking.setStatus', booking.id, { status: 'Provisional' }, 'conflict'),
      entry(5, 'booking.setStatus', testId(77), { status: 'Cancelled' }),
    ];
    expect(overlayRow(booking, entries)).toMatchObject({
      status: 'Checked-In',
      specialRequests: 'Late arrival',
      pendingSync: true,
      pendingEntryIds: [testId(5001), testId(5002), testId(5003)],
      notApplied: [{ entryId: testId(5003), reason: 'A Checked-In booking cannot be changed to Cancelled' }],
    });
  });
});

describe('applyEntryLocally runs the API\'s own rule (planBookingUpdate)', () => {
  it('refuses a direct edit of an entire-lodge unit booking and a refund status, as the API does', () => {
    const child = makeBooking({ isEntireLodgeChild: true, status: 'Confirmed' });
    expect(applyEntryLocally(child, { op: 'booking.setStatus', args: { status: 'Checked-In' } }, 'Manager', now)).toEqual({
      ok: false,
      reason: 'This unit is part of an entire-lodge booking; change the entire-lodge booking instead',
    });
  });

  it('shows the parent\'s check-in on its unit bookings', () => {
    const child = makeBooking({ isEntireLodgeChild: true, status: 'Confirmed' });
    const result = applyEntryLocally(child, { op: 'booking.setStatus', args: { status: 'Checked-In' } }, 'Receptionist', now, { viaParent: true });
    expect(result).toMatchObject({ ok: true, noop: false, changed: ['status'], row: { status: 'Checked-In' } });
  });

  it('payment received at the desk marks Paid, verified, with the method, and confirms a Provisional booking', () => {
    const held = makeBooking({ status: 'Provisional', paymentStatus: 'Pending', paymentVerified: false, paymentMethod: 'EFT' });
    const result = applyEntryLocally(held, { op: 'booking.paymentReceived', args: { method: 'Cash' } }, 'Receptionist', now);
    expect(result).toMatchObject({
      ok: true,
      noop: false,
      row: { status: 'Confirmed', paymentStatus: 'Paid', paymentVerified: true, paymentMethod: 'Cash' },
    });
    expect(result.ok && [...result.changed].sort()).toEqual(['paymentMethod', 'paymentStatus', 'paymentVerified', 'status']);
  });
});
