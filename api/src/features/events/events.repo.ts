import type { Knex } from 'knex';
import type { Event, EventRequest, TicketType, TicketTypeRequest } from '../../../../shared/contracts/events.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';

type Db = Knex | Knex.Transaction;

interface EventRow {
  id: string;
  name: string;
  description: string | null;
  event_date: Date | string;
  accommodation_start_date: string | null;
  accommodation_end_date: string | null;
  images: string[];
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

interface TicketRow {
  id: string;
  event_id: string;
  name: string;
  description: string | null;
  price: string;
  max_quantity: number;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

const iso = (d: Date | string) => new Date(d).toISOString();

const toEvent = (r: EventRow): Event => ({
  id: r.id,
  name: r.name,
  description: r.description,
  eventDate: iso(r.event_date),
  accommodationStartDate: r.accommodation_start_date,
  accommodationEndDate: r.accommodation_end_date,
  images: r.images ?? [],
  isActive: r.is_active,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  version: r.version,
});

const toTicket = (r: TicketRow): TicketType => ({
  id: r.id,
  eventId: r.event_id,
  name: r.name,
  description: r.description,
  price: centsToRand(randToCents(r.price)),
  maxQuantity: r.max_quantity,
  isActive: r.is_active,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  version: r.version,
});

const eventColumns = (e: EventRequest) => ({
  name: e.name,
  description: e.description,
  event_date: e.eventDate,
  accommodation_start_date: e.accommodationStartDate,
  accommodation_end_date: e.accommodationEndDate,
  images: JSON.stringify(e.images),
  is_active: e.isActive,
});

const ticketColumns = (t: TicketTypeRequest) => ({
  event_id: t.eventId,
  name: t.name,
  description: t.description,
  price: t.price.toFixed(2),
  max_quantity: t.maxQuantity,
  is_active: t.isActive,
});

export async function listEvents(db: Db): Promise<Event[]> {
  const rows: EventRow[] = await db('events').orderBy([{ column: 'event_date' }, { column: 'name' }]);
  return rows.map(toEvent);
}

export async function findEvent(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<Event | undefined> {
  const q = db<EventRow>('events').where({ id });
  if (opts.forUpdate) q.forUpdate();
  const row: EventRow | undefined = await q.first();
  return row ? toEvent(row) : undefined;
}

export async function insertEvent(db: Db, e: EventRequest): Promise<string> {
  const [row] = await db('events').insert(eventColumns(e)).returning('id');
  return row.id;
}

export async function updateEvent(db: Db, id: string, e: EventRequest): Promise<void> {
  await db('events').where({ id }).update(eventColumns(e));
}

/** Ticket types go with their event (ON DELETE CASCADE); rate overrides keep their dates and lose the link. */
export async function deleteEvent(db: Db, id: string): Promise<void> {
  await db('events').where({ id }).delete();
}

export async function listTickets(db: Db, eventId: string): Promise<TicketType[]> {
  const rows: TicketRow[] = await db('ticket_types').where({ event_id: eventId }).orderBy([{ column: 'price' }, { column: 'name' }]);
  return rows.map(toTicket);
}

export async function findTicket(db: Db, eventId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<TicketType | undefined> {
  const q = db<TicketRow>('ticket_types').where({ id, event_id: eventId });
  if (opts.forUpdate) q.forUpdate();
  const row: TicketRow | undefined = await q.first();
  return row ? toTicket(row) : undefined;
}

export async function insertTicket(db: Db, t: TicketTypeRequest): Promise<string> {
  const [row] = await db('ticket_types').insert(ticketColumns(t)).returning('id');
  return row.id;
}

export async function updateTicket(db: Db, id: string, t: TicketTypeRequest): Promise<void> {
  await db('ticket_types').where({ id }).update(ticketColumns(t));
}

export async function deleteTicket(db: Db, id: string): Promise<void> {
  await db('ticket_types').where({ id }).delete();
}

/** Active events from `from` on (an instant), soonest first, at most `limit`. */
export async function listUpcomingActiveEvents(db: Db, from: Date, limit: number): Promise<Event[]> {
  const rows: EventRow[] = await db('events')
    .where({ is_active: true })
    .andWhere('event_date', '>=', from)
    .orderBy([{ column: 'event_date' }, { column: 'name' }])
    .limit(limit);
  return rows.map(toEvent);
}

/** The active ticket types of these events: [eventId, name, price], cheapest first. */
export async function listActiveTicketPrices(db: Db, eventIds: string[]): Promise<{ eventId: string; name: string; price: number }[]> {
  if (eventIds.length === 0) return [];
  const rows: Pick<TicketRow, 'event_id' | 'name' | 'price'>[] = await db('ticket_types')
    .select('event_id', 'name', 'price')
    .whereIn('event_id', eventIds)
    .andWhere({ is_active: true })
    .orderBy([{ column: 'price' }, { column: 'name' }]);
  return rows.map((r) => ({ eventId: r.event_id, name: r.name, price: centsToRand(randToCents(r.price)) }));
}
