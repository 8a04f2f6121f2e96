import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import {
  CreateOutOfOrderRequest,
  HousekeepingBoardQuery,
  SetHousekeepingRequest,
  type EndOutOfOrderResponse,
} from '../../../../shared/contracts/housekeeping.js';
import { getHousekeepingBoard } from './housekeeping-board.js';
import { setUnitHousekeeping } from './set-housekeeping.js';
import { createOutOfOrder, endOutOfOrder } from './out-of-order.js';

/** Housekeeping and out of order units (docs/design.md, The desk's day: housekeeping). */
export function housekeepingRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/admin/housekeeping', async (ctx) => {
    const { date } = parse(HousekeepingBoardQuery, ctx.query);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = await getHousekeepingBoard(deps, date);
  });

  router.put('/admin/units/:id/housekeeping', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const { version, ...input } = parse(SetHousekeepingRequest, ctx.request.body);
    ctx.body = (await setUnitHousekeeping(deps, currentUser(ctx), id, input, { version })).unit;
  });

  router.post('/admin/out-of-order', async (ctx) => {
    const input = parse(CreateOutOfOrderRequest, ctx.request.body);
    ctx.body = await createOutOfOrder(deps, currentUser(ctx), input);
    ctx.status = 201;
  });

  router.delete('/admin/out-of-order/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const { outcome, unit } = await endOutOfOrder(deps, currentUser(ctx), id);
    const body: EndOutOfOrderResponse = {
      outcome,
      unit,
      message: outcome === 'removed' ? 'Out of order period removed' : 'Out of order period ended today',
    };
    ctx.body = body;
  });
}
