import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportFigures, ReportSeriesResponse, ReportSummaryResponse } from '@shared/contracts/reports.js';
import { reportPeriods } from '@shared/domain/reports.js';
import { server } from '@/test/server.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { presetRange } from './report-range.js';
import { ReportsPage } from './reports-page.js';

const figures = (over: Partial<ReportFigures> = {}): ReportFigures => ({
  occupancy: 42.9,
  adr: 1175,
  revpar: 503.57,
  roomRevenue: 14100,
  extrasRevenue: 500,
  totalRevenue: 14600,
  nightsSold: 12,
  nightsAvailable: 28,
  bookings: 2,
  cancellations: 1,
  cancellationRate: 50,
  averageLengthOfStay: 3,
  averageLeadTime: 27.3,
  ...over,
});

/** The API as msw: the summary and each series for whatever range is asked, every ask recorded. */
function fakeServer() {
  const asked: { path: string; params: URLSearchParams }[] = [];
  server.use(
    http.get('/api/admin/reports/summary', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push({ path: 'summary', params });
      const body: ReportSummaryResponse = {
        from: params.get('from')!,
        to: params.get('to')!,
        figures: figures(),
        compare: params.get('compare') ? { from: '2025-01-01', to: '2025-01-31', figures: figures({ occupancy: 40, roomRevenue: 12000, totalRevenue: 12500, cancellationRate: null }) } : null,
        pace: [{ month: '2026-12', nights: 40, lastYearNights: 31 }],
        nationalities: [
          { nationality: 'South Africa', guests: 2 },
          { nationality: 'Germany', guests: 1 },
        ],
      };
      return HttpResponse.json(body);
    }),
    http.get('/api/admin/reports/series', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push({ path: 'series', params });
      const range = { from: params.get('from')!, to: params.get('to')! };
      const interval = params.get('interval') as 'day' | 'month';
      const periods = reportPeriods(range, interval);
      const metric = params.get('metric') as ReportSeriesResponse['metric'];
      const groupBy = (params.get('groupBy') as ReportSeriesResponse['groupBy']) ?? null;
      const flat = (value: number, total: number) => [{ key: 'All', values: periods.map((_, i) => (i === 0 ? value : 0)), total }];
      const groups =
        groupBy === 'paymentMethod'
          ? [
              { key: 'Card', values: periods.map(() => 0), total: 3000 },
              { key: 'EFT', values: periods.map(() => 0), total: 11600 },
            ]
          : groupBy
            ? [{ key: groupBy === 'type' ? 'Chalet' : 'Phone', values: periods.map(() => 0), total: 14600 }]
            : metric === 'occupancy'
              ? flat(50, 42.9)
              : metric === 'roomRevenue'
                ? flat(14100, 14100)
                : flat(500, 500);
      const body: ReportSeriesResponse = { metric, interval, groupBy, ...range, periods, groups };
      return HttpResponse.json(body);
    }),
  );
  return asked;
}

let downloads: Blob[];
beforeEach(async () => {
  await resetDevice();
  downloads = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        downloads.push(blob);
        return 'blob:report';
      },
      revokeObjectURL: () => {},
    }),
  );
});

describe('the reports page', () => {
  it('asks for this month compared with last year and shows each figure with its change', async () => {
    const asked = fakeServer();
    renderStaffPage(<ReportsPage />, { user: users.manager, path: '/admin/reports' });
    const cards = await screen.findByRole('region', { name: 'Figures' });
    const thisMonth = presetRange('this-month', new Date());
    const summary = asked.find((a) => a.path === 'summary')!;
    expect([summary.params.get('from'), summary.params.get('to'), summary.params.get('compare')]).toEqual([thisMonth.from, thisMonth.to, 'previous-year']);
    await within(cards).findByText('R14,100.00');
    const card = (title: string) => within(cards).getByRole('heading', { name: title }).parentElement!.textContent;
    // 42.9 against 40: +2.9 points; 14,100 against 12,000: +17.5 %.
    expect(card('Occupancy')).toBe('Occupancy42.9%+2.9 pts vs last year');
    expect(card('Room revenue')).toBe('Room revenueR14,100.00+17.5% vs last year');
    expect(card('ADR')).toBe('ADRR1,175.000% vs last year');
    expect(card('Cancellation rate')).toBe('Cancellation rate50%No comparison');
    expect(card('Average lead time')).toBe('Average lead time27.3 days0% vs last year');
  });

  it('switches to last month and asks every figure and series for it', async () => {
    const asked = fakeServer();
    const { user } = renderStaffPage(<ReportsPage />, { user: users.manager, path: '/admin/reports' });
    await screen.findByRole('region', { name: 'Figures' });
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Last month' }));
    const lastMonth = presetRange('last-month', new Date());
    await waitFor(() => expect(asked.filter((a) => a.params.get('from') === lastMonth.from && a.params.get('to') === lastMonth.to)).toHaveLength(7));
  });

  it('shows a chart as a table and downloads the same rows as CSV, the total row included', async () => {
    fakeServer();
    const { user } = renderStaffPage(<ReportsPage />, { user: users.manager, path: '/admin/reports' });
    const panel = await screen.findByRole('region', { name: 'Revenue by payment method' });
    await within(panel).findByRole('img', { name: /^Revenue by payment method: Revenue R14,600.00/ });
    await user.click(within(panel).getByRole('button', { name: 'Table' }));
    const table = within(panel).getByRole('table', { name: 'Revenue by payment method' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['Payment methodRevenue', 'EFTR11,600.00', 'CardR3,000.00', 'TotalR14,600.00']);
    await user.click(within(panel).getByRole('button', { name: 'Download Revenue by payment method as CSV' }));
    expect(downloads).toHaveLength(1);
    expect(await downloads[0].text()).toBe('Payment method,Revenue\r\nEFT,11600.00\r\nCard,3000.00\r\nTotal,14600.00\r\n');
  });

  it('lists the nationalities of the register and the pace', async () => {
    fakeServer();
    const { user } = renderStaffPage(<ReportsPage />, { user: users.manager, path: '/admin/reports' });
    const nationality = await screen.findByRole('region', { name: 'Guests by nationality' });
    await within(nationality).findByRole('img', { name: 'Guests by nationality: Guests 3 (2 rows; the table view lists them)' });
    const pace = screen.getByRole('region', { name: 'Pace' });
    await user.click(within(pace).getByRole('button', { name: 'Table' }));
    expect(within(pace).getAllByRole('row').map((r) => r.textContent)).toEqual(['MonthNights on the booksSame point last year', 'Dec 20264031']);
  });
});
