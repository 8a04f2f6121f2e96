import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BANK_STATEMENT_MESSAGES, type BankStatementResponse } from '@shared/contracts/bank-statements.js';
import { makeBooking, resetDevice, seedLocal } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { ReconcilePage } from './reconcile-page.js';

const ids = {
  statement: 'aaaa0000-0000-4000-8000-000000000000',
  ref: 'aaaa0000-0000-4000-8000-000000000001',
  proposal: 'aaaa0000-0000-4000-8000-000000000002',
  unmatched: 'aaaa0000-0000-4000-8000-000000000003',
  debit: 'aaaa0000-0000-4000-8000-000000000004',
  recorded: 'aaaa0000-0000-4000-8000-000000000005',
};
const dube = makeBooking({ id: 'bbbb0000-0000-4000-8000-000000000001', guestName: 'Naledi Dube', reference: 'WL-7KQ3XM', status: 'Provisional', paymentStatus: 'Pending' });
const smit = makeBooking({ id: 'bbbb0000-0000-4000-8000-000000000002', guestName: 'Pieter Smit', reference: 'WL-4HJ8RT', status: 'Provisional', paymentStatus: 'Pending' });
const nel = makeBooking({ id: 'bbbb0000-0000-4000-8000-000000000003', guestName: 'Anna Nel', reference: 'WL-9PXM2C', status: 'Confirmed', paymentStatus: 'Pending' });

const statement: BankStatementResponse = {
  statementId: ids.statement,
  bank: 'fnb',
  lines: [
    { id: ids.ref, date: '2026-11-03', description: 'FNB APP PAYMENT FROM WL-7KQ3XM N DUBE', amount: 3200, match: { bookingId: dube.id, reference: dube.reference, reason: 'reference', guestName: 'Naledi Dube' } },
    { id: ids.debit, date: '2026-11-03', description: '#MONTHLY ACCOUNT FEE', amount: -85.5 },
    { id: ids.proposal, date: '2026-11-06', description: 'MAGTAPE CREDIT SMIT HOLIDAY', amount: 2400, match: { bookingId: smit.id, reference: smit.reference, reason: 'amount-and-surname', guestName: 'Pieter Smit' } },
    { id: ids.unmatched, date: '2026-11-09', description: 'INTERNET TRF FROM GIFT VOUCHER', amount: 750 },
    { id: ids.recorded, date: '2026-11-10', description: 'ADT CASH DEPO00123', amount: 1850, recorded: { bookingId: nel.id, reference: 'WL-CCC333' } },
  ],
};

let uploaded: string | null;
/** The form the page sent (msw cannot read a multipart body from jsdom's File, so fetch is watched). */
function sentForm(): FormData {
  const call = fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/api/admin/payments/bank-statements')).at(-1);
  return call?.[1]?.body as FormData;
}
let fetchSpy: MockInstance<typeof fetch>;
let confirmed: unknown;
beforeEach(async () => {
  await resetDevice();
  await seedLocal({ bookings: [dube, smit, nel] });
  uploaded = null;
  confirmed = null;
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  server.use(
    http.post('/api/admin/payments/bank-statements', async ({ request }) => {
      uploaded = request.headers.get('content-type');
      return HttpResponse.json(statement, { status: 201 });
    }),
    http.post(`/api/admin/payments/bank-statements/${ids.statement}/confirm`, async ({ request }) => {
      confirmed = await request.json();
      return HttpResponse.json({
        recorded: [
          { lineId: ids.ref, bookingId: dube.id, reference: dube.reference, amount: 3200 },
          { lineId: ids.unmatched, bookingId: nel.id, reference: nel.reference, amount: 750 },
        ],
        alreadyRecorded: [],
      });
    }),
  );
});

afterEach(() => fetchSpy.mockRestore());

const file = () => new File(['Date,Amount,Balance,Description\n'], 'fnb-november.csv', { type: 'text/csv' });
const bodyRows = () => within(screen.getByRole('region', { name: 'Statement lines' })).getAllByRole('row').slice(1);

describe('the reconcile page', () => {
  it('uploads the chosen bank, ticks reference matches only, and records the chosen lines', async () => {
    const { user } = renderStaffPage(<ReconcilePage />, { user: users.manager, path: '/admin/payments/reconcile' });
    await user.upload(screen.getByLabelText('Statement CSV file'), file());
    await user.click(screen.getByRole('button', { name: 'Upload statement' }));

    await screen.findByText('4 payments received, 1 matched by reference, 1 to check, 1 not matched, 1 recorded before.');
    expect(uploaded).toMatch(/^multipart\/form-data; boundary=/);
    expect(sentForm().get('bank')).toBe('fnb');
    expect((sentForm().get('file') as File).name).toBe('fnb-november.csv');

    // Money out is hidden until asked for.
    expect(bodyRows()).toHaveLength(4);
    expect(screen.queryByText('#MONTHLY ACCOUNT FEE')).toBeNull();
    await user.click(screen.getByLabelText('Show money out'));
    expect(screen.getByText('#MONTHLY ACCOUNT FEE')).toBeTruthy();

    expect(screen.getByText('Reference in description')).toBeTruthy();
    expect(screen.getByText('Amount and surname: check')).toBeTruthy();
    expect(screen.getByText('Recorded to WL-CCC333')).toBeTruthy();
    expect((screen.getByLabelText('Record R3,200.00 on Nov 03, 2026') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Record R2,400.00 on Nov 06, 2026') as HTMLInputElement).checked).toBe(false);

    // The unmatched credit is matched by picking the booking by its reference.
    const unmatchedRow = bodyRows().find((r) => r.textContent?.includes('GIFT VOUCHER'))!;
    await user.click(within(unmatchedRow).getByLabelText('Match to booking'));
    await user.keyboard('WL-9PX');
    await user.click(await screen.findByRole('option', { name: 'WL-9PXM2C · Anna Nel' }));

    await user.click(screen.getByRole('button', { name: 'Record 2 payments' }));
    await screen.findByText('Recorded 2 payments: WL-7KQ3XM, WL-9PXM2C.');
    expect(confirmed).toEqual({ lines: [{ lineId: ids.ref, bookingId: dube.id }, { lineId: ids.unmatched, bookingId: nel.id }] });
    expect(screen.getByText('Recorded to WL-7KQ3XM')).toBeTruthy();
    expect(screen.getByText('Recorded to WL-9PXM2C')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record 0 payments' })).toHaveProperty('disabled', true);
  });

  it('asks for the columns of another bank, and shows what the server says about the file', async () => {
    server.use(
      http.post('/api/admin/payments/bank-statements', async ({ request }) => {
        uploaded = request.headers.get('content-type');
        return HttpResponse.json({ message: `file: ${BANK_STATEMENT_MESSAGES.notCsv}`, errors: { file: BANK_STATEMENT_MESSAGES.notCsv } }, { status: 400 });
      }),
    );
    const { user } = renderStaffPage(<ReconcilePage />, { user: users.manager, path: '/admin/payments/reconcile' });
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await user.click(screen.getByRole('option', { name: 'Other (choose the columns)' }));
    const amount = screen.getByLabelText('Amount column');
    await user.clear(amount);
    await user.type(amount, '4');
    await user.upload(screen.getByLabelText('Statement CSV file'), file());
    await user.click(screen.getByRole('button', { name: 'Upload statement' }));
    await screen.findByText(BANK_STATEMENT_MESSAGES.notCsv);
    expect(Object.fromEntries([...sentForm().entries()].filter(([k]) => k !== 'file'))).toEqual({
      bank: 'other',
      dateColumn: '1',
      descriptionColumn: '2',
      amountColumn: '4',
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Statement lines' })).toBeNull());
  });
});
