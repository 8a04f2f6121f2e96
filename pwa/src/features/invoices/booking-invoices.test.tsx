import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceSummary } from '@shared/contracts/invoices.js';
import { makeBooking, resetDevice, seedLocal } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { BookingInvoices } from './booking-invoices.js';

const booking = makeBooking({ id: 'aaaa1111-0000-4000-8000-000000000001', reference: 'LDG-1111', guestName: 'Nomsa Dlamini', totalAmount: 2300 });

const invoice: Invoice = {
  id: 'bbbb2222-0000-4000-8000-000000000002',
  kind: 'invoice',
  number: 'INV-000007',
  issueDate: '2026-11-25',
  bookingId: booking.id,
  bookingReference: 'LDG-1111',
  guestName: 'Nomsa Dlamini',
  net: 2000,
  vat: 300,
  total: 2300,
  creditedInvoiceNumber: null,
  creditable: 2300,
  title: 'Tax Invoice',
  issuedAt: '2026-11-25T08:00:00.000Z',
  lodge: { name: 'Lodge', legalName: 'Lodge (Pty) Ltd', address: 'Hoedspruit', vatNumber: '4123456789', vatRegistered: true },
  guest: { name: 'Nomsa Dlamini', email: 'nomsa@example.com', address: null },
  lines: [{ position: 1, folioKey: 'accommodation', description: 'Accommodation', quantity: 1, unitAmount: 2300, amount: 2300, vat: 300 }],
  creditedInvoiceId: null,
  reason: null,
  createdBy: 'Manager',
};

/** The invoices endpoints over one booking's list, as the server answers them. */
function fakeInvoicesServer() {
  const list: InvoiceSummary[] = [];
  const credits: unknown[] = [];
  server.use(
    http.get('/api/admin/invoices', () => HttpResponse.json(list)),
    http.post('/api/admin/bookings/:id/invoices', () => {
      if (list.length) return HttpResponse.json({ message: 'Nothing to invoice' }, { status: 409 });
      list.push(invoice);
      return HttpResponse.json(invoice, { status: 201 });
    }),
    http.post('/api/admin/invoices/:id/credit-notes', async ({ request }) => {
      const body = (await request.json()) as { amount: number; reason: string };
      credits.push(body);
      const note: Invoice = { ...invoice, id: 'cccc3333-0000-4000-8000-000000000003', kind: 'credit_note', number: 'CN-000002', title: 'Tax Credit Note', total: body.amount, vat: 0, net: body.amount, creditedInvoiceNumber: 'INV-000007', creditable: 0, reason: body.reason };
      list[0] = { ...list[0], creditable: list[0].creditable - body.amount };
      list.push(note);
      return HttpResponse.json(note, { status: 201 });
    }),
  );
  return { credits };
}

beforeEach(async () => {
  await resetDevice();
  await seedLocal({ bookings: [booking] });
});

const rows = () =>
  within(screen.getByRole('list', { name: 'Invoices and credit notes' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('a booking’s invoices', () => {
  it('issues an invoice and lists it with its PDF; a second issue says there is nothing to invoice', async () => {
    fakeInvoicesServer();
    const { user } = renderStaffPage(<BookingInvoices bookingId={booking.id} />, { user: users.manager });
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect((await screen.findAllByText('Invoice issued')).length).toBeGreaterThan(0);
    await screen.findByRole('list', { name: 'Invoices and credit notes' });
    expect(rows()).toEqual(['INV-000007Invoice · Nov 25, 2026R2,300.00PDFCredit note']);
    expect(screen.getByRole('link', { name: 'PDF of INV-000007' })).toHaveAttribute('href', `/api/admin/invoices/${invoice.id}/pdf`);
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect((await screen.findAllByText('Nothing to invoice')).length).toBeGreaterThan(0);
  });

  it('a credit note: more than is left is refused before sending, then one within it is issued and listed', async () => {
    const { credits } = fakeInvoicesServer();
    const { user } = renderStaffPage(<BookingInvoices bookingId={booking.id} />, { user: users.manager });
    await user.click(await screen.findByRole('button', { name: 'Issue invoice' }));
    await user.click(await screen.findByRole('button', { name: 'Credit note' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit note for INV-000007' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount (R)' }), '2300.01');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Room not ready');
    await user.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    expect(dialog.getByText('Only R2,300.00 of this invoice is left to credit')).toBeInTheDocument();
    expect(credits).toEqual([]);

    await user.clear(dialog.getByRole('textbox', { name: 'Amount (R)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount (R)' }), '250');
    await user.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    expect((await screen.findAllByText('Credit note issued')).length).toBeGreaterThan(0);
    expect(credits).toEqual([{ amount: 250, reason: 'Room not ready' }]);
    // Once the dialog has closed (the page behind it is hidden from the accessibility tree until then).
    await waitFor(() =>
      expect(rows()).toEqual(['INV-000007Invoice · Nov 25, 2026R2,300.00PDFCredit note', 'CN-000002Credit note for INV-000007 · Nov 25, 2026-R250.00PDF']),
    );
  });

  it('shows nothing to a receptionist', async () => {
    fakeInvoicesServer();
    renderStaffPage(<BookingInvoices bookingId={booking.id} />, { user: users.receptionist });
    expect(screen.queryByRole('heading', { name: 'Invoices' })).not.toBeInTheDocument();
  });
});
