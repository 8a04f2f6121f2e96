import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookingProof, BookingProofList } from '@shared/contracts/desk-money.js';
import { apiFetch } from '@/lib/api.js';

/** A booking's proofs of payment (staff): online only, the files live on the server. */

const proofsKey = (bookingId: string) => ['payment-proofs', bookingId] as const;

/** GET /api/admin/bookings/:id/proofs */
export function useBookingProofs(bookingId: string, enabled = true) {
  return useQuery({
    queryKey: proofsKey(bookingId),
    queryFn: ({ signal }) => apiFetch(`/api/admin/bookings/${bookingId}/proofs`, { schema: BookingProofList, signal }),
    staleTime: 0,
    retry: false,
    enabled,
  });
}

/** The file itself: the browser saves it (the session cookie goes along; staff only). */
export const proofFileUrl = (bookingId: string, proofId: string) => `/api/admin/bookings/${bookingId}/proofs/${proofId}`;

/** POST /api/admin/bookings/:id/proofs/:proofId/checked; the dashboard's list changes too. */
export function useMarkProofChecked(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proofId: string) => apiFetch(`/api/admin/bookings/${bookingId}/proofs/${proofId}/checked`, { method: 'POST', schema: BookingProof }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: proofsKey(bookingId) }), queryClient.invalidateQueries({ queryKey: ['admin', 'payments-attention'] })]),
  });
}
