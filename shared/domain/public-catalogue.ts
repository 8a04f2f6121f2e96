import type { AccommodationType, PublicUnit } from '../contracts/accommodations.js';
import type { UnbookableTypeDisplay } from '../contracts/settings.js';

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

/**
 * The cards of the accommodations page, in order: every type, less those coming soon when the
 * lodge hides them. The server reads the first card's picture from the same list (it asks the
 * browser for it with the page, before the app's code has run).
 */
export function typesShown(
  types: readonly AccommodationType[],
  units: readonly PublicUnit[] | undefined,
  display: UnbookableTypeDisplay | undefined,
): AccommodationType[] {
  return display === 'hidden' ? types.filter((t) => !isComingSoon(t, units)) : [...types];
}
