import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GuestListItem } from '@shared/contracts/bookings.js';
import type { GuestErasureResponse } from '@shared/contracts/lodger-register.js';
import { server } from '@/test/server.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { GuestsPage } from './guests-page.js';

const GUEST_ID = 'eeee5555-0000-4000-8000-000000000001';
const guest: GuestListItem = {
  id: GUEST_ID,
  firstName: 'Pieter',
  lastName: 'van Wyk',
  email: 'pieter@example.com',
  phone: '+27 82 555 0101',
  address: null,
  bookingCount: 2,
  lastCheckInDate: '2026-10-03',
  createdAt: '2025-01-05T08:00:00.000Z',
};

function fakeServer() {
  const erased: string[] = [];
  server.use(
    http.get('/api/admin/guests', () => HttpResponse.json([guest])),
    http.post('/api/admin/guests/:id/erase', ({ params }) => {
      erased.push(String(params.id));
      const answer: GuestErasureResponse = {
        guestId: GUEST_ID,
        erased: ['Name, e-mail, phone and address on 2 bookings', 'Contact messages'],
        kept: [
          { what: 'Register entry of the stay of Oct 03, 2026', why: 'Immigration Act section 40 keeps it 2 years', until: '2028-10-05' },
          { what: 'Invoice INV-000031', why: 'Tax law keeps invoices 5 years', until: null },
        ],
      };
      return HttpResponse.json(answer);
    }),
  );
  return { erased };
}

beforeEach(async () => {
  await resetDevice();
});

describe('the guests page', () => {
  it('offers erasure to a SuperAdmin only', async () => {
    fakeServer();
    renderStaffPage(<GuestsPage />, { user: users.manager, path: '/admin/guests' });
    expect(await screen.findByText('Pieter van Wyk')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Erase personal data/ })).not.toBeInTheDocument();
  });

  it('asks first, saying what happens, then shows what was erased and what was kept and why', async () => {
    const { erased } = fakeServer();
    const { user } = renderStaffPage(<GuestsPage />, { user: users.superAdmin, path: '/admin/guests' });
    await user.click(await screen.findByRole('button', { name: 'Erase personal data of Pieter van Wyk' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Erase personal data?' }));
    expect(dialog.getByText(/Pieter van Wyk \(pieter@example.com\) asked for their personal data to be erased\./)).toHaveTextContent(
      'Pieter van Wyk (pieter@example.com) asked for their personal data to be erased. Their name, contact details and address are replaced everywhere the law does not require them to be kept. This cannot be undone.',
    );
    expect(dialog.getByText(/^Kept, as the law requires/)).toHaveTextContent(
      'Kept, as the law requires: register entries until their retention period ends (at least 2 years after the stay, Immigration Act section 40), and invoices for 5 years (tax law). You will see the full list once it is done.',
    );
    expect(erased).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Erase personal data' }));
    const result = within(await screen.findByRole('region', { name: 'Erasure result' }));
    expect(result.getByText('Personal data of Pieter van Wyk erased')).toBeInTheDocument();
    expect(result.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Name, e-mail, phone and address on 2 bookings',
      'Contact messages',
      'Register entry of the stay of Oct 03, 2026: Immigration Act section 40 keeps it 2 years, until Oct 05, 2028',
      'Invoice INV-000031: Tax law keeps invoices 5 years',
    ]);
    expect(erased).toEqual([GUEST_ID]);
  });
});

describe('a guest without an e-mail (a walk-in)', () => {
  it('lists them with No e-mail and their phone', async () => {
    const walkIn: GuestListItem = { ...guest, id: 'eeee5555-0000-4000-8000-000000000002', firstName: 'Sipho', lastName: 'Mokoena', email: null, phone: '082 123 4567', bookingCount: 1 };
    server.use(http.get('/api/admin/guests', () => HttpResponse.json([walkIn])));
    renderStaffPage(<GuestsPage />, { user: users.manager, path: '/admin/guests' });
    const row = (await screen.findByText('Sipho Mokoena')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Sipho Mokoena', 'No e-mail', '082 123 4567', '1', 'Oct 03, 2026']);
  });
});
