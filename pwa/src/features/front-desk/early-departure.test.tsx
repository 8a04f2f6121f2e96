import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Folio } from '@shared/contracts/folio.js';
import { formatStayDate } from '@shared/format.js';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { db as offlineDb } from '@/offline/db.js';
import { createFakeSyncServer, isoDay, makeBooking, resetDevice, seedLocal, staff } from '@/offline/test-support.js';
import { RELEASE_OFFLINE_NOTE } from '@/lib/early-departure.js';

/**
 * The desk's check-out of a guest leaving early (docs/product.md, Early departures): it asks
 * "Release the remaining n nights?"; offline the check-out applies at once and the release is
 * queued behind it, the panel and the folio saying it waits for the network; online the
 * release reaches the server once and the stay comes back shortened, its credit on the folio.
 */

// In house since Monday (2 days ago), booked until 2 days from now: 2 nights left.
const guest = makeBooking({
  guestName: 'Naledi Mokoena',
  reference: 'WL-EARLY1',
  status: 'Checked-In',
  checkInDate: isoDay(-2),
  checkOutDate: isoDay(2),
  totalAmount: 6600,
  paymentStatus: 'Paid',
  paymentMethod: 'Cash',
  paymentVerified: true,
  amountPaid: 6600,
  balanceDue: 0,
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(async () => {
  await resetDevice(staff.thandi);
  await seedLocal({ bookings: [guest] });
  await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
});
afterEach(() => setOnline(true));

async function openPanel() {
  const rendered = renderApp('/admin/front-desk');
  await screen.findByText('In house (1)', undefined, { timeout: 20_000 });
  await rendered.user.click(screen.getByRole('button', { name: 'Naledi Mokoena, WL-EARLY1: details' }));
  return { ...rendered, panel: await screen.findByRole('region', { name: 'Booking details' }) };
}

describe('checking out a guest who leaves early', () => {
  it('offline: asks, checks out at once and says the release waits for the network', async () => {
    setOnline(false);
    server.use(signedInAs(users.receptionist), http.post('/api/sync/push', () => HttpResponse.error()), http.get('/api/sync/pull', () => HttpResponse.error()));
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Naledi Mokoena?' });
    expect(within(dialog).getByText(`Booked until ${formatStayDate(isoDay(2))}. Release the remaining 2 nights?`)).toBeInTheDocument();
    expect(within(dialog).getByText(RELEASE_OFFLINE_NOTE)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Not yet', 'Keep the nights', 'Release 2 nights']);

    await user.click(within(dialog).getByRole('button', { name: 'Release 2 nights' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check out Naledi Mokoena?' })).not.toBeInTheDocument());
    expect(await screen.findByText(/Saved on this device\. It is sent when the connection is back\. The remaining 2 nights will be released when the tablet is back online\./)).toBeInTheDocument();
    expect(within(panel).getByTestId('release-waiting')).toHaveTextContent('The remaining 2 nights will be released when the tablet is back online.');
    expect(within(panel).getByText('Checked-Out')).toBeInTheDocument();
    // The stay still shows as booked: only the server releases the nights.
    expect(within(panel).getByText('Stay', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/, 4 nights$/);
    expect(await within(panel).findByTestId('folio-release-pending')).toHaveTextContent(
      'Early departure: the release of 2 nights is pending until the tablet is back online. Any credit for them shows here once the server has it.',
    );
    const entries = await offlineDb.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.op, e.args])).toEqual([
      ['booking.setStatus', { status: 'Checked-Out' }],
      ['booking.releaseNights', { departureDate: isoDay(0) }],
    ]);
  });

  it('keeping the nights checks out alone', async () => {
    setOnline(false);
    server.use(signedInAs(users.receptionist), http.post('/api/sync/push', () => HttpResponse.error()), http.get('/api/sync/pull', () => HttpResponse.error()));
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Naledi Mokoena?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the nights' }));
    await waitFor(() => expect(within(panel).getByText('Checked-Out')).toBeInTheDocument());
    expect(within(panel).queryByTestId('release-waiting')).not.toBeInTheDocument();
    expect((await offlineDb.outbox.toArray()).map((e) => e.op)).toEqual(['booking.setStatus']);
  });

  it('online: the release reaches the server once, behind the check-out, and the folio shows the credit', async () => {
    const fake = createFakeSyncServer({ bookings: [guest] });
    const released = { ...guest, status: 'Checked-Out' as const, checkOutDate: isoDay(0), originalCheckOutDate: isoDay(2), earlyDepartureCredit: 3600, version: guest.version + 2 };
    fake.script(
      () => undefined,
      (entry) => HttpResponse.json({ results: [{ id: entry.id, outcome: 'applied', record: released, note: '2 nights released, R3,600.00 credited' }] }),
    );
    const folio = Folio.parse({
      bookingId: guest.id,
      reference: guest.reference,
      lines: [{ key: 'accommodation', kind: 'accommodation', description: 'Tent 1, 4 nights', date: guest.checkInDate, quantity: 4, unitAmount: 1650, amount: 6600, vat: 0, chargeId: null, voided: false, voidReason: null, invoiceNumber: null }],
      payments: [{ id: 'p1', type: 'payment', method: 'cash', status: 'success', amount: 6600, date: '2026-03-02T08:00:00.000Z', description: 'Cash payment received' }],
      totals: { charges: 6600, vat: 0, paid: 6600, refunded: 0, balance: 0 },
      tax: { vatRegistered: false, tourismLevyPercent: 0 },
      stay: { name: 'Tent 1', checkInDate: guest.checkInDate, checkOutDate: guest.checkOutDate, totalAmount: 6600 },
      charges: [],
    });
    server.use(
      signedInAs(users.receptionist),
      ...fake.handlers,
      http.get('/api/admin/bookings/:id/folio', () => HttpResponse.json(folio)),
      http.get('/api/admin/bookings/:id/invoices', () => HttpResponse.json([])),
    );
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Naledi Mokoena?' });
    expect(within(dialog).queryByText(RELEASE_OFFLINE_NOTE)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Release 2 nights' }));

    expect(await within(panel).findByTestId('panel-left-early', {}, { timeout: 10_000 })).toHaveTextContent(
      `Booked until ${formatStayDate(isoDay(2))}: 2 nights released, R3,600.00 credited`,
    );
    expect(within(panel).queryByTestId('release-waiting')).not.toBeInTheDocument();
    const lines = within(panel).getByRole('list', { name: 'Folio lines' });
    expect(within(lines).getByRole('listitem', { name: 'Early departure: 2 nights released' })).toHaveTextContent('-R3,600');
    expect(within(panel).getByTestId('folio-balance')).toHaveTextContent('-R3,600');
    expect(fake.received.map((e) => e.op)).toEqual(['booking.setStatus', 'booking.releaseNights']);
    expect(await offlineDb.outbox.count()).toBe(0);
  });
});
