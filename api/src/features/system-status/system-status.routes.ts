import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { requireCapability } from '../../http/guards.js';
import { systemStatus } from './system-status.service.js';

export function systemStatusRoutes(router: Router<AppState>, deps: Deps): void {
  /** Staff: database, e-mail outbox and payment provider, for the dashboard. Never cached. */
  router.get('/admin/system-status', requireCapability('dashboard'), async (ctx) => {
    ctx.body = await systemStatus(deps);
    ctx.set('Cache-Control', 'no-store');
  });
}
