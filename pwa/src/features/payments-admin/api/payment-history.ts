import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentHistoryResponse } from '@shared/contracts/payments.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/admin/payments/history?bookingId= : the booking's ledger, oldest first, and its sums. */
export const fetchPaymentHistory = (bookingId: string) =>
  apiFetch('/api/admin/payments/history', { params: { bookingId }, schema: PaymentHistoryResponse });

export const paymentHistoryKey = (bookingId: string) => ['payments', 'history', bookingId] as const;

export const paymentHistoryQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: paymentHistoryKey(bookingId),
    queryFn: () => fetchPaymentHistory(bookingId),
    // Money moves by webhook too (a Paystack refund turning processed): read it fresh on open.
    staleTime: 0,
    retry: false,
  });

export function usePaymentHistory(bookingId: string, enabled = true) {
  return useQuery({ ...paymentHistoryQueryOptions(bookingId), enabled });
}
