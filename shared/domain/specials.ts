import type { IsoDate } from './dates.js';
import { sumCents } from './money.js';
import type { AppliedSpecial, SpecialOfferRule } from './party-pricing.js';

/**
 * "Stay N, pay M" specials (docs/design.md, Per person pricing and specials). A special
 * applies to a stay of one of its types when it is active and today (the lodge's date) is in
 * its booking window. Of the stay's nights dated stayFrom..stayTo, every full run of stayNights
 * earns stayNights - payNights free nights, and the free ones are the cheapest of them (ties:
 * the later date), so a weekend night is free only when it costs least.
 */

/** A night as a special sees it: its date and what it costs (the party's, or one unit's). */
export interface PricedNight {
  date: IsoDate;
  amountCents: number;
}

export interface BestSpecialInput {
  specials: readonly SpecialOfferRule[];
  accommodationTypeId?: string;
  nights: readonly PricedNight[];
  /** Today at the lodge: decides the booking window. */
  today: IsoDate;
  /** Units the nights' amounts stand for (a per unit group), default 1. */
  multiplier?: number;
  /** A promo code is applied: only specials combinable with one count. */
  withPromo?: boolean;
}

/** Whether a special may apply to a booking of this type made today (its nights aside). */
export function specialOpen(special: SpecialOfferRule, today: IsoDate, accommodationTypeId?: string, withPromo = false): boolean {
  if (!special.isActive) return false;
  if (accommodationTypeId !== undefined && !special.accommodationTypeIds.includes(accommodationTypeId)) return false;
  if (special.bookFrom !== null && today < special.bookFrom) return false;
  if (special.bookTo !== null && today > special.bookTo) return false;
  return !withPromo || special.combinableWithPromo;
}

/** The special's free nights and discount on these nights, or null when it earns none. */
export function applySpecial(special: SpecialOfferRule, nights: readonly PricedNight[], multiplier = 1): AppliedSpecial | null {
  const eligible = nights.filter((n) => special.stayFrom <= n.date && n.date <= special.stayTo);
  const freeCount = Math.floor(eligible.length / special.stayNights) * (special.stayNights - special.payNights);
  if (freeCount <= 0) return null;
  const cheapestFirst = [...eligible].sort((a, b) => a.amountCents - b.amountCents || (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const free = cheapestFirst.slice(0, freeCount);
  return {
    id: special.id,
    name: special.name,
    stayNights: special.stayNights,
    payNights: special.payNights,
    freeNights: free.map((n) => n.date).sort(),
    discountCents: sumCents(free.map((n) => n.amountCents)) * multiplier,
  };
}

/** The best special for the stay (the largest discount; a tie goes to the smallest id), or null. */
export function bestSpecial(input: BestSpecialInput): AppliedSpecial | null {
  let best: AppliedSpecial | null = null;
  for (const special of input.specials) {
    if (!specialOpen(special, input.today, input.accommodationTypeId, input.withPromo)) continue;
    const applied = applySpecial(special, input.nights, input.multiplier);
    if (!applied || applied.discountCents <= 0) continue;
    if (!best || applied.discountCents > best.discountCents || (applied.discountCents === best.discountCents && applied.id < best.id)) best = applied;
  }
  return best;
}
