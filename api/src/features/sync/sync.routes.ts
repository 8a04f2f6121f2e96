import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { SyncPullQuery, SyncPushRequest } from '../../../../shared/contracts/sync.js';
import { pushEntries } from './sync-push.service.js';
import { pullChanges } from './sync-pull.service.js';

/**
 * The offline front desk's sync contract (docs/design.md, Offline sync: the sync contract).
 * Staff only: every staff role works the front desk (manageBookings); what each entry may do
 * is the owning feature's rule.
 */
export function syncRoutes(router: Router<AppState>, deps: Deps): void {
  router.post('/sync/push', async (ctx) => {
    const input = parse(SyncPushRequest, ctx.request.body);
    ctx.body = await pushEntries(deps, currentUser(ctx), input);
  });

  router.get('/sync/pull', async (ctx) => {
    ctx.body = await pullChanges(deps, parse(SyncPullQuery, ctx.query));
  });
}
