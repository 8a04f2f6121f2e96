import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { db as offlineDb } from '@/offline/db.js';
import { isoDay, makeBooking, resetDevice, seedLocal } from '@/offline/test-support.js';
import { BookingsPage } from './bookings-page.js';

/** Booking Management's status select asks the desk's early departure question (docs/product.md, Early departures). */
const guest = makeBooking({ guestName: 'Naledi Mokoena', status: 'Checked-In', checkInDate: isoDay(-2), checkOutDate: isoDay(2), totalAmount: 6600, paymentStatus: 'Paid', paymentVerified: true, amountPaid: 6600, balanceDue: 0 });

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(async () => {
  await resetDevice();
  await seedLocal({ bookings: [guest] });
});
afterEach(() => setOnline(true));

describe('the status select of Booking Management', () => {
  it('asks the same question and queues the release behind the check-out', async () => {
    setOnline(false);
    server.use(http.post('/api/sync/push', () => HttpResponse.error()));
    const { user } = renderStaffPage(<BookingsPage />, { user: users.receptionist, path: '/admin/bookings' });
    await user.click(await screen.findByRole('combobox', { name: 'Status of Naledi Mokoena' }));
    await user.click(screen.getByRole('option', { name: 'Checked-Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Naledi Mokoena?' });
    expect(within(dialog).getByText(/Release the remaining 2 nights\?$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Release 2 nights' }));
    expect(await screen.findByText('The remaining 2 nights will be released when the tablet is back online.')).toBeInTheDocument();
    await waitFor(async () => expect((await offlineDb.outbox.orderBy('seq').toArray()).map((e) => e.op)).toEqual(['booking.setStatus', 'booking.releaseNights']));
  });
});
