import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { getState, setSyncUser } from '@/offline/db.js';
import { enqueue } from '@/offline/outbox.js';
import { makeBooking, resetDevice, seedLocal, staff } from '@/offline/test-support.js';
import { db } from '@/offline/db.js';
import { offlineUserAsUser } from './offline-identity.js';

beforeEach(() => resetDevice(null));

describe('the offline identity', () => {
  it("keeps the person's name from the checked login, and shows it instead of the username", async () => {
    await setSyncUser({ ...staff.thandi, firstName: 'Thandi', lastName: 'Nkosi' });
    const stored = await getState('user');
    expect(stored).toEqual({ id: 'u-rc', username: 'thandi', role: 'Receptionist', firstName: 'Thandi', lastName: 'Nkosi' });
    expect(offlineUserAsUser(stored!)).toMatchObject({ username: 'thandi', firstName: 'Thandi', lastName: 'Nkosi', role: 'Receptionist' });
  });

  it('keeps the names when the same person is stored again without them (resuming after a login), not for someone else', async () => {
    await setSyncUser({ ...staff.thandi, firstName: 'Thandi', lastName: 'Nkosi' });
    await setSyncUser(staff.thandi);
    expect(await getState('user')).toMatchObject({ firstName: 'Thandi', lastName: 'Nkosi' });
    await setSyncUser(staff.anna);
    expect(await getState('user')).toEqual({ id: 'u-mg', username: 'anna', role: 'Manager' });
  });

  it('a device synced before names were kept shows the username', () => {
    expect(offlineUserAsUser(staff.anna)).toMatchObject({ firstName: 'anna', lastName: '' });
  });

  it('outbox entries record who made them by id, username and role only', async () => {
    await setSyncUser({ ...staff.thandi, firstName: 'Thandi', lastName: 'Nkosi' });
    const booking = makeBooking({ status: 'Confirmed' });
    await seedLocal({ bookings: [booking] });
    await enqueue('booking.setStatus', booking.id, { status: 'Checked-In' });
    const [entry] = await db.outbox.toArray();
    expect(entry.madeBy).toEqual({ id: 'u-rc', username: 'thandi', role: 'Receptionist' });
  });
});
