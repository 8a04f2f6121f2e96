import { queryOptions, useQuery } from '@tanstack/react-query';
import { BookingLookupResponse } from '@shared/contracts/bookings.js';
import { apiFetch } from '@/lib/api.js';
import { withTimeout } from './request-timeout.js';

/** GET /api/bookings/lookup?reference=&email=: the guest's own booking (both must match). */
export const lookupBooking = (reference: string, email: string, signal?: AbortSignal) =>
  apiFetch('/api/bookings/lookup', { params: { reference, email }, schema: BookingLookupResponse, signal: withTimeout(signal) });

export const bookingLookupQueryOptions = (reference: string, email: string) =>
  queryOptions({
    queryKey: ['booking', 'lookup', reference, email.toLowerCase()],
    queryFn: ({ signal }) => lookupBooking(reference, email, signal),
    // The status moves (staff confirm an EFT payment): read it again when the page opens.
    staleTime: 0,
  });

export function useBookingLookup(reference: string | null, email: string | null) {
  return useQuery({ ...bookingLookupQueryOptions(reference ?? '', email ?? ''), enabled: Boolean(reference && email) });
}
