import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBooking, resetDevice, seedLocal } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { currentPath } from '@/test/render-app.js';
import { PaymentsPage } from './payments-page.js';

const hold = makeBooking({ id: 'aaaa1111-0000-4000-8000-000000000001', guestName: 'Ayanda Khumalo', reference: 'WL-AAA111', status: 'Provisional', paymentStatus: 'Pending', checkInDate: '2027-01-10', checkOutDate: '2027-01-12' });
const paid = makeBooking({ id: 'bbbb2222-0000-4000-8000-000000000002', guestName: 'Pieter Nel', reference: 'WL-BBB222', paymentStatus: 'Paid', paymentMethod: 'Card', checkInDate: '2027-02-01', checkOutDate: '2027-02-03' });

beforeEach(async () => {
  await resetDevice();
  await seedLocal({ bookings: [hold, paid] });
  server.use(
    http.get('/api/admin/payments/history', () =>
      HttpResponse.json({ summary: { totalPaid: 4200, totalRefunded: 0, totalDiscounts: 0, netAmount: 4200 }, transactions: [] }),
    ),
  );
});

const rows = () =>
  within(screen.getByRole('region', { name: 'Bookings and their payments' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('the payments page', () => {
  it('lists bookings with their payment state, counts them, and filters EFT holds awaiting payment', async () => {
    const { user } = renderStaffPage(<PaymentsPage />, { user: users.manager, path: '/admin/payments' });
    await screen.findByText('Pieter Nel');
    expect(rows()).toEqual([
      // The reference shows beside the guest on a phone, in a column of its own from a tablet up.
      ['WL-BBB222', 'Pieter NelWL-BBB222lindiwe@example.test', 'Feb 01 – Feb 03, 2027', 'R4,200', 'Card', 'Paid', 'Payments'],
      ['WL-AAA111', 'Ayanda KhumaloWL-AAA111lindiwe@example.test', 'Jan 10 – Jan 12, 2027', 'R4,200', 'EFT', 'Pending', 'Payments'],
    ]);
    const summary = within(screen.getByRole('region', { name: 'Payment summary' }));
    expect(['Awaiting Payment', 'Paid', 'Partially Refunded', 'Refunded'].map((t) => summary.getByText(t).nextSibling?.textContent)).toEqual(['1', '1', '0', '0']);

    await user.click(screen.getByRole('combobox', { name: 'Payment' }));
    await user.click(screen.getByRole('option', { name: 'Awaiting Payment' }));
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['WL-AAA111']));
  });

  it('opens a booking’s payments in a dialog and keeps it in the address', async () => {
    const { user, router } = renderStaffPage(<PaymentsPage />, { user: users.manager, path: '/admin/payments' });
    await user.click(await screen.findByRole('button', { name: 'Payments of WL-BBB222' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pieter Nel · WL-BBB222' }));
    expect(await dialog.findByRole('button', { name: 'Full Refund' })).toBeEnabled();
    expect(currentPath(router)).toBe(`/admin/payments?booking=${paid.id}`);
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/payments'));
  });
});
