import { describe, expect, it } from 'vitest';
import { SyncOperationArgs, SyncPullQuery, SyncPushRequest } from './sync.js';

const entry = {
  id: '0b7a4c1e-8f0e-4a38-9c3c-6f1f5d7e2a10',
  seq: 1,
  op: 'booking.setStatus',
  entityId: '5f0c2b4e-1d2a-4c53-9a51-0c1f3b1f6a01',
  baseVersion: 3,
  args: { status: 'Checked-In' },
  schemaVersion: 1,
};

describe('sync contract', () => {
  it('takes 1 to 100 entries and refuses an empty or larger batch', () => {
    expect(SyncPushRequest.safeParse({ deviceId: 'tablet-1', entries: [entry] }).success).toBe(true);
    expect(SyncPushRequest.safeParse({ deviceId: 'tablet-1', entries: [] }).success).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => ({ ...entry, seq: i }));
    expect(SyncPushRequest.safeParse({ deviceId: 'tablet-1', entries: many }).success).toBe(false);
  });

  it('lets an unknown operation through the batch schema, for a per-entry rejection', () => {
    const parsed = SyncPushRequest.parse({ deviceId: 'tablet-1', entries: [{ ...entry, op: 'booking.teleport', args: {} }] });
    expect(parsed.entries[0].op).toBe('booking.teleport');
  });

  it('checks the args of each operation strictly', () => {
    expect(SyncOperationArgs['booking.setStatus'].safeParse({ status: 'Checked-In' }).success).toBe(true);
    expect(SyncOperationArgs['booking.setStatus'].safeParse({ status: 'Teleported' }).success).toBe(false);
    expect(SyncOperationArgs['booking.paymentReceived'].safeParse({ method: 'Bitcoin' }).success).toBe(false);
    expect(SyncOperationArgs['unit.setActive'].safeParse({ isActive: true, extra: 1 }).success).toBe(false);
    expect(SyncOperationArgs['booking.setSpecialRequests'].parse({ specialRequests: 'Late arrival', previous: null })).toEqual({
      specialRequests: 'Late arrival',
      previous: null,
    });
  });

  it('defaults the pull limit to 500 and caps it at 2000', () => {
    expect(SyncPullQuery.parse({})).toEqual({ limit: 500 });
    expect(SyncPullQuery.parse({ since: 'abc', limit: '2000' })).toEqual({ since: 'abc', limit: 2000 });
    expect(SyncPullQuery.safeParse({ limit: '2001' }).success).toBe(false);
  });
});
