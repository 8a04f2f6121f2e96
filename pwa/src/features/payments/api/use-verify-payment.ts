import { queryOptions, useQuery } from '@tanstack/react-query';
import { VerifyPaymentResponse } from '@shared/contracts/payment-verification.js';
import { apiFetch } from '@/lib/api.js';

/** POST /api/payments/verify {reference}; a failure is an error status with { message }. */
export const verifyPayment = (reference: string) =>
  apiFetch('/api/payments/verify', { method: 'POST', body: { reference }, schema: VerifyPaymentResponse });

/**
 * Run as a query keyed by the reference, not a mutation: verifying is idempotent on the
 * server, and a query runs once per reference however often the page renders.
 */
export const verifyPaymentQueryOptions = (reference: string | null) =>
  queryOptions({
    queryKey: ['payments', 'verify', reference],
    enabled: Boolean(reference),
    gcTime: Infinity,
    queryFn: () => verifyPayment(reference as string),
  });

export function useVerifyPayment(reference: string | null) {
  return useQuery(verifyPaymentQueryOptions(reference));
}
