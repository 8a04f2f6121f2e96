import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { AuditPage } from './audit-page.js';
import { enterDate } from '@/test/date-field.js';

const entry = {
  id: 7,
  actorUsername: 'anna',
  action: 'settings.update',
  entityType: 'settings',
  entityId: '1',
  before: { allowCardPayments: true, version: 3 },
  after: { allowCardPayments: false, version: 4 },
  note: null,
  createdAt: new Date().toISOString(),
};

describe('audit log', () => {
  it('shows who changed what with before and after, and filters by person and by record', { timeout: 90_000 }, async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('/api/admin/audit', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ items: [entry], page: 1, pageSize: 50, total: 1 });
      }),
    );
    const { user } = renderStaffPage(<AuditPage />, { user: users.manager, path: '/admin/audit' });
    const card = within(await screen.findByRole('article', { name: 'Settings update by anna' }));
    const row = card.getByRole('row', { name: /Allow card payments/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Allow card payments', 'Yes', 'No']);
    expect(card.queryByText('Version')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Person (username)'), { target: { value: 'anna' } });
    await waitFor(() => expect(asked.at(-1)).toEqual({ actor: 'anna', page: '1' }));
    await user.click(card.getByRole('button', { name: 'Show changes of Settings 1' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ actor: 'anna', entityType: 'settings', entityId: '1', page: '1' }));
  });

  it('refuses an end date before the start date without asking the server', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('/api/admin/audit', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ items: [], page: 1, pageSize: 50, total: 0 });
      }),
    );
    renderStaffPage(<AuditPage />, { user: users.manager, path: '/admin/audit' });
    expect(await screen.findByText('No changes found.')).toBeInTheDocument();
    const today = todayInLodge(new Date());
    enterDate(document.body, 'From', today);
    enterDate(document.body, 'To', addDays(today, -9));
    expect(screen.getByText('The end date must be on or after the start date')).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: today, page: '1' }));
  });
});
