import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatStayDate } from '@shared/format.js';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { db as offlineDb } from '@/offline/db.js';
import { makeBooking, resetDevice, seedLocal, staff } from '@/offline/test-support.js';
import { NEW_BOOKING_OFFLINE } from './front-desk-page.js';
import { CANCEL_REASON_REQUIRED } from '@/components/status-confirm-dialog.js';

const today = todayInLodge(new Date());
const arriving = makeBooking({ guestName: 'Lindiwe Dlamini', reference: 'LDG-1001', checkInDate: today, checkOutDate: addDays(today, 2), status: 'Confirmed' });
const provisional = makeBooking({ guestName: 'Marco Rossi', reference: 'LDG-1002', checkInDate: today, checkOutDate: addDays(today, 3), status: 'Provisional' });
const leaving = makeBooking({ guestName: 'Johan Botha', reference: 'LDG-1003', checkInDate: addDays(today, -3), checkOutDate: today, status: 'Checked-In', paymentStatus: 'Paid' });
const depositPaid = makeBooking({
  guestName: 'Sipho Nkosi',
  reference: 'LDG-1004',
  checkInDate: today,
  checkOutDate: addDays(today, 2),
  status: 'Confirmed',
  totalAmount: 4950,
  paymentStatus: 'Deposit Paid',
  amountPaid: 1485,
  balanceDue: 3465,
  balanceDueDate: addDays(today, -30),
  depositAmount: 1485,
});
const later = makeBooking({ guestName: 'Emma Collins', reference: 'LDG-2001', checkInDate: addDays(today, 9), checkOutDate: addDays(today, 12), status: 'Confirmed', guestPhone: '+27 82 555 0147' });

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The server cannot be reached for sync: edits stay on the device. */
const unreachableSync = [http.post('/api/sync/push', () => HttpResponse.error()), http.get('/api/sync/pull', () => HttpResponse.error())];

beforeEach(async () => {
  await resetDevice(staff.thandi);
  await seedLocal({ bookings: [arriving, provisional, leaving, later] });
  // As after an earlier pull: the engine's start-up check then keeps the rows.
  await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
});
afterEach(() => setOnline(true));

const column = (name: RegExp) => screen.getByRole('region', { name });

/** The page is a lazy chunk and reads IndexedDB: slow on a busy machine the first time. */
const deskReady = (arrivals: number) =>
  screen.findByText(`Arrivals (${arrivals})`, undefined, { timeout: 20_000 });

describe('front desk', () => {
  it("lists today's arrivals, departures and guests in house from the device", async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    renderApp('/admin/front-desk');
    await deskReady(2);
    expect(screen.getByRole('heading', { name: 'Front Desk', level: 1 })).toBeInTheDocument();
    const names = (region: HTMLElement) => within(region).queryAllByTestId('desk-row').map((r) => r.getAttribute('data-reference'));
    expect(names(column(/^Arrivals/))).toEqual(['LDG-1001', 'LDG-1002']);
    expect(names(column(/^Departures/))).toEqual(['LDG-1003']);
    expect(names(column(/^In house/))).toEqual(['LDG-1003']);
  });

  it('lists every arrival of a busy day, more than the first screenful', async () => {
    const many = Array.from({ length: 11 }, (_, i) =>
      makeBooking({ guestName: `Guest ${String(i + 1).padStart(2, '0')}`, reference: `LDG-3${String(i + 1).padStart(3, '0')}`, checkInDate: today, checkOutDate: addDays(today, 1), status: 'Confirmed' }),
    );
    await seedLocal({ bookings: many });
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    renderApp('/admin/front-desk');
    await deskReady(13);
    const arrivals = () => within(column(/^Arrivals/)).queryAllByTestId('desk-row').map((r) => r.getAttribute('data-reference'));
    await waitFor(() => expect(arrivals()).toHaveLength(13));
    expect(arrivals()).toEqual([...many.map((b) => b.reference), 'LDG-1001', 'LDG-1002']);
  });

  it('checks a guest in at once, marked Not synced, with the change queued', async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await deskReady(2);
    await user.click(within(column(/^Arrivals/)).getByRole('button', { name: 'Check in Lindiwe Dlamini' }));

    await screen.findByText('Arrivals (1)');
    const row = within(column(/^In house/)).getAllByTestId('desk-row').find((r) => r.getAttribute('data-reference') === 'LDG-1001')!;
    expect(within(row).getByText('Checked-In')).toBeInTheDocument();
    expect(within(row).getByText('Not synced')).toBeInTheDocument();
    const entries = await offlineDb.outbox.toArray();
    expect(entries.map((e) => [e.op, e.entityId, e.args])).toEqual([['booking.setStatus', arriving.id, { status: 'Checked-In' }]]);
  });

  it('offers the moves the state machine allows, and asks for a reason to cancel', async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await deskReady(2);
    await user.click(screen.getByRole('button', { name: 'Marco Rossi, LDG-1002: details' }));
    const panel = await screen.findByRole('region', { name: 'Booking details' });
    expect(within(panel).getAllByRole('button', { name: /^(Confirm|Check in|Check out|Cancel)$/ }).map((b) => b.textContent)).toEqual([
      'Confirm',
      'Check in',
      'Cancel',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: /Cancel the booking of Marco Rossi/ });
    expect(within(dialog).getByText('The guest will be e-mailed a cancellation notice.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(within(dialog).getByText(CANCEL_REASON_REQUIRED)).toBeInTheDocument();
    expect(await offlineDb.outbox.count()).toBe(0);

    await user.type(within(dialog).getByLabelText(/Reason for cancellation/), 'Guest phoned: flight cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(within(panel).getByText('Cancelled')).toBeInTheDocument());
    const [entry] = await offlineDb.outbox.toArray();
    expect(entry.args).toEqual({ status: 'Cancelled', cancellationReason: 'Guest phoned: flight cancelled' });
  });

  it('records a payment received at the desk and saves special requests', async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await deskReady(2);
    await user.click(screen.getByRole('button', { name: 'Lindiwe Dlamini, LDG-1001: details' }));
    const panel = await screen.findByRole('region', { name: 'Booking details' });
    await user.click(within(panel).getByRole('button', { name: 'Payment received: Cash' }));
    const ask = await screen.findByRole('dialog', { name: /^Record payment of R[\d,.]+ by cash\?$/ });
    await user.click(within(ask).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(within(panel).getByText('Paid (Cash)')).toBeInTheDocument());
    // The question has gone (while it closes, the panel behind it is hidden from the reader).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Record payment of/ })).not.toBeInTheDocument());
    expect(within(panel).queryByRole('button', { name: 'Payment received: Cash' })).not.toBeInTheDocument();

    await user.type(within(panel).getByRole('textbox', { name: 'Special requests' }), 'Late arrival');
    await user.click(within(panel).getByRole('button', { name: 'Save requests' }));
    await waitFor(async () => expect(await offlineDb.outbox.count()).toBe(2));
    const entries = await offlineDb.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.args)).toEqual([{ method: 'Cash' }, { specialRequests: 'Late arrival', previous: null }]);
    expect(within(panel).getByText('Not synced')).toBeInTheDocument();
  });

  it('shows what a guest with a deposit has paid, the balance and its due date, and takes the balance at the desk', async () => {
    await seedLocal({ bookings: [depositPaid] });
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await deskReady(3);
    await user.click(screen.getByRole('button', { name: 'Sipho Nkosi, LDG-1004: details' }));
    const panel = await screen.findByRole('region', { name: 'Booking details' });
    const value = (term: string) => within(panel).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Total')).toBe('R4,950');
    expect(value('Paid')).toBe('R1,485.00');
    expect(value('Balance')).toBe('R3,465.00');
    expect(value('Balance due')).toBe(formatStayDate(addDays(today, -30)));
    await user.click(within(panel).getByRole('button', { name: 'Payment received: Cash' }));
    expect(await screen.findByRole('dialog', { name: 'Record payment of R3,465 by cash?' })).toBeInTheDocument();
  });

  it('finds a booking by guest name or reference', async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await deskReady(2);
    await user.type(screen.getByRole('searchbox', { name: 'Find a booking' }), 'collins');
    expect(await screen.findByText('Search results (1)')).toBeInTheDocument();
    expect(screen.getByText('Emma Collins')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Find a booking' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a booking' }), 'ldg-100');
    expect(await screen.findByText('Search results (3)')).toBeInTheDocument();
  });

  it('finds a walk-in by phone, typed with 0 or +27 and any spacing', async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await deskReady(2);
    const search = screen.getByRole('searchbox', { name: 'Find a booking' });
    expect(search).toHaveAttribute('placeholder', 'Guest name, phone or reference');
    for (const typed of ['082 555 0147', '+27825550147', '555-01']) {
      await user.clear(search);
      await user.type(search, typed);
      const results = await screen.findByRole('region', { name: 'Search results (1)' });
      expect(within(results).getByText('Emma Collins')).toBeInTheDocument();
    }
    // Two digits are not a phone number (nor part of any name or reference here).
    await user.clear(search);
    await user.type(search, '47');
    expect(await screen.findByText('Search results (0)')).toBeInTheDocument();
  });

  it("New booking opens the new-booking form on Booking Management, as the dashboard's does", async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await deskReady(2);
    await user.click(screen.getByRole('button', { name: 'New booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Booking' }, { timeout: 20_000 });
    expect(within(dialog).getByLabelText(/First Name/)).toBeInTheDocument();
    // The guest at the desk: the channel starts at Walk-in.
    expect(within(dialog).getByRole('combobox', { name: /Channel/ })).toHaveTextContent('Walk-in');
    // Behind the open dialog (hidden from the accessibility tree while it is open).
    expect(screen.getByRole('heading', { name: 'Booking Management', level: 1, hidden: true })).toBeInTheDocument();
  });

  it('refuses a new booking offline, saying why', async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await deskReady(2);
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'New booking' }));
    expect(await screen.findByText(NEW_BOOKING_OFFLINE)).toBeInTheDocument();
    expect(screen.getByTestId('sync-indicator')).toHaveAccessibleName(/^Sync: Offline/);
  });

  it('opens offline for the staff member this device synced for when the login cannot be checked', async () => {
    server.use(http.get('/api/auth/user', () => HttpResponse.error()), ...unreachableSync);
    renderApp('/admin/front-desk');
    expect(await deskReady(2)).toBeInTheDocument();
    expect(screen.queryByText('Cannot Verify Login')).not.toBeInTheDocument();
  });

  it('does not open offline for nobody: without a synced staff user the login must be checked', async () => {
    await resetDevice(null);
    server.use(http.get('/api/auth/user', () => HttpResponse.error()), ...unreachableSync);
    renderApp('/admin/front-desk');
    expect(await screen.findByText('Cannot Verify Login')).toBeInTheDocument();
  });
});
