import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RateOverride, RateOverrideList, type RateOverrideRequestInput } from '@shared/contracts/rates.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/admin/rate-overrides */
export const getRateOverrides = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/admin/rate-overrides', { schema: RateOverrideList, signal });

export const RATE_OVERRIDES_KEY = ['rate-overrides'] as const;

export const rateOverridesQueryOptions = () =>
  queryOptions({ queryKey: RATE_OVERRIDES_KEY, queryFn: ({ signal }) => getRateOverrides({ signal }) });

export function useRateOverrides({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rateOverridesQueryOptions(), enabled });
}

/** POST /api/admin/rate-overrides, or PUT .../{id} when an id is given. */
export const saveRateOverride = ({ id, body }: { id?: string; body: RateOverrideRequestInput }) =>
  apiFetch(id ? `/api/admin/rate-overrides/${id}` : '/api/admin/rate-overrides', { method: id ? 'PUT' : 'POST', body, schema: RateOverride });

/** DELETE /api/admin/rate-overrides/{id} */
export const deleteRateOverride = (id: string) => apiFetch(`/api/admin/rate-overrides/${id}`, { method: 'DELETE' });

/** After each successful change the list is reloaded (docs/product.md, Shared behaviour). */
export function useSaveRateOverride() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveRateOverride, onSuccess: () => queryClient.invalidateQueries({ queryKey: RATE_OVERRIDES_KEY }) });
}

export function useDeleteRateOverride() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRateOverride, onSuccess: () => queryClient.invalidateQueries({ queryKey: RATE_OVERRIDES_KEY }) });
}
