import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { CalendarQuery } from '../../../../shared/contracts/calendar.js';
import { calendarWindow } from './calendar.service.js';

// Who may call it: http/route-table.ts.
export function calendarRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/admin/calendar', async (ctx) => {
    ctx.body = await calendarWindow(deps, parse(CalendarQuery, ctx.query));
  });
}
