import type { StayQuote } from '../../../../shared/domain/pricing.js';
import { partyGiven, partySize, resolveParty, type PartyInput } from '../../../../shared/domain/party-pricing.js';
import type { BookingInsert } from './bookings.repo.js';

/**
 * What a booking keeps of its party and special (docs/design.md, Per person pricing and
 * specials): the party a per person price was made for, or the one the request named; and the
 * special with its discount. Stored with the total so a later change of the type's pricing or
 * of the special never reprices the booking.
 */
export function partyAndSpecialColumns(
  quote: StayQuote | null,
  party: PartyInput | undefined,
): Pick<BookingInsert, 'adults' | 'child_ages' | 'special_offer_id' | 'special_discount_cents'> {
  const kept = quote?.party ?? (party && partyGiven(party) ? resolveParty(party) : null);
  return {
    adults: kept ? kept.adults : null,
    child_ages: kept ? [...kept.childAges] : null,
    special_offer_id: quote?.special?.id ?? null,
    special_discount_cents: quote?.specialDiscountCents ?? 0,
  };
}

/** The guest count a booking stores: the party's size when the request named one, else its numberOfGuests. */
export function guestCountOf(numberOfGuests: number, party: PartyInput | undefined): number {
  return party && partyGiven(party) ? partySize(resolveParty(party)) : numberOfGuests;
}
