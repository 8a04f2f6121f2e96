import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { db as offlineDb } from '@/offline/db.js';
import { makeBooking, makeUnit, resetDevice, seedLocal, staff, unreachableSync } from '@/offline/test-support.js';

const desktopWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = desktopWidth;
});

describe('admin header', () => {
  it.each([390, 768, 1024, 1440])('shows the user name and role, the SAST clock, View Site and Logout at %i px', async (width) => {
    window.innerWidth = width;
    server.use(signedInAs(users.receptionist));
    renderApp('/admin/sync');
    const who = await screen.findByRole('group', { name: 'Logged in as' }, { timeout: 45_000 });
    expect(who).toHaveTextContent('Thandi MokoenaReceptionist');
    expect(screen.getByLabelText(/^Lodge time \d\d:\d\d SAST$/)).toBeInTheDocument();
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'View Site' })).toHaveAttribute('href', '/');
    expect(header.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // The menu button below 1280 px, where the sidebar collapses into a drawer.
    expect(header.queryByRole('button', { name: 'Open navigation' }) !== null).toBe(width < 1280);
  }, 90_000);
});

describe('sidebar quick stats', () => {
  it("count today's arrivals still to check in and tonight's share of active units from the device", async () => {
    const today = todayInLodge(new Date());
    await resetDevice(staff.thandi);
    const units = [makeUnit({ name: 'Tent 1' }), makeUnit({ name: 'Tent 2' }), makeUnit({ name: 'Tent 3' }), makeUnit({ name: 'Tent 4' })];
    const [a, b, c, d] = units.map((u) => u.id);
    await seedLocal({
      units,
      bookings: [
        makeBooking({ unitId: a, checkInDate: today, checkOutDate: addDays(today, 2), status: 'Confirmed' }),
        makeBooking({ unitId: b, checkInDate: today, checkOutDate: addDays(today, 1), status: 'Provisional' }),
        makeBooking({ unitId: c, checkInDate: addDays(today, -2), checkOutDate: addDays(today, 3), status: 'Checked-In' }),
        // Left this morning, and last week: neither counts.
        makeBooking({ unitId: d, checkInDate: addDays(today, -3), checkOutDate: today, status: 'Checked-Out' }),
        makeBooking({ unitId: d, checkInDate: addDays(today, -9), checkOutDate: addDays(today, -7), status: 'Checked-Out' }),
      ],
    });
    await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
    window.innerWidth = 1440;
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    renderApp('/admin/sync');
    const stats = await screen.findByRole('region', { name: 'Quick stats' }, { timeout: 45_000 });
    await waitFor(() => expect(within(stats).getByText('Arriving today').previousSibling).toHaveTextContent('2'), { timeout: 20_000 });
    expect(within(stats).getByText('Occupancy tonight').previousSibling).toHaveTextContent('75%');
  }, 90_000);
});
