import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BookingProof } from '@shared/contracts/desk-money.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { BookingProofs } from './booking-proofs.js';

const BOOKING_ID = 'aaaa1111-0000-4000-8000-000000000001';
const proofs = (): BookingProof[] => [
  { id: 'p-1', fileName: 'Capitec receipt.png', contentType: 'image/png', sizeBytes: 245_760, status: 'to_check', uploadedAt: '2026-11-24T07:30:00.000Z', checkedAt: null, checkedBy: null },
  { id: 'p-2', fileName: 'statement.pdf', contentType: 'application/pdf', sizeBytes: 1_572_864, status: 'checked', uploadedAt: '2026-11-20T06:00:00.000Z', checkedAt: '2026-11-21T08:15:00.000Z', checkedBy: 'anna' },
];

function fakeServer() {
  const list = proofs();
  const checked: string[] = [];
  server.use(
    http.get('/api/admin/bookings/:id/proofs', () => HttpResponse.json(list)),
    http.post('/api/admin/bookings/:id/proofs/:proofId/checked', ({ params }) => {
      checked.push(String(params.proofId));
      const i = list.findIndex((p) => p.id === params.proofId);
      list[i] = { ...list[i]!, status: 'checked', checkedAt: '2026-11-25T05:00:00.000Z', checkedBy: 'thabo' };
      return HttpResponse.json(list[i]);
    }),
  );
  return { checked };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Proofs of payment' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

beforeEach(async () => {
  await resetDevice();
});

describe('a booking’s proofs of payment', () => {
  it('lists each proof with Open (the staff download) and marks one checked', async () => {
    const { checked } = fakeServer();
    const { user } = renderStaffPage(<BookingProofs bookingId={BOOKING_ID} />, { user: users.receptionist });
    await screen.findByRole('list', { name: 'Proofs of payment' });
    expect(rows()).toEqual([
      'Capitec receipt.pngPNG image, 240 KB · uploaded Nov 24, 09:30To checkOpenMark checked',
      'statement.pdfPDF, 1.5 MB · uploaded Nov 20, 08:00Checked by anna on Nov 21, 10:15CheckedOpen',
    ]);
    expect(screen.getByRole('link', { name: 'Open Capitec receipt.png' })).toHaveAttribute('href', `/api/admin/bookings/${BOOKING_ID}/proofs/p-1`);

    await user.click(screen.getByRole('button', { name: 'Mark Capitec receipt.png checked' }));
    await waitFor(() => expect(rows()[0]).toBe('Capitec receipt.pngPNG image, 240 KB · uploaded Nov 24, 09:30Checked by thabo on Nov 25, 07:00CheckedOpen'));
    expect(checked).toEqual(['p-1']);
  });

  it('says so when the guest has sent none', async () => {
    renderStaffPage(<BookingProofs bookingId={BOOKING_ID} />, { user: users.manager });
    expect(await screen.findByText('The guest has not uploaded a proof of payment.')).toBeInTheDocument();
  });
});
