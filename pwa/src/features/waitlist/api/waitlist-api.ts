import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  JoinWaitlistResponse,
  RemoveWaitlistEntryResponse,
  WaitlistResponse,
  type JoinWaitlistInput,
} from '@shared/contracts/waitlist.js';
import { apiFetch } from '@/lib/api.js';

/** POST /api/waitlist: a guest who found nothing free waits for these nights (public). */
export const joinWaitlist = (input: JoinWaitlistInput) =>
  apiFetch('/api/waitlist', { method: 'POST', body: input, schema: JoinWaitlistResponse });

export function useJoinWaitlist() {
  return useMutation({ mutationKey: ['waitlist', 'join'], mutationFn: joinWaitlist });
}

/** GET /api/admin/waitlist: every entry, oldest first (SuperAdmin, Manager, Receptionist). */
export const getWaitlist = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/admin/waitlist', { schema: WaitlistResponse, signal });

// Guests join from the website at any time: the list is read afresh whenever it is opened.
const waitlistQueryOptions = () => queryOptions({ queryKey: ['admin', 'waitlist'], queryFn: ({ signal }) => getWaitlist({ signal }), staleTime: 0 });

export function useWaitlist() {
  return useQuery(waitlistQueryOptions());
}

/** DELETE /api/admin/waitlist/:id */
export const removeWaitlistEntry = (id: string) =>
  apiFetch(`/api/admin/waitlist/${encodeURIComponent(id)}`, { method: 'DELETE', schema: RemoveWaitlistEntryResponse });

export function useRemoveWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'waitlist', 'remove'],
    mutationFn: removeWaitlistEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist'] }),
  });
}
