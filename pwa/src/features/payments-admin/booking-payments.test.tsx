import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentHistoryResponse, PaymentTransaction } from '@shared/contracts/payments.js';
import { db as offlineDb } from '@/offline/db.js';
import { useBooking } from '@/offline/hooks.js';
import { makeBooking, resetDevice, seedLocal } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { BookingPayments } from './booking-payments.js';
import { formatRand } from '@shared/format.js';

const paid = makeBooking({
  id: 'dddd4444-0000-4000-8000-000000000004',
  reference: 'LDG-4444',
  guestName: 'Pieter Nel',
  totalAmount: 3000,
  paymentStatus: 'Paid',
  paymentMethod: 'Card',
  paymentVerified: true,
});
const eftHold = makeBooking({
  id: 'eeee5555-0000-4000-8000-000000000005',
  reference: 'LDG-5555',
  guestName: 'Ayanda Khumalo',
  status: 'Provisional',
  paymentStatus: 'Pending',
  paymentMethod: 'EFT',
});

const cardPayment: PaymentTransaction = {
  id: 'p1',
  type: 'payment',
  subtype: 'card',
  status: 'success',
  description: 'Card payment (Paystack)',
  gatewayReference: 'LDG-4444-abc',
  amount: 3000,
  createdAt: '2026-03-02T08:05:00.000Z',
};

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The history endpoint with a ledger the refund endpoint adds to, as the server does. */
function fakePaymentsServer(initial: PaymentTransaction[] = [cardPayment]) {
  const ledger: PaymentTransaction[] = [...initial];
  const refunds: unknown[] = [];
  const history = (): PaymentHistoryResponse => {
    const totalPaid = ledger.filter((t) => t.type === 'payment').reduce((s, t) => s + t.amount, 0);
    const totalRefunded = -ledger.filter((t) => t.type === 'refund').reduce((s, t) => s + t.amount, 0);
    return { summary: { totalPaid, totalRefunded, totalDiscounts: 0, netAmount: totalPaid - totalRefunded }, transactions: ledger };
  };
  server.use(
    http.get('/api/admin/payments/history', () => HttpResponse.json(history())),
    http.post('/api/admin/payments/refund', async ({ request }) => {
      const body = (await request.json()) as { bookingId: string; amount?: number; reason?: string };
      refunds.push(body);
      const refund: PaymentTransaction = {
        id: `r${refunds.length}`,
        type: 'refund',
        subtype: 'card',
        status: 'pending',
        description: 'Partial refund via Paystack',
        gatewayReference: '9001',
        amount: -(body.amount ?? 3000),
        createdAt: '2026-03-03T09:00:00.000Z',
      };
      ledger.push(refund);
      // The answer carries the ledger after the refund, as the server's does (RefundResponse).
      return HttpResponse.json({ message: 'Refund processed', refund, paymentStatus: 'Partially Refunded', summary: history().summary });
    }),
  );
  return { refunds };
}

beforeEach(async () => {
  await resetDevice();
  await seedLocal({ bookings: [paid, eftHold] });
});
afterEach(() => setOnline(true));

/** Shows the booking once the local store has answered for it, as BookingPayments reads it. */
function BookingRead({ bookingId }: { bookingId: string }) {
  const booking = useBooking(bookingId);
  return booking ? <p>Read {booking.reference}</p> : null;
}

const transactions = () =>
  within(screen.getByRole('list', { name: 'Transactions' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const summary = () =>
  within(screen.getByLabelText('Payment summary'))
    .getAllByRole('definition')
    .map((dd) => dd.textContent);

describe('a booking’s payments', () => {
  it('shows the summary and the transactions with the payment status badge', async () => {
    fakePaymentsServer();
    renderStaffPage(<BookingPayments bookingId={paid.id} />, { user: users.manager });
    await screen.findByRole('list', { name: 'Transactions' });
    expect(summary()).toEqual(['R3,000', 'R0', 'R0', 'R3,000']);
    expect(transactions()).toEqual(['Card payment (Paystack)R3,000Mar 02, 10:05 · Payment · Card · LDG-4444-abcCompleted']);
    expect(screen.getByText('Paid')).toBeInTheDocument();
  });

  it('refuses a partial amount above what is refundable, at zero or with three decimals, in the spec’s words', async () => {
    const { refunds } = fakePaymentsServer();
    const { user } = renderStaffPage(<BookingPayments bookingId={paid.id} />, { user: users.manager });
    await user.click(await screen.findByRole('button', { name: 'Partial Refund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Partial Refund' }));
    const amount = dialog.getByRole('textbox', { name: 'Refund amount (R)' });
    for (const typed of ['3000.01', '0', '12.345']) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(dialog.getByRole('button', { name: 'Continue' }));
      expect(dialog.getByText('Please enter a valid amount between R1 and R3,000')).toBeInTheDocument();
    }
    // The toast's code loads lazily (toast/): under load it can show a moment after the click.
    expect((await screen.findAllByText('Invalid Amount')).length).toBeGreaterThan(0);
    expect(dialog.queryByRole('button', { name: 'Confirm Refund' })).not.toBeInTheDocument();
    expect(refunds).toEqual([]);
  });

  it('refunds part after confirmation, says so, and shows the refund in the ledger', async () => {
    const { refunds } = fakePaymentsServer();
    const { user } = renderStaffPage(<BookingPayments bookingId={paid.id} />, { user: users.manager });
    await user.click(await screen.findByRole('button', { name: 'Partial Refund' }));
    await user.type(screen.getByRole('textbox', { name: 'Refund amount (R)' }), '500.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm Refund' }));
    expect(
      confirm.getByText(
        'Refund R500.50 to Pieter Nel (LDG-4444)? The refund is processed immediately with Paystack and goes back to the card the guest paid with.',
      ),
    ).toBeInTheDocument();
    await user.type(confirm.getByRole('textbox', { name: 'Reason (optional)' }), 'Left a day early');
    await user.click(confirm.getByRole('button', { name: 'Confirm Refund' }));

    expect(await screen.findByText('Refund Processed')).toBeInTheDocument();
    expect(screen.getByText('Payment refund has been initiated successfully!')).toBeInTheDocument();
    expect(refunds).toEqual([{ bookingId: paid.id, amount: 500.5, reason: 'Left a day early' }]);
    await waitFor(() => expect(transactions()).toHaveLength(2));
    expect(transactions()[1]).toBe('Partial refund via Paystack-R500.50Mar 03, 11:00 · Refund · Card · 9001Pending');
    expect(summary()).toEqual(['R3,000', 'R500.50', 'R0', 'R2,499.50']);
  });

  it('asks before a full refund and sends no amount', async () => {
    const { refunds } = fakePaymentsServer();
    const { user } = renderStaffPage(<BookingPayments bookingId={paid.id} />, { user: users.manager });
    await user.click(await screen.findByRole('button', { name: 'Full Refund' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm Refund' }));
    expect(confirm.getByText(/^Refund R3,000 to Pieter Nel \(LDG-4444\)\?/)).toBeInTheDocument();
    expect(refunds).toEqual([]);
    await user.click(confirm.getByRole('button', { name: 'Confirm Refund' }));
    expect(await screen.findByText('Refund Processed')).toBeInTheDocument();
    expect(refunds).toEqual([{ bookingId: paid.id }]);
  });

  it('a card deposit and an EFT balance: the confirmation says how much goes back to the card and how much by hand', async () => {
    fakePaymentsServer([
      { ...cardPayment, amount: 900 },
      { ...cardPayment, id: 'p2', subtype: 'eft', description: 'EFT received', gatewayReference: null, amount: 2100, createdAt: '2026-03-20T09:00:00.000Z' },
    ]);
    const { user } = renderStaffPage(<BookingPayments bookingId={paid.id} />, { user: users.manager });
    await user.click(await screen.findByRole('button', { name: 'Full Refund' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm Refund' }));
    expect(
      confirm.getByText(
        'Refund R3,000 to Pieter Nel (LDG-4444)? R900 goes back to the card through Paystack; the other R2,100 is recorded as paid out by hand: pay the guest back by EFT or in cash.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal as Refund Failed', async () => {
    fakePaymentsServer();
    server.use(
      http.post('/api/admin/payments/refund', () =>
        HttpResponse.json({ message: 'Refund failed: Transaction has been fully reversed', code: 'refund_failed' }, { status: 502 }),
      ),
    );
    const { user } = renderStaffPage(<BookingPayments bookingId={paid.id} />, { user: users.manager });
    await user.click(await screen.findByRole('button', { name: 'Full Refund' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Refund' }));
    expect(await screen.findByText('Refund Failed')).toBeInTheDocument();
    expect(screen.getByText('Refund failed: Transaction has been fully reversed')).toBeInTheDocument();
  });

  it('offline: the refund controls say they need a connection and do nothing', async () => {
    fakePaymentsServer();
    const { user } = renderStaffPage(<BookingPayments bookingId={paid.id} />, { user: users.manager });
    await screen.findByRole('list', { name: 'Transactions' });
    setOnline(false);
    expect(await screen.findByText('A refund needs a connection. It will be available when this device is back online.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Full Refund' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Partial Refund' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Partial Refund' })).catch(() => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks an EFT hold’s payment received through the outbox', async () => {
    server.use(http.get('/api/admin/payments/history', () => HttpResponse.json({ summary: { totalPaid: 0, totalRefunded: 0, totalDiscounts: 0, netAmount: 0 }, transactions: [] })));
    const { user } = renderStaffPage(<BookingPayments bookingId={eftHold.id} />, { user: users.manager });
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Full Refund' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Payment received: EFT' }));
    // It asks first, with the amount and the method; "Not received" queues nothing.
    const ask = await screen.findByRole('dialog', { name: `Record payment of ${formatRand(eftHold.totalAmount)} by EFT?` });
    expect(ask).toHaveTextContent('From Ayanda Khumalo. The booking is marked Paid. The guest will be e-mailed a payment confirmation.');
    await user.click(within(ask).getByRole('button', { name: 'Not received' }));
    expect(await offlineDb.outbox.toArray()).toEqual([]);
    // The dialog's closing transition hides the page from the accessibility tree for a moment.
    await user.click(await screen.findByRole('button', { name: 'Payment received: EFT' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record payment' }));
    await waitFor(async () =>
      expect(await offlineDb.outbox.toArray()).toMatchObject([{ op: 'booking.paymentReceived', entityId: eftHold.id, args: { method: 'EFT' } }]),
    );
  });

  it('shows nothing to a receptionist', async () => {
    let asked = false;
    server.use(
      http.get('/api/admin/payments/history', () => {
        asked = true;
        return HttpResponse.json({}, { status: 403 });
      }),
    );
    renderStaffPage(
      <>
        <section aria-label="Payments of the booking">
          <BookingPayments bookingId={paid.id} />
        </section>
        <BookingRead bookingId={paid.id} />
      </>,
      { user: users.receptionist },
    );
    // The section's first content waits for the same local read as BookingRead, which asked
    // after it: once BookingRead shows the booking, a section that were shown would be too.
    expect(await screen.findByText(`Read ${paid.reference}`)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payments of the booking' })).toBeEmptyDOMElement();
    expect(asked).toBe(false);
  });
});
