import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SpecialOffer, SpecialOfferList, type SpecialOfferRequestInput } from '@shared/contracts/specials.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/admin/special-offers */
const getSpecialOffers = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/admin/special-offers', { schema: SpecialOfferList, signal });

const SPECIAL_OFFERS_KEY = ['special-offers'] as const;

const specialOffersQueryOptions = () => queryOptions({ queryKey: SPECIAL_OFFERS_KEY, queryFn: ({ signal }) => getSpecialOffers({ signal }) });

export function useSpecialOffers() {
  return useQuery(specialOffersQueryOptions());
}

/** POST /api/admin/special-offers, or PUT .../{id} (with the version read: a stale one is a 409) when an id is given. */
const saveSpecialOffer = ({ id, body }: { id?: string; body: SpecialOfferRequestInput }) =>
  apiFetch(id ? `/api/admin/special-offers/${id}` : '/api/admin/special-offers', { method: id ? 'PUT' : 'POST', body, schema: SpecialOffer });

/** DELETE /api/admin/special-offers/{id} */
const deleteSpecialOffer = (id: string) => apiFetch(`/api/admin/special-offers/${id}`, { method: 'DELETE' });

/** After each successful change the list is reloaded (docs/product.md, Shared behaviour). */
export function useSaveSpecialOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSpecialOffer, onSuccess: () => queryClient.invalidateQueries({ queryKey: SPECIAL_OFFERS_KEY }) });
}

export function useDeleteSpecialOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSpecialOffer, onSuccess: () => queryClient.invalidateQueries({ queryKey: SPECIAL_OFFERS_KEY }) });
}
