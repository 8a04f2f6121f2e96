import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import * as repo from './accommodations.repo.js';

export function accommodationRoutes(router: Router<AppState>, deps: Deps): void {
  /** Public catalogue: active types only (the entire lodge included when active). */
  router.get('/accommodations', async (ctx) => {
    ctx.body = await repo.listTypes(deps.db, { activeOnly: true });
  });

  /** Public: active units (the booking flow picks the first active unit of a type). */
  router.get('/units', async (ctx) => {
    ctx.body = await repo.listUnits(deps.db, { activeOnly: true });
  });
}
