import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { db as offlineDb } from '@/offline/db.js';
import { makeBooking, resetDevice, seedLocal } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { stubTableLayout } from '@/test/table-layout.js';
import { currentPath } from '@/test/render-app.js';
import { BookingsPage } from './bookings-page.js';

const today = todayInLodge(new Date());

async function seed() {
  const lindiwe = makeBooking({ id: 'aaaa1111-0000-4000-8000-000000000001', reference: 'WL-7KQ3XM', guestName: 'Lindiwe Dlamini', status: 'Confirmed', totalAmount: 4200, checkInDate: today, checkOutDate: addDays(today, 2) });
  const pieter = makeBooking({ id: 'bbbb2222-0000-4000-8000-000000000002', reference: 'WL-ABCD23', guestPhone: '+27 82 555 0101', specialRequests: 'Late arrival, about 21:00', guestName: 'Pieter Botha', guestEmail: 'pieter@botha.test', status: 'Provisional', totalAmount: 1000.5, checkInDate: addDays(today, 1), checkOutDate: addDays(today, 3), paymentStatus: 'Partially Refunded' });
  const parent = makeBooking({ id: 'cccc3333-0000-4000-8000-000000000003', reference: 'WL-PQR789', guestName: 'Family Reunion', unitId: null, unitName: null, status: 'Confirmed', totalAmount: 30000, checkInDate: addDays(today, 5), checkOutDate: addDays(today, 7) });
  const child = makeBooking({ guestName: 'Family Reunion', parentBookingId: parent.id, isEntireLodgeChild: true, totalAmount: 0, checkInDate: addDays(today, 5), checkOutDate: addDays(today, 7) });
  await seedLocal({ bookings: [lindiwe, pieter, parent, child] });
  return { lindiwe, pieter, parent };
}

const rowsOf = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').slice(0, 3).map((c) => c.textContent));

beforeEach(() => resetDevice());

describe('booking management', () => {
  it('lists unit bookings and entire-lodge bookings apart, children hidden, with the summary over the list', async () => {
    await seed();
    renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    await screen.findByText('Lindiwe Dlamini');
    expect(rowsOf('Bookings')).toEqual([
      ['bbbb2222WL-ABCD23', 'Pieter Bothapieter@botha.test', 'Tent 1'],
      ['aaaa1111WL-7KQ3XM', 'Lindiwe Dlaminilindiwe@example.test', 'Tent 1'],
    ]);
    expect(rowsOf('Entire Lodge Bookings')).toEqual([['cccc3333WL-PQR789', 'Family Reunionlindiwe@example.test', 'Entire LodgePackage']]);
    const summary = within(screen.getByRole('region', { name: 'Booking summary' }));
    expect(['Total Bookings', 'Confirmed', 'Total Revenue', 'Average Booking'].map((t) => summary.getByText(t).nextSibling?.textContent)).toEqual([
      '3',
      '2',
      'R35,200.50',
      'R11,734',
    ]);
    expect(screen.getByText('Partially Refunded')).toBeInTheDocument();
    // A receptionist may not delete.
    expect(screen.queryByRole('button', { name: /^Delete booking/ })).not.toBeInTheDocument();
  });

  it('filters by status and search, and the summary follows', async () => {
    await seed();
    const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    await user.type(await screen.findByRole('textbox', { name: 'Search' }), 'BOTHA.test');
    await waitFor(() => expect(rowsOf('Bookings').map((r) => r[0])).toEqual(['bbbb2222WL-ABCD23']));
    expect(within(screen.getByRole('region', { name: 'Booking summary' })).getByText('Total Revenue').nextSibling).toHaveTextContent('R1,000.50');

    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Confirmed' }));
    await waitFor(() => expect(rowsOf('Bookings').map((r) => r[0])).toEqual(['aaaa1111WL-7KQ3XM']));
  });

  it('finds a booking by the reference a guest quotes, with or without WL-, in any case', async () => {
    await seed();
    const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    const search = await screen.findByRole('textbox', { name: 'Search' });
    await user.type(search, 'wl-7kq3xm');
    await waitFor(() => expect(rowsOf('Bookings').map((r) => r[0])).toEqual(['aaaa1111WL-7KQ3XM']));
    expect(screen.getByText('No entire-lodge bookings found.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'PQR789');
    await waitFor(() => expect(rowsOf('Entire Lodge Bookings').map((r) => r[0])).toEqual(['cccc3333WL-PQR789']));
    expect(screen.getByText('No bookings found.')).toBeInTheDocument();
  });

  it("the details dialog shows the guest's phone and special requests, or says there are none", async () => {
    await seed();
    const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    await user.click(await screen.findByRole('button', { name: 'View booking bbbb2222' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Booking Details' }));
    const value = (term: string) => dialog.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Phone')).toBe('+27 82 555 0101');
    expect(value('Special Requests')).toBe('Late arrival, about 21:00');
    expect(value('Reference')).toBe('WL-ABCD23');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'View booking aaaa1111' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Booking Details' }));
    expect(value('Phone')).toBe('Not given');
    expect(value('Special Requests')).toBe('None');
  });

  it('?booking=<id> (the dashboard\'s payment links) opens that booking\'s details, then leaves the address', async () => {
    await seed();
    const { router } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings?booking=bbbb2222-0000-4000-8000-000000000002' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Booking Details' }));
    expect(dialog.getByText('Reference', { selector: 'dt' }).nextElementSibling?.textContent).toBe('WL-ABCD23');
    await waitFor(() => expect(currentPath(router)).toBe('/admin/bookings'));
  });

  it('the details dialog shows the party and the special of a per person booking, and no party row for one made without', async () => {
    const suiteStay = makeBooking({ id: 'dddd4444-0000-4000-8000-000000000004', guestName: 'Naledi Mokoena', unitName: 'Tamboti 1', accommodationTypeName: 'Tamboti Family Suite', numberOfGuests: 4, adults: 2, childAges: [8, 6], specialOfferName: 'Stay 4, pay 3', checkInDate: addDays(today, 10), checkOutDate: addDays(today, 14) });
    await seed();
    await seedLocal({ bookings: [suiteStay] });
    const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    await user.click(await screen.findByRole('button', { name: 'View booking dddd4444' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Booking Details' }));
    const value = (term: string) => dialog.queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent;
    expect(value('Guests')).toBe('4');
    expect(value('Party')).toBe('2 adults, 2 children (8, 6)');
    expect(value('Special')).toBe('Stay 4, pay 3');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'View booking aaaa1111' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Booking Details' }));
    expect(value('Party')).toBeUndefined();
    expect(value('Special')).toBeUndefined();
  });

  it('changes a status in the table through the outbox', async () => {
    const { lindiwe } = await seed();
    const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    await user.click(await screen.findByRole('combobox', { name: 'Status of Lindiwe Dlamini' }));
    await user.click(screen.getByRole('option', { name: 'Checked-In' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status of Lindiwe Dlamini' })).toHaveTextContent('Checked-In'));
    expect(await screen.findByText('Not synced')).toBeInTheDocument();
    expect(await offlineDb.outbox.toArray()).toMatchObject([{ op: 'booking.setStatus', entityId: lindiwe.id, args: { status: 'Checked-In' } }]);
  });

  it('lets a manager delete after confirming, and removes the booking', async () => {
    const { pieter } = await seed();
    let deleted: string | undefined;
    server.use(
      http.delete('/api/admin/bookings/:id', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ message: 'Booking deleted successfully!', id: params.id });
      }),
    );
    const { user } = renderStaffPage(<BookingsPage />, { user: users.manager, path: '/admin/bookings' });
    await user.click(await screen.findByRole('button', { name: 'Delete booking bbbb2222' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Booking' }));
    expect(dialog.getByText(/Are you sure you want to delete the booking bbbb2222 of Pieter Botha\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Booking deleted successfully!')).toBeInTheDocument();
    expect(deleted).toBe(pieter.id);
    await waitFor(() => expect(rowsOf('Bookings').map((r) => r[0])).toEqual(['aaaa1111WL-7KQ3XM']));
  });

  it('opens the new-booking dialog for ?action=new and removes the query', async () => {
    await seed();
    const { router } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings?action=new' });
    expect(await screen.findByRole('dialog', { name: 'New Booking' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/admin/bookings'));
  });

  it('edits status and special requests through the outbox, and payment method and total online with the version read', async () => {
    const { lindiwe } = await seed();
    let sent: unknown;
    server.use(
      http.put('/api/admin/bookings/:id', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...lindiwe, paymentMethod: 'Cash', totalAmount: 4000, version: lindiwe.version + 1 });
      }),
    );
    const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    await user.click(await screen.findByRole('button', { name: 'Edit booking aaaa1111' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Booking aaaa1111' }));
    await user.click(dialog.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Checked-In' }));
    await user.click(dialog.getByRole('combobox', { name: 'Payment Method' }));
    await user.click(screen.getByRole('option', { name: 'Cash' }));
    await user.clear(dialog.getByRole('spinbutton', { name: 'Total Amount (R)' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Total Amount (R)' }), '4000');
    await user.type(dialog.getByRole('textbox', { name: 'Special Requests' }), 'Arriving late');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Booking updated successfully!')).toBeInTheDocument();
    expect(sent).toEqual({ paymentMethod: 'Cash', totalAmount: 4000, version: lindiwe.version });
    const entries = await offlineDb.outbox.orderBy('seq').toArray();
    expect(entries).toMatchObject([
      { op: 'booking.setStatus', entityId: lindiwe.id, args: { status: 'Checked-In' }, baseVersion: lindiwe.version + 1 },
      { op: 'booking.setSpecialRequests', entityId: lindiwe.id, args: { specialRequests: 'Arriving late', previous: null } },
    ]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status of Lindiwe Dlamini' })).toHaveTextContent('Checked-In'));
    // Many typed keystrokes: slow on a loaded machine.
  }, 60_000);

  it('offline, saves the status edit on the device but says payment and total need a connection', async () => {
    const { lindiwe } = await seed();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
      await user.click(await screen.findByRole('button', { name: 'Edit booking aaaa1111' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit Booking aaaa1111' }));
      await user.click(dialog.getByRole('combobox', { name: 'Payment Method' }));
      await user.click(screen.getByRole('option', { name: 'Cash' }));
      expect(dialog.getByText(/^Payment status, payment method and total need a connection\./)).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

      await user.click(dialog.getByRole('combobox', { name: 'Payment Method' }));
      await user.click(screen.getByRole('option', { name: 'EFT' }));
      await user.click(dialog.getByRole('combobox', { name: 'Status' }));
      await user.click(screen.getByRole('option', { name: 'Checked-In' }));
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Booking updated successfully!')).toBeInTheDocument();
      expect(await offlineDb.outbox.toArray()).toMatchObject([{ op: 'booking.setStatus', entityId: lindiwe.id, args: { status: 'Checked-In' } }]);
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('a long list', () => {
  it('shows all 300 bookings with only the rows in view in the page, and scrolling draws the next ones', async () => {
    // The layout a browser gives: a 640 px box of 61 px rows.
    const restoreLayout = stubTableLayout({ testId: 'bookings-scroll', boxHeight: 640, rowHeight: 61 });
    onTestFinished(restoreLayout);
    const bookings = Array.from({ length: 300 }, (_, i) =>
      makeBooking({ guestName: `Guest ${String(i).padStart(4, '0')}`, checkInDate: addDays(today, i), checkOutDate: addDays(today, i + 1) }),
    );
    await seedLocal({ bookings });
    const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    await screen.findByText('Guest 0299', {}, { timeout: 20_000 });
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(screen.getByText(/1–300 of 300/)).toBeInTheDocument());

    // Newest check-in first; a 640 px box of 61 px rows shows 11, plus 8 below: 19 rows.
    const names = () => rowsOf('Bookings').map((r) => r[1]!.replace(/lindiwe@example\.test$/, ''));
    await waitFor(() => expect(names()).toHaveLength(19));
    expect(names()).toEqual(Array.from({ length: 19 }, (_, i) => `Guest ${String(299 - i).padStart(4, '0')}`));
    const box = screen.getByTestId('bookings-scroll');
    const spacerBelow = box.querySelectorAll('tbody tr[aria-hidden]');
    expect([...spacerBelow].map((r) => getComputedStyle(r).height)).toEqual([`${(300 - 19) * 61}px`]);

    // Scrolled to row 200: 8 rows above it, 11 in the 640 px box, 8 below: rows 192 to 218.
    box.scrollTop = 200 * 61;
    box.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(names()[0]).toBe(`Guest ${String(299 - 192).padStart(4, '0')}`));
    expect(names()).toHaveLength(219 - 192);
    expect(names().at(-1)).toBe(`Guest ${String(299 - 218).padStart(4, '0')}`);
  }, 120_000);
});

describe('on a phone (390 px)', () => {
  const fields = (el: HTMLElement) => {
    const names = within(el).getAllByRole('term').map((t) => t.textContent);
    // The outlined select's empty legend holds a zero-width space, which no one sees.
    const values = within(el).getAllByRole('definition').map((d) => d.textContent?.replace(/\u200b/g, ''));
    return names.map((n, i) => [n, values[i]]);
  };

  it('shows each booking as a card with every field of the row and the same status select and buttons, no table', async () => {
    window.innerWidth = 390;
    const lindiwe = makeBooking({ id: 'aaaa1111-0000-4000-8000-000000000001', status: 'Confirmed', totalAmount: 4200, checkInDate: '2026-07-14', checkOutDate: '2026-07-16' });
    const pieter = makeBooking({ id: 'bbbb2222-0000-4000-8000-000000000002', reference: 'WL-ABCD23', guestName: 'Pieter Botha', guestEmail: 'pieter@botha.test', unitName: 'Tent 3', status: 'Provisional', totalAmount: 1000.5, checkInDate: '2026-07-15', checkOutDate: '2026-07-17', paymentStatus: 'Partially Refunded' });
    const parent = makeBooking({ id: 'cccc3333-0000-4000-8000-000000000003', reference: 'WL-PQR789', guestName: 'Family Reunion', guestEmail: 'reunion@example.test', unitId: null, unitName: null, totalAmount: 30000, checkInDate: '2026-08-01', checkOutDate: '2026-08-04', paymentStatus: 'Paid' });
    const child = makeBooking({ guestName: 'Family Reunion', parentBookingId: parent.id, isEntireLodgeChild: true, totalAmount: 0, checkInDate: '2026-08-01', checkOutDate: '2026-08-04' });
    await seedLocal({ bookings: [lindiwe, pieter, parent, child] });
    const { user } = renderStaffPage(<BookingsPage />, { user: users.manager, path: '/admin/bookings' });

    const list = within(await screen.findByRole('region', { name: 'Bookings' }));
    await list.findByRole('listitem', { name: 'Booking bbbb2222 of Pieter Botha' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // Newest check-in first, as the table sorts.
    expect(list.getAllByRole('listitem').map((c) => c.getAttribute('aria-label'))).toEqual(['Booking bbbb2222 of Pieter Botha', 'Booking aaaa1111 of Lindiwe Dlamini']);
    // No column headers to click: the same orders are one select.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Check-in, latest first');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Total, highest first' }));
    await waitFor(() =>
      expect(list.getAllByRole('listitem').map((c) => c.getAttribute('aria-label'))).toEqual(['Booking aaaa1111 of Lindiwe Dlamini', 'Booking bbbb2222 of Pieter Botha']),
    );

    const card = list.getByRole('listitem', { name: 'Booking bbbb2222 of Pieter Botha' });
    expect(within(card).getByText('Pieter Botha')).toBeInTheDocument();
    expect(within(card).getByText('pieter@botha.test')).toBeInTheDocument();
    expect(fields(card)).toEqual([
      ['Booking ID', 'bbbb2222'],
      ['Reference', 'WL-ABCD23'],
      ['Unit', 'Tent 3'],
      ['Dates', 'Jul 15 – Jul 17, 2026'],
      ['Total', 'R1,000.50'],
      ['Status', 'Provisional'],
      ['Payment', 'Partially Refunded'],
    ]);
    expect(within(card).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['View booking bbbb2222', 'Edit booking bbbb2222', 'Delete booking bbbb2222']);

    const lodge = within(screen.getByRole('region', { name: 'Entire Lodge Bookings' }));
    expect(lodge.getAllByRole('listitem').map((c) => c.getAttribute('aria-label'))).toEqual(['Booking cccc3333 of Family Reunion']);
    expect(fields(lodge.getByRole('listitem'))).toEqual([
      ['Booking ID', 'cccc3333'],
      ['Reference', 'WL-PQR789'],
      ['Unit', 'Entire LodgePackage'],
      ['Dates', 'Aug 01 – Aug 04, 2026'],
      ['Total', 'R30,000'],
      ['Status', 'Confirmed'],
      ['Payment', 'Paid'],
    ]);

    // The card's status select moves the booking through the outbox, as the row's does.
    const other = list.getByRole('listitem', { name: 'Booking aaaa1111 of Lindiwe Dlamini' });
    await user.click(within(other).getByRole('combobox', { name: 'Status of Lindiwe Dlamini' }));
    await user.click(screen.getByRole('option', { name: 'Checked-In' }));
    await waitFor(() => expect(within(other).getByRole('combobox', { name: 'Status of Lindiwe Dlamini' })).toHaveTextContent('Checked-In'));
    expect(await within(other).findByText('Not synced')).toBeInTheDocument();
    expect(await offlineDb.outbox.toArray()).toMatchObject([{ op: 'booking.setStatus', entityId: lindiwe.id, args: { status: 'Checked-In' } }]);

    // And its Edit button opens the same dialog.
    await user.click(within(card).getByRole('button', { name: 'Edit booking bbbb2222' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Booking bbbb2222' })).toBeInTheDocument();
  }, 60_000);

  it('pages hundreds of bookings at most 50 cards at a time, without an All choice', async () => {
    window.innerWidth = 390;
    const bookings = Array.from({ length: 120 }, (_, i) =>
      makeBooking({ guestName: `Guest ${String(i).padStart(4, '0')}`, checkInDate: addDays('2026-07-01', i), checkOutDate: addDays('2026-07-01', i + 1) }),
    );
    await seedLocal({ bookings });
    const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    const list = within(await screen.findByRole('region', { name: 'Bookings' }));
    await list.findByRole('listitem', { name: /of Guest 0119$/ });
    expect(list.getAllByRole('listitem')).toHaveLength(25);
    expect(list.getByText('1–25 of 120')).toBeInTheDocument();

    await user.click(list.getByRole('combobox', { name: /^Per page:/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(50));
    expect(list.getByText('1–50 of 120')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(list.getByText('51–100 of 120')).toBeInTheDocument());
    const names = list.getAllByRole('listitem').map((c) => c.getAttribute('aria-label')?.replace(/^Booking \w+ of /, ''));
    expect([names.length, names[0], names.at(-1)]).toEqual([50, 'Guest 0069', 'Guest 0020']);
  }, 120_000);
});
