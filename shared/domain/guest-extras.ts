import { sumCents } from './money.js';
import { cardTotalCentsFor, type StayQuote } from './pricing.js';
import { chargeAmountCents, type ExtraPricing } from './folio.js';

/**
 * Extras a guest adds to an online booking, priced the way a posted folio charge is
 * (chargeAmountCents): the children the guest named (their ages, asked when the lodge prices
 * per person) pay an extra's child price, everyone else counts as an adult, and the stay's
 * nights are the nights. The booking's total then
 * carries them, and the card discount is taken off the larger total, so paying by card is
 * cheaper on the extras too.
 */

export interface CatalogueExtra {
  id: string;
  name: string;
  pricing: ExtraPricing;
  priceCents: number;
  childPriceCents: number | null;
  vatInclusive: boolean;
}

/** Who the extras are for: the guests (children among them, when named) and the nights. */
export interface GuestExtraParty {
  guests: number;
  children?: number;
  nights: number;
}

export interface GuestExtraLine {
  extraId: string;
  name: string;
  pricing: ExtraPricing;
  quantity: number;
  adults: number;
  children: number;
  nights: number;
  unitPriceCents: number;
  childUnitPriceCents: number;
  amountCents: number;
  vatInclusive: boolean;
}

export function priceGuestExtra(extra: CatalogueExtra, quantity: number, party: GuestExtraParty): GuestExtraLine {
  const childUnitPriceCents = extra.childPriceCents ?? extra.priceCents;
  const children = Math.min(party.children ?? 0, party.guests);
  const counts = { quantity, adults: party.guests - children, children, nights: party.nights };
  return {
    extraId: extra.id,
    name: extra.name,
    pricing: extra.pricing,
    ...counts,
    unitPriceCents: extra.priceCents,
    childUnitPriceCents,
    amountCents: chargeAmountCents(extra.pricing, extra.priceCents, childUnitPriceCents, counts),
    vatInclusive: extra.vatInclusive,
  };
}

export interface QuoteWithExtras extends StayQuote {
  extras: GuestExtraLine[];
  extrasTotalCents: number;
}

/**
 * The stay's quote with the extras added: totalCents = (subtotal - promo) + extras; the card
 * total is the card discount applied to that whole total, as for a stay alone. The promo
 * discount stays on the accommodation only.
 */
export function quoteWithExtras(quote: StayQuote, extras: GuestExtraLine[], cardDiscountPercent: number): QuoteWithExtras {
  const extrasTotalCents = sumCents(extras.map((e) => e.amountCents));
  const totalCents = quote.totalCents + extrasTotalCents;
  const cardTotalCents = cardTotalCentsFor(totalCents, cardDiscountPercent);
  return { ...quote, totalCents, cardTotalCents, cardDiscountCents: totalCents - cardTotalCents, extras, extrasTotalCents };
}

export function hasGuestExtras(quote: StayQuote | QuoteWithExtras): quote is QuoteWithExtras {
  return (quote as Partial<QuoteWithExtras>).extras !== undefined;
}
