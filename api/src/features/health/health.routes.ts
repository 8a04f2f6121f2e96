import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { pingDatabase } from './health.repo.js';

/**
 * Liveness for load balancers and monitoring, and the benchmarks' ceilings: `/health` does
 * no database work at all, `/health/db` exactly one `SELECT 1`. Never cached, so a probe
 * always reaches this instance.
 */
export function healthRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ok: true };
  });

  router.get('/health/db', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    await pingDatabase(deps.db);
    ctx.body = { ok: true };
  });
}
