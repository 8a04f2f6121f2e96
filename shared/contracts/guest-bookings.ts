import { z } from 'zod';
import { IsoDateStrict, Timestamp, money, optionalText } from './common.js';
import { BOOKING_MESSAGES, BookingStatusSchema, PaymentMethodSchema } from './booking-fields.js';

/**
 * The guest's own booking page (/my-booking/:token) and its API, all by the token in the
 * guest's link. An unknown or expired token is a 404 with { message }.
 */

export const GUEST_BOOKING_MESSAGES = {
  notFound: 'This booking link is not valid or has expired. Ask for a new link below.',
  linkSent: 'If the reference and e-mail address match a booking, a link to it is on its way.',
  referenceRequired: 'Booking reference is required',
  emailInvalid: BOOKING_MESSAGES.emailInvalid,
  amountTooSmall: 'Amount must be at least R1',
  amountTooLarge: (balance: string) => `Amount cannot be more than the balance of ${balance}`,
  nothingToPay: 'There is no balance to pay on this booking',
  alreadyCancelled: 'This booking is already cancelled',
  cannotCancelStarted: 'This stay has begun and can no longer be cancelled here; please speak to the lodge',
  cannotCancelPast: 'This stay is in the past and can no longer be cancelled',
  paymentUnavailable: 'Card payments are not available right now. Please try again later or pay by EFT.',
  fileRequired: 'Choose a file to upload',
  fileType: 'Proof of payment must be a PDF, JPEG or PNG file',
  fileTooLarge: 'Proof of payment must be at most 5 MB',
  tooManyTries: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** Proofs and statements: at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** A link stops working this many days after check-out. */
export const GUEST_LINK_DAYS_AFTER_CHECK_OUT = 60;

/** POST /api/guest/booking-links: always 202 { message }, whether or not they match. */
export const BookingLinkRequest = z.object({
  reference: z
    .string({ error: GUEST_BOOKING_MESSAGES.referenceRequired })
    .trim()
    .min(1, GUEST_BOOKING_MESSAGES.referenceRequired)
    .max(40, GUEST_BOOKING_MESSAGES.referenceRequired),
  email: z.string({ error: GUEST_BOOKING_MESSAGES.emailInvalid }).trim().toLowerCase().pipe(z.email(GUEST_BOOKING_MESSAGES.emailInvalid)),
});
export type BookingLinkRequest = z.output<typeof BookingLinkRequest>;

export const GuestPaymentKind = z.enum(['payment', 'refund']);

/** GET /api/guest/bookings/:token. Money in rand. */
export const GuestBookingResponse = z.object({
  reference: z.string(),
  status: BookingStatusSchema,
  checkInDate: IsoDateStrict,
  checkOutDate: IsoDateStrict,
  accommodationName: z.string(),
  unitName: z.string().nullable(),
  numberOfGuests: z.number().int(),
  guestName: z.string(),
  totalAmount: z.number(),
  amountPaid: z.number(),
  balanceDue: z.number(),
  balanceDueDate: IsoDateStrict.nullable(),
  paymentMethod: PaymentMethodSchema,
  cancellation: z.object({
    allowed: z.boolean(),
    refundPercent: z.number(),
    refundAmount: z.number(),
    /** The policy in plain words, one line a tier. */
    policy: z.array(z.string()),
  }),
  payments: z.array(z.object({ date: Timestamp, amount: z.number(), method: z.string(), kind: GuestPaymentKind })),
  /** The folio's lines when the stay has any (extras), else empty: the page then shows the total. */
  folio: z.array(z.object({ description: z.string(), amount: z.number() })).optional(),
  /** Proofs of payment the guest uploaded (names and dates only). */
  proofs: z.array(z.object({ fileName: z.string(), uploadedAt: Timestamp, status: z.enum(['to_check', 'checked']) })).optional(),
  /** Whether a card payment can be offered (Paystack configured and card payments on). */
  cardPaymentsAvailable: z.boolean().optional(),
  /** The lodge's banking details for an EFT (null when none are set). */
  bank: z
    .object({ bankName: z.string().nullable(), accountHolder: z.string().nullable(), accountNumber: z.string().nullable(), branchCode: z.string().nullable() })
    .nullable()
    .optional(),
});
export type GuestBookingResponse = z.infer<typeof GuestBookingResponse>;

/** POST /api/guest/bookings/:token/payments: the balance, or less (at least R1). */
export const GuestPaymentRequest = z.object({
  amount: z
    .union([z.number(), z.string(), z.null()], { error: GUEST_BOOKING_MESSAGES.amountTooSmall })
    .optional()
    .transform((value) => (value === null || value === '' ? undefined : value))
    .pipe(
      money({ invalid: GUEST_BOOKING_MESSAGES.amountTooSmall })
        .refine((amount) => amount >= 1, GUEST_BOOKING_MESSAGES.amountTooSmall)
        .optional(),
    ),
});
export type GuestPaymentRequest = z.output<typeof GuestPaymentRequest>;
export type GuestPaymentRequestInput = z.input<typeof GuestPaymentRequest>;

export const GuestPaymentResponse = z.object({
  access_code: z.string(),
  reference: z.string(),
  public_key: z.string(),
  amount: z.number(),
});
export type GuestPaymentResponse = z.infer<typeof GuestPaymentResponse>;

/** POST /api/guest/bookings/:token/cancel */
export const GuestCancelRequest = z.object({ reason: optionalText(500, 'Reason must be at most 500 characters') });
export type GuestCancelRequest = z.output<typeof GuestCancelRequest>;

export const GuestCancelResponse = z.object({ status: z.literal('Cancelled'), refundAmount: z.number() });
export type GuestCancelResponse = z.infer<typeof GuestCancelResponse>;

/** POST /api/guest/bookings/:token/proofs -> 201 */
export const ProofUploadResponse = z.object({ id: z.string(), fileName: z.string(), uploadedAt: Timestamp });
export type ProofUploadResponse = z.infer<typeof ProofUploadResponse>;
