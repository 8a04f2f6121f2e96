import { z } from 'zod';
import { IsoDateStrict, Timestamp } from './common.js';

/**
 * What the dashboard lists for a manager after deposits: balances overdue, EFT proofs to
 * check, and EFT refunds owed (a guest's cancellation refunds by EFT are paid by hand).
 * GET /api/admin/payments/attention (SuperAdmin, Manager; a Receptionist sees overdue
 * balances and proofs too, as the desk chases them).
 */
export const OverdueBalance = z.object({
  bookingId: z.string(),
  reference: z.string(),
  guestName: z.string(),
  checkInDate: IsoDateStrict,
  balanceDue: z.number(),
  balanceDueDate: IsoDateStrict,
});
export const ProofToCheck = z.object({
  proofId: z.string(),
  bookingId: z.string(),
  reference: z.string(),
  guestName: z.string(),
  fileName: z.string(),
  uploadedAt: Timestamp,
  balanceDue: z.number(),
});
export const EftRefundOwed = z.object({
  refundId: z.string(),
  bookingId: z.string(),
  reference: z.string(),
  guestName: z.string(),
  amount: z.number(),
  requestedAt: Timestamp,
});
export const PaymentsAttentionResponse = z.object({
  overdueBalances: z.array(OverdueBalance),
  proofsToCheck: z.array(ProofToCheck),
  eftRefundsOwed: z.array(EftRefundOwed),
});
export type PaymentsAttentionResponse = z.infer<typeof PaymentsAttentionResponse>;

/** GET /api/admin/bookings/:id/proofs: the proofs of one booking (the file itself: .../proofs/:proofId). */
export const BookingProof = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(['to_check', 'checked']),
  uploadedAt: Timestamp,
  checkedAt: Timestamp.nullable(),
  checkedBy: z.string().nullable(),
});
export const BookingProofList = z.array(BookingProof);
export type BookingProof = z.infer<typeof BookingProof>;
