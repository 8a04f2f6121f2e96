import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EXTRA_MESSAGES, type Extra } from '@shared/contracts/folio.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { ExtrasPage } from './extras-page.js';

const drive: Extra = {
  id: '44444444-0000-4000-8000-000000000001',
  name: 'Morning game drive',
  description: 'Three hours at first light',
  price: 650,
  childPrice: 325,
  pricing: 'per_person',
  vatInclusive: true,
  bookableOnline: true,
  isActive: true,
  version: 1,
  updatedAt: '2026-01-01T08:00:00.000Z',
};

describe('the Extras page', () => {
  it('lists the catalogue with pricing in words, checks the form with the API’s messages, and creates an extra', { timeout: 60_000 }, async () => {
    const list: Extra[] = [drive];
    const posted: unknown[] = [];
    server.use(
      http.get('/api/admin/extras', () => HttpResponse.json(list)),
      http.post('/api/admin/extras', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        const created = { ...drive, ...body, id: '44444444-0000-4000-8000-000000000002', description: null, version: 1 } as Extra;
        list.push(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderStaffPage(<ExtrasPage />, { user: users.manager, path: '/admin/extras' });
    const row = await screen.findByRole('row', { name: /Morning game drive/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Morning game drive', 'per person', 'R650', 'R325', 'Yes', 'Yes', 'Yes', '']);

    await user.click(screen.getByRole('button', { name: 'Add Extra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Extra' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText(EXTRA_MESSAGES.nameRequired)).toBeVisible();
    expect(within(dialog).getByText(EXTRA_MESSAGES.priceInvalid)).toBeVisible();
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bar tab');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Price (R)' }), '45');
    await user.click(within(dialog).getByRole('combobox', { name: 'Pricing' }));
    await user.click(await screen.findByRole('option', { name: 'Per item' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Extra' })).not.toBeInTheDocument());
    expect(posted).toEqual([
      { name: 'Bar tab', description: null, price: 45, childPrice: null, pricing: 'per_item', vatInclusive: true, bookableOnline: false, isActive: true },
    ]);
    expect(await screen.findByRole('row', { name: /Bar tab/ })).toHaveTextContent('per item');
  });

  it('asks before deleting, and says so when the server deactivated a charged extra instead', { timeout: 60_000 }, async () => {
    const message = 'This extra has been charged before, so it was deactivated instead of deleted';
    let deleted = 0;
    server.use(
      http.get('/api/admin/extras', () => HttpResponse.json([drive])),
      http.delete('/api/admin/extras/:id', () => {
        deleted++;
        return HttpResponse.json({ message, extra: { ...drive, isActive: false, version: 2 } });
      }),
    );
    const { user } = renderStaffPage(<ExtrasPage />, { user: users.manager, path: '/admin/extras' });
    await user.click(await screen.findByRole('button', { name: 'Delete Morning game drive' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Extra' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete the extra "Morning game drive"? This action cannot be undone.');
    expect(deleted).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const done = await screen.findByRole('dialog', { name: 'Extra Deactivated' });
    expect(within(done).getByRole('status')).toHaveTextContent(message);
    expect(deleted).toBe(1);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
