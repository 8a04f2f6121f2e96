import { z } from 'zod';
import { PartyFields } from './party.js';
import { GuestExtrasField } from './guest-extras.js';
import { BOOKING_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, paymentMethodFromAdminForm, paymentStatusFromAdminForm } from '../domain/booking-status.js';
import { BOOKING_MESSAGES, BookingStatusSchema, GuestPaymentMethodSchema, PaymentMethodSchema, PaymentStatusSchema } from './booking-fields.js';
import { BOOKING_CHANNELS, STAFF_BOOKING_CHANNELS } from '../domain/booking-channel.js';
import { phoneKey } from '../domain/phone.js';
import {
  IsoDateStrict,
  Timestamp,
  checkOutAfterCheckIn,
  endNotBeforeStart,
  isoDate,
  money,
  optionalIsoDate,
  plainString,
  optionalText,
  optionalUuid,
  uuid,
} from './common.js';

// The messages and the status and method fields, in a module of their own so that contracts
// that only need them (the guest's booking, the register) do not build this file's schemas.
export { BOOKING_MESSAGES, BookingStatusSchema, PaymentStatusSchema, PaymentMethodSchema } from './booking-fields.js';

/** 'Number of guests must be between 1 and N': the guests selector's range, whatever its bound. */
export function guestsRangeMessage(max: number): string {
  return `Number of guests must be between ${GUESTS_MIN} and ${max}`;
}

export const GUESTS_MIN = 1;
export const GUESTS_MAX = 8;
export const GUESTS_DEFAULT = 2;
// Staff book groups and the entire lodge; the type's capacity is the real bound, checked by the server.
export const ADMIN_GUESTS_MAX = 99;
/**
 * Group bookings (several units of one type in one booking): at most this many units, and a
 * guest's party of at most GROUP_GUESTS_MAX before the server checks the real bound (the
 * type's capacity times the units, or the entire lodge's capacity). One unit keeps 1 to 8.
 */
export const UNIT_COUNT_MAX = 20;
export const GROUP_GUESTS_MAX = 400;

/** Optional unitCount: a whole number 1 to UNIT_COUNT_MAX (absent = 1, a plain booking). */
export function optionalUnitCount() {
  const message = BOOKING_MESSAGES.unitCountRange;
  return z.number({ error: message }).int(message).min(1, message).max(UNIT_COUNT_MAX, message).optional();
}

interface PartyFields {
  numberOfGuests: number;
  unitCount?: number;
  packageTypeId?: string;
  isPackageBooking?: boolean;
}

/**
 * A guest's party: 1 to 8 for one unit (the booking form's range), as before groups; a group
 * (unitCount 2 or more) or the entire lodge may be larger, up to a bound the server checks
 * against the capacity of what is booked.
 */
export function refinePartySize(body: PartyFields, ctx: z.RefinementCtx): void {
  const manyUnits = (body.unitCount ?? 1) > 1 || !!body.packageTypeId || !!body.isPackageBooking;
  if (body.numberOfGuests > GUESTS_MAX && !manyUnits) {
    ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.guestsRange, path: ['numberOfGuests'] });
  }
}


/**
 * A payment status from the admin form: the canonical values, or the create form's
 * paid / deposit_paid / pending (paid and deposit_paid both become 'Paid').
 */
export const AdminPaymentStatusInput = z
  .enum([...PAYMENT_STATUSES, 'paid', 'deposit_paid', 'pending'], { error: BOOKING_MESSAGES.paymentStatus })
  .transform(paymentStatusFromAdminForm);

/** The create form's method: credit_card -> Card, eft -> EFT, cash -> Card (docs/product.md, Statuses). */
export const AdminCreatePaymentMethodInput = z
  .enum([...PAYMENT_METHODS, 'credit_card', 'eft', 'cash'], { error: BOOKING_MESSAGES.paymentMethod })
  .transform((value) => paymentMethodFromAdminForm(value, 'create'));

/** The edit form's method: as the create form, but cash stays Cash. */
export const AdminEditPaymentMethodInput = z
  .enum([...PAYMENT_METHODS, 'credit_card', 'eft', 'cash'], { error: BOOKING_MESSAGES.paymentMethod })
  .transform((value) => paymentMethodFromAdminForm(value, 'edit'));

export function guestCount(max: number, message: string) {
  return z.number({ error: message }).int(message).min(GUESTS_MIN, message).max(max, message);
}

export const GuestData = z.object(
  {
    firstName: plainString({ error: BOOKING_MESSAGES.firstNameRequired })
      .trim()
      .min(1, BOOKING_MESSAGES.firstNameRequired)
      .max(100, 'First name must be at most 100 characters'),
    lastName: plainString({ error: BOOKING_MESSAGES.lastNameRequired })
      .trim()
      .min(1, BOOKING_MESSAGES.lastNameRequired)
      .max(100, 'Last name must be at most 100 characters'),
    email: z
      .string({ error: BOOKING_MESSAGES.emailInvalid })
      .trim()
      .toLowerCase()
      .max(254, BOOKING_MESSAGES.emailInvalid)
      .pipe(z.email(BOOKING_MESSAGES.emailInvalid)),
    phone: optionalText(50, 'Phone must be at most 50 characters'),
    address: optionalText(500, 'Address must be at most 500 characters'),
  },
  { error: BOOKING_MESSAGES.guestDataRequired },
);
export type GuestData = z.output<typeof GuestData>;
export type GuestDataInput = z.input<typeof GuestData>;

/**
 * The guest as staff enter them: a walk-in or phone guest may have no e-mail address (absent,
 * null or '' all mean none), as long as there is a phone to find them by again. A malformed
 * address is still 'Valid email is required'; neither an address nor a phone names the e-mail.
 */
export const StaffGuestData = GuestData.extend({
  email: z
    .string({ error: BOOKING_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, BOOKING_MESSAGES.emailInvalid)
    .pipe(z.union([z.literal(''), z.email(BOOKING_MESSAGES.emailInvalid)], { error: BOOKING_MESSAGES.emailInvalid }))
    .nullish()
    .transform((value) => (value ? value : null)),
}).superRefine((guest, ctx) => {
  if (!guest.email && !phoneKey(guest.phone)) {
    ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.emailOrPhoneRequired, path: ['email'] });
  }
});
export type StaffGuestData = z.output<typeof StaffGuestData>;

/** The channel staff record for a booking they take (a guest's own booking is always `Website`). */
export const StaffChannelSchema = z.enum(STAFF_BOOKING_CHANNELS, { error: BOOKING_MESSAGES.staffChannel });

/** A promo code as typed: trimmed; '' or null mean none. */
export const OptionalPromoCode = plainString()
  .trim()
  .max(50, BOOKING_MESSAGES.promoCodeTooLong)
  .nullish()
  .transform((value) => (value ? value : undefined));

/** What a booking is for: one unit, or a package type (the entire lodge) booked by type. */
export type BookingTarget = { kind: 'unit'; unitId: string } | { kind: 'package'; packageTypeId: string };

interface TargetFields {
  unitId?: string;
  packageTypeId?: string;
  accommodationTypeId?: string;
  isPackageBooking?: boolean;
}

/**
 * unitId books a unit; packageTypeId, or accommodationTypeId with isPackageBooking true
 * (the admin package call, docs/product.md, Booking Management), books a package by type.
 */
export function bookingTargetOf(body: TargetFields): BookingTarget | undefined {
  if (body.unitId && (body.packageTypeId || body.isPackageBooking)) return undefined;
  if (body.unitId) return { kind: 'unit', unitId: body.unitId };
  if (body.packageTypeId) return { kind: 'package', packageTypeId: body.packageTypeId };
  if (body.isPackageBooking && body.accommodationTypeId) return { kind: 'package', packageTypeId: body.accommodationTypeId };
  return undefined;
}

export function refineBookingTarget(body: TargetFields, ctx: z.RefinementCtx): void {
  if (bookingTargetOf(body)) return;
  const both = !!body.unitId && (!!body.packageTypeId || !!body.isPackageBooking);
  ctx.addIssue({
    code: 'custom',
    message: both ? BOOKING_MESSAGES.unitAndPackage : BOOKING_MESSAGES.unitOrPackageRequired,
    path: ['unitId'],
  });
}

/**
 * POST /api/bookings (the guest's EFT booking; also the admin's package booking).
 * totalAmount and discountAmount are accepted but never trusted for a guest: the server
 * recomputes them (docs/design.md, Pricing). paymentStatus is honoured for staff only.
 */
const createBookingFields = {
    unitId: optionalUuid(),
    packageTypeId: optionalUuid(),
    accommodationTypeId: optionalUuid(),
    isPackageBooking: z.boolean().optional(),
    checkInDate: isoDate(BOOKING_MESSAGES.checkInRequired),
    checkOutDate: isoDate(BOOKING_MESSAGES.checkOutRequired),
    numberOfGuests: guestCount(GROUP_GUESTS_MAX, BOOKING_MESSAGES.guestsRange).default(GUESTS_DEFAULT),
    /** Units of the type booked together (a group): the server picks free ones; absent = 1. */
    unitCount: optionalUnitCount(),
    /** Who stays (per person pricing); absent = 2 adults. */
    ...PartyFields,
    totalAmount: money({ invalid: BOOKING_MESSAGES.amountInvalid }).optional(),
    discountAmount: money({ invalid: BOOKING_MESSAGES.amountInvalid }).optional(),
    paymentMethod: GuestPaymentMethodSchema,
    paymentStatus: AdminPaymentStatusInput.optional(),
    specialRequests: optionalText(2000, 'Special requests must be at most 2000 characters'),
    promoCode: OptionalPromoCode,
    /** Extras the guest adds (in totalAmount, posted to the folio). */
    extras: GuestExtrasField,
    /** Staff's package booking only: how it came (a guest's own booking is always `Website`). */
    channel: StaffChannelSchema.optional(),
};
/** The booking call's fields and rules with the guest as `guestData` describes them. */
function bookingRequest<G extends typeof GuestData | typeof StaffGuestData>(guestData: G) {
  return z
    .object({ ...createBookingFields, guestData })
    .superRefine(checkOutAfterCheckIn('checkInDate', 'checkOutDate'))
    .superRefine(refineBookingTarget)
    .superRefine(refinePartySize);
}
export const CreateBookingRequest = bookingRequest(GuestData);
export type CreateBookingRequest = z.output<typeof CreateBookingRequest>;
export type CreateBookingRequestInput = z.input<typeof CreateBookingRequest>;

/**
 * POST /api/bookings with isPackageBooking (staff): the same call, the guest allowed without an
 * e-mail when a phone is given, as on POST /api/admin/bookings.
 */
export const StaffPackageBookingRequest = bookingRequest(StaffGuestData);
export type StaffPackageBookingRequest = z.output<typeof StaffPackageBookingRequest>;

/**
 * POST /api/admin/bookings: one call per unit. `id` may be set by the front desk when the
 * booking is made offline, so a replayed request is recognised (ids are made
 * by the client for anything created offline). numberOfGuests defaults to 2.
 */
export const AdminCreateBookingRequest = z
  .object({
    id: optionalUuid(),
    unitId: uuid(BOOKING_MESSAGES.unitRequired),
    checkInDate: isoDate(BOOKING_MESSAGES.checkInRequired),
    checkOutDate: isoDate(BOOKING_MESSAGES.checkOutRequired),
    numberOfGuests: guestCount(ADMIN_GUESTS_MAX, BOOKING_MESSAGES.adminGuestsRange).default(GUESTS_DEFAULT),
    /** A group: unitId and unitCount - 1 more free units of its type; absent = 1. */
    unitCount: optionalUnitCount(),
    /** Who stays (per person pricing); absent = 2 adults. */
    ...PartyFields,
    totalAmount: money({ invalid: BOOKING_MESSAGES.amountInvalid, required: BOOKING_MESSAGES.totalAmountRequired }),
    paymentMethod: AdminCreatePaymentMethodInput,
    paymentStatus: AdminPaymentStatusInput,
    specialRequests: optionalText(2000, 'Special requests must be at most 2000 characters'),
    /**
     * How the booking came. The back office's form always sends it; absent (a request from a
     * client older than channels, such as an offline replay) it is not recorded.
     */
    channel: StaffChannelSchema.optional(),
    /** A walk-in or phone guest may come without an e-mail address, given a phone. */
    guestData: StaffGuestData,
  })
  .superRefine(checkOutAfterCheckIn('checkInDate', 'checkOutDate'));
export type AdminCreateBookingRequest = z.output<typeof AdminCreateBookingRequest>;
export type AdminCreateBookingRequestInput = z.input<typeof AdminCreateBookingRequest>;

/**
 * Text in a partial update: missing leaves it alone, '' or null clears it. A NUL character
 * is refused by name (PostgreSQL cannot store it in text and would answer a 500).
 */
function updatableText(max: number, tooLong: string, hasNul = 'Text must not contain a NUL character') {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => !value.includes('\0'), hasNul)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));
}

const UPDATABLE_BOOKING_FIELDS = ['status', 'paymentStatus', 'paymentMethod', 'specialRequests', 'totalAmount', 'cancellationReason'] as const;

/**
 * PUT /api/admin/bookings/:id: any of the fields, at least one. `version` (from the booking
 * as read) makes the update conditional: a stale version answers 409.
 */
export const UpdateBookingRequest = z
  .object({
    status: BookingStatusSchema.optional(),
    paymentStatus: AdminPaymentStatusInput.optional(),
    paymentMethod: AdminEditPaymentMethodInput.optional(),
    specialRequests: updatableText(2000, 'Special requests must be at most 2000 characters'),
    totalAmount: money({ invalid: BOOKING_MESSAGES.amountInvalid }).optional(),
    cancellationReason: updatableText(500, 'Cancellation reason must be at most 500 characters', 'Cancellation reason must not contain a NUL character'),
    /**
     * A Manager or SuperAdmin checking a guest in before the arrival date on purpose, with
     * the reason (kept in the audit log). Without it an early check-in answers 409.
     */
    override: z.boolean({ error: 'Override must be true or false' }).optional(),
    overrideReason: updatableText(500, 'Override reason must be at most 500 characters', 'Override reason must not contain a NUL character'),
    version: z.number({ error: 'Version must be a whole number' }).int('Version must be a whole number').min(1).optional(),
  })
  .refine((body) => UPDATABLE_BOOKING_FIELDS.some((field) => body[field] !== undefined), BOOKING_MESSAGES.nothingToUpdate)
  .refine((body) => body.override !== true || !!body.overrideReason, {
    message: BOOKING_MESSAGES.overrideReasonRequired,
    path: ['overrideReason'],
  });
export type UpdateBookingRequest = z.output<typeof UpdateBookingRequest>;
export type UpdateBookingRequestInput = z.input<typeof UpdateBookingRequest>;

/** A query-string enum: missing or '' mean no filter. */
function optionalQueryEnum<const T extends readonly string[]>(values: T, message: string) {
  return z
    .string({ error: message })
    .nullish()
    .transform((value, ctx): T[number] | undefined => {
      if (!value) return undefined;
      if (!values.includes(value)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * GET /api/admin/bookings?startDate&endDate&unitId&status: bookings whose stay overlaps
 * the window (check-in <= endDate and check-out > startDate).
 */
export const AdminBookingsQuery = z
  .object({
    startDate: optionalIsoDate(),
    endDate: optionalIsoDate(),
    unitId: optionalUuid(),
    status: optionalQueryEnum(BOOKING_STATUSES, BOOKING_MESSAGES.status),
  })
  .superRefine(endNotBeforeStart('startDate', 'endDate', BOOKING_MESSAGES.endBeforeStart));
export type AdminBookingsQuery = z.output<typeof AdminBookingsQuery>;

/** A booking as the API sends it (docs/product.md, Booking Management). Money in rand. */
export const Booking = z.object({
  id: z.string(),
  reference: z.string(),
  /** null only for a parent booking (the entire lodge, or a group): its children hold the units. */
  unitId: z.string().nullable(),
  unitName: z.string().nullable(),
  accommodationTypeId: z.string(),
  accommodationTypeName: z.string(),
  guestId: z.string(),
  guestName: z.string(),
  /** null: a walk-in or phone guest without an address (nothing is e-mailed for the booking). */
  guestEmail: z.string().nullable(),
  guestPhone: z.string().nullable().optional(),
  /** How the booking came (shared/domain/booking-channel.ts); null: staff did not record it. */
  channel: z.enum(BOOKING_CHANNELS).nullable().optional(),
  /** The staff member who took it (their name); null for a guest's own booking. */
  createdByName: z.string().nullable().optional(),
  checkInDate: IsoDateStrict,
  checkOutDate: IsoDateStrict,
  numberOfGuests: z.number().int(),
  status: BookingStatusSchema,
  totalAmount: z.number(),
  discountAmount: z.number(),
  paymentStatus: PaymentStatusSchema,
  paymentMethod: PaymentMethodSchema,
  paymentVerified: z.boolean(),
  paystackReference: z.string().nullable(),
  promoCodeId: z.string().nullable(),
  specialRequests: z.string().nullable(),
  /** Why staff cancelled it (absent in rows stored offline before it was sent). */
  cancellationReason: z.string().nullable().optional(),
  holdExpiresAt: Timestamp.nullable(),
  parentBookingId: z.string().nullable(),
  /**
   * A unit booking inside a multi-unit booking (the entire lodge or a group): it blocks its
   * unit, holds no money and changes only through its parent. The name is older than groups.
   */
  isEntireLodgeChild: z.boolean(),
  /** Only on the parent of a group booking: how many units of its type it holds (2 or more). */
  unitCount: z.number().int().optional(),
  /**
   * Only on the parent of a stay split over units (a room move from a date): true. Its
   * segments are its children, one per unit, consecutive (shared/domain/stay-segments.ts).
   */
  isSplitStay: z.boolean().optional(),
  /**
   * Only after an early departure released the remaining nights: the check-out date booked
   * (checkOutDate is then the day the guest left) and what the folio credits for them (0 when
   * the lodge keeps charging).
   */
  originalCheckOutDate: IsoDateStrict.optional(),
  earlyDepartureCredit: z.number().optional(),
  /**
   * The party the price was made for (adults, each child's age): present when it was kept (a
   * per person sharing type, or a request that named it); absent on older bookings.
   */
  adults: z.number().int().nullable().optional(),
  childAges: z.array(z.number().int()).nullable().optional(),
  /** Only when a special applied: it (its name null once deleted) and what it took off. */
  specialOfferId: z.string().optional(),
  specialOfferName: z.string().nullable().optional(),
  specialDiscountAmount: z.number().optional(),
  /**
   * Deposits and balances (absent in rows stored offline before they were sent): the money
   * the ledger holds (payments less refunds), what is left to pay (0 once cancelled), the date
   * it is due (null when it was all due at booking), and what was due at booking.
   */
  amountPaid: z.number().optional(),
  balanceDue: z.number().optional(),
  balanceDueDate: IsoDateStrict.nullable().optional(),
  depositAmount: z.number().nullable().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Booking = z.infer<typeof Booking>;

export const BookingList = z.array(Booking);

export const UPCOMING_MOVEMENT_TYPES = ['arrival', 'departure'] as const;

/** GET /api/admin/upcoming-arrivals (dashboard, next 7 days). */
export const UpcomingArrivalsResponse = z.object({
  todayArrivals: z.number().int(),
  todayDepartures: z.number().int(),
  totalArrivals: z.number().int(),
  totalDepartures: z.number().int(),
  bookings: z.array(
    z.object({
      id: z.string(),
      type: z.enum(UPCOMING_MOVEMENT_TYPES),
      date: IsoDateStrict,
      guestName: z.string(),
      unitName: z.string(),
      totalAmount: z.number(),
      status: BookingStatusSchema,
    }),
  ),
});
export type UpcomingArrivalsResponse = z.infer<typeof UpcomingArrivalsResponse>;

/**
 * GET /api/admin/guests: one record per e-mail address (a guest without one: per phone), with
 * how often they booked.
 */
export const GuestListItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  bookingCount: z.number().int(),
  lastCheckInDate: IsoDateStrict.nullable(),
  createdAt: Timestamp,
});
export type GuestListItem = z.infer<typeof GuestListItem>;
export const GuestList = z.array(GuestListItem);

export const BOOKING_LOOKUP_MESSAGES = {
  referenceRequired: 'Booking reference is required',
  emailInvalid: BOOKING_MESSAGES.emailInvalid,
  notFound: 'Booking not found',
} as const;

/**
 * GET /api/bookings/lookup?reference=&email=: a guest reads their own booking. Both must
 * match (the e-mail case-insensitively), so a reference alone reveals nothing.
 */
export const BookingLookupQuery = z.object({
  reference: plainString({ error: BOOKING_LOOKUP_MESSAGES.referenceRequired })
    .trim()
    .min(1, BOOKING_LOOKUP_MESSAGES.referenceRequired)
    .max(40, BOOKING_LOOKUP_MESSAGES.notFound)
    .transform((value) => value.toUpperCase()),
  email: z
    .string({ error: BOOKING_LOOKUP_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, BOOKING_LOOKUP_MESSAGES.emailInvalid)
    .pipe(z.email(BOOKING_LOOKUP_MESSAGES.emailInvalid)),
});
export type BookingLookupQuery = z.output<typeof BookingLookupQuery>;

/** Where an EFT guest pays to: the lodge's banking details (null fields when not set). */
export const BankDetails = z.object({
  bankName: z.string().nullable(),
  accountHolder: z.string().nullable(),
  accountNumber: z.string().nullable(),
  branchCode: z.string().nullable(),
});
export type BankDetails = z.infer<typeof BankDetails>;

/** Only what the guest needs to see their booking; money in rand. */
export const BookingLookupResponse = z.object({
  reference: z.string(),
  status: BookingStatusSchema,
  paymentStatus: PaymentStatusSchema,
  paymentMethod: PaymentMethodSchema,
  checkInDate: IsoDateStrict,
  checkOutDate: IsoDateStrict,
  numberOfGuests: z.number().int(),
  accommodationTypeName: z.string(),
  /** null for an entire-lodge or group booking (its units are held by child bookings). */
  unitName: z.string().nullable(),
  /** Only for a group booking: how many units of the type it holds. */
  unitCount: z.number().int().optional(),
  totalAmount: z.number(),
  holdExpiresAt: Timestamp.nullable(),
  /** Set while an EFT booking still waits for its payment: where to pay, with the reference. */
  bankDetails: BankDetails.nullable(),
});
export type BookingLookupResponse = z.infer<typeof BookingLookupResponse>;
