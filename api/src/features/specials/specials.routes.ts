import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { collectionRoutes } from '../../http/collection-routes.js';
import { SpecialOfferRequest } from '../../../../shared/contracts/specials.js';
import * as specials from './specials.service.js';

export function specialsRoutes(router: Router<AppState>, deps: Deps): void {
  /** Public: the offers a guest can still use (landing page, the guest home's Special Offers). */
  router.get('/public/special-offers', async (ctx) => {
    ctx.body = await specials.listPublicSpecials(deps);
  });

  // Rate Management's third tab: the same roles as rate overrides and promo codes.
  collectionRoutes(router, deps, {
    path: '/admin/special-offers',
    list: specials.listSpecials,
    create: { body: SpecialOfferRequest, run: specials.createSpecial },
    update: { body: SpecialOfferRequest, run: specials.updateSpecial },
    remove: { run: specials.deleteSpecial, message: 'Special offer deleted successfully!' },
  });
}
