import type { Deps } from '../../deps.js';
import { centsToRand } from '../../../../shared/domain/money.js';
import { countryName } from '../../../../shared/domain/countries.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import {
  averageDailyRateCents,
  averageLeadTime,
  averageLengthOfStay,
  bookingCounts,
  extrasRevenueByDay,
  monthsFrom,
  nightsAvailableByDay,
  nightsOnTheBooks,
  nightsSoldByDay,
  occupancy,
  reportPeriods,
  revParCents,
  roomRevenueByDay,
  sameRangeLastYear,
  sumOverPeriod,
  totalRevenueCents,
  type ReportRange,
} from '../../../../shared/domain/reports.js';
import type {
  PaceMonth,
  ReportFigures,
  ReportMetric,
  ReportSeriesQuery,
  ReportSeriesResponse,
  ReportSummaryQuery,
  ReportSummaryResponse,
} from '../../../../shared/contracts/reports.js';
import * as repo from './reports.repo.js';

/** How many coming months the pace chart shows, this one first. */
const PACE_MONTHS = 6;

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};
const percent = (fraction: number | null) => (fraction === null ? null : round(fraction * 100, 1));
const rand = (cents: number | null) => (cents === null ? null : centsToRand(Math.round(cents)));

/** A range's rows cut into per-day rows, the figures of any period inside it read from them. */
function dailyRows(rows: repo.ReportRows, range: ReportRange) {
  const sold = nightsSoldByDay(rows.unitStays, rows.units, range);
  const available = nightsAvailableByDay(rows.units, rows.outOfOrder, rows.unitStays, range);
  const rooms = roomRevenueByDay(rows.moneyStays, range).get('All') ?? [];
  const extras = extrasRevenueByDay(rows.charges, rows.vatRegistered, range).get('All') ?? [];
  return { sold, available, rooms, extras };
}

type Daily = ReturnType<typeof dailyRows>;

/** The figures of a period that come from the nights and the folio (what a series shows). */
type NightFigures = Pick<ReportFigures, ReportMetric>;

function nightFiguresOf(daily: Daily, range: ReportRange, period: ReportRange): NightFigures {
  const sold = sumOverPeriod(daily.sold, range, period);
  const available = sumOverPeriod(daily.available, range, period);
  const roomCents = sumOverPeriod(daily.rooms, range, period);
  const extrasCents = sumOverPeriod(daily.extras, range, period);
  return {
    occupancy: percent(occupancy(sold, available)),
    adr: rand(averageDailyRateCents(roomCents, sold)),
    revpar: rand(revParCents(roomCents, available)),
    roomRevenue: centsToRand(roomCents),
    extrasRevenue: centsToRand(extrasCents),
    totalRevenue: centsToRand(totalRevenueCents(roomCents, extrasCents)),
    nightsSold: sold,
    nightsAvailable: available,
  };
}

function figuresOf(rows: repo.ReportRows, range: ReportRange): ReportFigures {
  const counts = bookingCounts(rows.made, range);
  const stayLength = averageLengthOfStay(rows.made, range);
  const lead = averageLeadTime(rows.made, range);
  return {
    ...nightFiguresOf(dailyRows(rows, range), range, range),
    bookings: counts.bookings,
    cancellations: counts.cancellations,
    cancellationRate: percent(counts.cancellationRate),
    averageLengthOfStay: stayLength === null ? null : round(stayLength, 1),
    averageLeadTime: lead === null ? null : round(lead, 1),
  };
}

async function rangeFigures(deps: Pick<Deps, 'db'>, range: ReportRange) {
  const rows = await repo.readReportRows(deps.db, range);
  return { rows, figures: figuresOf(rows, range) };
}

/**
 * The version of everything a report reads: an answer kept in memory is right while it stays
 * the same (reports.routes.ts).
 */
export function reportsVersion(deps: Pick<Deps, 'db'>): Promise<string> {
  return repo.readReportsVersion(deps.db);
}

/** GET /api/admin/reports/summary: the range's figures, the comparison's, pace and nationalities. */
export async function reportSummary(deps: Pick<Deps, 'db' | 'clock'>, query: ReportSummaryQuery): Promise<ReportSummaryResponse> {
  const range = { from: query.from, to: query.to };
  const lastYear = sameRangeLastYear(range);
  const now = deps.clock.now();
  const months = monthsFrom(todayInLodge(now), PACE_MONTHS);
  const monthsLastYear = months.map(sameRangeLastYear);
  const yearAgo = new Date(now);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  const paceWindows = [
    { from: months[0].from, to: months[months.length - 1].to },
    { from: monthsLastYear[0].from, to: monthsLastYear[monthsLastYear.length - 1].to },
  ];
  const [current, compare, paceStays] = await Promise.all([
    rangeFigures(deps, range),
    query.compare === 'previous-year' ? rangeFigures(deps, lastYear) : Promise.resolve(null),
    repo.readPaceStays(deps.db, paceWindows),
  ]);
  const pace: PaceMonth[] = months.map((month, i) => ({
    month: month.from.slice(0, 7),
    nights: nightsOnTheBooks(paceStays, month, now),
    lastYearNights: nightsOnTheBooks(paceStays, monthsLastYear[i], yearAgo),
  }));
  return {
    from: range.from,
    to: range.to,
    figures: current.figures,
    compare: compare ? { ...lastYear, figures: compare.figures } : null,
    pace,
    nationalities: current.rows.nationalities.map((n) => ({ nationality: countryName(n.code), guests: n.guests })),
  };
}

/** GET /api/admin/reports/series: one metric per day, week or month, optionally by group. */
export async function reportSeries(deps: Pick<Deps, 'db'>, query: ReportSeriesQuery): Promise<ReportSeriesResponse> {
  const range = { from: query.from, to: query.to };
  const rows = await repo.readReportRows(deps.db, range);
  const periods = reportPeriods(range, query.interval);
  const groupBy = query.groupBy ?? null;
  let groups: ReportSeriesResponse['groups'];
  if (groupBy) {
    const rooms = query.metric === 'extrasRevenue' ? new Map<string, number[]>() : roomRevenueByDay(rows.moneyStays, range, groupBy);
    const extras = query.metric === 'roomRevenue' ? new Map<string, number[]>() : extrasRevenueByDay(rows.charges, rows.vatRegistered, range, groupBy);
    const keys = [...new Set([...rooms.keys(), ...extras.keys()])].sort((a, b) => a.localeCompare(b));
    groups = keys.map((key) => {
      const cents = (period: ReportRange) =>
        sumOverPeriod(rooms.get(key) ?? [], range, period) + sumOverPeriod(extras.get(key) ?? [], range, period);
      return { key, values: periods.map((p) => centsToRand(cents(p))), total: centsToRand(cents(range)) };
    });
  } else {
    const daily = dailyRows(rows, range);
    const value = (period: ReportRange) => nightFiguresOf(daily, range, period)[query.metric];
    groups = [{ key: 'All', values: periods.map(value), total: value(range) }];
  }
  return { metric: query.metric, interval: query.interval, groupBy, from: range.from, to: range.to, periods, groups };
}
