import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { currentUser } from '../../http/guards.js';
import { parse, uuidParam } from '../../http/validate.js';
import { ChannelFeedRequest } from '../../../../shared/contracts/channels.js';
import * as channels from './channels.service.js';

export function channelRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/admin/channel-feeds', async (ctx) => {
    ctx.body = await channels.channelsOverview(deps);
  });

  router.post('/admin/channel-feeds', async (ctx) => {
    const input = parse(ChannelFeedRequest, ctx.request.body);
    ctx.body = await channels.createFeed(deps, currentUser(ctx), input);
    ctx.status = 201;
  });

  router.put('/admin/channel-feeds/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(ChannelFeedRequest, ctx.request.body);
    ctx.body = await channels.updateFeed(deps, currentUser(ctx), id, input);
  });

  router.delete('/admin/channel-feeds/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    ctx.body = await channels.deleteFeed(deps, currentUser(ctx), id);
  });

  /** Fetches the feed now: the feed as it stands afterwards (a failed fetch shows in lastError). */
  router.post('/admin/channel-feeds/:id/sync', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await channels.syncFeed(deps, id);
    ctx.body = await channels.feedById(deps, id);
  });

  router.post('/admin/channel-exports/:unitId/rotate', async (ctx) => {
    const unitId = uuidParam(ctx.params.unitId, 'unitId');
    ctx.body = await channels.rotateUnitExport(deps, currentUser(ctx), unitId);
  });
}
