import { z } from 'zod';

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
