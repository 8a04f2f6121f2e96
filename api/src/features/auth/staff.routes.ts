import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { collectionRoutes } from '../../http/collection-routes.js';
import { CreateStaffRequest, ResetPasswordRequest, UpdateStaffRequest } from '../../../../shared/contracts/staff.js';
import * as staff from './staff.service.js';

/** Staff accounts: SuperAdmin only (shared/roles.ts manageStaff). */
export function staffRoutes(router: Router<AppState>, deps: Deps): void {

  collectionRoutes(router, deps, {
    path: '/admin/staff',
    list: staff.listStaff,
    create: { body: CreateStaffRequest, run: staff.createStaff },
    update: { body: UpdateStaffRequest, run: staff.updateStaff },
  });

  router.post('/admin/staff/:id/reset-password', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(ResetPasswordRequest, ctx.request.body);
    ctx.body = await staff.resetPassword(deps, currentUser(ctx), id, input);
  });
}
