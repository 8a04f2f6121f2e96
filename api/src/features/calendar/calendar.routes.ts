import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { sendCachedJson, versionedJsonByKey } from '../../http/versioned-json.js';
import { coalescedProbe } from '../../db/coalesced-reads.js';
import { CalendarQuery } from '../../../../shared/contracts/calendar.js';
import { bookingsVersion } from '../bookings/queries.js';
import { calendarWindow } from './calendar.service.js';

// Who may call it: http/route-table.ts.
export function calendarRoutes(router: Router<AppState>, deps: Deps): void {
  // Every front desk asks for the same few windows, and at scale a window is hundreds of
  // bookings: each window's answer is kept in memory (JSON, gzip, ETag) and checked per
  // request against the bookings' version (one coalesced single-table read), as the public
  // catalogue is.
  const version = coalescedProbe(() => bookingsVersion(deps));
  const windows = versionedJsonByKey(version, (key) => {
    const [start, days] = key.split('|');
    return calendarWindow(deps, { start, days: Number(days) });
  });

  router.get('/admin/calendar', async (ctx) => {
    const q = parse(CalendarQuery, ctx.query);
    sendCachedJson(ctx, await windows(`${q.start}|${q.days}`), 'private, no-cache');
  });
}
