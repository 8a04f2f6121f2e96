import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PromoCode, PromoCodeList, type PromoCodeRequestInput } from '@shared/contracts/rates.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/admin/promo-codes */
export const getPromoCodes = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/admin/promo-codes', { schema: PromoCodeList, signal });

export const PROMO_CODES_KEY = ['promo-codes'] as const;

export const promoCodesQueryOptions = () => queryOptions({ queryKey: PROMO_CODES_KEY, queryFn: ({ signal }) => getPromoCodes({ signal }) });

export function usePromoCodes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...promoCodesQueryOptions(), enabled });
}

/** POST /api/admin/promo-codes, or PUT .../{id} when an id is given. */
export const savePromoCode = ({ id, body }: { id?: string; body: PromoCodeRequestInput }) =>
  apiFetch(id ? `/api/admin/promo-codes/${id}` : '/api/admin/promo-codes', { method: id ? 'PUT' : 'POST', body, schema: PromoCode });

/** DELETE /api/admin/promo-codes/{id} */
export const deletePromoCode = (id: string) => apiFetch(`/api/admin/promo-codes/${id}`, { method: 'DELETE' });

export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePromoCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMO_CODES_KEY }) });
}

export function useDeletePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePromoCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMO_CODES_KEY }) });
}
