import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { CalculateRateRequest } from '../../../../shared/contracts/pricing.js';
import { calculateRate } from './pricing.service.js';
import { assertStayWithinLimits } from '../settings/stay-limits.js';

export function pricingRoutes(router: Router<AppState>, deps: Deps): void {
  router.post('/calculate-rate', async (ctx) => {
    const input = parse(CalculateRateRequest, ctx.request.body);
    await assertStayWithinLimits(deps, input, { checkIn: 'checkIn', checkOut: 'checkOut' }, !!ctx.state.user);
    ctx.body = await calculateRate(deps, input);
  });
}
