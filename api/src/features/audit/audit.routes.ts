import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { AuditQuery } from '../../../../shared/contracts/audit.js';
import { listAudit } from './audit.service.js';

export function auditRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/admin/audit', async (ctx) => {
    ctx.body = await listAudit(deps, parse(AuditQuery, ctx.query));
  });
}
