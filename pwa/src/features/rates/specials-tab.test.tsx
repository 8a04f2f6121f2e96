import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SpecialOffer } from '@shared/contracts/specials.js';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { db as offlineDb } from '@/offline/db.js';
import { makeAccommodationType, resetDevice, staff } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { enterDate } from '@/test/date-field.js';
import { formatMonthDayYear } from '@shared/format.js';
import { RatesPage } from './rates-page.js';

const today = todayInLodge(new Date());
const tent = makeAccommodationType({ id: '11111111-0000-4000-8000-000000000001', name: 'Luxury Tent' });
const suite = makeAccommodationType({ id: '11111111-0000-4000-8000-000000000002', name: 'Tamboti Family Suite', pricingModel: 'per_person_sharing', mealPlan: 'Fully inclusive' });

function special(overrides: Partial<SpecialOffer> = {}): SpecialOffer {
  return {
    id: '55555555-0000-4000-8000-000000000001',
    name: 'Stay 4, pay 3',
    description: 'The cheapest night of every four is on us',
    accommodationTypeIds: [suite.id],
    accommodationTypeNames: ['Tamboti Family Suite'],
    stayFrom: today,
    stayTo: addDays(today, 180),
    stayNights: 4,
    payNights: 3,
    bookFrom: null,
    bookTo: null,
    combinableWithPromo: false,
    isActive: true,
    createdAt: '2020-01-01T08:00:00.000Z',
    updatedAt: '2020-01-01T08:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const handlers = (state: { specials: SpecialOffer[] }) => [
  http.get('/api/admin/rate-overrides', () => HttpResponse.json([])),
  http.get('/api/admin/promo-codes', () => HttpResponse.json([])),
  http.get('/api/admin/events', () => HttpResponse.json([])),
  http.get('/api/admin/special-offers', () => HttpResponse.json(state.specials)),
];

async function openSpecials() {
  const rendered = renderStaffPage(<RatesPage />, { user: users.manager, path: '/admin/rates' });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Specials' }));
  return rendered;
}

beforeEach(async () => {
  await resetDevice(staff.anna);
  await offlineDb.accommodationTypes.bulkPut([tent, suite]);
});

describe('rate management: specials', () => {
  it('lists each special with its types, stay dates, offer, booking window and status', async () => {
    const closing = special({ id: '55555555-0000-4000-8000-000000000002', name: 'Winter escape', accommodationTypeIds: [tent.id, suite.id], accommodationTypeNames: ['Luxury Tent', 'Tamboti Family Suite'], stayNights: 7, payNights: 5, bookTo: addDays(today, 30), isActive: false });
    server.use(...handlers({ specials: [special(), closing] }));
    await openSpecials();
    const table = within(await screen.findByRole('region', { name: 'Specials' }));
    const rows = (await table.findAllByRole('row')).slice(1).map((r) => within(r).getAllByRole('cell').slice(0, 6).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Stay 4, pay 3', 'Tamboti Family Suite', `${formatMonthDayYear(today)} – ${formatMonthDayYear(addDays(today, 180))}`, 'Stay 4, pay 3', 'Any time', 'Active'],
      ['Winter escape', 'Luxury Tent, Tamboti Family Suite', `${formatMonthDayYear(today)} – ${formatMonthDayYear(addDays(today, 180))}`, 'Stay 7, pay 5', `Until ${formatMonthDayYear(addDays(today, 30))}`, 'Inactive'],
    ]);
  });

  it('shows the contract’s messages, then creates a special with the body the API parses', { timeout: 60_000 }, async () => {
    const state = { specials: [] as SpecialOffer[] };
    const posted: unknown[] = [];
    server.use(
      ...handlers(state),
      http.post('/api/admin/special-offers', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        state.specials = [special({ name: String(body.name), accommodationTypeIds: [tent.id], accommodationTypeNames: ['Luxury Tent'] })];
        return HttpResponse.json(state.specials[0], { status: 201 });
      }),
    );
    const { user } = await openSpecials();
    expect(await screen.findByText('No specials yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Special' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Special Offer' }));
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(dialog.getByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Choose at least one accommodation type')).toBeInTheDocument();
    expect(dialog.getByText('Stay from date is required')).toBeInTheDocument();
    expect(dialog.getByText('Stay to date is required')).toBeInTheDocument();
    expect(posted).toEqual([]);

    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Midweek bush break' } });
    await user.click(dialog.getByRole('combobox', { name: /Accommodation types/ }));
    await user.click(await screen.findByRole('option', { name: 'Luxury Tent' }));
    await user.keyboard('{Escape}');
    const scope = document.querySelector<HTMLElement>('[role=dialog][aria-labelledby=special-dialog-title]')!;
    enterDate(scope, /Stay from/, addDays(today, 10));
    enterDate(scope, /Stay to/, addDays(today, 40));
    enterDate(scope, /Book by/, addDays(today, 5));
    await user.click(dialog.getByRole('checkbox', { name: 'Can be combined with a promo code' }));
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Pay nights/ }), { target: { value: '4' } });
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(dialog.getByText('Pay nights must be at least 1 and fewer than stay nights')).toBeInTheDocument();
    expect(posted).toEqual([]);
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Pay nights/ }), { target: { value: '3' } });
    expect(dialog.getByText('Stay 4, pay 3: of every 4 nights in the stay dates, the cheapest night is free.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Special offer created successfully!')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        name: 'Midweek bush break',
        description: '',
        accommodationTypeIds: [tent.id],
        stayFrom: addDays(today, 10),
        stayTo: addDays(today, 40),
        stayNights: 4,
        payNights: 3,
        bookFrom: null,
        bookTo: addDays(today, 5),
        combinableWithPromo: true,
        isActive: true,
      },
    ]);
    expect(await within(screen.getByRole('region', { name: 'Specials' })).findByText('Midweek bush break')).toBeInTheDocument();
  });

  it('shows the server’s 400 at its field and a stale edit’s 409, and sends the version read', { timeout: 60_000 }, async () => {
    const state = { specials: [special()] };
    const sent: Record<string, unknown>[] = [];
    server.use(
      ...handlers(state),
      http.put('/api/admin/special-offers/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (sent.length === 1) return HttpResponse.json({ message: 'accommodationTypeIds: Choose at least one accommodation type', code: 'validation_error', errors: { accommodationTypeIds: 'Choose at least one accommodation type' } }, { status: 400 });
        return HttpResponse.json({ message: 'This special offer was changed by someone else. Reload and try again.', code: 'stale' }, { status: 409 });
      }),
    );
    const { user } = await openSpecials();
    await user.click(await screen.findByRole('button', { name: 'Edit special Stay 4, pay 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Special Offer' }));
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Stay 4, pay 3');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Choose at least one accommodation type')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('This special offer was changed by someone else. Reload and try again.')).toBeInTheDocument();
    expect(sent).toMatchObject([
      { accommodationTypeIds: [suite.id], stayNights: 4, payNights: 3, version: 1 },
      { version: 1 },
    ]);
  });

  it('deletes a special after the confirmation', async () => {
    const state = { specials: [special()] };
    const deleted: string[] = [];
    server.use(
      ...handlers(state),
      http.delete('/api/admin/special-offers/:id', ({ params }) => {
        deleted.push(String(params.id));
        state.specials = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openSpecials();
    await user.click(await screen.findByRole('button', { name: 'Delete special Stay 4, pay 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Special' }));
    expect(dialog.getByText('Are you sure you want to delete the special "Stay 4, pay 3"? Bookings it already priced keep their totals. This action cannot be undone.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Special offer deleted successfully!')).toBeInTheDocument();
    expect(deleted).toEqual(['55555555-0000-4000-8000-000000000001']);
    await waitFor(() => expect(screen.getByText('No specials yet.')).toBeInTheDocument());
  });
});
