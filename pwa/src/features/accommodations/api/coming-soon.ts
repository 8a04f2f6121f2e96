import type { AccommodationType, PublicUnit } from '@shared/contracts/accommodations.js';

/**
 * A type with no active unit has nothing a guest could be given: the public site shows it as
 * "Coming soon" without "Book Now" (or leaves it out, by the lodge's setting) and the API
 * refuses to check or book it. A package (the entire lodge) has no units of its own and is
 * never "coming soon" on this account. Without the units list yet, nothing is marked.
 */
export function isComingSoon(type: AccommodationType, units: readonly PublicUnit[] | undefined): boolean {
  if (type.isPackage || !units) return false;
  return !units.some((u) => u.accommodationTypeId === type.id && u.isActive);
}

/** The mark on such a type's card (and in place of its Book Now). */
export const COMING_SOON_LABEL = 'Coming soon';
