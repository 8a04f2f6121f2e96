import { z } from 'zod';
import { money, uuid } from './common.js';

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
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AccommodationType = z.infer<typeof AccommodationType>;

export const Unit = z.object({
  id: z.string(),
  name: z.string(),
  accommodationTypeId: z.string(),
  isActive: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Unit = z.infer<typeof Unit>;

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
    version: z.number().int().min(1).optional(),
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
