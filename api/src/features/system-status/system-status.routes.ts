import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { systemStatus } from './system-status.service.js';

// Who may call it: http/route-table.ts.
export function systemStatusRoutes(router: Router<AppState>, deps: Deps): void {
  /** Staff: database, e-mail outbox and payment provider, for the dashboard. Never cached. */
  router.get('/admin/system-status', async (ctx) => {
    ctx.body = await systemStatus(deps);
    ctx.set('Cache-Control', 'no-store');
  });
}
