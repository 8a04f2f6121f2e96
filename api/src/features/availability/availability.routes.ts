import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { AvailabilityRequest, PackageAvailabilityRequest } from '../../../../shared/contracts/availability.js';
import { checkGuestAvailability, checkPackageAvailability } from './availability.service.js';

export function availabilityRoutes(router: Router<AppState>, deps: Deps): void {
  router.post('/availability', async (ctx) => {
    ctx.body = await checkGuestAvailability(deps, parse(AvailabilityRequest, ctx.request.body));
  });

  router.post('/package-availability', async (ctx) => {
    ctx.body = await checkPackageAvailability(deps, parse(PackageAvailabilityRequest, ctx.request.body));
  });
}
