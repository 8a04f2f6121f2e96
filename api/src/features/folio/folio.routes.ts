import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { AddFolioChargeRequest, VoidFolioChargeRequest } from '../../../../shared/contracts/folio.js';
import { addFolioCharge } from './add-folio-charge.js';
import { voidFolioCharge } from './void-folio-charge.js';
import { buildFolio, folioJsonForDesk } from './folio.service.js';

export function folioRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/admin/bookings/:id/folio', async (ctx) => {
    ctx.type = 'application/json';
    ctx.body = await folioJsonForDesk(deps, uuidParam(ctx.params.id));
  });

  router.post('/admin/bookings/:id/folio/charges', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(AddFolioChargeRequest, ctx.request.body);
    const { charge, created } = await addFolioCharge(deps, currentUser(ctx), id, input);
    ctx.status = created ? 201 : 200;
    ctx.body = { charge, folio: await buildFolio(deps.db, id) };
  });

  router.post('/admin/bookings/:id/folio/charges/:chargeId/void', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const chargeId = uuidParam(ctx.params.chargeId, 'chargeId');
    const { reason } = parse(VoidFolioChargeRequest, ctx.request.body);
    const charge = await voidFolioCharge(deps, currentUser(ctx), id, chargeId, reason);
    ctx.body = { charge, folio: await buildFolio(deps.db, id) };
  });
}
