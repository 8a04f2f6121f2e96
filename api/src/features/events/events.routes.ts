import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { collectionRoutes } from '../../http/collection-routes.js';
import { EventRequest, TicketTypeRequest } from '../../../../shared/contracts/events.js';
import * as events from './events.service.js';

/** Body of a ticket-type write: the event comes from the path. */
const ticketBody = (body: unknown, eventId: string) => ({ ...(typeof body === 'object' && body ? body : {}), eventId });

export function eventRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/public/events', async (ctx) => {
    ctx.body = await events.listPublicEvents(deps);
  });

  collectionRoutes(router, deps, {
    path: '/admin/events',
    list: events.listEvents,
    create: { body: EventRequest, run: events.createEvent },
    update: { body: EventRequest, run: events.updateEvent },
    remove: { run: events.deleteEvent, message: 'Event deleted successfully!' },
  });

  router.get('/admin/events/:id/ticket-types', async (ctx) => {
    ctx.body = await events.listTicketTypes(deps, uuidParam(ctx.params.id));
  });

  router.post('/admin/events/:id/ticket-types', async (ctx) => {
    const eventId = uuidParam(ctx.params.id);
    const input = parse(TicketTypeRequest, ticketBody(ctx.request.body, eventId));
    ctx.body = await events.createTicketType(deps, currentUser(ctx), input);
    ctx.status = 201;
  });

  router.put('/admin/events/:id/ticket-types/:ticketTypeId', async (ctx) => {
    const eventId = uuidParam(ctx.params.id);
    const id = uuidParam(ctx.params.ticketTypeId, 'ticketTypeId');
    const input = parse(TicketTypeRequest, ticketBody(ctx.request.body, eventId));
    ctx.body = await events.updateTicketType(deps, currentUser(ctx), id, input);
  });

  router.delete('/admin/events/:id/ticket-types/:ticketTypeId', async (ctx) => {
    const eventId = uuidParam(ctx.params.id);
    const id = uuidParam(ctx.params.ticketTypeId, 'ticketTypeId');
    await events.deleteTicketType(deps, currentUser(ctx), eventId, id);
    ctx.body = { message: 'Ticket type deleted successfully!', id };
  });
}
