import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatLodgeDateTimeYear, formatStayDate } from '@shared/format.js';
import type { WaitlistEntry } from '@shared/contracts/waitlist.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { WaitlistPage } from './waitlist-page.js';

const today = todayInLodge(new Date());
const joinedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
const notifiedAt = new Date(Date.now() - 3_600_000).toISOString();

const entry = (over: Partial<WaitlistEntry>): WaitlistEntry => ({
  id: 'w-1',
  name: 'Lerato Mokoena',
  email: 'lerato@example.com',
  checkIn: addDays(today, 20),
  checkOut: addDays(today, 22),
  guests: 2,
  accommodationTypeId: 'type-suite',
  accommodationTypeName: 'Luxury Safari Suite',
  createdAt: joinedAt,
  notifiedAt: null,
  status: 'waiting',
  ...over,
});

const entries = [
  entry({}),
  entry({ id: 'w-2', name: 'Pieter Botha', email: 'pieter@example.com', guests: 1, notifiedAt, status: 'notified' }),
  entry({ id: 'w-3', name: 'Ayesha Khan', email: 'ayesha@example.com', checkIn: addDays(today, -2), checkOut: today, status: 'expired' }),
];

describe('/admin/waitlist', () => {
  it('lists each entry with its stay and status (notified when), and removes one after asking', { timeout: 60_000 }, async () => {
    let list = entries;
    const removed: string[] = [];
    server.use(
      http.get('/api/admin/waitlist', () => HttpResponse.json(list)),
      http.delete('/api/admin/waitlist/:id', ({ params }) => {
        removed.push(params.id as string);
        list = list.filter((e) => e.id !== params.id);
        return HttpResponse.json({ id: params.id, message: 'Removed from the waitlist' });
      }),
    );
    const { user } = renderStaffPage(<WaitlistPage />, { user: users.receptionist, path: '/admin/waitlist' });
    const table = within(await screen.findByRole('region', { name: 'Waitlist entries' }));
    const rows = await table.findAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell').slice(0, 6).map((c) => c.textContent))).toEqual([
      ['Lerato Mokoenalerato@example.com', 'Luxury Safari Suite', `${formatStayDate(addDays(today, 20))} to ${formatStayDate(addDays(today, 22))}`, '2', formatLodgeDateTimeYear(joinedAt), 'Waiting'],
      ['Pieter Bothapieter@example.com', 'Luxury Safari Suite', `${formatStayDate(addDays(today, 20))} to ${formatStayDate(addDays(today, 22))}`, '1', formatLodgeDateTimeYear(joinedAt), `Notified ${formatLodgeDateTimeYear(notifiedAt)}`],
      ['Ayesha Khanayesha@example.com', 'Luxury Safari Suite', `${formatStayDate(addDays(today, -2))} to ${formatStayDate(today)}`, '2', formatLodgeDateTimeYear(joinedAt), 'Expired'],
    ]);

    await user.click(table.getByRole('button', { name: 'Remove Pieter Botha' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove from the waitlist?' }));
    expect(dialog.getByText(`Pieter Botha will not be e-mailed about Luxury Safari Suite, ${formatStayDate(addDays(today, 20))} to ${formatStayDate(addDays(today, 22))}.`)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Pieter Botha')).not.toBeInTheDocument());
    expect(removed).toEqual(['w-2']);
    expect(screen.getByText('Lerato Mokoena')).toBeInTheDocument();
  });

  it('says so when nobody waits', async () => {
    server.use(http.get('/api/admin/waitlist', () => HttpResponse.json([])));
    renderStaffPage(<WaitlistPage />, { user: users.manager, path: '/admin/waitlist' });
    expect(await screen.findByText('Nobody is on the waitlist.')).toBeInTheDocument();
  });
});
