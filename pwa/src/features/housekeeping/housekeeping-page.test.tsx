import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { HOUSEKEEPING_MESSAGES } from '@shared/contracts/housekeeping.js';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { db as offlineDb } from '@/offline/db.js';
import { makeAccommodationType, makeBooking, makeUnit, resetDevice, seedLocal, setOnline, staff, testId, unreachableSync } from '@/offline/test-support.js';
import { checkOutGuest } from '@/offline/outbox.js';
import { OUT_OF_ORDER_OFFLINE } from './components/out-of-order-dialog.js';

const today = todayInLodge(new Date());
const tents = makeAccommodationType({ id: testId(9100), name: 'Luxury Tent' });
const tent1 = makeUnit({ id: testId(7001), name: 'Tent 1', accommodationTypeId: tents.id, housekeepingStatus: 'Dirty', housekeepingNote: 'Wine on the rug' });
const tent2 = makeUnit({ id: testId(7002), name: 'Tent 2', accommodationTypeId: tents.id, housekeepingStatus: 'Clean' });
const tent3 = makeUnit({
  id: testId(7003),
  name: 'Tent 3',
  accommodationTypeId: tents.id,
  housekeepingStatus: 'Inspected',
  outOfOrder: [{ id: testId(7100), startDate: addDays(today, -1), endDate: addDays(today, 2), note: 'Canvas torn' }],
});
const arriving = makeBooking({ guestName: 'Lindiwe Dlamini', reference: 'LDG-1001', unitId: tent1.id, checkInDate: today, checkOutDate: addDays(today, 2), status: 'Confirmed' });
const leaving = makeBooking({ guestName: 'Johan Botha', reference: 'LDG-1003', unitId: tent2.id, checkInDate: addDays(today, -3), checkOutDate: today, status: 'Checked-In', paymentStatus: 'Paid' });


beforeEach(async () => {
  await resetDevice(staff.thandi);
  await seedLocal({ units: [tent1, tent2, tent3], bookings: [arriving, leaving] });
  await offlineDb.accommodationTypes.put(tents);
  await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
});
afterEach(() => setOnline(true));

const card = (name: string) => screen.getByRole('region', { name });
const ready = () => screen.findByRole('region', { name: 'Tent 1' }, { timeout: 20_000 });

describe('housekeeping board', () => {
  it("lists every unit from the device with its status, today's arrivals and departures, and calls out 'Dirty, arrival today'", async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    renderApp('/admin/housekeeping');
    await ready();
    expect(screen.getByRole('heading', { name: 'Housekeeping', level: 1 })).toBeInTheDocument();
    expect(within(card('Tent 1')).getByTestId('housekeeping-status')).toHaveTextContent('Dirty');
    expect(within(card('Tent 1')).getByText('Dirty, arrival today')).toBeInTheDocument();
    expect(card('Tent 1')).toHaveTextContent('Arrival today: Lindiwe Dlamini (LDG-1001)');
    expect(card('Tent 1')).toHaveTextContent('Note: Wine on the rug');
    expect(within(card('Tent 2')).getByTestId('housekeeping-status')).toHaveTextContent('Clean');
    expect(card('Tent 2')).toHaveTextContent('Departure today: Johan Botha (LDG-1003)');
    expect(within(card('Tent 3')).getByTestId('housekeeping-status')).toHaveTextContent('Out of order');
    expect(card('Tent 3')).toHaveTextContent('Canvas torn');
    expect(screen.getByText('1 dirty unit has an arrival today.')).toBeInTheDocument();
    // A receptionist does not set units out of order.
    expect(screen.queryByRole('button', { name: 'Out of order…' })).not.toBeInTheDocument();
  });

  it('filters to the units that need cleaning', async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/housekeeping');
    await ready();
    await user.click(screen.getByRole('button', { name: 'Needs cleaning' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Tent 2' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Tent 3' })).not.toBeInTheDocument();
    expect(card('Tent 1')).toBeInTheDocument();
  });

  it('offline, one tap sets a status at once, marked Not synced, with the change queued', async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    setOnline(false);
    const { user } = renderApp('/admin/housekeeping');
    await ready();
    await user.click(within(card('Tent 1')).getByRole('button', { name: 'Clean' }));
    await waitFor(() => expect(within(card('Tent 1')).getByTestId('housekeeping-status')).toHaveTextContent('Clean'));
    expect(within(card('Tent 1')).getByText('Not synced')).toBeInTheDocument();
    await user.click(within(card('Tent 2')).getByRole('button', { name: 'Inspected' }));
    await waitFor(() => expect(within(card('Tent 2')).getByTestId('housekeeping-status')).toHaveTextContent('Inspected'));
    const entries = await offlineDb.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.op, e.entityId, e.args])).toEqual([
      ['unit.setHousekeeping', tent1.id, { status: 'Clean' }],
      ['unit.setHousekeeping', tent2.id, { status: 'Inspected' }],
    ]);
  });

  it('a check-out queued on the device shows its unit Dirty at once', async () => {
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    await checkOutGuest(leaving.id, { releaseNights: false });
    renderApp('/admin/housekeeping');
    await ready();
    await waitFor(() => expect(within(card('Tent 2')).getByTestId('housekeeping-status')).toHaveTextContent('Dirty'));
    expect(card('Tent 2')).toHaveTextContent('Left today: Johan Botha (LDG-1003)');
  });
});

describe('out of order', () => {
  it("a manager's period with a booking in the way: the server's words, naming it", async () => {
    await resetDevice(staff.anna);
    await seedLocal({ units: [tent1, tent2, tent3], bookings: [arriving, leaving] });
    await offlineDb.accommodationTypes.put(tents);
    await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
    let sent: unknown = null;
    server.use(
      signedInAs(users.manager),
      ...unreachableSync,
      http.post('/api/admin/out-of-order', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: HOUSEKEEPING_MESSAGES.bookingInTheWay('LDG-1001', 'Lindiwe Dlamini'), code: 'booking_in_the_way' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/admin/housekeeping');
    await ready();
    await user.click(within(card('Tent 1')).getByRole('button', { name: 'Out of order…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Out of order: Tent 1' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Painting');
    await user.click(within(dialog).getByRole('button', { name: 'Set out of order' }));
    expect(await within(dialog).findByText('Booking LDG-1001 (Lindiwe Dlamini) holds this unit on some of these dates: move or cancel it first')).toBeInTheDocument();
    expect(sent).toEqual({ unitId: tent1.id, startDate: today, endDate: addDays(today, 1), note: 'Painting' });
  });

  it('offline the dialog says it needs a connection and sends nothing', async () => {
    await resetDevice(staff.anna);
    await seedLocal({ units: [tent1] });
    await offlineDb.accommodationTypes.put(tents);
    await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
    server.use(signedInAs(users.manager), ...unreachableSync);
    setOnline(false);
    const { user } = renderApp('/admin/housekeeping');
    await ready();
    await user.click(within(card('Tent 1')).getByRole('button', { name: 'Out of order…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Out of order: Tent 1' });
    expect(within(dialog).getByText(OUT_OF_ORDER_OFFLINE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Set out of order' })).toBeDisabled();
  });
});
