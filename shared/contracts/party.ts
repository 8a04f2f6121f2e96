import { z } from 'zod';
import { CHILD_AGE_MAX, CHILD_AGE_MIN } from '../domain/party-pricing.js';

/** The party's messages (docs/product.md, Per person pricing). */
export const PARTY_MESSAGES = {
  adultsRange: 'Adults must be between 1 and 99',
  childAgeRange: `Each child's age must be between ${CHILD_AGE_MIN} and ${CHILD_AGE_MAX}`,
  tooManyChildren: 'At most 20 children',
} as const;

export const ADULTS_MAX = 99;
export const CHILDREN_MAX = 20;

/**
 * Optional `adults` and `childAges` on /api/calculate-rate, /api/availability,
 * /api/bookings, /api/payments/initialize and the staff booking. Without them a request
 * means 2 adults (the spec's default of 2 guests). Whether the type accepts the party
 * (capacity, maxAdults, its child policy) is the server's pricing check, a 400 naming the
 * field.
 */
export const optionalAdults = () =>
  z
    .number({ error: PARTY_MESSAGES.adultsRange })
    .int(PARTY_MESSAGES.adultsRange)
    .min(1, PARTY_MESSAGES.adultsRange)
    .max(ADULTS_MAX, PARTY_MESSAGES.adultsRange)
    .optional();

export const optionalChildAges = () =>
  z
    .array(
      z
        .number({ error: PARTY_MESSAGES.childAgeRange })
        .int(PARTY_MESSAGES.childAgeRange)
        .min(CHILD_AGE_MIN, PARTY_MESSAGES.childAgeRange)
        .max(CHILD_AGE_MAX, PARTY_MESSAGES.childAgeRange),
      { error: PARTY_MESSAGES.childAgeRange },
    )
    .max(CHILDREN_MAX, PARTY_MESSAGES.tooManyChildren)
    .optional();

/** The two fields, to spread into a request object. */
export const PartyFields = {
  adults: optionalAdults(),
  childAges: optionalChildAges(),
};
