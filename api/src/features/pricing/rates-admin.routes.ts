import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { collectionRoutes } from '../../http/collection-routes.js';
import { PromoCodeRequest, RateOverrideRequest } from '../../../../shared/contracts/rates.js';
import * as rates from './rates-admin.service.js';

export function rateAdminRoutes(router: Router<AppState>, deps: Deps): void {
  collectionRoutes(router, deps, {
    path: '/admin/rate-overrides',
    list: rates.listOverrides,
    create: { body: RateOverrideRequest, run: rates.createOverride },
    update: { body: RateOverrideRequest, run: rates.updateOverride },
    remove: { run: rates.deleteOverride, message: 'Rate override deleted successfully!' },
  });

  collectionRoutes(router, deps, {
    path: '/admin/promo-codes',
    list: rates.listPromos,
    create: { body: PromoCodeRequest, run: rates.createPromo },
    update: { body: PromoCodeRequest, run: rates.updatePromo },
    remove: { run: rates.deletePromo, message: 'Promo code deleted successfully!' },
  });
}
