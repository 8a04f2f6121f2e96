import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AccommodationType } from '@shared/contracts/accommodations.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/accommodations: the public list of accommodation types. */
export const getAccommodations = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/accommodations', { schema: z.array(AccommodationType), signal });

export const ACCOMMODATIONS_KEY = ['accommodations'] as const;

export const accommodationsQueryOptions = () =>
  queryOptions({ queryKey: ACCOMMODATIONS_KEY, queryFn: ({ signal }) => getAccommodations({ signal }) });

export function useAccommodations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accommodationsQueryOptions(), enabled });
}
