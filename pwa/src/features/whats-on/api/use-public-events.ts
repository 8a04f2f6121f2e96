import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '@shared/contracts/events.js';
import { PublicEventListLight } from '@/lib/light-contracts.js';
import { apiFetch } from '@/lib/api.js';

/**
 * GET /api/public/events: upcoming active events, soonest first; checked without zod
 * (light-contracts.ts), so neither the What's on page nor the landing page's events load it.
 */
export const getPublicEvents = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/public/events', { schema: PublicEventListLight, signal });

export const PUBLIC_EVENTS_KEY = ['public', 'events'] as const;
/** Events change a few times a month: an answer is fresh for 5 minutes. */
const PUBLIC_EVENTS_STALE_MS = 5 * 60_000;

export function usePublicEvents() {
  return useQuery(queryOptions({ queryKey: PUBLIC_EVENTS_KEY, queryFn: ({ signal }) => getPublicEvents({ signal }), staleTime: PUBLIC_EVENTS_STALE_MS }));
}

/** The booking page with the event's stay filled in (it opens on choosing an accommodation). */
export const eventBookingLink = (event: Pick<PublicEvent, 'stay'>) =>
  `/booking?${new URLSearchParams({ checkIn: event.stay.checkIn, checkOut: event.stay.checkOut }).toString()}`;

export const EVENTS_EMPTY_TEXT = 'No events are planned at the moment. Check back soon, or contact us to plan your stay.';
