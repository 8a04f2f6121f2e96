import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GuestList } from '@shared/contracts/bookings.js';
import { GuestErasureResponse } from '@shared/contracts/lodger-register.js';
import { apiFetch } from '@/lib/api.js';

const GUESTS_KEY = ['admin', 'guests'] as const;

/** GET /api/admin/guests: one record per guest, with how often they booked. */
export function useGuests(enabled = true) {
  return useQuery({
    queryKey: GUESTS_KEY,
    queryFn: ({ signal }) => apiFetch('/api/admin/guests', { schema: GuestList, signal }),
    staleTime: 0,
    retry: false,
    enabled,
  });
}

/** POST /api/admin/guests/:id/erase (SuperAdmin): anonymise a guest; the answer says what was kept and why. */
export function useEraseGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guestId: string) => apiFetch(`/api/admin/guests/${guestId}/erase`, { method: 'POST', schema: GuestErasureResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GUESTS_KEY }),
  });
}
