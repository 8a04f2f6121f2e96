import { z } from 'zod';
import { EXTRA_PRICINGS } from '../domain/folio.js';
import { money, nullableMoney, optionalIsoDate, optionalText, plainString, uuid } from './common.js';

/**
 * The folio (a booking's charges, payments and balance) and the extras catalogue it charges
 * from. Money is rand, a number with at most 2 decimals, VAT included unless said otherwise.
 */

export const EXTRA_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  priceInvalid: 'Price must be 0 or more',
  childPriceInvalid: 'Child price must be 0 or more',
  pricingInvalid: 'Pricing must be per item, per person, per night or per person per night',
  extraRequired: 'Extra is required',
  quantityRange: 'Quantity must be between 1 and 99',
  adultsRange: 'Adults must be between 0 and 99',
  childrenRange: 'Children must be between 0 and 99',
  voidReasonRequired: 'A reason is required to void a charge',
} as const;

export const ExtraPricingSchema = z.enum(EXTRA_PRICINGS, { error: EXTRA_MESSAGES.pricingInvalid });

/** An extra as the API sends it (admin list, sync pull, and the guest's step 3 for bookable ones). */
export const Extra = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  childPrice: z.number().nullable(),
  pricing: ExtraPricingSchema,
  vatInclusive: z.boolean(),
  bookableOnline: z.boolean(),
  isActive: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Extra = z.infer<typeof Extra>;

/** POST /api/admin/extras and PUT /api/admin/extras/:id (the whole form). */
export const ExtraRequest = z
  .object({
    name: plainString({ error: EXTRA_MESSAGES.nameRequired })
      .trim()
      .min(1, EXTRA_MESSAGES.nameRequired)
      .max(100, EXTRA_MESSAGES.nameTooLong),
    description: optionalText(1000),
    price: money({ invalid: EXTRA_MESSAGES.priceInvalid, required: EXTRA_MESSAGES.priceInvalid }),
    childPrice: nullableMoney({ invalid: EXTRA_MESSAGES.childPriceInvalid }),
    pricing: ExtraPricingSchema,
    vatInclusive: z.boolean().default(true),
    bookableOnline: z.boolean().default(false),
    isActive: z.boolean().default(true),
    /** PUT: the version the form was loaded at (a stale form is a 409). */
    version: z.number().int().positive().optional(),
  })
  .strict();
export type ExtraRequest = z.infer<typeof ExtraRequest>;

const count = (message: string, max = 99) => z.number({ error: message }).int(message).min(0, message).max(max, message);

/**
 * POST /api/admin/bookings/:id/folio/charges. `chargeId` may be given (the offline tablet
 * makes it) so a retried request never charges twice. adults/children default to the
 * booking's guests for per-person extras; date defaults to the lodge's today.
 */
export const AddFolioChargeRequest = z
  .object({
    chargeId: z.uuid().optional(),
    extraId: uuid(EXTRA_MESSAGES.extraRequired),
    quantity: z
      .number({ error: EXTRA_MESSAGES.quantityRange })
      .int(EXTRA_MESSAGES.quantityRange)
      .min(1, EXTRA_MESSAGES.quantityRange)
      .max(99, EXTRA_MESSAGES.quantityRange)
      .default(1),
    adults: count(EXTRA_MESSAGES.adultsRange).optional(),
    children: count(EXTRA_MESSAGES.childrenRange).optional(),
    date: optionalIsoDate(),
    note: optionalText(500),
  })
  .strict();
export type AddFolioChargeRequest = z.infer<typeof AddFolioChargeRequest>;

/** POST /api/admin/bookings/:id/folio/charges/:chargeId/void */
export const VoidFolioChargeRequest = z
  .object({
    reason: plainString({ error: EXTRA_MESSAGES.voidReasonRequired })
      .trim()
      .min(1, EXTRA_MESSAGES.voidReasonRequired)
      .max(500, 'Reason must be at most 500 characters'),
  })
  .strict();
export type VoidFolioChargeRequest = z.infer<typeof VoidFolioChargeRequest>;

/** A posted charge as stored (sync pull, and the source of a folio's extra lines). */
export const FolioCharge = z.object({
  id: z.string(),
  bookingId: z.string(),
  extraId: z.string(),
  description: z.string(),
  pricing: ExtraPricingSchema,
  unitPrice: z.number(),
  childUnitPrice: z.number(),
  quantity: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  nights: z.number().int(),
  /** In the catalogue's terms: VAT-inclusive when vatInclusive. */
  amount: z.number(),
  vatInclusive: z.boolean(),
  date: z.string(),
  note: z.string().nullable(),
  source: z.enum(['desk', 'guest']),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type FolioCharge = z.infer<typeof FolioCharge>;

export const FOLIO_LINE_KINDS = ['accommodation', 'extra', 'discount', 'levy', 'credit'] as const;

/**
 * One line of a folio. `key` is stable for the life of the booking ('accommodation',
 * 'charge:<id>', 'discount:card', 'discount:promo', 'levy', 'credit:early-departure'): an
 * invoice records the keys it covered, so the next invoice takes only what is new. A credit
 * line (kind 'credit', negative) takes released nights off after an early departure.
 */
export const FolioLine = z.object({
  key: z.string(),
  kind: z.enum(FOLIO_LINE_KINDS),
  description: z.string(),
  date: z.string().nullable(),
  quantity: z.number(),
  /** The price of one (rand, in the line's own terms). */
  unitAmount: z.number(),
  /** What the line comes to, VAT included (negative for a discount). */
  amount: z.number(),
  vat: z.number(),
  chargeId: z.string().nullable(),
  voided: z.boolean(),
  voidReason: z.string().nullable(),
  /** The invoice that covers the line, once one does. */
  invoiceNumber: z.string().nullable(),
});
export type FolioLine = z.infer<typeof FolioLine>;

export const FolioPayment = z.object({
  id: z.string(),
  type: z.enum(['payment', 'refund']),
  method: z.string(),
  status: z.string(),
  amount: z.number(),
  date: z.string(),
  description: z.string(),
});
export type FolioPayment = z.infer<typeof FolioPayment>;

export const FolioTotals = z.object({
  charges: z.number(),
  vat: z.number(),
  paid: z.number(),
  refunded: z.number(),
  balance: z.number(),
});
export type FolioTotals = z.infer<typeof FolioTotals>;

/** GET /api/admin/bookings/:id/folio (an entire-lodge or group stay: the parent's folio). */
export const Folio = z.object({
  bookingId: z.string(),
  reference: z.string(),
  lines: z.array(FolioLine),
  payments: z.array(FolioPayment),
  totals: FolioTotals,
  /**
   * The tax settings the folio was built with: the PWA keeps the last folio it fetched and
   * builds it again offline (with the charges posted since) from these, its discount lines
   * and its payments.
   */
  tax: z.object({ vatRegistered: z.boolean(), tourismLevyPercent: z.number() }),
  /** The stay the folio is of (its name, dates and the booking's total): the rest of what it is built from. */
  stay: z.object({
    name: z.string(),
    checkInDate: z.string(),
    checkOutDate: z.string(),
    totalAmount: z.number(),
    /** Only after an early departure released nights: the check-out booked and the credit for them (0 under 'full'). */
    originalCheckOutDate: z.string().optional(),
    earlyDepartureCredit: z.number().optional(),
  }),
  /** The charges behind the extra lines (voided ones too). */
  charges: z.array(FolioCharge),
});
export type Folio = z.infer<typeof Folio>;

/** POST .../folio/charges and POST .../folio/charges/:chargeId/void: the charge and the folio now. */
export const FolioChargeResponse = z.object({ charge: FolioCharge, folio: Folio });
export type FolioChargeResponse = z.infer<typeof FolioChargeResponse>;

export const FOLIO_MESSAGES = {
  bookingNotFound: 'Booking not found',
  extraNotFound: 'Extra not found',
  chargeNotFound: 'Charge not found',
  bookingCancelled: 'This booking is cancelled: nothing can be charged to it',
  extraInactive: 'This extra is no longer offered',
  peopleRequired: 'A per person extra needs at least one adult or child',
  alreadyVoided: 'This charge was voided already',
  chargeOfOtherBooking: 'This charge belongs to another booking',
} as const;
