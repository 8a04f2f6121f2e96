import { useQuery } from '@tanstack/react-query';
import type { VerifyPaymentResponse } from '../../../../../shared/contracts/payments.js';
import { apiJson } from '../../../lib/api.js';

/**
 * POST /api/payments/verify {reference}; a failure is an error status with { message }.
 * Run as a query keyed by the reference, not a mutation: verifying is idempotent on the
 * server, and a query runs once per reference however often the page renders.
 */
export function useVerifyPayment(reference: string | null) {
  return useQuery({
    queryKey: ['payment-verify', reference],
    enabled: Boolean(reference),
    gcTime: Infinity,
    queryFn: () => apiJson<VerifyPaymentResponse>('POST', '/api/payments/verify', { reference }),
  });
}
