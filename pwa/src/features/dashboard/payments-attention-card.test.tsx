import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentsAttentionResponse } from '@shared/contracts/desk-money.js';
import { server } from '@/test/server.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { PaymentsAttentionCard } from './payments-attention-card.js';

const REFUND_ID = 'dddd4444-0000-4000-8000-000000000004';

function attention(): PaymentsAttentionResponse {
  return {
    overdueBalances: [
      { bookingId: 'b-1', reference: 'LDG-2026-00011', guestName: 'Thandi Mokoena', checkInDate: '2026-12-20', balanceDue: 3450.5, balanceDueDate: '2026-11-20' },
    ],
    proofsToCheck: [
      { proofId: 'p-1', bookingId: 'b-2', reference: 'LDG-2026-00012', guestName: 'Pieter van Wyk', fileName: 'FNB proof.pdf', uploadedAt: '2026-11-24T07:30:00.000Z', balanceDue: 1200 },
    ],
    eftRefundsOwed: [
      { refundId: REFUND_ID, bookingId: 'b-3', reference: 'LDG-2026-00013', guestName: 'Ayanda Khumalo', amount: 750, requestedAt: '2026-11-23T12:05:00.000Z' },
    ],
  };
}

/** The attention list as the server keeps it: marking a refund paid takes it off. */
function fakeServer(state = attention()) {
  const marked: string[] = [];
  server.use(
    http.get('/api/admin/payments/attention', () => HttpResponse.json(state)),
    http.post('/api/admin/payments/eft-refunds/:id/paid', ({ params }) => {
      marked.push(String(params.id));
      state.eftRefundsOwed = state.eftRefundsOwed.filter((r) => r.refundId !== params.id);
      return HttpResponse.json({ id: params.id, type: 'refund', subtype: 'eft-owed', status: 'success', description: 'EFT refund owed to the guest', gatewayReference: null, amount: -750, createdAt: '2026-11-23T12:05:00.000Z' });
    }),
  );
  return { marked };
}

const part = (name: string) => within(screen.getByRole('region', { name }));
const rowsOf = (name: string) => part(name).getAllByRole('listitem').map((li) => li.textContent);

beforeEach(async () => {
  await resetDevice();
});

describe('payments needing attention on the dashboard', () => {
  it('lists overdue balances, proofs to check and refunds owed with amounts and dates, each linking to its booking', async () => {
    fakeServer();
    renderStaffPage(<PaymentsAttentionCard role="Receptionist" />, { user: users.receptionist });
    await screen.findByRole('region', { name: 'Overdue balances' });
    expect(rowsOf('Overdue balances')).toEqual(['LDG-2026-00011 · Thandi MokoenaWas due Nov 20, 2026 · arrives Dec 20, 2026R3,450.50']);
    expect(rowsOf('EFT proofs to check')).toEqual(['LDG-2026-00012 · Pieter van WykFNB proof.pdf · sent Nov 24, 09:30R1,200.00 owing']);
    expect(rowsOf('EFT refunds owed')).toEqual(['LDG-2026-00013 · Ayanda KhumaloCancelled Nov 23, 14:05R750.00']);
    expect(screen.getByRole('link', { name: 'LDG-2026-00012' })).toHaveAttribute('href', '/admin/bookings?booking=b-2');
    // Paying a refund back is a manager's: a receptionist sees it, without the button.
    expect(screen.queryByRole('button', { name: /Mark refund/ })).not.toBeInTheDocument();
  });

  it('a manager marks a refund refunded after confirming, and it leaves the list', async () => {
    const { marked } = fakeServer();
    const { user } = renderStaffPage(<PaymentsAttentionCard role="Manager" />, { user: users.manager });
    await user.click(await screen.findByRole('button', { name: 'Mark refund to Ayanda Khumalo refunded' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark refunded?' }));
    expect(dialog.getByText(/Record that R750.00 was paid back to Ayanda Khumalo \(LDG-2026-00013\) by EFT/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(marked).toEqual([]);

    // Once the dialog has closed (the page behind it is hidden from the accessibility tree until then).
    await user.click(await screen.findByRole('button', { name: 'Mark refund to Ayanda Khumalo refunded' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark refunded?' })).getByRole('button', { name: 'Mark refunded' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('LDG-2026-00013', { exact: false })).not.toBeInTheDocument());
    expect(marked).toEqual([REFUND_ID]);
    expect(screen.queryByRole('region', { name: 'EFT refunds owed' })).not.toBeInTheDocument();
    expect(rowsOf('Overdue balances')).toHaveLength(1);
  });

  it('says quietly that nothing needs attention when all lists are empty', async () => {
    fakeServer({ overdueBalances: [], proofsToCheck: [], eftRefundsOwed: [] });
    renderStaffPage(<PaymentsAttentionCard role="Manager" />, { user: users.manager });
    expect(await screen.findByText('Nothing needs attention.')).toBeInTheDocument();
  });
});
