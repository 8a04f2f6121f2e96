import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicUnitListLight } from '@/lib/light-contracts.js';
import { apiFetch } from '@/lib/api.js';
import { withTimeout } from '@/features/booking/api/request-timeout.js';

/**
 * GET /api/units: the active units of every type (public), checked without zod
 * (light-contracts.ts) so /accommodations does not load zod for them. The booking flow names
 * the first active unit of a type; on weak signal the request is given up after a while
 * rather than left spinning.
 */
export const getUnits = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/units', { schema: PublicUnitListLight, signal: withTimeout(signal) });

export const UNITS_KEY = ['units'] as const;

export const unitsQueryOptions = () => queryOptions({ queryKey: UNITS_KEY, queryFn: ({ signal }) => getUnits({ signal }) });

export function useUnits() {
  return useQuery(unitsQueryOptions());
}
