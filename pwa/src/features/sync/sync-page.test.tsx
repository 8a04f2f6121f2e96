import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '@shared/contracts/sync.js';
import { EARLY_DEPARTURE_MESSAGES } from '@shared/contracts/early-departure.js';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { currentPath, renderApp } from '@/test/render-app.js';
import { db as offlineDb, type OutboxEntry } from '@/offline/db.js';
import { makeBooking, resetDevice, seedLocal, staff, testId } from '@/offline/test-support.js';
import { peekPostLoginTarget } from '@/lib/post-login-target.js';

const cancelled = makeBooking({ guestName: 'Ayesha Patel', reference: 'LDG-3001', status: 'Cancelled', version: 3 });
const arriving = makeBooking({ guestName: 'Lukas Becker', reference: 'LDG-3002', status: 'Confirmed', version: 1 });

function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: testId(),
    deviceId: 'device-1',
    seq: 1,
    op: 'booking.setStatus',
    entityId: cancelled.id,
    baseVersion: 2,
    args: { status: 'Checked-In' },
    schemaVersion: SYNC_SCHEMA_VERSION,
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt: new Date().toISOString(),
    madeBy: staff.thandi,
    ...overrides,
  };
}

const unreachableSync = [http.post('/api/sync/push', () => HttpResponse.error()), http.get('/api/sync/pull', () => HttpResponse.error())];

beforeEach(async () => {
  await resetDevice(staff.thandi);
  await seedLocal({ bookings: [cancelled, arriving] });
  await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
});

describe('sync page', () => {
  it('shows a conflict with the reason and the server state; apply again is refused with the reason; discard clears it', async () => {
    const conflict = entry({ seq: 1, status: 'conflict', reason: 'The booking was cancelled on the server', record: cancelled });
    await offlineDb.outbox.add(conflict);
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/sync');

    const card = await screen.findByTestId('attention-entry', undefined, { timeout: 20_000 });
    expect(within(card).getByText('Check in')).toBeInTheDocument();
    expect(await within(card).findByText('Ayesha Patel (LDG-3001)')).toBeInTheDocument();
    expect(card).toHaveTextContent('Why: The booking was cancelled on the server');
    expect(card).toHaveTextContent('On the server now: Cancelled, payment Pending');

    await user.click(within(card).getByRole('button', { name: 'Apply mine again' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('A Cancelled booking cannot be changed to Checked-In');
    expect(await offlineDb.outbox.count()).toBe(1);

    await user.click(within(card).getByRole('button', { name: 'Discard mine' }));
    await waitFor(() => expect(screen.queryByTestId('attention-entry')).not.toBeInTheDocument());
    expect(await offlineDb.outbox.count()).toBe(0);
    const outcome = await screen.findByTestId('outcome');
    expect(outcome).toHaveTextContent('Dropped');
    await waitFor(() => expect(outcome).toHaveTextContent('Ayesha Patel (LDG-3001)'));
    expect(screen.getByText('Needs attention (0)')).toBeInTheDocument();
  });

  it("lists an early departure's release that no longer applied under Needs attention, with the server's words", async () => {
    await offlineDb.outbox.add(
      entry({ seq: 1, entityId: arriving.id, op: 'booking.releaseNights', args: { departureDate: '2026-03-06' }, status: 'rejected', reason: EARLY_DEPARTURE_MESSAGES.notCheckedOut, record: arriving }),
    );
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    renderApp('/admin/sync');
    const card = await screen.findByTestId('attention-entry', undefined, { timeout: 20_000 });
    expect(within(card).getByText('Remaining nights released (left Fri 6 Mar)')).toBeInTheDocument();
    expect(card).toHaveTextContent(`Why: ${EARLY_DEPARTURE_MESSAGES.notCheckedOut}`);
    expect(await within(card).findByText('Lukas Becker (LDG-3002)')).toBeInTheDocument();
    expect(screen.getByText('Needs attention (1)')).toBeInTheDocument();
  });

  it('lists a housekeeping change for a unit deleted meanwhile under Needs attention, with the reason', async () => {
    await offlineDb.outbox.add(entry({ seq: 1, entityId: '00000000-0000-4000-8000-000000077777', op: 'unit.setHousekeeping', args: { status: 'Clean' }, status: 'rejected', reason: 'Unit not found' }));
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    renderApp('/admin/sync');
    const card = await screen.findByTestId('attention-entry', undefined, { timeout: 20_000 });
    expect(within(card).getByText('Unit marked Clean')).toBeInTheDocument();
    expect(card).toHaveTextContent('Why: Unit not found');
    expect(screen.getByText('Needs attention (1)')).toBeInTheDocument();
  });

  it('lists what waits to be sent, in order, in words', async () => {
    await offlineDb.outbox.bulkAdd([
      entry({ seq: 1, entityId: arriving.id, args: { status: 'Checked-In' } }),
      entry({ seq: 2, entityId: arriving.id, op: 'booking.paymentReceived', args: { method: 'Cash' } }),
    ]);
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    renderApp('/admin/sync');
    await screen.findByText('Waiting to send (2)', undefined, { timeout: 20_000 });
    const rows = screen.getAllByTestId('pending-entry');
    expect(rows.map((r) => within(r).getAllByText(/./)[0].textContent)).toEqual(['Check in', 'Payment received (Cash)']);
    await waitFor(() => expect(rows[0]).toHaveTextContent('Lukas Becker (LDG-3002)'));
    expect(rows[0]).toHaveTextContent('by thandi');
    // 'Syncing...' while the engine's attempt at the unreachable server runs.
    await waitFor(() => expect(screen.getByTestId('sync-indicator')).toHaveTextContent('2 not synced'));
  });

  it('says the session ended and how many changes wait, and goes to /auth and back', async () => {
    await offlineDb.outbox.add(entry({ seq: 1, entityId: arriving.id }));
    await offlineDb.syncState.put({ key: 'pausedForAuth', value: true });
    // The session is gone on the server, though this tab still remembers the user.
    let loggedIn = true;
    server.use(
      http.get('/api/auth/user', () => (loggedIn ? HttpResponse.json(users.receptionist) : HttpResponse.json({ message: 'Not logged in' }, { status: 401 }))),
      ...unreachableSync,
    );
    const { user, router } = renderApp('/admin/sync');
    await screen.findByText('Waiting to send (1)', undefined, { timeout: 20_000 });
    loggedIn = false;
    const banner = await screen.findByText('Your session has ended - log in again to send 1 change');
    await user.click(within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
    expect(peekPostLoginTarget()).toBe('/admin/sync');
    expect(await offlineDb.outbox.count()).toBe(1);
  });
});
