import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { db as offlineDb } from '@/offline/db.js';
import { isoDay, makeBooking, resetDevice, seedLocal, testId } from '@/offline/test-support.js';
import { formatMonthDay, formatWeekdayDate } from '@shared/format.js';
import { ROOM_MOVE_MESSAGES } from '@shared/contracts/room-move.js';
import { MoveBookingDialog } from '@/components/move-booking-dialog.js';

/** The room move dialog (docs/product.md, Booking Calendar: room moves), against a mocked API. */
const chalet = testId(101);
const tent = testId(102);
const guest = makeBooking({ guestName: 'Naledi Mokoena', unitId: testId(100), unitName: 'Chalet 1', checkInDate: isoDay(0), checkOutDate: isoDay(4), totalAmount: 6600 });
const options = (checkInDate: string) => ({
  checkInDate,
  checkOutDate: isoDay(4),
  units: [
    { id: chalet, name: 'Chalet 2', accommodationTypeId: testId(200), accommodationTypeName: 'Chalet' },
    { id: tent, name: 'Tent 3', accommodationTypeId: testId(201), accommodationTypeName: 'Luxury Tent' },
  ],
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

let asked: { fromDate: string | null }[] = [];
let sent: unknown[] = [];
beforeEach(async () => {
  asked = [];
  sent = [];
  await resetDevice();
  await seedLocal({ bookings: [guest] });
  server.use(
    http.get(`/api/admin/bookings/${guest.id}/move-options`, ({ request }) => {
      const fromDate = new URL(request.url).searchParams.get('fromDate');
      asked.push({ fromDate });
      return HttpResponse.json(options(fromDate ?? isoDay(0)));
    }),
  );
});
afterEach(() => setOnline(true));

const open = () => renderStaffPage(<MoveBookingDialog booking={guest} onClose={() => {}} />, { user: users.receptionist, path: '/admin/calendar' });

describe('the Move dialog', () => {
  it('splits the stay from a chosen night into a free unit, and the device holds the segments at once', async () => {
    const parent = { ...guest, unitId: null, unitName: null, isSplitStay: true, version: guest.version + 1 };
    const first = makeBooking({ id: testId(301), parentBookingId: guest.id, isEntireLodgeChild: true, unitId: guest.unitId, unitName: 'Chalet 1', checkInDate: isoDay(0), checkOutDate: isoDay(2), totalAmount: 0 });
    const second = makeBooking({ id: testId(302), parentBookingId: guest.id, isEntireLodgeChild: true, unitId: tent, unitName: 'Tent 3', checkInDate: isoDay(2), checkOutDate: isoDay(4), totalAmount: 0 });
    server.use(
      http.post(`/api/admin/bookings/${guest.id}/move`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ booking: parent, segments: [first, second], removedIds: [] });
      }),
    );
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Move Naledi Mokoena' });
    expect(await within(dialog).findByText('2 free for those nights')).toBeInTheDocument();
    expect(asked).toEqual([{ fromDate: null }]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Move' }));
    const choices = screen.getAllByRole('option').map((o) => o.textContent);
    expect(choices).toEqual(['The whole stay', `From ${formatWeekdayDate(isoDay(1))}`, `From ${formatWeekdayDate(isoDay(2))}`, `From ${formatWeekdayDate(isoDay(3))}`]);
    await user.click(screen.getByRole('option', { name: `From ${formatWeekdayDate(isoDay(2))}` }));
    await waitFor(() => expect(asked).toEqual([{ fromDate: null }, { fromDate: isoDay(2) }]));

    await user.click(within(dialog).getByRole('combobox', { name: 'To unit' }));
    await user.click(await screen.findByRole('option', { name: 'Tent 3 (Luxury Tent)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await screen.findByText(`Naledi Mokoena is in Tent 3 from ${formatMonthDay(isoDay(2))}.`)).toBeInTheDocument();
    expect(sent).toEqual([{ unitId: tent, fromDate: isoDay(2) }]);
    const stored = await offlineDb.bookings.toArray();
    expect(stored.map((b) => [b.id, b.unitId, b.isSplitStay ?? false]).sort()).toEqual(
      [
        [guest.id, null, true],
        [first.id, guest.unitId, false],
        [second.id, tent, false],
      ].sort(),
    );
  });

  it('shows the server’s refusal in its words (the unit taken meanwhile) and sends the reprice choice', async () => {
    server.use(
      http.post(`/api/admin/bookings/${guest.id}/move`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: ROOM_MOVE_MESSAGES.taken('LDG-9999') }, { status: 409 });
      }),
    );
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Move Naledi Mokoena' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'To unit' }));
    await user.click(await screen.findByRole('option', { name: 'Chalet 2 (Chalet)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: "Price the moved nights at the new unit's rates" }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('This unit is taken on those nights by booking LDG-9999')).toBeInTheDocument();
    expect(sent).toEqual([{ unitId: chalet, reprice: true }]);
    expect((await offlineDb.bookings.get(guest.id))?.unitId).toBe(guest.unitId);
  });

  it('says a move needs a connection when the device is offline', async () => {
    setOnline(false);
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Move Naledi Mokoena' });
    expect(within(dialog).getByText('Moving a stay needs a connection. It will be available when this device is back online.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
    expect(asked).toEqual([]);
  });
});
