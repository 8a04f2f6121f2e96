import { useMutation } from '@tanstack/react-query';
import { InitializePaymentResponse, type InitializePaymentRequestInput } from '@shared/contracts/payments.js';
import { apiFetch } from '@/lib/api.js';
import { withTimeout } from './request-timeout.js';

export interface InitializePaymentArgs {
  body: InitializePaymentRequestInput;
  idempotencyKey: string;
}

/** POST /api/payments/initialize: the Provisional card booking and its Paystack transaction. */
export const initializePayment = ({ body, idempotencyKey }: InitializePaymentArgs) =>
  apiFetch('/api/payments/initialize', {
    method: 'POST',
    body,
    schema: InitializePaymentResponse,
    headers: { 'Idempotency-Key': idempotencyKey },
    signal: withTimeout(undefined, 45_000),
  });

export function useInitializePayment() {
  return useMutation({ mutationKey: ['payments', 'initialize'], mutationFn: initializePayment });
}
