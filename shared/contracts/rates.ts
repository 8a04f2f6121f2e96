import { z } from 'zod';
import { DISCOUNT_TYPES } from '../domain/pricing.js';
import { IsoDateStrict, Timestamp, endNotBeforeStart, isoDate, money, nullableMoney, nullableUuid, uuid } from './common.js';

/** Rate Management's messages, word for word (docs/product.md, Validation messages). */
export const RATE_MESSAGES = {
  accommodationTypeRequired: 'Accommodation type is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  ratePositive: 'Rate must be positive',
  minimumStay: 'Minimum stay must be at least 1',
  endBeforeStart: 'End date must be on or after start date',
  codeRequired: 'Code is required',
  codeTooLong: 'Code too long',
  discountTypeInvalid: 'Discount type must be Percentage or Fixed',
  discountValuePositive: 'Discount value must be positive',
  percentageMax: 'Percentage discount cannot be more than 100',
  expiryDateRequired: 'Expiry date is required',
  maxUses: 'Max uses must be at least 1',
} as const;

export const PROMO_CODE_MAX_LENGTH = 50;

/**
 * POST /api/admin/rate-overrides and PUT /api/admin/rate-overrides/:id (the whole form).
 * An empty rate ('' or null) keeps the base rate for that kind of night. endDate is
 * inclusive: the override covers the night starting on it. version (PUT) makes the update
 * conditional.
 */
export const RateOverrideRequest = z
  .object({
    accommodationTypeId: uuid(RATE_MESSAGES.accommodationTypeRequired),
    startDate: isoDate(RATE_MESSAGES.startDateRequired),
    endDate: isoDate(RATE_MESSAGES.endDateRequired),
    weekdayRate: nullableMoney({ invalid: RATE_MESSAGES.ratePositive }),
    weekendRate: nullableMoney({ invalid: RATE_MESSAGES.ratePositive }),
    minLengthOfStay: z
      .number({ error: RATE_MESSAGES.minimumStay })
      .int(RATE_MESSAGES.minimumStay)
      .min(1, RATE_MESSAGES.minimumStay)
      .max(365, 'Minimum stay must be at most 365')
      .default(1),
    eventId: nullableUuid(),
    version: z.number().int().min(1).optional(),
  })
  .superRefine(endNotBeforeStart('startDate', 'endDate', RATE_MESSAGES.endBeforeStart));
export type RateOverrideRequest = z.output<typeof RateOverrideRequest>;
export type RateOverrideRequestInput = z.input<typeof RateOverrideRequest>;

export const RateOverride = z.object({
  id: z.string(),
  accommodationTypeId: z.string(),
  accommodationTypeName: z.string().optional(),
  startDate: IsoDateStrict,
  endDate: IsoDateStrict,
  weekdayRate: z.number().nullable(),
  weekendRate: z.number().nullable(),
  minLengthOfStay: z.number().int(),
  eventId: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type RateOverride = z.infer<typeof RateOverride>;
export const RateOverrideList = z.array(RateOverride);

/** maxUses: missing, null or '' mean unlimited. */
const maxUses = z
  .union([z.number(), z.string(), z.null()], { error: RATE_MESSAGES.maxUses })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const uses = typeof value === 'string' ? Number(value.trim()) : value;
    if (!Number.isSafeInteger(uses) || uses < 1) {
      ctx.addIssue({ code: 'custom', message: RATE_MESSAGES.maxUses });
      return z.NEVER;
    }
    return uses;
  });

/**
 * POST /api/admin/promo-codes and PUT /api/admin/promo-codes/:id. The code is kept as
 * typed (trimmed) and matched case-insensitively. expiryDate is the last Johannesburg day
 * the code works.
 */
export const PromoCodeRequest = z
  .object({
    code: z
      .string({ error: RATE_MESSAGES.codeRequired })
      .trim()
      .min(1, RATE_MESSAGES.codeRequired)
      .max(PROMO_CODE_MAX_LENGTH, RATE_MESSAGES.codeTooLong),
    discountType: z.enum(DISCOUNT_TYPES, { error: RATE_MESSAGES.discountTypeInvalid }),
    discountValue: money({ invalid: RATE_MESSAGES.discountValuePositive, required: RATE_MESSAGES.discountValuePositive }),
    expiryDate: isoDate(RATE_MESSAGES.expiryDateRequired),
    applicableToAccommodation: z.boolean().default(true),
    applicableToEvents: z.boolean().default(true),
    maxUses,
    isActive: z.boolean().default(true),
    version: z.number().int().min(1).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.discountType === 'Percentage' && body.discountValue > 100) {
      ctx.addIssue({ code: 'custom', message: RATE_MESSAGES.percentageMax, path: ['discountValue'] });
    }
  });
export type PromoCodeRequest = z.output<typeof PromoCodeRequest>;
export type PromoCodeRequestInput = z.input<typeof PromoCodeRequest>;

export const PromoCode = z.object({
  id: z.string(),
  code: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Percent for Percentage, rand for Fixed. */
  discountValue: z.number(),
  expiryDate: IsoDateStrict,
  applicableToAccommodation: z.boolean(),
  applicableToEvents: z.boolean(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type PromoCode = z.infer<typeof PromoCode>;
export const PromoCodeList = z.array(PromoCode);
