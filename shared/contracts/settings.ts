import { z } from 'zod';
import { REGISTER_CHECK_IN_RULES, REGISTER_MESSAGES } from './lodger-register.js';
import { REGISTER_MAX_RETENTION_MONTHS, REGISTER_MIN_RETENTION_MONTHS } from '../domain/lodger-register.js';
import type { CancellationTier } from '../domain/cancellation-policy.js';
import { EARLY_DEPARTURE_CHARGES } from '../domain/early-departure.js';

/**
 * How the public site shows a type with no active unit: marked "Coming soon" without "Book
 * Now", or left out. Either way it cannot be booked.
 */
export const UNBOOKABLE_TYPE_DISPLAYS = ['coming-soon', 'hidden'] as const;
export const UnbookableTypeDisplay = z.enum(UNBOOKABLE_TYPE_DISPLAYS, { error: "Must be 'coming-soon' or 'hidden'" });
export type UnbookableTypeDisplay = z.infer<typeof UnbookableTypeDisplay>;

/** GET /api/public/settings: what any visitor may know about the lodge. */
export const PublicSettings = z.object({
  lodgeName: z.string(),
  tagline: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  emergencyMedicalPhone: z.string().nullable(),
  emergencyPolicePhone: z.string().nullable(),
  shortDescription: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  directions: z.string().nullable(),
  /** 'HH:MM', lodge time. */
  checkInTime: z.string(),
  /** 'HH:MM', lodge time. */
  checkOutTime: z.string(),
  heroBackgroundImage: z.string().nullable(),
  allowCardPayments: z.boolean(),
  allowEFTPayments: z.boolean(),
  /** Percent, e.g. 5 for 5 %. */
  cardPaymentDiscount: z.number(),
  eftHoldDurationHours: z.number().int(),
  /** The longest stay a guest may book, in nights (the date pickers stop there). */
  maxStayNights: z.number().int(),
  /** How many days ahead dates may be booked. */
  bookingHorizonDays: z.number().int(),
  /** Whether card payment can be offered at all (a Paystack public key is set). */
  cardPaymentsConfigured: z.boolean(),
  paystackInlineScriptUrl: z.string(),
  unbookableTypeDisplay: UnbookableTypeDisplay,
  /** Deposits: percent due when booking before the balance-due date (100: in full). */
  depositPercent: z.number().int(),
  /** The balance is due this many days before check-in. */
  balanceDueDays: z.number().int(),
  /** The cancellation tiers, most days first. */
  cancellationPolicy: z.array(z.object({ daysBeforeArrival: z.number().int(), refundPercent: z.number().int() })),
  timeZone: z.literal('Africa/Johannesburg'),
  currency: z.literal('ZAR'),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

/** Lodge Settings' messages, word for word (docs/product.md, Lodge Settings). */
export const SETTINGS_MESSAGES = {
  depositPercent: 'Deposit must be a whole percent between 1 and 100',
  balanceDueDays: 'Balance due days must be a whole number between 0 and 180',
  reminderDays: 'Reminder days must be a whole number between 0 and 60',
  policyTiers: 'Cancellation policy must have between 1 and 10 tiers',
  policyDays: 'Days before arrival must be a whole number between 0 and 365',
  policyPercent: 'Refund percent must be a whole number between 0 and 100',
  policyDistinct: 'Each cancellation tier must have a different number of days before arrival',
  cardDiscount: 'Card payment discount must be between 0 and 100',
  eftHold: 'EFT hold duration must be between 1 and 168 hours',
  publicKey: 'Public key must start with pk_',
  secretKey: 'Secret key must start with sk_',
  invalidFileType: 'Invalid File Type',
  invalidFileTypeDetail: 'Please select a valid image file (JPG, PNG, or WebP)',
  testOk: 'Paystack connection test successful!',
  testFailed: 'Failed to connect to Paystack',
  noSecretKey: 'No Paystack secret key is set',
  email: 'Enter a valid e-mail address',
  phone: 'Enter a valid phone number (digits, spaces, + - ( ) only)',
  time: 'Enter a time as HH:MM (24-hour clock)',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  maxStay: 'Maximum stay must be between 1 and 365 nights',
  horizon: 'Booking horizon must be between 30 and 3650 days',
  vatNumber: 'VAT number must be 10 digits starting with 4',
  vatNumberRequired: 'A VAT number is required when the lodge is VAT-registered',
  tourismLevy: 'Tourism levy must be between 0 and 5 percent, with at most 2 decimals',
  earlyDepartureCharge: 'Early departures must be none (credit the nights not stayed) or full (keep charging them)',
} as const;

/**
 * The Payment Gateway's status line (docs/product.md, Lodge Settings): 'Connected and
 * configured' only once Test Connection succeeded with the secret key saved now.
 */
export const PAYSTACK_STATUSES = ['not_configured', 'untested', 'connected', 'failed'] as const;
export type PaystackStatus = (typeof PAYSTACK_STATUSES)[number];
export const PAYSTACK_STATUS_TEXT: Record<PaystackStatus, string> = {
  not_configured: 'Not configured',
  untested: 'Key saved, not tested',
  connected: 'Connected and configured',
  failed: 'Connection failed',
};

/** The bullet a masked secret contains: a save that sends it back keeps the stored key. */
export const SECRET_MASK = '••••';

/**
 * GET /api/admin/settings (SuperAdmin, Manager). The Paystack secret key and the weather key
 * are never sent: only whether one is set and a masked form (`sk_test_••••1234`).
 */
export const AdminSettings = z.object({
  lodgeName: z.string(),
  tagline: z.string(),
  shortDescription: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  address: z.string().nullable(),
  directions: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  checkInTime: z.string(),
  checkOutTime: z.string(),
  emergencyMedicalPhone: z.string().nullable(),
  emergencyPolicePhone: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  branchCode: z.string().nullable(),
  accountHolder: z.string().nullable(),
  paystackPublicKey: z.string().nullable(),
  paystackSecretKeySet: z.boolean(),
  paystackSecretKeyMasked: z.string().nullable(),
  allowEFTPayments: z.boolean(),
  allowCardPayments: z.boolean(),
  /** Decimal string, e.g. '2.50' (the spec's settings record). */
  cardPaymentDiscount: z.string(),
  eftHoldDurationHours: z.number().int(),
  maxStayNights: z.number().int(),
  bookingHorizonDays: z.number().int(),
  weatherApiKeySet: z.boolean(),
  weatherApiKeyMasked: z.string().nullable(),
  mapEmbedCode: z.string().nullable(),
  heroBackgroundImage: z.string().nullable(),
  paystackStatus: z.enum(PAYSTACK_STATUSES),
  /** When the key saved now was last tested (null: never). */
  paystackTestedAt: z.string().nullable(),
  unbookableTypeDisplay: UnbookableTypeDisplay,
  /** The registered name printed on invoices (e.g. 'Leadwood Koppie (Pty) Ltd'). */
  legalName: z.string().nullable(),
  /** The physical address printed on invoices (several lines). */
  physicalAddress: z.string().nullable(),
  vatRegistered: z.boolean(),
  /** 10 digits starting with 4; required when vatRegistered. */
  vatNumber: z.string().nullable(),
  /** Percent of the accommodation (TOMSA: 1), 0 to 5. */
  tourismLevyPercent: z.number(),
  depositPercent: z.number().int(),
  balanceDueDays: z.number().int(),
  reminderDays: z.number().int(),
  /** Most days first. */
  cancellationPolicy: z.array(z.object({ daysBeforeArrival: z.number().int(), refundPercent: z.number().int() })),
  /** The register of lodgers is kept this many months after a stay (24 to 120). */
  registerRetentionMonths: z.number().int(),
  /** Check-in with the register incomplete: 'warn' (allowed, listed on the dashboard) or 'refuse'. */
  registerCheckInRule: z.enum(REGISTER_CHECK_IN_RULES),
  /**
   * A guest leaving early whose remaining nights are released: 'none' credits those nights on
   * the folio, 'full' keeps charging them (docs/design.md, The desk's day: early departures).
   */
  earlyDepartureCharge: z.enum(EARLY_DEPARTURE_CHARGES),
  /** Only SuperAdmin sees the test-versus-live keys warning (docs/product.md, Roles and permissions). */
  showKeysWarning: z.boolean(),
  version: z.number().int(),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

const text = (max: number) =>
  z
    .string({ error: `Must be text of at most ${max} characters` })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A name that cannot be blank: the lodge is always called something. */
const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `Must be at most ${max} characters`)
    .optional();

/**
 * A phone number, leniently: digits with the usual separators and an optional leading +
 * ('+27 15 793 0142', '(015) 793-0142', '10177'), 3 to 20 digits. Blank clears it.
 */
const phone = () =>
  text(30)
    .refine((v) => v == null || (/^\+?[\d\s().-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 3 && (v.match(/\d/g)?.length ?? 0) <= 20), {
      message: SETTINGS_MESSAGES.phone,
    })
    .optional();

/** 'HH:MM' on a 24-hour clock. */
const time = () =>
  z
    .string({ error: SETTINGS_MESSAGES.time })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, SETTINGS_MESSAGES.time)
    .optional();

/** A coordinate in decimal degrees; null (or '') clears it. */
const coordinate = (limit: number, message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
      if (!Number.isFinite(n) || n < -limit || n > limit) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      // The column keeps six decimals (about 10 cm).
      return Math.round(n * 1e6) / 1e6;
    });

/** An optional whole number in [min, max]; the form sends it as a number or as the field's text. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const n = typeof v === 'string' ? (/^\s*\d+\s*$/.test(v) ? Number(v) : NaN) : v;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** A secret field: undefined (omitted) or the masked form keep the stored key; '' or null clears it. */
const secret = (prefix: string, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(500, 'Must be at most 500 characters')
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined) return { keep: true as const };
      if (v === null || v === '') return { keep: false as const, value: null };
      if (v.includes(SECRET_MASK)) return { keep: true as const };
      if (prefix && !v.startsWith(prefix)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return { keep: false as const, value: v };
    });

/**
 * The cancellation policy: 1 to 10 tiers of `{ daysBeforeArrival (0 to 365), refundPercent
 * (0 to 100) }`, whole numbers, no two tiers on the same day. Answered sorted, most days first.
 */
export const CancellationPolicyInput = z
  .array(
    z.object({
      daysBeforeArrival: z
        .number({ error: SETTINGS_MESSAGES.policyDays })
        .int(SETTINGS_MESSAGES.policyDays)
        .min(0, SETTINGS_MESSAGES.policyDays)
        .max(365, SETTINGS_MESSAGES.policyDays),
      refundPercent: z
        .number({ error: SETTINGS_MESSAGES.policyPercent })
        .int(SETTINGS_MESSAGES.policyPercent)
        .min(0, SETTINGS_MESSAGES.policyPercent)
        .max(100, SETTINGS_MESSAGES.policyPercent),
    }),
    { error: SETTINGS_MESSAGES.policyTiers },
  )
  .min(1, SETTINGS_MESSAGES.policyTiers)
  .max(10, SETTINGS_MESSAGES.policyTiers)
  .refine((tiers) => new Set(tiers.map((t) => t.daysBeforeArrival)).size === tiers.length, SETTINGS_MESSAGES.policyDistinct)
  .transform((tiers): CancellationTier[] => [...tiers].sort((a, b) => b.daysBeforeArrival - a.daysBeforeArrival));

/**
 * PUT /api/admin/settings: the Lodge Settings form. A field left out keeps its value.
 * cardPaymentDiscount: a percent 0..100 with at most 2 decimals ('' means 0).
 */
export const UpdateSettingsRequest = z.object({
  lodgeName: requiredText(120, 'Lodge name'),
  tagline: requiredText(160, 'Tagline'),
  shortDescription: text(1000).optional(),
  contactEmail: text(254)
    .refine((v) => v == null || z.email().safeParse(v).success, { message: SETTINGS_MESSAGES.email })
    .optional(),
  contactPhone: phone(),
  whatsappNumber: phone(),
  address: text(500).optional(),
  directions: text(4000).optional(),
  latitude: coordinate(90, SETTINGS_MESSAGES.latitude),
  longitude: coordinate(180, SETTINGS_MESSAGES.longitude),
  checkInTime: time(),
  checkOutTime: time(),
  emergencyMedicalPhone: phone(),
  emergencyPolicePhone: phone(),
  bankName: text(200).optional(),
  accountNumber: text(50).optional(),
  branchCode: text(50).optional(),
  accountHolder: text(200).optional(),
  paystackPublicKey: z
    .string({ error: SETTINGS_MESSAGES.publicKey })
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null))
    .refine((v) => !v || v.startsWith('pk_'), SETTINGS_MESSAGES.publicKey),
  paystackSecretKey: secret('sk_', SETTINGS_MESSAGES.secretKey),
  allowEFTPayments: z.boolean({ error: 'Must be true or false' }).optional(),
  allowCardPayments: z.boolean({ error: 'Must be true or false' }).optional(),
  cardPaymentDiscount: z
    .union([z.number(), z.string()], { error: SETTINGS_MESSAGES.cardDiscount })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const n = typeof v === 'string' ? (v.trim() === '' ? 0 : /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN) : v;
      if (!Number.isFinite(n) || n < 0 || n > 100 || Math.round(n * 100) !== n * 100) {
        ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.cardDiscount });
        return z.NEVER;
      }
      return n;
    }),
  eftHoldDurationHours: z
    .number({ error: SETTINGS_MESSAGES.eftHold })
    .int(SETTINGS_MESSAGES.eftHold)
    .min(1, SETTINGS_MESSAGES.eftHold)
    .max(168, SETTINGS_MESSAGES.eftHold)
    .optional(),
  maxStayNights: wholeNumber(1, 365, SETTINGS_MESSAGES.maxStay),
  bookingHorizonDays: wholeNumber(30, 3650, SETTINGS_MESSAGES.horizon),
  weatherApiKey: secret('', 'Must be text'),
  mapEmbedCode: text(10000).optional(),
  unbookableTypeDisplay: UnbookableTypeDisplay.optional(),
  legalName: text(200).optional(),
  physicalAddress: text(500).optional(),
  vatRegistered: z.boolean({ error: 'Must be true or false' }).optional(),
  vatNumber: text(20)
    .transform((v) => (v == null ? v : v.replace(/\s+/g, '')))
    .refine((v) => v == null || /^4\d{9}$/.test(v), { message: SETTINGS_MESSAGES.vatNumber })
    .optional(),
  tourismLevyPercent: z
    .union([z.number(), z.string()], { error: SETTINGS_MESSAGES.tourismLevy })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const n = typeof v === 'string' ? (v.trim() === '' ? 0 : /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN) : v;
      if (!Number.isFinite(n) || n < 0 || n > 5 || Math.round(n * 100) !== n * 100) {
        ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.tourismLevy });
        return z.NEVER;
      }
      return n;
    }),
  depositPercent: wholeNumber(1, 100, SETTINGS_MESSAGES.depositPercent),
  balanceDueDays: wholeNumber(0, 180, SETTINGS_MESSAGES.balanceDueDays),
  reminderDays: wholeNumber(0, 60, SETTINGS_MESSAGES.reminderDays),
  cancellationPolicy: CancellationPolicyInput.optional(),
  registerRetentionMonths: wholeNumber(REGISTER_MIN_RETENTION_MONTHS, REGISTER_MAX_RETENTION_MONTHS, REGISTER_MESSAGES.retentionMonths),
  registerCheckInRule: z.enum(REGISTER_CHECK_IN_RULES, { error: REGISTER_MESSAGES.checkInRule }).optional(),
  earlyDepartureCharge: z.enum(EARLY_DEPARTURE_CHARGES, { error: SETTINGS_MESSAGES.earlyDepartureCharge }).optional(),
  version: z.number().int().min(1).optional(),
});
export type UpdateSettingsRequest = z.output<typeof UpdateSettingsRequest>;
export type UpdateSettingsRequestInput = z.input<typeof UpdateSettingsRequest>;

/** POST /api/admin/settings/test-paystack. */
export const TestPaystackResponse = z.object({ ok: z.boolean(), message: z.string(), paystackStatus: z.enum(PAYSTACK_STATUSES) });
export type TestPaystackResponse = z.infer<typeof TestPaystackResponse>;
