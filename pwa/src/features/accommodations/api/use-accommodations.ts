import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccommodationListLight } from '@/lib/light-contracts.js';
import { apiFetch } from '@/lib/api.js';

/**
 * GET /api/accommodations: the public list of accommodation types, checked without zod
 * (light-contracts.ts) so the pages that open on it do not wait for zod to load.
 */
export const getAccommodations = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/accommodations', { schema: AccommodationListLight, signal });

export const ACCOMMODATIONS_KEY = ['accommodations'] as const;

export const accommodationsQueryOptions = () =>
  queryOptions({ queryKey: ACCOMMODATIONS_KEY, queryFn: ({ signal }) => getAccommodations({ signal }) });

export function useAccommodations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accommodationsQueryOptions(), enabled });
}
