import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { sendCachedJson, versionedJsonByKey } from '../../http/versioned-json.js';
import { coalescedProbe } from '../../db/coalesced-reads.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { ReportSeriesQuery, ReportSummaryQuery } from '../../../../shared/contracts/reports.js';
import { reportSeries, reportSummary, reportsVersion } from './reports.service.js';

/** The owner's reports (docs/design.md, Reports). Who may call them: the route table. */
export function reportRoutes(router: Router<AppState>, deps: Deps): void {
  // A year's report reads and computes every stay of the year (and the year before), and an
  // owner's dashboard asks for the same few reports again and again while nothing changes:
  // each answer is kept in memory (JSON, compressed) and checked per request against the
  // version of what reports read (one coalesced read of a small table), as the calendar is.
  const version = coalescedProbe(() => reportsVersion(deps));
  const summaries = versionedJsonByKey(version, (key) => reportSummary(deps, JSON.parse(key) as ReportSummaryQuery));
  const series = versionedJsonByKey(version, (key) => reportSeries(deps, JSON.parse(key) as ReportSeriesQuery));

  router.get('/admin/reports/summary', async (ctx) => {
    const q = parse(ReportSummaryQuery, ctx.query);
    // The summary's pace counts what was on the books now and at this moment a year ago, and
    // its months start today: the lodge's date and the minute are part of the key, so a kept
    // answer is never more than a minute behind the clock.
    const now = deps.clock.now();
    const key = JSON.stringify({ from: q.from, to: q.to, compare: q.compare, today: todayInLodge(now), minute: Math.floor(now.getTime() / 60_000) });
    sendCachedJson(ctx, await summaries(key), 'private, no-store');
  });

  router.get('/admin/reports/series', async (ctx) => {
    const q = parse(ReportSeriesQuery, ctx.query);
    const key = JSON.stringify({ metric: q.metric, from: q.from, to: q.to, interval: q.interval, groupBy: q.groupBy });
    sendCachedJson(ctx, await series(key), 'private, no-store');
  });
}
