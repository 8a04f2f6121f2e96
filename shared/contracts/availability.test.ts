import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AvailabilityRequest, PackageAvailabilityRequest, PackageAvailabilityResponse } from './availability.js';

const TYPE = '9b2f8c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b';

function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('AvailabilityRequest (POST /api/availability)', () => {
  it('accepts checkIn, checkOut and accommodationTypeId', () => {
    expect(AvailabilityRequest.parse({ checkIn: '2026-12-30', checkOut: '2027-01-02', accommodationTypeId: TYPE })).toEqual({
      checkIn: '2026-12-30',
      checkOut: '2027-01-02',
      accommodationTypeId: TYPE,
    });
  });

  it('refuses check-out on or before check-in with the spec message', () => {
    expect(issues(AvailabilityRequest, { checkIn: '2026-12-30', checkOut: '2026-12-30', accommodationTypeId: TYPE })).toEqual([
      { path: 'checkOut', message: 'Check-out date must be after check-in date' },
    ]);
  });

  it('names missing and invalid fields', () => {
    expect(issues(AvailabilityRequest, { checkIn: '2026-02-30' })).toEqual([
      { path: 'checkIn', message: 'Date must be a valid date in the format YYYY-MM-DD' },
      { path: 'checkOut', message: 'Check-out date is required' },
      { path: 'accommodationTypeId', message: 'Accommodation type is required' },
    ]);
  });
});

describe('PackageAvailabilityRequest (POST /api/package-availability)', () => {
  it('takes a packageTypeId', () => {
    expect(PackageAvailabilityRequest.parse({ checkIn: '2026-12-30', checkOut: '2027-01-02', packageTypeId: TYPE }).packageTypeId).toBe(TYPE);
    expect(issues(PackageAvailabilityRequest, { checkIn: '2026-12-30', checkOut: '2027-01-02' })).toEqual([
      { path: 'packageTypeId', message: 'Package type is required' },
    ]);
  });

  it('answers with the types that are not free', () => {
    const answer = { available: false, availableUnits: 0, totalUnits: 6, unavailableTypes: [{ id: TYPE, name: 'Chalet' }] };
    expect(PackageAvailabilityResponse.parse(answer)).toEqual(answer);
  });
});
