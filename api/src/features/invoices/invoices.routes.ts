import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { CreditNoteRequest, InvoiceListQuery } from '../../../../shared/contracts/invoices.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { getInvoice, invoicePdf, invoicesCsv, issueCreditNote, issueInvoice, listInvoices } from './invoices.service.js';

/** Invoices and credit notes (SuperAdmin, Manager: the route table's 'invoices'). */
export function invoiceRoutes(router: Router<AppState>, deps: Deps): void {
  router.post('/admin/bookings/:id/invoices', async (ctx) => {
    ctx.body = await issueInvoice(deps, currentUser(ctx), uuidParam(ctx.params.id));
    ctx.status = 201;
  });

  router.get('/admin/invoices', async (ctx) => {
    ctx.body = await listInvoices(deps.db, parse(InvoiceListQuery, ctx.query));
  });

  router.get('/admin/invoices.csv', async (ctx) => {
    const query = parse(InvoiceListQuery, ctx.query);
    const name = `invoices-${query.from ?? 'start'}-to-${query.to ?? todayInLodge(deps.clock.now())}.csv`;
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.body = await invoicesCsv(deps.db, query);
  });

  router.get('/admin/invoices/:id', async (ctx) => {
    ctx.body = await getInvoice(deps.db, uuidParam(ctx.params.id));
  });

  router.get('/admin/invoices/:id/pdf', async (ctx) => {
    const { filename, pdf } = await invoicePdf(deps.db, uuidParam(ctx.params.id));
    ctx.type = 'application/pdf';
    // inline: the browser shows it; the link's download attribute saves it under this name.
    ctx.set('Content-Disposition', `inline; filename="${filename}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = pdf;
  });

  router.post('/admin/invoices/:id/credit-notes', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(CreditNoteRequest, ctx.request.body);
    ctx.body = await issueCreditNote(deps, currentUser(ctx), id, input);
    ctx.status = 201;
  });
}
