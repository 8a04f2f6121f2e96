import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { SetupChecklist } from '@shared/contracts/setup-checklist.js';
import { server } from '@/test/server.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { DashboardPage } from './dashboard-page.js';

const checklist: SetupChecklist = {
  complete: false,
  items: [
    { key: 'lodgeName', label: 'Lodge name', detail: 'The lodge is still called "Our Lodge".', done: false, href: '/admin/settings?tab=lodge' },
    { key: 'contact', label: 'Contact details', detail: 'E-mail and phone are set.', done: true, href: '/admin/settings?tab=lodge' },
    { key: 'banking', label: 'Banking details', detail: 'Guests paying by EFT need the bank.', done: false, href: '/admin/settings' },
    { key: 'paystack', label: 'Paystack keys', detail: 'Card payments are configured.', done: true, href: '/admin/settings' },
    { key: 'pictures', label: 'Accommodation pictures', detail: 'No picture yet: Tent.', done: false, href: '/admin/accommodations' },
  ],
};

beforeEach(async () => {
  await resetDevice();
  localStorage.clear();
});

describe('first-run checklist on the dashboard', () => {
  it('shows a SuperAdmin the unset items, each a link to where it is set; Hide for now hides it', async () => {
    server.use(http.get('/api/admin/setup-checklist', () => HttpResponse.json(checklist)));
    renderStaffPage(<DashboardPage />, { user: users.superAdmin });
    const card = within(await screen.findByRole('region', { name: 'Finish setting up' }));
    expect(card.getByText(/3 items are still unset/)).toBeInTheDocument();
    expect(card.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Lodge name', '/admin/settings?tab=lodge'],
      ['Banking details', '/admin/settings'],
      ['Accommodation pictures', '/admin/accommodations'],
    ]);
    expect(card.getByText('No picture yet: Tent.')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Hide for now' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Finish setting up' })).not.toBeInTheDocument());
  });

  it('shows nothing when all is set, and never asks for a manager', async () => {
    let asked = 0;
    server.use(
      http.get('/api/admin/setup-checklist', () => {
        asked++;
        return HttpResponse.json(checklist);
      }),
    );
    renderStaffPage(<DashboardPage />, { user: users.manager });
    await screen.findByText('Dashboard');
    expect(screen.queryByRole('region', { name: 'Finish setting up' })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
