import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BookingRegisterResponse, LodgerRegisterEntry } from '@shared/contracts/lodger-register.js';
import { server } from '@/test/server.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { BookingRegister } from './booking-register.js';

const BOOKING = 'cccc3333-0000-4000-8000-000000000001';
const entry: LodgerRegisterEntry = {
  id: 'bbbb2222-0000-4000-8000-000000000001',
  bookingId: BOOKING,
  reference: 'LDG-2026-00021',
  bookingStatus: 'Confirmed',
  accommodationName: 'Marula Chalet',
  checkInDate: '2026-11-30',
  checkOutDate: '2026-12-02',
  fullNames: 'Thandi Nomsa',
  surname: 'Mokoena',
  idType: 'SA ID',
  idNumber: '8001015009087',
  nationality: 'ZA',
  nationalityName: 'South Africa',
  residenceStatus: 'Citizen',
  homeAddress: '12 Jacaranda Street, Nelspruit',
  signatureAttachmentId: 'aaaa1111-0000-4000-8000-000000000002',
  idCopyAttachmentId: null,
  capturedBy: 'Sipho Ndlovu',
  capturedAt: '2026-11-20T08:00:00.000Z',
  deidentified: false,
};

beforeEach(async () => {
  await resetDevice();
});

describe("a booking's register in its details", () => {
  it('says how many of the adults are registered, and what each one has', async () => {
    const body: BookingRegisterResponse = { bookingId: BOOKING, registered: 0, expected: 2, complete: false, entries: [entry] };
    server.use(http.get('/api/admin/bookings/:id/register', () => HttpResponse.json(body)));
    renderStaffPage(<BookingRegister bookingId={BOOKING} />, { user: users.receptionist });
    expect(await screen.findByRole('heading', { name: 'Register: 0 of 2 adults' })).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Registered adults' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Thandi Nomsa Mokoenasignatureno ID copy']);
  });

  it('says nobody is registered yet', async () => {
    const body: BookingRegisterResponse = { bookingId: BOOKING, registered: 0, expected: 1, complete: false, entries: [] };
    server.use(http.get('/api/admin/bookings/:id/register', () => HttpResponse.json(body)));
    renderStaffPage(<BookingRegister bookingId={BOOKING} />, { user: users.receptionist });
    expect(await screen.findByRole('heading', { name: 'Register: 0 of 1 adult' })).toBeInTheDocument();
    expect(screen.getByText('Nobody is registered yet.')).toBeInTheDocument();
  });
});
