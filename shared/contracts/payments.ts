import { z } from 'zod';
import { PartyFields } from './party.js';
import { GuestExtrasField } from './guest-extras.js';
import { LEDGER_ENTRY_STATUSES, LEDGER_ENTRY_TYPES, REFUND_MESSAGES } from '../domain/payment-ledger.js';
import { PAYSTACK_REFERENCE_PATTERN } from '../domain/reference.js';
import { Timestamp, checkOutAfterCheckIn, isoDate, money, optionalText, optionalUuid, uuid } from './common.js';
import {
  BOOKING_MESSAGES,
  GROUP_GUESTS_MAX,
  GUESTS_DEFAULT,
  GUESTS_MIN,
  GuestData,
  OptionalPromoCode,
  PaymentStatusSchema,
  optionalUnitCount,
  refineBookingTarget,
  refinePartySize,
} from './bookings.js';

export const PAYMENT_MESSAGES = {
  cardOnly: 'Card payments need paymentMethod Card',
  bookingDataRequired: 'Booking details are required',
  referenceRequired: 'Payment reference is required',
  referenceInvalid: 'Invalid payment reference',
  bookingRequired: 'Booking is required',
  refundNotPositive: REFUND_MESSAGES.notPositive,
} as const;

/**
 * bookingData of POST /api/payments/initialize: what POST /api/bookings takes, paid by
 * card. totalAmount is accepted but the server charges its own computed card total.
 */
export const PaymentBookingData = z
  .object(
    {
      unitId: optionalUuid(),
      packageTypeId: optionalUuid(),
      checkInDate: isoDate(BOOKING_MESSAGES.checkInRequired),
      checkOutDate: isoDate(BOOKING_MESSAGES.checkOutRequired),
      numberOfGuests: z
        .number({ error: BOOKING_MESSAGES.guestsRange })
        .int(BOOKING_MESSAGES.guestsRange)
        .min(GUESTS_MIN, BOOKING_MESSAGES.guestsRange)
        .max(GROUP_GUESTS_MAX, BOOKING_MESSAGES.guestsRange)
        .default(GUESTS_DEFAULT),
      unitCount: optionalUnitCount(),
      /** Who stays (per person pricing); absent = 2 adults. */
      ...PartyFields,
      totalAmount: money({ invalid: BOOKING_MESSAGES.amountInvalid }).optional(),
      paymentMethod: z.literal('Card', { error: PAYMENT_MESSAGES.cardOnly }).default('Card'),
      specialRequests: optionalText(2000, 'Special requests must be at most 2000 characters'),
      promoCode: OptionalPromoCode,
      /** Extras the guest adds: the card total (what Paystack charges) includes them. */
      extras: GuestExtrasField,
    },
    { error: PAYMENT_MESSAGES.bookingDataRequired },
  )
  .superRefine(checkOutAfterCheckIn('checkInDate', 'checkOutDate'))
  .superRefine(refineBookingTarget)
  .superRefine(refinePartySize);

/** POST /api/payments/initialize */
export const InitializePaymentRequest = z.object({
  bookingData: PaymentBookingData,
  guestData: GuestData,
});
export type InitializePaymentRequest = z.output<typeof InitializePaymentRequest>;
export type InitializePaymentRequestInput = z.input<typeof InitializePaymentRequest>;

/**
 * access_code, reference and public_key open the Paystack popup (docs/providers.md, Paystack).
 * amount is what is charged, in rand (Paystack gets it x 100 in cents).
 */
export const InitializePaymentResponse = z.object({
  access_code: z.string(),
  reference: z.string(),
  public_key: z.string(),
  authorization_url: z.string().optional(),
  bookingId: z.string().optional(),
  bookingReference: z.string().optional(),
  amount: z.number().optional(),
});
export type InitializePaymentResponse = z.infer<typeof InitializePaymentResponse>;

export const PaystackReference = z
  .string({ error: PAYMENT_MESSAGES.referenceRequired })
  .trim()
  .min(1, PAYMENT_MESSAGES.referenceRequired)
  .regex(PAYSTACK_REFERENCE_PATTERN, PAYMENT_MESSAGES.referenceInvalid);

/** POST /api/payments/verify */
export const VerifyPaymentRequest = z.object({ reference: PaystackReference });
export type VerifyPaymentRequest = z.output<typeof VerifyPaymentRequest>;

// The answer, in a module of its own: the guest's booking page pays through it and need not
// build this file's schemas.
export { VerifyPaymentResponse } from './payment-verification.js';

/**
 * POST /api/admin/payments/refund. amount omitted (or null/'') = refund everything still
 * refundable. The server refuses more than was paid less earlier refunds (checkRefundAmount).
 */
export const RefundRequest = z.object({
  bookingId: uuid(PAYMENT_MESSAGES.bookingRequired),
  amount: z
    .union([z.number(), z.string(), z.null()], { error: PAYMENT_MESSAGES.refundNotPositive })
    .optional()
    .transform((value) => (value === null || value === '' ? undefined : value))
    .pipe(
      money({ invalid: PAYMENT_MESSAGES.refundNotPositive })
        .refine((amount) => amount > 0, PAYMENT_MESSAGES.refundNotPositive)
        .optional(),
    ),
  reason: optionalText(500, 'Reason must be at most 500 characters'),
});
export type RefundRequest = z.output<typeof RefundRequest>;
export type RefundRequestInput = z.input<typeof RefundRequest>;

export const LedgerEntryTypeSchema = z.enum(LEDGER_ENTRY_TYPES);
export const LedgerEntryStatusSchema = z.enum(LEDGER_ENTRY_STATUSES);

export const PaymentTransaction = z.object({
  id: z.string(),
  type: LedgerEntryTypeSchema,
  /** card, eft, cash (payments and refunds); promo, card_discount (discounts). */
  subtype: z.string(),
  status: LedgerEntryStatusSchema,
  description: z.string(),
  gatewayReference: z.string().nullable(),
  /** Rand, signed: positive is money in, negative is money out or given up. */
  amount: z.number(),
  createdAt: Timestamp,
});
export type PaymentTransaction = z.infer<typeof PaymentTransaction>;

/** The booking's ledger in rand: what the payment history's header and a refund's answer show. */
const LedgerSummary = z.object({
  totalPaid: z.number(),
  totalRefunded: z.number(),
  totalDiscounts: z.number(),
  netAmount: z.number(),
});

export const RefundResponse = z.object({
  message: z.string(),
  refund: PaymentTransaction,
  paymentStatus: PaymentStatusSchema,
  /** The ledger after the refund. */
  summary: LedgerSummary,
});
export type RefundResponse = z.infer<typeof RefundResponse>;

/** GET /api/admin/payments/history?bookingId= */
export const PaymentHistoryQuery = z.object({ bookingId: uuid(PAYMENT_MESSAGES.bookingRequired) });
export type PaymentHistoryQuery = z.output<typeof PaymentHistoryQuery>;

export const PaymentHistoryResponse = z.object({
  summary: LedgerSummary,
  transactions: z.array(PaymentTransaction),
});
export type PaymentHistoryResponse = z.infer<typeof PaymentHistoryResponse>;
