import { useQuery } from '@tanstack/react-query';
import type { AccommodationType } from '../../../../../shared/contracts/accommodations.js';

export const ACCOMMODATIONS_KEY = ['/api/accommodations'] as const;

/** GET /api/accommodations: the public list of accommodation types. */
export function useAccommodations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<AccommodationType[]>({ queryKey: ACCOMMODATIONS_KEY, enabled });
}
