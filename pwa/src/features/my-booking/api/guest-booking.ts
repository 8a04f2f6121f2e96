import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  GuestBookingResponse,
  GuestCancelResponse,
  GuestPaymentResponse,
  ProofUploadResponse,
  type BookingLinkRequest,
} from '@shared/contracts/guest-bookings.js';
import { apiFetch } from '@/lib/api.js';
import { takeServedField } from '@/lib/served-page-data.js';

/**
 * The guest's own booking, by the token of their link. The token goes in the path only: it is
 * never part of a query key's name on disk nor of a storage key (see last-answer.ts).
 */
const path = (token: string) => `/api/guest/bookings/${encodeURIComponent(token)}`;

export const getGuestBooking = (token: string, signal?: AbortSignal) => apiFetch(path(token), { schema: GuestBookingResponse, signal });

/**
 * How long the booking the server wrote into the page counts as just read: the page opened on
 * it does not ask for it again at once (the server read it for this very page).
 */
const SERVED_FRESH_MS = 10_000;

/** The booking the server wrote into this page, if the page was served for this token. */
function servedGuestBooking(token: string): GuestBookingResponse | undefined {
  const served = takeServedField('guestBooking', `/my-booking/${encodeURIComponent(token)}`);
  if (served === undefined) return undefined;
  const checked = GuestBookingResponse.safeParse(served);
  return checked.success ? checked.data : undefined;
}

export const guestBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['guest-booking', token],
    queryFn: ({ signal }) => getGuestBooking(token, signal),
    // Drawn at once from the page's own copy, where the server wrote one.
    initialData: () => servedGuestBooking(token),
    // Payments and staff checks move the balance: read it again whenever the page opens; only
    // the copy written into the page as it opened is not read again straight away.
    staleTime: (query) => (query.state.dataUpdateCount === 0 && query.state.data !== undefined ? SERVED_FRESH_MS : 0),
  });

export function useGuestBooking(token: string) {
  return useQuery(guestBookingQueryOptions(token));
}

/** POST .../payments { amount? }: a Paystack transaction for the balance (or part of it). */
export function useStartBalancePayment(token: string) {
  return useMutation({
    mutationFn: (amount: number | undefined) =>
      apiFetch(`${path(token)}/payments`, { method: 'POST', body: amount === undefined ? {} : { amount }, schema: GuestPaymentResponse }),
  });
}

export function useCancelGuestBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason?: string }) => apiFetch(`${path(token)}/cancel`, { method: 'POST', body, schema: GuestCancelResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guest-booking', token] }),
  });
}

export function useUploadProof(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiFetch(`${path(token)}/proofs`, { method: 'POST', body: form, schema: ProofUploadResponse });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guest-booking', token] }),
  });
}

const LinkSentResponse = z.object({ message: z.string() });

/** POST /api/guest/booking-links: always 202 with the same words, whether or not they match. */
export function useRequestBookingLink() {
  return useMutation({
    mutationFn: (body: BookingLinkRequest) => apiFetch('/api/guest/booking-links', { method: 'POST', body, schema: LinkSentResponse }),
  });
}
