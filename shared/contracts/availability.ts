import { z } from 'zod';
import { PartyFields } from './party.js';
import { checkOutAfterCheckIn, isoDate, uuid } from './common.js';

export const AVAILABILITY_MESSAGES = {
  checkInRequired: 'Check-in date is required',
  checkOutRequired: 'Check-out date is required',
  accommodationTypeRequired: 'Accommodation type is required',
  packageTypeRequired: 'Package type is required',
} as const;

/** POST /api/availability */
export const AvailabilityRequest = z
  .object({
    checkIn: isoDate(AVAILABILITY_MESSAGES.checkInRequired),
    checkOut: isoDate(AVAILABILITY_MESSAGES.checkOutRequired),
    accommodationTypeId: uuid(AVAILABILITY_MESSAGES.accommodationTypeRequired),
    /** Who stays: a type that cannot take the party (capacity, maxAdults, child policy) is a 400 naming the field. */
    ...PartyFields,
  })
  .superRefine(checkOutAfterCheckIn('checkIn', 'checkOut'));
export type AvailabilityRequest = z.output<typeof AvailabilityRequest>;
export type AvailabilityRequestInput = z.input<typeof AvailabilityRequest>;

export const AvailabilityResponse = z.object({
  available: z.boolean(),
  availableUnits: z.number().int(),
  totalUnits: z.number().int(),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

/** POST /api/package-availability */
export const PackageAvailabilityRequest = z
  .object({
    checkIn: isoDate(AVAILABILITY_MESSAGES.checkInRequired),
    checkOut: isoDate(AVAILABILITY_MESSAGES.checkOutRequired),
    packageTypeId: uuid(AVAILABILITY_MESSAGES.packageTypeRequired),
  })
  .superRefine(checkOutAfterCheckIn('checkIn', 'checkOut'));
export type PackageAvailabilityRequest = z.output<typeof PackageAvailabilityRequest>;
export type PackageAvailabilityRequestInput = z.input<typeof PackageAvailabilityRequest>;

/**
 * A package is available when every active unit of its included types is free; then
 * availableUnits = totalUnits = the number of those units. unavailableTypes names the
 * included types with a unit taken, so the guest can be told why.
 */
export const PackageAvailabilityResponse = AvailabilityResponse.extend({
  unavailableTypes: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
});
export type PackageAvailabilityResponse = z.infer<typeof PackageAvailabilityResponse>;

/**
 * A type with no active unit has nothing a guest could be given: the public site shows it as
 * "Coming soon" (or not at all) and the API refuses to check or book it with this message (409).
 */
export const COMING_SOON_MESSAGE = 'This accommodation is coming soon and cannot be booked yet';
