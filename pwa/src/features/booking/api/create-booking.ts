import { useMutation } from '@tanstack/react-query';
import { Booking, type CreateBookingRequestInput } from '@shared/contracts/bookings.js';
import { apiFetch } from '@/lib/api.js';
import { withTimeout } from './request-timeout.js';

export interface CreateBookingArgs {
  body: CreateBookingRequestInput;
  /** Made when the guest reached step 4: a retry after a lost answer replays, never books twice. */
  idempotencyKey: string;
}

/** POST /api/bookings: the guest's EFT booking. */
export const createBooking = ({ body, idempotencyKey }: CreateBookingArgs) =>
  apiFetch('/api/bookings', {
    method: 'POST',
    body,
    schema: Booking,
    headers: { 'Idempotency-Key': idempotencyKey },
    signal: withTimeout(undefined, 45_000),
  });

export function useCreateBooking() {
  return useMutation({ mutationKey: ['booking', 'create'], mutationFn: createBooking });
}
