import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PromoCode, RateOverride } from '@shared/contracts/rates.js';
import { addDays, dayOfWeek, todayInLodge } from '@shared/domain/dates.js';
import { db as offlineDb } from '@/offline/db.js';
import { makeAccommodationType, resetDevice, staff } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { formatMonthDayYear } from '@shared/format.js';
import { RatesPage } from './rates-page.js';
import { enterDate } from '@/test/date-field.js';

const today = todayInLodge(new Date());
const tent = makeAccommodationType({ id: '11111111-0000-4000-8000-000000000001', name: 'Luxury Tent', baseWeekdayRate: 2000, baseWeekendRate: 2500 });
/** The next Friday at least a week out: a Friday and Saturday night are weekend nights. */
const friday = (() => {
  let d = addDays(today, 7);
  while (dayOfWeek(d) !== 5) d = addDays(d, 1);
  return d;
})();

function promo(overrides: Partial<PromoCode>): PromoCode {
  return {
    id: '33333333-0000-4000-8000-000000000001',
    code: 'WINTER10',
    discountType: 'Percentage',
    discountValue: 10,
    expiryDate: addDays(today, 30),
    applicableToAccommodation: true,
    applicableToEvents: true,
    maxUses: 10,
    usedCount: 3,
    isActive: true,
    createdAt: '2020-01-01T08:00:00.000Z',
    updatedAt: '2020-01-01T08:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

function listHandlers(state: { overrides?: RateOverride[]; promos?: PromoCode[] }) {
  return [
    http.get('/api/admin/rate-overrides', () => HttpResponse.json(state.overrides ?? [])),
    http.get('/api/admin/promo-codes', () => HttpResponse.json(state.promos ?? [])),
    http.get('/api/admin/events', () => HttpResponse.json([])),
  ];
}

beforeEach(async () => {
  await resetDevice(staff.anna);
  await offlineDb.accommodationTypes.bulkPut([tent]);
});

describe('rate management', () => {
  it('the override dialog shows the spec messages and saves nothing until they are fixed', { timeout: 60_000 }, async () => {
    const posted: unknown[] = [];
    server.use(
      ...listHandlers({}),
      http.post('/api/admin/rate-overrides', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ message: 'nope' }, { status: 500 });
      }),
    );
    const { user } = renderStaffPage(<RatesPage />, { user: users.manager, path: '/admin/rates' });
    expect(await screen.findByText('No rate overrides yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Rate Override' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Rate Override' }));
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Weekday rate/ }), { target: { value: '-5' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Minimum stay/ }), { target: { value: '0' } });
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(dialog.getByText('Accommodation type is required')).toBeInTheDocument();
    expect(dialog.getByText('Start date is required')).toBeInTheDocument();
    expect(dialog.getByText('End date is required')).toBeInTheDocument();
    expect(dialog.getByText('Rate must be positive')).toBeInTheDocument();
    expect(dialog.getByText('Minimum stay must be at least 1')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('previews a weekend stay before and after the override, and creates it', { timeout: 60_000 }, async () => {
    const state: { overrides: RateOverride[] } = { overrides: [] };
    const posted: unknown[] = [];
    server.use(
      ...listHandlers(state),
      http.post('/api/admin/rate-overrides', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        const created: RateOverride = {
          id: '44444444-0000-4000-8000-000000000001',
          accommodationTypeId: tent.id,
          accommodationTypeName: 'Luxury Tent',
          startDate: String(body.startDate),
          endDate: String(body.endDate),
          weekdayRate: null,
          weekendRate: Number(body.weekendRate),
          minLengthOfStay: 1,
          eventId: null,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          version: 1,
        };
        state.overrides = [created];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderStaffPage(<RatesPage />, { user: users.manager, path: '/admin/rates' });
    await user.click(await screen.findByRole('button', { name: 'Add Rate Override' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Rate Override' }));
    await user.click(dialog.getByRole('combobox', { name: /Accommodation type/ }));
    await user.click(await screen.findByRole('option', { name: 'Luxury Tent' }));
    // Thursday to Saturday: one weekday night and two weekend nights.
    enterDate(document.querySelector('[role=dialog]')!, /Start date/, addDays(friday, -1));
    enterDate(document.querySelector('[role=dialog]')!, /End date/, addDays(friday, 1));
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Weekend rate/ }), { target: { value: '4000' } });
    const preview = within(dialog.getByRole('region', { name: 'Price preview' }));
    expect(preview.getByText(/A stay of 3 nights \(2 weekend\)/)).toBeInTheDocument();
    expect(preview.getByTestId('preview-before')).toHaveTextContent('R7,000');
    expect(preview.getByTestId('preview-after')).toHaveTextContent('R10,000');

    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Rate override created successfully!')).toBeInTheDocument();
    expect(posted).toEqual([
      { accommodationTypeId: tent.id, startDate: addDays(friday, -1), endDate: addDays(friday, 1), weekdayRate: null, weekendRate: '4000', minLengthOfStay: 1, eventId: null },
    ]);
    const table = within(await screen.findByRole('region', { name: 'Rate Overrides' }));
    expect(await table.findByText('R4,000')).toBeInTheDocument();
    expect(table.getByText('Base rate')).toBeInTheDocument();
  });

  it('the promo dialog shows the spec messages', { timeout: 60_000 }, async () => {
    const posted: unknown[] = [];
    server.use(
      ...listHandlers({}),
      http.post('/api/admin/promo-codes', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ message: 'nope' }, { status: 500 });
      }),
    );
    const { user } = renderStaffPage(<RatesPage />, { user: users.manager, path: '/admin/rates' });
    await user.click(await screen.findByRole('tab', { name: 'Promo Codes' }));
    await user.click(await screen.findByRole('button', { name: 'Add Promo Code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Promo Code' }));
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Max uses/ }), { target: { value: '0' } });
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(dialog.getByText('Code is required')).toBeInTheDocument();
    expect(dialog.getByText('Discount value must be positive')).toBeInTheDocument();
    expect(dialog.getByText('Expiry date is required')).toBeInTheDocument();
    expect(dialog.getByText('Max uses must be at least 1')).toBeInTheDocument();

    fireEvent.change(dialog.getByRole('textbox', { name: /Code/ }), { target: { value: 'X'.repeat(51) } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Discount value/ }), { target: { value: '-1' } });
    await waitFor(() => expect(dialog.getByText('Code too long')).toBeInTheDocument());
    expect(dialog.getByText('Discount value must be positive')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('lists promo codes with uses, Active only when switched on and not expired, Used up when every use is taken', async () => {
    server.use(
      ...listHandlers({
        promos: [
          promo({ code: 'WINTER10' }),
          promo({ id: '33333333-0000-4000-8000-000000000002', code: 'OLD', expiryDate: addDays(today, -1), maxUses: null, usedCount: 7 }),
          promo({ id: '33333333-0000-4000-8000-000000000003', code: 'PAUSED', isActive: false, discountType: 'Fixed', discountValue: 250 }),
          promo({ id: '33333333-0000-4000-8000-000000000004', code: 'LASTDAY', expiryDate: today }),
          promo({ id: '33333333-0000-4000-8000-000000000005', code: 'GONE', maxUses: 10, usedCount: 10 }),
        ],
      }),
    );
    const { user } = renderStaffPage(<RatesPage />, { user: users.manager, path: '/admin/rates' });
    await user.click(await screen.findByRole('tab', { name: 'Promo Codes' }));
    const table = within(await screen.findByRole('region', { name: 'Promo Codes' }));
    await table.findByText('WINTER10');
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows.map((r) => [r[0], r[1], r[3], r[5]])).toEqual([
      ['WINTER10', '10%', '3 / 10', 'Active'],
      ['OLD', '10%', '7 / ∞', 'Inactive'],
      ['PAUSED', 'R250', '3 / 10', 'Inactive'],
      ['LASTDAY', '10%', '3 / 10', 'Active'],
      ['GONE', '10%', '10 / 10', 'Used up'],
    ]);
  });

  it('on a phone lists overrides and promo codes as cards, every field and both actions kept, no table', async () => {
    window.innerWidth = 390;
    const override: RateOverride = {
      id: '22222222-0000-4000-8000-000000000001',
      accommodationTypeId: tent.id,
      accommodationTypeName: 'Luxury Tent',
      startDate: friday,
      endDate: addDays(friday, 1),
      weekdayRate: null,
      weekendRate: 3000,
      minLengthOfStay: 2,
      eventId: '44444444-0000-4000-8000-000000000001',
      createdAt: '2020-01-01T08:00:00.000Z',
      updatedAt: '2020-01-01T08:00:00.000Z',
      version: 1,
    };
    const gala = {
      id: '44444444-0000-4000-8000-000000000001',
      name: 'Bush Braai Gala',
      description: null,
      eventDate: `${friday}T16:00:00.000Z`,
      accommodationStartDate: friday,
      accommodationEndDate: addDays(friday, 2),
      images: [],
      isActive: true,
      createdAt: '2020-01-01T08:00:00.000Z',
      updatedAt: '2020-01-01T08:00:00.000Z',
      version: 1,
    };
    // The event's handler first: msw takes the first that matches.
    server.use(http.get('/api/admin/events', () => HttpResponse.json([gala])), ...listHandlers({ overrides: [override], promos: [promo({ code: 'WINTER10' })] }));
    const { user } = renderStaffPage(<RatesPage />, { user: users.manager, path: '/admin/rates' });

    const overrides = within(await screen.findByRole('region', { name: 'Rate Overrides' }));
    const card = await overrides.findByRole('listitem', { name: 'Luxury Tent' });
    expect(overrides.queryByRole('table')).not.toBeInTheDocument();
    const fields = (el: HTMLElement) => {
      const names = within(el).getAllByRole('term').map((t) => t.textContent);
      const values = within(el).getAllByRole('definition').map((d) => d.textContent);
      return names.map((n, i) => [n, values[i]]);
    };
    await within(card).findByText('Bush Braai Gala');
    expect(fields(card)).toEqual([
      ['Dates', `${formatMonthDayYear(friday)} – ${formatMonthDayYear(addDays(friday, 1))}`],
      ['Weekday Rate', 'Base rate'],
      ['Weekend Rate', 'R3,000'],
      ['Min Stay', '2 nights'],
      ['Event', 'Bush Braai Gala'],
    ]);
    const label = `override Luxury Tent ${friday} to ${addDays(friday, 1)}`;
    expect(within(card).getByRole('button', { name: `Delete ${label}` })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: `Edit ${label}` }));
    expect(await screen.findByRole('dialog', { name: 'Edit Rate Override' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: 'Promo Codes' }));
    const promos = within(await screen.findByRole('region', { name: 'Promo Codes' }));
    const code = await promos.findByRole('listitem', { name: 'WINTER10' });
    expect(promos.queryByRole('table')).not.toBeInTheDocument();
    expect(fields(code)).toEqual([
      ['Discount', '10%'],
      ['Expiry Date', formatMonthDayYear(addDays(today, 30))],
      ['Uses', '3 / 10'],
      ['Applies To', 'Accommodation, Events'],
      ['Status', 'Active'],
    ]);
    expect(within(code).getByRole('button', { name: 'Edit promo code WINTER10' })).toBeInTheDocument();
    expect(within(code).getByRole('button', { name: 'Delete promo code WINTER10' })).toBeInTheDocument();
  });
});
