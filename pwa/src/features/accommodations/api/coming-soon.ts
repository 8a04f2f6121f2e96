/** The mark on a type with no active unit (shared/domain/public-catalogue.ts), on its card and in place of its Book Now. */
export const COMING_SOON_LABEL = 'Coming soon';
