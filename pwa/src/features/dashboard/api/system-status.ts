import { queryOptions, useQuery } from '@tanstack/react-query';
import { SystemStatusResponse } from '@shared/contracts/system-status.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/admin/system-status: the server's side of the dashboard's System Status panel. */
export const getSystemStatus = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/admin/system-status', { schema: SystemStatusResponse, signal });

export const SYSTEM_STATUS_KEY = ['admin', 'system-status'] as const;

/** Re-asked every minute while the dashboard is open: a status panel that never changes lies. */
export const SYSTEM_STATUS_REFRESH_MS = 60_000;

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: SYSTEM_STATUS_KEY,
    queryFn: ({ signal }) => getSystemStatus({ signal }),
    staleTime: 0,
    refetchInterval: SYSTEM_STATUS_REFRESH_MS,
  });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
