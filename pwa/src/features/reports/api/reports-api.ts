import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReportSeriesResponse, ReportSummaryResponse, type ReportSeriesQuery } from '@shared/contracts/reports.js';
import { apiFetch } from '@/lib/api.js';
import type { DateRange } from '../report-range.js';

/** The owner's reports: read online, fresh on each visit (the figures move with every booking). */

/** GET /api/admin/reports/summary: the figures, the same period last year when asked, pace and nationalities. */
export function useReportSummary(range: DateRange, compare: boolean, enabled = true) {
  return useQuery({
    queryKey: ['reports', 'summary', range, compare] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/admin/reports/summary', { params: { ...range, ...(compare ? { compare: 'previous-year' } : {}) }, schema: ReportSummaryResponse, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    enabled,
  });
}

type SeriesInput = Pick<ReportSeriesQuery, 'metric' | 'interval' | 'groupBy'> & DateRange;

/** GET /api/admin/reports/series: one figure per day, week or month, optionally by group. */
export function useReportSeries(query: SeriesInput, enabled = true) {
  return useQuery({
    queryKey: ['reports', 'series', query] as const,
    queryFn: ({ signal }) => apiFetch('/api/admin/reports/series', { params: { ...query }, schema: ReportSeriesResponse, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    enabled,
  });
}
