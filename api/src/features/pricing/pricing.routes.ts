import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { CalculateRateRequest } from '../../../../shared/contracts/pricing.js';
import { calculateRate } from './pricing.service.js';

export function pricingRoutes(router: Router<AppState>, deps: Deps): void {
  router.post('/calculate-rate', async (ctx) => {
    const input = parse(CalculateRateRequest, ctx.request.body);
    ctx.body = await calculateRate(deps, input);
  });
}
