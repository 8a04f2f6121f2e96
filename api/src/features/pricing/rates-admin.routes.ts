import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser, requireCapability } from '../../http/guards.js';
import { PromoCodeRequest, RateOverrideRequest } from '../../../../shared/contracts/rates.js';
import * as rates from './rates-admin.service.js';

export function rateAdminRoutes(router: Router<AppState>, deps: Deps): void {
  const guard = requireCapability('rates');

  router.get('/admin/rate-overrides', guard, async (ctx) => {
    ctx.body = await rates.listOverrides(deps);
  });
  router.post('/admin/rate-overrides', guard, async (ctx) => {
    const input = parse(RateOverrideRequest, ctx.request.body);
    ctx.body = await rates.createOverride(deps, currentUser(ctx), input);
    ctx.status = 201;
  });
  router.put('/admin/rate-overrides/:id', guard, async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(RateOverrideRequest, ctx.request.body);
    ctx.body = await rates.updateOverride(deps, currentUser(ctx), id, input);
  });
  router.delete('/admin/rate-overrides/:id', guard, async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await rates.deleteOverride(deps, currentUser(ctx), id);
    ctx.body = { message: 'Rate override deleted successfully!', id };
  });

  router.get('/admin/promo-codes', guard, async (ctx) => {
    ctx.body = await rates.listPromos(deps);
  });
  router.post('/admin/promo-codes', guard, async (ctx) => {
    const input = parse(PromoCodeRequest, ctx.request.body);
    ctx.body = await rates.createPromo(deps, currentUser(ctx), input);
    ctx.status = 201;
  });
  router.put('/admin/promo-codes/:id', guard, async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(PromoCodeRequest, ctx.request.body);
    ctx.body = await rates.updatePromo(deps, currentUser(ctx), id, input);
  });
  router.delete('/admin/promo-codes/:id', guard, async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await rates.deletePromo(deps, currentUser(ctx), id);
    ctx.body = { message: 'Promo code deleted successfully!', id };
  });
}
