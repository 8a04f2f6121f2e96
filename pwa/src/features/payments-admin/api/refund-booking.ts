import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefundResponse, type RefundRequestInput } from '@shared/contracts/payments.js';
import { apiFetch } from '@/lib/api.js';
import { syncNow } from '@/offline/engine.js';
import { paymentHistoryKey } from './payment-history.js';

/** POST /api/admin/payments/refund: amount left out refunds everything still refundable. */
export const refundBooking = (input: RefundRequestInput) =>
  apiFetch('/api/admin/payments/refund', { method: 'POST', body: input, schema: RefundResponse });

/**
 * A refund, then the history read again and a sync run, so the booking's payment status on
 * this device (the bookings table, the front desk) follows without waiting for the next pull.
 */
export function useRefundBooking(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount?: number; reason?: string }) => refundBooking({ bookingId, ...input }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentHistoryKey(bookingId) });
      void syncNow().catch(() => undefined);
    },
  });
}
