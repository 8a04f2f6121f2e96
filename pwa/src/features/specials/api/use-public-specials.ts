import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicSpecialOfferList } from '@shared/contracts/specials.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/public/special-offers: the offers a guest can still use, soonest stay first. */
export const getPublicSpecials = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/public/special-offers', { schema: PublicSpecialOfferList, signal });

export const PUBLIC_SPECIALS_KEY = ['public', 'special-offers'] as const;

/** Offers change a few times a season: an answer is fresh for 5 minutes. */
const PUBLIC_SPECIALS_STALE_MS = 5 * 60_000;

export function usePublicSpecials() {
  return useQuery(queryOptions({ queryKey: PUBLIC_SPECIALS_KEY, queryFn: ({ signal }) => getPublicSpecials({ signal }), staleTime: PUBLIC_SPECIALS_STALE_MS }));
}

/** Said on /specials when the lodge has none running. */
export const SPECIALS_EMPTY_TEXT = 'There are no special offers at the moment. Contact us about promo codes for your stay.';
