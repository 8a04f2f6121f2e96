import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Extra, type ExtraRequest } from '@shared/contracts/folio.js';
import { PublicExtra } from '@shared/contracts/guest-extras.js';
import type { ExtraPricing } from '@shared/domain/folio.js';
import { apiFetch } from '@/lib/api.js';

const ExtraList = z.array(Extra);
const PublicExtraList = z.array(PublicExtra);
const DeactivatedAnswer = z.object({ message: z.string(), extra: Extra });

/** What a price multiplies, in words: "R650 per person". */
export const PRICING_WORDS: Record<ExtraPricing, string> = {
  per_item: 'per item',
  per_person: 'per person',
  per_night: 'per night',
  per_person_per_night: 'per person per night',
};

/** GET /api/admin/extras (every staff member: the desk posts charges from it). */
const getExtras = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/admin/extras', { schema: ExtraList, signal });

const EXTRAS_KEY = ['extras'] as const;

export function useExtras() {
  return useQuery(queryOptions({ queryKey: EXTRAS_KEY, queryFn: ({ signal }) => getExtras({ signal }) }));
}

/** POST /api/admin/extras, or PUT .../{id} when an id is given. */
const saveExtra = ({ id, body }: { id?: string; body: ExtraRequest }) =>
  apiFetch(id ? `/api/admin/extras/${id}` : '/api/admin/extras', { method: id ? 'PUT' : 'POST', body, schema: Extra });

/**
 * DELETE /api/admin/extras/{id}: null when deleted (204), or the server's sentence when the
 * extra had been charged and was deactivated instead.
 */
const deleteExtra = async (id: string): Promise<string | null> => {
  const answer = await apiFetch(`/api/admin/extras/${id}`, { method: 'DELETE', schema: DeactivatedAnswer.optional() });
  return answer?.message ?? null;
};

export function useSaveExtra() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveExtra, onSuccess: () => queryClient.invalidateQueries({ queryKey: EXTRAS_KEY }) });
}

export function useDeleteExtra() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteExtra, onSuccess: () => queryClient.invalidateQueries({ queryKey: EXTRAS_KEY }) });
}

/** GET /api/public/extras: what a guest may add on /booking (active, bookable online). */
export function usePublicExtras() {
  return useQuery({
    queryKey: ['public-extras'],
    queryFn: ({ signal }) => apiFetch('/api/public/extras', { schema: PublicExtraList, signal }),
    staleTime: 5 * 60_000,
  });
}
