import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { currentUser } from '../../http/guards.js';
import { parse, uuidParam } from '../../http/validate.js';
import { ExtraRequest } from '../../../../shared/contracts/folio.js';
import * as extras from './extras.service.js';

export function extrasRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/public/extras', async (ctx) => {
    ctx.body = await extras.listPublicExtras(deps);
  });

  router.get('/admin/extras', async (ctx) => {
    ctx.body = await extras.listExtras(deps);
  });

  router.post('/admin/extras', async (ctx) => {
    const input = parse(ExtraRequest, ctx.request.body);
    ctx.body = await extras.createExtra(deps, currentUser(ctx), input);
    ctx.status = 201;
    extras.forgetPublicExtras(deps);
  });

  router.put('/admin/extras/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(ExtraRequest, ctx.request.body);
    ctx.body = await extras.updateExtra(deps, currentUser(ctx), id, input);
    extras.forgetPublicExtras(deps);
  });

  /** 204 when deleted; 200 { message, extra } when it had been charged and was deactivated instead. */
  router.delete('/admin/extras/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const result = await extras.deleteExtra(deps, currentUser(ctx), id);
    extras.forgetPublicExtras(deps);
    if (result.deleted) ctx.status = 204;
    else ctx.body = { message: result.message, extra: result.extra };
  });
}
