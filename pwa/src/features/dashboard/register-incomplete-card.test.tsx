import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RegisterIncompleteResponse } from '@shared/contracts/lodger-register.js';
import { server } from '@/test/server.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { RegisterIncompleteCard } from './register-incomplete-card.js';

const BOOKING = 'cccc3333-0000-4000-8000-000000000009';

beforeEach(async () => {
  await resetDevice();
});

describe('Register incomplete on the dashboard', () => {
  it('lists stays missing adults from the register, each opening its booking', async () => {
    const body: RegisterIncompleteResponse = {
      bookings: [
        {
          bookingId: BOOKING,
          reference: 'LDG-2026-00031',
          guestName: 'Ayanda Khumalo',
          accommodationName: 'Marula Chalet',
          unitName: 'Chalet 2',
          status: 'Checked-In',
          checkInDate: '2026-11-28',
          checkOutDate: '2026-11-30',
          registered: 1,
          expected: 2,
        },
      ],
    };
    server.use(http.get('/api/admin/register/incomplete', () => HttpResponse.json(body)));
    renderStaffPage(<RegisterIncompleteCard />, { user: users.receptionist });
    const card = within(await screen.findByRole('region', { name: 'Register incomplete' }));
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'LDG-2026-00031 · Ayanda KhumaloChalet 2 · in house Nov 28, 2026 – Nov 30, 2026Register: 1 of 2 adults',
    ]);
    expect(card.getByRole('link', { name: 'LDG-2026-00031' })).toHaveAttribute('href', `/admin/bookings?booking=${BOOKING}`);
  });

  it('is left out when every register is complete', async () => {
    let asked = 0;
    server.use(
      http.get('/api/admin/register/incomplete', () => {
        asked++;
        return HttpResponse.json({ bookings: [] });
      }),
    );
    renderStaffPage(<RegisterIncompleteCard />, { user: users.receptionist });
    await expect.poll(() => asked).toBe(1);
    expect(screen.queryByRole('region', { name: 'Register incomplete' })).not.toBeInTheDocument();
  });
});
