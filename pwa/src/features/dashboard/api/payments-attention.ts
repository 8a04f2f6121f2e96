import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PaymentsAttentionResponse } from '@shared/contracts/desk-money.js';
import { PaymentTransaction } from '@shared/contracts/payments.js';
import { apiFetch } from '@/lib/api.js';

export const PAYMENTS_ATTENTION_KEY = ['admin', 'payments-attention'] as const;

/** GET /api/admin/payments/attention: overdue balances, proofs to check, EFT refunds owed. */
export function usePaymentsAttention() {
  return useQuery({
    queryKey: PAYMENTS_ATTENTION_KEY,
    queryFn: ({ signal }) => apiFetch('/api/admin/payments/attention', { schema: PaymentsAttentionResponse, signal }),
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/admin/payments/eft-refunds/:id/paid (SuperAdmin, Manager): the money has gone to the guest. */
export function useMarkRefundPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) => apiFetch(`/api/admin/payments/eft-refunds/${refundId}/paid`, { method: 'POST', schema: PaymentTransaction }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_ATTENTION_KEY }),
  });
}
