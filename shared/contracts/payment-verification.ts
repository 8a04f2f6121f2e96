import { z } from 'zod';
import { BookingStatusSchema, PaymentStatusSchema } from './booking-fields.js';

/**
 * POST /api/payments/verify's answer: success only; a failure is an error status with
 * { message }. Apart from payments.ts (which re-exports it) so that the pages that pay by card
 * (the guest's booking page among them) do not build the payment and booking contracts.
 */
export const VerifyPaymentResponse = z.object({
  message: z.string(),
  reference: z.string(),
  bookingId: z.string(),
  bookingReference: z.string(),
  status: BookingStatusSchema,
  paymentStatus: PaymentStatusSchema,
  amount: z.number(),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;
