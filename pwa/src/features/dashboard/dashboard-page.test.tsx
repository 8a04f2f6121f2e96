import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server.js';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { db as offlineDb } from '@/offline/db.js';
import { makeAccommodationType, makeBooking, makeUnit, resetDevice, seedLocal } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { DashboardPage } from './dashboard-page.js';

const today = todayInLodge(new Date());

async function seed() {
  const units = [makeUnit({ name: 'Tent 1' }), makeUnit({ name: 'Tent 2' })];
  await offlineDb.accommodationTypes.bulkPut([
    makeAccommodationType({ name: 'Luxury Tent', capacity: 2, baseWeekdayRate: 2100, baseWeekendRate: 2500 }),
    makeAccommodationType({ name: 'Family Chalet', capacity: 4, baseWeekdayRate: 3800, baseWeekendRate: 4200, isActive: false }),
  ]);
  const arriving = makeBooking({
    guestName: 'Lindiwe Dlamini',
    unitId: units[0].id,
    unitName: 'Tent 1',
    checkInDate: today,
    checkOutDate: addDays(today, 2),
    status: 'Confirmed',
    totalAmount: 4200,
    createdAt: '2026-01-03T08:00:00.000Z',
  });
  const leaving = makeBooking({
    guestName: 'Pieter Botha',
    unitId: units[1].id,
    unitName: 'Tent 2',
    checkInDate: addDays(today, -2),
    checkOutDate: addDays(today, 1),
    status: 'Checked-In',
    totalAmount: 6300.5,
    createdAt: '2026-01-02T08:00:00.000Z',
  });
  const cancelled = makeBooking({ guestName: 'Cancelled Guest', status: 'Cancelled', totalAmount: 1000, createdAt: '2026-01-01T08:00:00.000Z' });
  await seedLocal({ bookings: [arriving, leaving, cancelled], units });
  return { arriving, leaving };
}

beforeEach(() => resetDevice());

describe('dashboard', () => {
  it('shows the figures computed from the bookings on this device', async () => {
    await seed();
    renderStaffPage(<DashboardPage />, { user: users.receptionist });
    const figures = within(await screen.findByRole('region', { name: 'Key figures' }));
    expect(figures.getByText('3')).toBeInTheDocument();
    expect(figures.getByText('1 confirmed')).toBeInTheDocument();
    // Occupancy: this month's nights of the two stays (each clipped to the month) of 2 units x the month's nights.
    const month = today.slice(0, 7);
    const nightsInMonth = (from: string, to: string) => {
      let n = 0;
      for (let d = from; d < to; d = addDays(d, 1)) if (d.startsWith(month)) n++;
      return n;
    };
    const sold = nightsInMonth(today, addDays(today, 2)) + nightsInMonth(addDays(today, -2), addDays(today, 1));
    const available = 2 * nightsInMonth(`${month}-01`, addDays(`${month}-28`, 4));
    expect(figures.getByText(`${Math.round((sold / available) * 100)}%`)).toBeInTheDocument();
    expect(figures.getByText(`Nights sold / nights available, this month (${sold} of ${available})`)).toBeInTheDocument();
    // The cancelled booking's R1,000 is not revenue.
    expect(figures.getByText('R10,500.50')).toBeInTheDocument();
    expect(figures.getByText('Booked value, cancelled excluded')).toBeInTheDocument();
    expect(figures.getByText('4.8/5')).toBeInTheDocument();

    const recent = within(screen.getByRole('list', { name: 'Recent bookings' }));
    expect(recent.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Lindiwe Dlamini',
      'Pieter Botha',
      'Cancelled Guest',
    ]);

    const overview = within(screen.getByRole('region', { name: 'Accommodation Overview' }));
    expect(overview.getByText('Family Chalet')).toBeInTheDocument();
    expect(overview.getByText('Inactive')).toBeInTheDocument();
    expect(overview.getByText('Weekday: R2,100 · Weekend: R2,500')).toBeInTheDocument();
    // Tonight both tents are taken.
    expect(screen.getByRole('img', { name: /tonight 100%$/ })).toBeInTheDocument();
  });

  it('checks in today\'s arrival with one tap, through the outbox', async () => {
    const { arriving } = await seed();
    const { user } = renderStaffPage(<DashboardPage />, { user: users.receptionist });
    const todaySection = within(await screen.findByRole('region', { name: 'Today' }));
    await user.click(todaySection.getByRole('button', { name: 'Check in Lindiwe Dlamini' }));

    await waitFor(() => expect(todaySection.queryByRole('button', { name: 'Check in Lindiwe Dlamini' })).not.toBeInTheDocument());
    expect(await offlineDb.outbox.toArray()).toMatchObject([{ op: 'booking.setStatus', entityId: arriving.id, args: { status: 'Checked-In' } }]);
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'System Status' })).getByText("This device's unsynced entries").nextSibling).toHaveTextContent('1'),
    );

    const tomorrow = within(screen.getByRole('region', { name: 'Tomorrow' }));
    expect(tomorrow.getByRole('button', { name: 'Check out Pieter Botha' })).toBeInTheDocument();
  });

  it('offers Rates, Events and Settings shortcuts to a manager only', async () => {
    await seed();
    renderStaffPage(<DashboardPage />, { user: users.receptionist });
    const actions = within(await screen.findByRole('region', { name: 'Quick Actions' }));
    expect(actions.getAllByRole('link').map((a) => a.textContent)).toEqual(['New Booking', 'View Calendar', 'Manage Bookings', 'Accommodations']);
  });

  it('shows the manager the three extra shortcuts', async () => {
    await seed();
    renderStaffPage(<DashboardPage />, { user: users.manager });
    const actions = within(await screen.findByRole('region', { name: 'Quick Actions' }));
    await waitFor(() => expect(actions.getAllByRole('link')).toHaveLength(7));
    expect(actions.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  });

  it('links the occupancy and revenue cards to the reports for a manager, and not for a receptionist', async () => {
    await seed();
    const { unmount } = renderStaffPage(<DashboardPage />, { user: users.manager });
    const figures = within(await screen.findByRole('region', { name: 'Key figures' }));
    expect(figures.getAllByRole('link').map((a) => [a.querySelector('h2')?.textContent, a.getAttribute('href')])).toEqual([
      ['Occupancy Rate', '/admin/reports'],
      ['Revenue', '/admin/reports'],
    ]);
    unmount();
    renderStaffPage(<DashboardPage />, { user: users.receptionist });
    expect(within(await screen.findByRole('region', { name: 'Key figures' })).queryAllByRole('link')).toEqual([]);
  });

  it("reports the server's database, e-mail outbox and payment provider beside this device's sync", async () => {
    server.use(
      http.get('/api/admin/system-status', () =>
        HttpResponse.json({
          checkedAt: '2026-01-01T08:00:00.000Z',
          database: { reachable: true },
          email: { backlog: 3, failed: 1, lastFailure: { at: '2026-01-01T07:30:00.000Z', error: '550 mailbox unavailable', to: 'guest@example.com' } },
          paymentProvider: { name: 'Paystack', configured: false, cardPaymentsEnabled: true },
        }),
      ),
    );
    await seed();
    renderStaffPage(<DashboardPage />, { user: users.receptionist });
    const panel = within(await screen.findByRole('region', { name: 'System Status' }));
    const value = (label: string) => panel.getByText(label).nextSibling;
    await waitFor(() => expect(value('Database')).toHaveTextContent('Reachable'));
    expect(value('E-mail outbox')).toHaveTextContent('3 waiting, 1 failed');
    // 07:30 UTC is 09:30 at the lodge.
    expect(panel.getByText('Last e-mail failure Jan 01, 09:30 to guest@example.com: 550 mailbox unavailable')).toBeInTheDocument();
    expect(value('Payment provider')).toHaveTextContent('Not configured');
    expect(value("This device's unsynced entries")).toHaveTextContent('0');
  });

  it('says the database is not reachable when the server answers with an error', async () => {
    server.use(http.get('/api/admin/system-status', () => HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 })));
    await seed();
    renderStaffPage(<DashboardPage />, { user: users.receptionist });
    const panel = within(await screen.findByRole('region', { name: 'System Status' }));
    await waitFor(() => expect(panel.getByText('Database').nextSibling).toHaveTextContent('Not reachable'));
    expect(panel.getByText('E-mail outbox').nextSibling).toHaveTextContent('Unknown');
  });
});
