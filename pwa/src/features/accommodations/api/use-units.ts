import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Unit } from '@shared/contracts/accommodations.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/units: the active units of every type (public). */
export const getUnits = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/units', { schema: z.array(Unit), signal });

export const UNITS_KEY = ['units'] as const;

export const unitsQueryOptions = () => queryOptions({ queryKey: UNITS_KEY, queryFn: ({ signal }) => getUnits({ signal }) });

export function useUnits() {
  return useQuery(unitsQueryOptions());
}
