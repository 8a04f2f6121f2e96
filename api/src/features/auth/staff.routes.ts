import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { CreateStaffRequest, ResetPasswordRequest, UpdateStaffRequest } from '../../../../shared/contracts/staff.js';
import * as staff from './staff.service.js';

/** Staff accounts: SuperAdmin only (shared/roles.ts manageStaff). */
export function staffRoutes(router: Router<AppState>, deps: Deps): void {

  router.get('/admin/staff', async (ctx) => {
    ctx.body = await staff.listStaff(deps);
  });

  router.post('/admin/staff', async (ctx) => {
    const input = parse(CreateStaffRequest, ctx.request.body);
    ctx.body = await staff.createStaff(deps, currentUser(ctx), input);
    ctx.status = 201;
  });

  router.put('/admin/staff/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(UpdateStaffRequest, ctx.request.body);
    ctx.body = await staff.updateStaff(deps, currentUser(ctx), id, input);
  });

  router.post('/admin/staff/:id/reset-password', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(ResetPasswordRequest, ctx.request.body);
    ctx.body = await staff.resetPassword(deps, currentUser(ctx), id, input);
  });
}
