import { z } from 'zod';
import { IsoDateStrict, money, uuid } from './common.js';
import { CLEANING_STATUSES } from '../domain/housekeeping.js';
import { CHILD_AGE_MAX, CHILD_AGE_MIN } from '../domain/party-pricing.js';
import { MEAL_PLANS, PRICING_MODELS } from '../domain/pricing-models.js';

/** Per person pricing's messages (docs/product.md, Per person pricing). */
export const PARTY_PRICING_MESSAGES = {
  pricingModel: 'Pricing model must be per_unit or per_person_sharing',
  singleSupplement: 'Single supplement must be between 0 and 100 percent',
  bandAges: `Ages must be between ${CHILD_AGE_MIN} and ${CHILD_AGE_MAX}`,
  bandOrder: 'A band’s from age must not be above its to age',
  bandPercent: 'Percent of adult rate must be between 0 and 100',
  bandsOverlap: 'Age bands must not overlap',
  minimumChildAge: `Minimum child age must be between ${CHILD_AGE_MIN} and ${CHILD_AGE_MAX}`,
  mealPlan: `Meal plan must be one of: ${MEAL_PLANS.join(', ')}`,
  maxAdults: 'Maximum adults must be at least 1',
  maxAdultsAboveCapacity: 'Maximum adults cannot be more than the capacity',
  packagePerUnit: 'A package is priced per unit',
} as const;

/** One child age band: fromAge..toAge (inclusive) pay percentOfAdult, or are not accepted. */
export const ChildBandSchema = z.object({
  fromAge: z.number().int(),
  toAge: z.number().int(),
  percentOfAdult: z.number(),
  notAccepted: z.boolean().optional(),
});
export type ChildBandDto = z.infer<typeof ChildBandSchema>;

const bandAge = z
  .number({ error: PARTY_PRICING_MESSAGES.bandAges })
  .int(PARTY_PRICING_MESSAGES.bandAges)
  .min(CHILD_AGE_MIN, PARTY_PRICING_MESSAGES.bandAges)
  .max(CHILD_AGE_MAX, PARTY_PRICING_MESSAGES.bandAges);
const percent = (message: string) => z.number({ error: message }).min(0, message).max(100, message);

/** A child policy as a request sends it: bands with ages 0..17, no two overlapping. */
export const ChildPolicyRequest = z
  .array(
    z
      .object({
        fromAge: bandAge,
        toAge: bandAge,
        percentOfAdult: percent(PARTY_PRICING_MESSAGES.bandPercent).default(0),
        notAccepted: z.boolean().default(false),
      })
      .superRefine((band, ctx) => {
        if (band.fromAge > band.toAge) ctx.addIssue({ code: 'custom', message: PARTY_PRICING_MESSAGES.bandOrder, path: ['toAge'] });
      }),
  )
  .max(18)
  .default([])
  .superRefine((bands, ctx) => {
    const sorted = [...bands].sort((a, b) => a.fromAge - b.fromAge);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i].fromAge <= sorted[i - 1].toAge) {
        ctx.addIssue({ code: 'custom', message: PARTY_PRICING_MESSAGES.bandsOverlap });
        return;
      }
    }
  })
  .transform((bands) => [...bands].sort((a, b) => a.fromAge - b.fromAge));

/** An accommodation type as the API sends it. Money is rand (a number with at most 2 decimals). */
export const AccommodationType = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  capacity: z.number().int(),
  baseWeekdayRate: z.number(),
  baseWeekendRate: z.number(),
  amenities: z.array(z.string()),
  images: z.array(z.string()),
  isPackage: z.boolean(),
  includedAccommodationTypes: z.array(z.string()),
  isActive: z.boolean(),
  systemKey: z.string().nullable(),
  /** per_unit: the rates are per unit per night; per_person_sharing: per adult per night. */
  pricingModel: z.enum(PRICING_MODELS),
  singleSupplementPercent: z.number(),
  childPolicy: z.array(ChildBandSchema),
  minimumChildAge: z.number().int().nullable(),
  mealPlan: z.enum(MEAL_PLANS).nullable(),
  maxAdults: z.number().int().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AccommodationType = z.infer<typeof AccommodationType>;

/** A unit out of service for [startDate, endDate) (endDate: the first day back), and why. */
export const OutOfOrderPeriod = z.object({
  id: z.string(),
  startDate: IsoDateStrict,
  endDate: IsoDateStrict,
  note: z.string(),
});
export type OutOfOrderPeriod = z.infer<typeof OutOfOrderPeriod>;

export const Unit = z.object({
  id: z.string(),
  name: z.string(),
  accommodationTypeId: z.string(),
  isActive: z.boolean(),
  /**
   * Housekeeping (shared/domain/housekeeping.ts): the cleaning status and its note, who set it
   * and when; the out of order periods that have not ended. Defaults for a unit stored on a
   * device before housekeeping existed.
   */
  housekeepingStatus: z.enum(CLEANING_STATUSES).default('Clean'),
  housekeepingNote: z.string().nullable().default(null),
  housekeepingChangedAt: z.string().nullable().default(null),
  housekeepingChangedBy: z.string().nullable().default(null),
  outOfOrder: z.array(OutOfOrderPeriod).default([]),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Unit = z.infer<typeof Unit>;

/**
 * A unit as the public site sees it (GET /api/units): which type it belongs to and whether it
 * is in service. Its housekeeping (notes, who set the status, out of order periods and why) is
 * the lodge's own business, shown to staff only.
 */
export const PublicUnit = Unit.pick({ id: true, name: true, accommodationTypeId: true, isActive: true });
export type PublicUnit = z.infer<typeof PublicUnit>;

/** Accommodation Management's messages, word for word (docs/product.md, Validation messages). */
export const ACCOMMODATION_MESSAGES = {
  nameRequired: 'Name is required',
  capacity: 'Capacity must be at least 1',
  ratePositive: 'Rate must be positive',
  unitNameRequired: 'Unit name is required',
  typeRequired: 'Accommodation type is required',
  typeNotFound: 'Accommodation type not found',
  unitNotFound: 'Unit not found',
  includedUnknown: 'Included accommodation types must be existing types that are not packages',
  systemTypeDelete: 'System accommodation types cannot be deleted',
  typeHasBookings: 'This accommodation type has bookings and cannot be deleted; deactivate it instead',
  unitHasBookings: 'This unit has bookings and cannot be deleted; deactivate it instead',
  typeHasUnits: 'Delete or move this type’s units first',
  imageUrlRequired: 'Image URL is required',
  imageNotFound: 'This image is not one of the accommodation type’s images',
} as const;

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, 'Name must be at most 200 characters');

/**
 * POST /api/admin/accommodations and PUT /api/admin/accommodations/:id (the whole form).
 * A type that is not a package includes no types (unchecking package clears the list).
 */
export const AccommodationTypeRequest = z
  .object({
    name: requiredName(ACCOMMODATION_MESSAGES.nameRequired),
    description: z.string().trim().max(5000, 'Description must be at most 5000 characters').nullish().transform((v) => v ?? ''),
    capacity: z
      .number({ error: ACCOMMODATION_MESSAGES.capacity })
      .int(ACCOMMODATION_MESSAGES.capacity)
      .min(1, ACCOMMODATION_MESSAGES.capacity)
      .max(1000, 'Capacity must be at most 1000'),
    baseWeekdayRate: money({ invalid: ACCOMMODATION_MESSAGES.ratePositive, required: ACCOMMODATION_MESSAGES.ratePositive }),
    baseWeekendRate: money({ invalid: ACCOMMODATION_MESSAGES.ratePositive, required: ACCOMMODATION_MESSAGES.ratePositive }),
    amenities: z
      .array(z.string().trim().min(1, 'An amenity cannot be blank').max(100, 'An amenity must be at most 100 characters'))
      .max(100)
      .default([]),
    images: z.array(z.string().trim().min(1).max(2000)).max(50).default([]),
    isPackage: z.boolean().default(false),
    includedAccommodationTypes: z.array(uuid(ACCOMMODATION_MESSAGES.includedUnknown, ACCOMMODATION_MESSAGES.includedUnknown)).max(100).default([]),
    isActive: z.boolean().default(true),
    pricingModel: z.enum(PRICING_MODELS, { error: PARTY_PRICING_MESSAGES.pricingModel }).default('per_unit'),
    singleSupplementPercent: percent(PARTY_PRICING_MESSAGES.singleSupplement).default(0),
    childPolicy: ChildPolicyRequest,
    minimumChildAge: z
      .number({ error: PARTY_PRICING_MESSAGES.minimumChildAge })
      .int(PARTY_PRICING_MESSAGES.minimumChildAge)
      .min(CHILD_AGE_MIN, PARTY_PRICING_MESSAGES.minimumChildAge)
      .max(CHILD_AGE_MAX, PARTY_PRICING_MESSAGES.minimumChildAge)
      .nullish()
      .transform((v) => v ?? null),
    mealPlan: z
      .enum(MEAL_PLANS, { error: PARTY_PRICING_MESSAGES.mealPlan })
      .nullish()
      .transform((v) => v ?? null),
    maxAdults: z
      .number({ error: PARTY_PRICING_MESSAGES.maxAdults })
      .int(PARTY_PRICING_MESSAGES.maxAdults)
      .min(1, PARTY_PRICING_MESSAGES.maxAdults)
      .nullish()
      .transform((v) => v ?? null),
    version: z.number().int().min(1).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.maxAdults !== null && body.maxAdults > body.capacity) {
      ctx.addIssue({ code: 'custom', message: PARTY_PRICING_MESSAGES.maxAdultsAboveCapacity, path: ['maxAdults'] });
    }
  })
  .transform((body) => ({
    ...body,
    amenities: [...new Set(body.amenities)],
    includedAccommodationTypes: body.isPackage ? [...new Set(body.includedAccommodationTypes.map((id) => id.toLowerCase()))] : [],
  }));
export type AccommodationTypeRequest = z.output<typeof AccommodationTypeRequest>;
export type AccommodationTypeRequestInput = z.input<typeof AccommodationTypeRequest>;

/** POST /api/admin/units. */
export const CreateUnitRequest = z.object({
  name: requiredName(ACCOMMODATION_MESSAGES.unitNameRequired),
  accommodationTypeId: uuid(ACCOMMODATION_MESSAGES.typeRequired),
  isActive: z.boolean().default(true),
});
export type CreateUnitRequest = z.output<typeof CreateUnitRequest>;

/** PUT /api/admin/units/:id: rename or (de)activate; what is not sent stays. */
export const UpdateUnitRequest = z
  .object({
    name: requiredName(ACCOMMODATION_MESSAGES.unitNameRequired).optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((b) => b.name !== undefined || b.isActive !== undefined, { message: 'Nothing to change', path: ['name'] });
export type UpdateUnitRequest = z.output<typeof UpdateUnitRequest>;

/** DELETE /api/admin/accommodations/:id/images (the spec's client sends imageUrl; url is accepted too). */
export const DeleteImageRequest = z
  .object({ imageUrl: z.string().trim().optional(), url: z.string().trim().optional() })
  .transform((b, ctx) => {
    const url = b.imageUrl || b.url;
    if (!url) {
      ctx.addIssue({ code: 'custom', message: ACCOMMODATION_MESSAGES.imageUrlRequired, path: ['imageUrl'] });
      return z.NEVER;
    }
    return { url };
  });
