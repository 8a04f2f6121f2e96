import { queryOptions, useQuery } from '@tanstack/react-query';
import { Event, EventList, TicketType, TicketTypeList, type EventRequestInput, type TicketTypeRequestInput } from '@shared/contracts/events.js';
import { apiFetch } from '@/lib/api.js';

export const EVENTS_KEY = ['admin', 'events'] as const;
export const ticketTypesKey = (eventId: string) => ['admin', 'events', eventId, 'ticket-types'] as const;

/** GET /api/admin/events. */
export const getEvents = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/admin/events', { schema: EventList, signal });

export const eventsQueryOptions = () => queryOptions({ queryKey: EVENTS_KEY, queryFn: ({ signal }) => getEvents({ signal }) });

export function useEvents() {
  return useQuery(eventsQueryOptions());
}

/** POST /api/admin/events. */
export const createEvent = (body: EventRequestInput) => apiFetch('/api/admin/events', { method: 'POST', body, schema: Event });

/** PUT /api/admin/events/{id}; the version makes a stale edit a 409 rather than a silent overwrite. */
export const updateEvent = (id: string, body: EventRequestInput) => apiFetch(`/api/admin/events/${id}`, { method: 'PUT', body, schema: Event });

/** DELETE /api/admin/events/{id}: its ticket types go with it. */
export const deleteEvent = (id: string) => apiFetch(`/api/admin/events/${id}`, { method: 'DELETE' });

/** GET /api/admin/events/{id}/ticket-types. */
export const getTicketTypes = (eventId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch(`/api/admin/events/${eventId}/ticket-types`, { schema: TicketTypeList, signal });

export const ticketTypesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: ticketTypesKey(eventId), queryFn: ({ signal }) => getTicketTypes(eventId, { signal }) });

export function useTicketTypes(eventId: string | undefined) {
  return useQuery({ ...ticketTypesQueryOptions(eventId ?? ''), enabled: Boolean(eventId) });
}

type TicketBody = Omit<TicketTypeRequestInput, 'eventId'>;

/** POST /api/admin/events/{id}/ticket-types (the event comes from the path). */
export const createTicketType = (eventId: string, body: TicketBody) =>
  apiFetch(`/api/admin/events/${eventId}/ticket-types`, { method: 'POST', body, schema: TicketType });

/** PUT /api/admin/events/{id}/ticket-types/{ticketTypeId}. */
export const updateTicketType = (eventId: string, id: string, body: TicketBody) =>
  apiFetch(`/api/admin/events/${eventId}/ticket-types/${id}`, { method: 'PUT', body, schema: TicketType });

/** DELETE /api/admin/events/{id}/ticket-types/{ticketTypeId}. */
export const deleteTicketType = (eventId: string, id: string) => apiFetch(`/api/admin/events/${eventId}/ticket-types/${id}`, { method: 'DELETE' });
