import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { ReportSeriesQuery, ReportSummaryQuery } from '../../../../shared/contracts/reports.js';
import { reportSeries, reportSummary } from './reports.service.js';

/** The owner's reports (docs/design.md, Reports). Who may call them: the route table. */
export function reportRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/admin/reports/summary', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await reportSummary(deps, parse(ReportSummaryQuery, ctx.query));
  });

  router.get('/admin/reports/series', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await reportSeries(deps, parse(ReportSeriesQuery, ctx.query));
  });
}
