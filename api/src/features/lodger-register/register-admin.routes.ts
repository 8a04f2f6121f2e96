import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { LodgerRegisterQuery } from '../../../../shared/contracts/lodger-register.js';
import { bookingRegister, incompleteRegisters, lodgerRegister, readAttachment, registerDocument } from './register-inspection.service.js';
import { renderRegisterPdf } from './register-pdf.js';
import { eraseGuest } from './guest-erasure.js';

/**
 * The register of lodgers for staff: an inspection (JSON and PDF), a booking's register, the
 * dashboard's incomplete registers, the files (each read audited), and a guest's erasure
 * (SuperAdmin). Who may call each: the route table.
 */
export function registerAdminRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/admin/lodger-register', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await lodgerRegister(deps.db, parse(LodgerRegisterQuery, ctx.query));
  });

  router.get('/admin/lodger-register/pdf', async (ctx) => {
    const query = parse(LodgerRegisterQuery, ctx.query);
    const document = await registerDocument(deps, currentUser(ctx), { from: query.from, to: query.to });
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="register-of-lodgers-${query.from}-to-${query.to}.pdf"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await renderRegisterPdf(document, { compress: deps.config.NODE_ENV !== 'test' });
  });

  router.get('/admin/register/attachments/:attachmentId', async (ctx) => {
    const file = await readAttachment(deps, currentUser(ctx), uuidParam(ctx.params.attachmentId, 'attachmentId'));
    ctx.type = file.contentType;
    ctx.set('Content-Disposition', `inline; filename="${file.fileName}"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = file.content;
  });

  router.get('/admin/bookings/:id/register', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await bookingRegister(deps.db, uuidParam(ctx.params.id));
  });

  router.get('/admin/register/incomplete', async (ctx) => {
    ctx.body = await incompleteRegisters(deps);
  });

  router.post('/admin/guests/:id/erase', async (ctx) => {
    ctx.body = await eraseGuest(deps, currentUser(ctx), uuidParam(ctx.params.id));
  });
}
