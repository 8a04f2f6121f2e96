import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { Event, EventRequest, PublicEvent, TicketType, TicketTypeRequest } from '../../../../shared/contracts/events.js';
import { addDays, compareIsoDates, lodgeDateOf, lodgeDateTimeToUtc, todayInLodge } from '../../../../shared/domain/dates.js';
import { recordAudit } from '../audit/record-audit.js';
import * as repo from './events.repo.js';

type Db = Pick<Deps, 'db'>;
export const EVENT_NOT_FOUND = 'Event not found';
export const TICKET_TYPE_NOT_FOUND = 'Ticket type not found';

function checkVersion(current: { version: number }, version: number | undefined) {
  if (version !== undefined && version !== current.version) {
    throw new ConflictError('This record was changed by someone else; reload and try again', 'stale_version', undefined, { current });
  }
}

/** For other features (a rate override's event link): does the event exist? */
export async function eventExists(db: DbOrTx, id: string): Promise<boolean> {
  return !!(await repo.findEvent(db, id));
}

export const listEvents = (deps: Db): Promise<Event[]> => repo.listEvents(deps.db);

/** The most the public pages list: a lodge runs a few events a month. */
export const PUBLIC_EVENTS_MAX = 50;

/**
 * GET /api/public/events: active events from the start of today (lodge time) on, so an event
 * of this evening is still listed this morning and all day.
 */
export async function listPublicEvents(deps: Pick<Deps, 'db' | 'clock'>): Promise<PublicEvent[]> {
  const today = todayInLodge(deps.clock.now());
  const events = await repo.listUpcomingActiveEvents(deps.db, lodgeDateTimeToUtc(today, '00:00'), PUBLIC_EVENTS_MAX);
  const prices = await repo.listActiveTicketPrices(
    deps.db,
    events.map((e) => e.id),
  );
  return events.map((e) => ({
    id: e.id,
    name: e.name,
    description: e.description,
    eventDate: e.eventDate,
    images: e.images,
    tickets: prices.filter((p) => p.eventId === e.id).map(({ name, price }) => ({ name, price })),
    stay: eventStay(e),
  }));
}

/** The stay to book for an event: its accommodation period, else the night of the event. */
function eventStay(e: Event): PublicEvent['stay'] {
  const start = e.accommodationStartDate;
  const end = e.accommodationEndDate;
  if (start && end && compareIsoDates(end, start) > 0) return { checkIn: start, checkOut: end };
  const checkIn = start ?? lodgeDateOf(new Date(e.eventDate));
  return { checkIn, checkOut: addDays(checkIn, 1) };
}

export async function createEvent(deps: Db, user: SessionUser, input: EventRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const id = await repo.insertEvent(trx, input);
    const after = (await repo.findEvent(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'event.create', entityType: 'event', entityId: id, after });
    return after;
  });
}

export async function updateEvent(deps: Db, user: SessionUser, id: string, input: EventRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findEvent(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(EVENT_NOT_FOUND, 'not_found');
    checkVersion(before, input.version);
    await repo.updateEvent(trx, id, input);
    const after = (await repo.findEvent(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'event.update', entityType: 'event', entityId: id, before, after });
    return after;
  });
}

/** The event and its ticket types (the audit keeps both). */
export async function deleteEvent(deps: Db, user: SessionUser, id: string, opts: TxOptions = {}) {
  await inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findEvent(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(EVENT_NOT_FOUND, 'not_found');
    const ticketTypes = await repo.listTickets(trx, id);
    await repo.deleteEvent(trx, id);
    await recordAudit(trx, { actor: user, action: 'event.delete', entityType: 'event', entityId: id, before: { ...before, ticketTypes } });
  });
}

async function eventOr404(db: DbOrTx, eventId: string, forUpdate = false): Promise<Event> {
  const event = await repo.findEvent(db, eventId, { forUpdate });
  if (!event) throw new NotFoundError(EVENT_NOT_FOUND, 'not_found');
  return event;
}

export async function listTicketTypes(deps: Db, eventId: string): Promise<TicketType[]> {
  await eventOr404(deps.db, eventId);
  return repo.listTickets(deps.db, eventId);
}

export async function createTicketType(deps: Db, user: SessionUser, input: TicketTypeRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    // Locks the event, so a ticket type cannot be added to an event being deleted.
    await eventOr404(trx, input.eventId, true);
    const id = await repo.insertTicket(trx, input);
    const after = (await repo.findTicket(trx, input.eventId, id))!;
    await recordAudit(trx, { actor: user, action: 'ticket_type.create', entityType: 'ticket_type', entityId: id, after });
    return after;
  });
}

export async function updateTicketType(deps: Db, user: SessionUser, id: string, input: TicketTypeRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    await eventOr404(trx, input.eventId, true);
    const before = await repo.findTicket(trx, input.eventId, id, { forUpdate: true });
    if (!before) throw new NotFoundError(TICKET_TYPE_NOT_FOUND, 'not_found');
    checkVersion(before, input.version);
    await repo.updateTicket(trx, id, input);
    const after = (await repo.findTicket(trx, input.eventId, id))!;
    await recordAudit(trx, { actor: user, action: 'ticket_type.update', entityType: 'ticket_type', entityId: id, before, after });
    return after;
  });
}

export async function deleteTicketType(deps: Db, user: SessionUser, eventId: string, id: string, opts: TxOptions = {}) {
  await inTransaction(deps.db, opts.trx, async (trx) => {
    await eventOr404(trx, eventId, true);
    const before = await repo.findTicket(trx, eventId, id, { forUpdate: true });
    if (!before) throw new NotFoundError(TICKET_TYPE_NOT_FOUND, 'not_found');
    await repo.deleteTicket(trx, id);
    await recordAudit(trx, { actor: user, action: 'ticket_type.delete', entityType: 'ticket_type', entityId: id, before });
  });
}
