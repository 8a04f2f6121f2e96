import type { PaceMonth, NationalityCount, ReportFigures, ReportSeriesResponse } from '@shared/contracts/reports.js';
import { formatRandToCent } from '@shared/format.js';

/**
 * What each chart of the report shows, as rows: the table view draws them, the CSV writes them
 * and the chart plots them, so the three always carry the same numbers.
 */

export type Cell = string | number | null;

export interface ReportTable {
  header: string[];
  rows: Cell[][];
  /** A closing row (the range's total or average), shown and written after the rows. */
  total?: Cell[];
  /** Which columns hold rand (shown to the cent, written with 2 decimals). */
  money?: number[];
  /** Which columns hold percents. */
  percent?: number[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Dec 2026' for '2026-12-…' or '2026-12'. */
export const monthLabel = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

export function occupancyTable(series: ReportSeriesResponse): ReportTable {
  const [all] = series.groups;
  return {
    header: ['Date', 'Occupancy %'],
    rows: series.periods.map((p, i) => [p.from, all?.values[i] ?? null]),
    total: ['Whole range', all?.total ?? null],
    percent: [1],
  };
}

export function revenueByMonthTable(rooms: ReportSeriesResponse, extras: ReportSeriesResponse): ReportTable {
  const [r] = rooms.groups;
  const [e] = extras.groups;
  const cents = (v: number | null | undefined) => Math.round((v ?? 0) * 100);
  const sum = (a: number | null | undefined, b: number | null | undefined) => (cents(a) + cents(b)) / 100;
  return {
    header: ['Month', 'Rooms', 'Extras', 'Total'],
    rows: rooms.periods.map((p, i) => [monthLabel(p.from), r?.values[i] ?? 0, e?.values[i] ?? 0, sum(r?.values[i], e?.values[i])]),
    total: ['Total', r?.total ?? 0, e?.total ?? 0, sum(r?.total, e?.total)],
    money: [1, 2, 3],
  };
}

export function groupTable(series: ReportSeriesResponse, label: string): ReportTable {
  const total = series.groups.reduce((sum, g) => sum + Math.round((g.total ?? 0) * 100), 0) / 100;
  return {
    header: [label, 'Revenue'],
    rows: [...series.groups].sort((a, b) => (b.total ?? 0) - (a.total ?? 0)).map((g) => [g.key, g.total ?? 0]),
    total: ['Total', total],
    money: [1],
  };
}

export function paceTable(pace: readonly PaceMonth[]): ReportTable {
  return {
    header: ['Month', 'Nights on the books', 'Same point last year'],
    rows: pace.map((p) => [monthLabel(p.month), p.nights, p.lastYearNights]),
  };
}

export function nationalityTable(nationalities: readonly NationalityCount[]): ReportTable {
  return {
    header: ['Nationality', 'Guests'],
    rows: nationalities.map((n) => [n.nationality, n.guests]),
    total: ['Total', nationalities.reduce((sum, n) => sum + n.guests, 0)],
  };
}

/** How a cell reads on the page. */
export function cellText(table: ReportTable, column: number, value: Cell): string {
  if (value === null) return '–';
  if (typeof value === 'string') return value;
  if (table.money?.includes(column)) return formatRandToCent(value);
  if (table.percent?.includes(column)) return `${value}%`;
  return String(value);
}

/** How a cell is written to the CSV: the same number, rand with 2 decimals, nothing for a gap. */
export function csvCell(table: ReportTable, column: number, value: Cell): string | number | null {
  if (typeof value === 'number' && table.money?.includes(column)) return value.toFixed(2);
  return value;
}

export interface FigureSpec {
  key: keyof ReportFigures;
  title: string;
  kind: 'percent' | 'money' | 'count' | 'nights' | 'days';
}

/** The figure cards, in the order the page shows them. */
export const FIGURES: readonly FigureSpec[] = [
  { key: 'occupancy', title: 'Occupancy', kind: 'percent' },
  { key: 'adr', title: 'ADR', kind: 'money' },
  { key: 'revpar', title: 'RevPAR', kind: 'money' },
  { key: 'roomRevenue', title: 'Room revenue', kind: 'money' },
  { key: 'extrasRevenue', title: 'Extras revenue', kind: 'money' },
  { key: 'totalRevenue', title: 'Total revenue', kind: 'money' },
  { key: 'nightsSold', title: 'Nights sold', kind: 'count' },
  { key: 'bookings', title: 'Bookings', kind: 'count' },
  { key: 'cancellations', title: 'Cancellations', kind: 'count' },
  { key: 'cancellationRate', title: 'Cancellation rate', kind: 'percent' },
  { key: 'averageLengthOfStay', title: 'Average length of stay', kind: 'nights' },
  { key: 'averageLeadTime', title: 'Average lead time', kind: 'days' },
];

export function figureText(spec: FigureSpec, value: number | null): string {
  if (value === null) return '–';
  switch (spec.kind) {
    case 'percent':
      return `${value}%`;
    case 'money':
      return formatRandToCent(value);
    case 'nights':
      return `${value} night${value === 1 ? '' : 's'}`;
    case 'days':
      return `${value} day${value === 1 ? '' : 's'}`;
    default:
      return String(value);
  }
}

/**
 * The change against the comparison: percents in points ('+3.2 pts'), the rest as a share of
 * last year's value ('+12.5%'); nothing to compare with when either side is missing or 0.
 */
export function changeText(spec: FigureSpec, value: number | null, previous: number | null): string {
  if (value === null || previous === null) return 'No comparison';
  if (spec.kind === 'percent') {
    const points = Math.round((value - previous) * 10) / 10;
    return `${points > 0 ? '+' : ''}${points} pts vs last year`;
  }
  if (previous === 0) return value === 0 ? 'No change vs last year' : 'New vs last year (was 0)';
  const change = Math.round(((value - previous) / previous) * 1000) / 10;
  return `${change > 0 ? '+' : ''}${change}% vs last year`;
}
