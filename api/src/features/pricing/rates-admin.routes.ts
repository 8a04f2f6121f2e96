import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { PromoCodeRequest, RateOverrideRequest } from '../../../../shared/contracts/rates.js';
import * as rates from './rates-admin.service.js';

export function rateAdminRoutes(router: Router<AppState>, deps: Deps): void {

  router.get('/admin/rate-overrides', async (ctx) => {
    ctx.body = await rates.listOverrides(deps);
  });
  router.post('/admin/rate-overrides', async (ctx) => {
    const input = parse(RateOverrideRequest, ctx.request.body);
    ctx.body = await rates.createOverride(deps, currentUser(ctx), input);
    ctx.status = 201;
  });
  router.put('/admin/rate-overrides/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(RateOverrideRequest, ctx.request.body);
    ctx.body = await rates.updateOverride(deps, currentUser(ctx), id, input);
  });
  router.delete('/admin/rate-overrides/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await rates.deleteOverride(deps, currentUser(ctx), id);
    ctx.body = { message: 'Rate override deleted successfully!', id };
  });

  router.get('/admin/promo-codes', async (ctx) => {
    ctx.body = await rates.listPromos(deps);
  });
  router.post('/admin/promo-codes', async (ctx) => {
    const input = parse(PromoCodeRequest, ctx.request.body);
    ctx.body = await rates.createPromo(deps, currentUser(ctx), input);
    ctx.status = 201;
  });
  router.put('/admin/promo-codes/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(PromoCodeRequest, ctx.request.body);
    ctx.body = await rates.updatePromo(deps, currentUser(ctx), id, input);
  });
  router.delete('/admin/promo-codes/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await rates.deletePromo(deps, currentUser(ctx), id);
    ctx.body = { message: 'Promo code deleted successfully!', id };
  });
}
