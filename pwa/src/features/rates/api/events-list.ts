import { queryOptions, useQuery } from '@tanstack/react-query';
import { EventList } from '@shared/contracts/events.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/admin/events: the events an override may be linked to. */
export const getAdminEvents = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/admin/events', { schema: EventList, signal });

export const ADMIN_EVENTS_KEY = ['events', 'admin'] as const;

export const adminEventsQueryOptions = () => queryOptions({ queryKey: ADMIN_EVENTS_KEY, queryFn: ({ signal }) => getAdminEvents({ signal }) });

export function useAdminEvents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminEventsQueryOptions(), enabled });
}
