import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { AvailabilityRequest, PackageAvailabilityRequest } from '../../../../shared/contracts/availability.js';
import { checkGuestAvailability, checkPackageAvailability } from './availability.service.js';
import { assertStayWithinLimits } from '../settings/stay-limits.js';

const STAY_FIELDS = { checkIn: 'checkIn', checkOut: 'checkOut' } as const;

export function availabilityRoutes(router: Router<AppState>, deps: Deps): void {
  router.post('/availability', async (ctx) => {
    const input = parse(AvailabilityRequest, ctx.request.body);
    await assertStayWithinLimits(deps, input, STAY_FIELDS, !!ctx.state.user);
    ctx.body = await checkGuestAvailability(deps, input);
  });

  router.post('/package-availability', async (ctx) => {
    const input = parse(PackageAvailabilityRequest, ctx.request.body);
    await assertStayWithinLimits(deps, input, STAY_FIELDS, !!ctx.state.user);
    ctx.body = await checkPackageAvailability(deps, input);
  });
}
