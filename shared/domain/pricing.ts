import { compareIsoDates, isValidIsoDate, isWeekendNight, nightsBetween, type IsoDate } from './dates.js';
import { divideRoundHalfUp, percentOfCents, percentToHundredths, randToCents, sumCents } from './money.js';
import {
  partyRefusal,
  priceNightForParty,
  resolveParty,
  type AppliedSpecial,
  type Party,
  type PartyNightPrice,
  type PartyPricingPolicy,
  type SpecialOfferRule,
} from './party-pricing.js';
import { bestSpecial } from './specials.js';

/**
 * Stay pricing (docs/design.md, Pricing). All money is integer cents. The server is the source
 * of truth; the PWA may run the same function for an offline estimate.
 */

export type NightKind = 'weekday' | 'weekend';

export interface AccommodationTypeRates {
  /** When set, overrides for other types are ignored (defence in depth; repos filter too). */
  id?: string;
  baseWeekdayRateCents: number;
  baseWeekendRateCents: number;
}

export interface RateOverrideRule {
  id: string;
  accommodationTypeId?: string;
  startDate: IsoDate;
  /** Inclusive: the override covers the night that starts on this date. */
  endDate: IsoDate;
  /** null keeps the base rate for that kind of night. */
  weekdayRateCents: number | null;
  weekendRateCents: number | null;
  minLengthOfStay: number;
  /** Tie-break between overrides with the same startDate: the newest wins. */
  createdAt: Date | string;
}

export const DISCOUNT_TYPES = ['Percentage', 'Fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export type PromoDiscount =
  | { discountType: 'Percentage'; /** 0..100, up to 2 decimals */ percent: number }
  | { discountType: 'Fixed'; amountCents: number };

export type PromoCodeRule = PromoDiscount & {
  id: string;
  code: string;
  isActive: boolean;
  /** Valid through this Johannesburg day. */
  expiryDate: IsoDate;
  /** null = unlimited. */
  maxUses: number | null;
  usedCount: number;
  applicableToAccommodation: boolean;
};

/** What a guest typed, and what the repo found for it (null: no such code). */
export interface PromoLookup {
  code: string;
  rule: PromoCodeRule | null;
}

export const PROMO_INVALID_REASONS = ['not found', 'inactive', 'expired', 'used up', 'not applicable'] as const;
export type PromoInvalidReason = (typeof PROMO_INVALID_REASONS)[number];

export const PROMO_MESSAGES: Record<PromoInvalidReason, string> = {
  'not found': 'Promo code not found',
  inactive: 'Promo code is not active',
  expired: 'Promo code has expired',
  'used up': 'Promo code has reached its maximum number of uses',
  'not applicable': 'Promo code cannot be used for accommodation bookings',
};

export const CHECK_OUT_AFTER_CHECK_IN_MESSAGE = 'Check-out date must be after check-in date';

export function minimumStayMessage(nights: number): string {
  return `Minimum stay for these dates is ${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

export interface NightPrice {
  date: IsoDate;
  kind: NightKind;
  rateCents: number;
  /** The override that set this night's rate, when one covers the night. */
  overrideId?: string;
  /** Per person sharing only: the party's parts (rateCents is then the adult rate). */
  party?: PartyNightPrice;
  /** Per person sharing only: the night's price for the party. */
  amountCents?: number;
  /** Set when a special made this night free. */
  free?: true;
}

export interface StayQuote {
  nights: NightPrice[];
  nightCount: number;
  subtotalCents: number;
  promoDiscountCents: number;
  /** What an EFT (or cash) payment costs: subtotal minus promo discount. */
  totalCents: number;
  cardDiscountCents: number;
  /** What a card payment costs: total minus the card discount, in whole rand. */
  cardTotalCents: number;
  minimumStay: number;
  /** Units of the type in a group booking (2 or more); absent for one unit. */
  unitCount?: number;
  /** The promo code that was applied, as stored. */
  promoCode?: string;
  promoCodeId?: string;
  /** Per person sharing only: the model and the party priced (absent on per unit quotes). */
  pricingModel?: 'per_person_sharing';
  party?: Party;
  /** The special that applied, and its discount (taken before the promo code's). */
  special?: AppliedSpecial;
  specialDiscountCents?: number;
}

export type QuoteFailure =
  | { ok: false; code: 'invalid_dates'; message: string }
  | { ok: false; code: 'minimum_stay'; minimumStay: number; message: string }
  | { ok: false; code: 'invalid_promo'; reason: PromoInvalidReason; message: string }
  /** The units cannot take the party (too many adults, a child the policy refuses, too many people). */
  | { ok: false; code: 'party_refused'; field: 'adults' | 'childAges'; message: string };

export type QuoteResult = { ok: true; quote: StayQuote } | QuoteFailure;

export interface QuoteStayInput {
  type: AccommodationTypeRates;
  overrides: readonly RateOverrideRule[];
  checkIn: IsoDate;
  checkOut: IsoDate;
  promo?: PromoLookup | null;
  /** settings.cardPaymentDiscount, percent 0..100. */
  cardDiscountPercent: number;
  /** Today in Johannesburg (todayInLodge(now)): decides promo expiry. */
  today: IsoDate;
  /**
   * Units of the type booked together (a group; default 1). The nights keep the rate of one
   * unit; the subtotal is every unit's, and the promo and card discounts apply to that total
   * exactly as they do to one unit's.
   */
  unitCount?: number;
  /**
   * How the type prices a party (absent: per unit, no party check). A per person sharing type
   * charges its rates per adult, children by band and one adult a supplement.
   */
  policy?: PartyPricingPolicy;
  /** The type's name, for the party refusals' wording. */
  typeName?: string;
  /**
   * Who stays. Absent: 2 adults for a per person type, and no check at all for a per unit one
   * (today's requests, whose guest count the booking checks). Given: checked against the
   * policy (capacity x units, maxAdults, the child policy) whatever the model.
   */
  party?: Party;
  /** The type's specials touching the stay; the best one that applies is taken. */
  specials?: readonly SpecialOfferRule[];
}

/** Prices a stay, or says why it cannot be booked at that price. */
export function quoteStay(input: QuoteStayInput): QuoteResult {
  const { type, checkIn, checkOut, promo, cardDiscountPercent, today } = input;
  if (!isValidIsoDate(checkIn) || !isValidIsoDate(checkOut) || compareIsoDates(checkOut, checkIn) <= 0) {
    return { ok: false, code: 'invalid_dates', message: CHECK_OUT_AFTER_CHECK_IN_MESSAGE };
  }
  const overrides = overridesForType(input.overrides, type.id);
  const nightDates = nightsBetween(checkIn, checkOut);

  const unitCount = input.unitCount ?? 1;
  const perPerson = input.policy?.pricingModel === 'per_person_sharing';
  const party = input.party ?? (perPerson ? resolveParty({}) : undefined);
  if (input.policy && party && (input.party || perPerson)) {
    const refusal = partyRefusal(input.policy, input.typeName ?? 'this accommodation', party, unitCount);
    if (refusal) return { ok: false, code: 'party_refused', ...refusal };
  }

  const minimumStay = minimumStayFor(overrides, nightDates);
  if (nightDates.length < minimumStay) {
    return { ok: false, code: 'minimum_stay', minimumStay, message: minimumStayMessage(minimumStay) };
  }

  let rule: PromoCodeRule | undefined;
  if (promo) {
    const check = checkPromo(promo.rule, today);
    if (!check.ok) return { ok: false, code: 'invalid_promo', reason: check.reason, message: check.message };
    rule = check.rule;
  }

  const nights = nightDates.map((night) => priceNight(type, overrides, night));
  if (perPerson && input.policy && party) {
    for (const night of nights) {
      const { amountCents, ...parts } = priceNightForParty(night.rateCents, input.policy, party);
      night.party = parts;
      night.amountCents = amountCents;
    }
  }
  // A per person price is the party's whatever the units; a per unit one is each unit's.
  const nightAmount = (n: NightPrice) => n.amountCents ?? n.rateCents;
  const multiplier = perPerson ? 1 : unitCount;
  const subtotalCents = sumCents(nights.map(nightAmount)) * multiplier;
  const special = input.specials?.length
    ? bestSpecial({
        specials: input.specials,
        accommodationTypeId: type.id,
        nights: nights.map((n) => ({ date: n.date, amountCents: nightAmount(n) })),
        today,
        multiplier,
        withPromo: rule !== undefined,
      })
    : null;
  const specialDiscountCents = special?.discountCents ?? 0;
  if (special) for (const n of nights) if (special.freeNights.includes(n.date)) n.free = true;
  const promoDiscountCents = rule ? promoDiscountCentsFor(rule, subtotalCents - specialDiscountCents) : 0;
  const totalCents = subtotalCents - specialDiscountCents - promoDiscountCents;
  const cardTotalCents = cardTotalCentsFor(totalCents, cardDiscountPercent);
  return {
    ok: true,
    quote: {
      nights,
      nightCount: nights.length,
      subtotalCents,
      promoDiscountCents,
      totalCents,
      cardDiscountCents: totalCents - cardTotalCents,
      cardTotalCents,
      minimumStay,
      ...(unitCount > 1 ? { unitCount } : {}),
      ...(rule ? { promoCode: rule.code, promoCodeId: rule.id } : {}),
      ...(perPerson && party ? { pricingModel: 'per_person_sharing' as const, party } : {}),
      ...(special ? { special, specialDiscountCents } : {}),
    },
  };
}

/**
 * Each night's accommodation price as quoted (cents): one unit's for a group (the units pay
 * alike), the party's for a per person type. Kept with the booking (bookings.night_amounts) so
 * an amount can later be spread over the stay's nights by the prices it was sold at: an early
 * departure's credit, the reports. A night a special made free keeps its price here: the
 * special's discount is spread over every night with the rest of the stay.
 */
export function quotedNightAmounts(quote: Pick<StayQuote, 'nights'>): number[] {
  return quote.nights.map((n) => n.amountCents ?? n.rateCents);
}

export function nightKind(night: IsoDate): NightKind {
  return isWeekendNight(night) ? 'weekend' : 'weekday';
}

export function overrideCoversNight(override: RateOverrideRule, night: IsoDate): boolean {
  return override.startDate <= night && night <= override.endDate;
}

/** Overlapping overrides: the latest startDate wins, then the newest (then the larger id, to stay deterministic). */
export function winningOverride(overrides: readonly RateOverrideRule[], night: IsoDate): RateOverrideRule | undefined {
  let winner: RateOverrideRule | undefined;
  for (const candidate of overrides) {
    if (!overrideCoversNight(candidate, night)) continue;
    if (!winner || outranks(candidate, winner)) winner = candidate;
  }
  return winner;
}

function outranks(a: RateOverrideRule, b: RateOverrideRule): boolean {
  if (a.startDate !== b.startDate) return a.startDate > b.startDate;
  const createdA = new Date(a.createdAt).getTime();
  const createdB = new Date(b.createdAt).getTime();
  if (createdA !== createdB) return createdA > createdB;
  return a.id > b.id;
}

/** One night's rate: the winning override's rate for that kind of night, where set; else the base rate. */
export function priceNight(type: AccommodationTypeRates, overrides: readonly RateOverrideRule[], night: IsoDate): NightPrice {
  const kind = nightKind(night);
  const baseRateCents = kind === 'weekend' ? type.baseWeekendRateCents : type.baseWeekdayRateCents;
  const override = winningOverride(overrides, night);
  if (!override) return { date: night, kind, rateCents: baseRateCents };
  const overrideRateCents = kind === 'weekend' ? override.weekendRateCents : override.weekdayRateCents;
  return { date: night, kind, rateCents: overrideRateCents ?? baseRateCents, overrideId: override.id };
}

/** The largest minLengthOfStay of the overrides covering any night of the stay; 1 when none does. */
export function minimumStayFor(overrides: readonly RateOverrideRule[], nights: readonly IsoDate[]): number {
  let minimum = 1;
  for (const override of overrides) {
    if (override.minLengthOfStay > minimum && nights.some((night) => overrideCoversNight(override, night))) {
      minimum = override.minLengthOfStay;
    }
  }
  return minimum;
}

function overridesForType(overrides: readonly RateOverrideRule[], typeId: string | undefined): readonly RateOverrideRule[] {
  if (typeId === undefined) return overrides;
  return overrides.filter((o) => o.accommodationTypeId === undefined || o.accommodationTypeId === typeId);
}

/** Expired once the Johannesburg day after expiryDate has begun: valid through the expiry day. */
export function isPromoExpired(expiryDate: IsoDate, today: IsoDate): boolean {
  return compareIsoDates(today, expiryDate) > 0;
}

export type PromoCheck =
  | { ok: true; rule: PromoCodeRule }
  | { ok: false; reason: PromoInvalidReason; message: string };

/** Whether a promo code may be used for an accommodation booking today. */
export function checkPromo(rule: PromoCodeRule | null | undefined, today: IsoDate): PromoCheck {
  const reason = promoInvalidReason(rule, today);
  if (reason) return { ok: false, reason, message: PROMO_MESSAGES[reason] };
  return { ok: true, rule: rule as PromoCodeRule };
}

function promoInvalidReason(rule: PromoCodeRule | null | undefined, today: IsoDate): PromoInvalidReason | undefined {
  if (!rule) return 'not found';
  if (!rule.isActive) return 'inactive';
  if (isPromoExpired(rule.expiryDate, today)) return 'expired';
  if (rule.maxUses !== null && rule.usedCount >= rule.maxUses) return 'used up';
  if (!rule.applicableToAccommodation) return 'not applicable';
  return undefined;
}

/**
 * Percentage: that share of the subtotal, rounded half up to the cent (12.5 % of R99.99 is
 * R12.49875 -> R12.50). Fixed: the amount, at most the subtotal. Never more than the subtotal.
 */
export function promoDiscountCentsFor(discount: PromoDiscount, subtotalCents: number): number {
  const cents =
    discount.discountType === 'Percentage'
      ? percentOfCents(subtotalCents, discount.percent)
      : Math.max(0, discount.amountCents);
  return Math.min(cents, subtotalCents);
}

/**
 * The card price: the EFT total less settings.cardPaymentDiscount percent, rounded half up
 * to whole rand, but never above the EFT total (rounding must not make paying by card
 * dearer, e.g. with a 0 % discount and a total with cents).
 */
export function cardTotalCentsFor(totalCents: number, cardDiscountPercent: number): number {
  // One exact rounding step (total x kept share, in whole rand), not cents first then rand.
  const keptHundredthsOfPercent = 10_000 - percentToHundredths(cardDiscountPercent);
  const wholeRand = divideRoundHalfUp(totalCents * keptHundredthsOfPercent, 10_000 * 100);
  return Math.min(wholeRand * 100, totalCents);
}

/** A promo's discount as stored (discount_type, numeric discount_value) to the domain shape. */
export function promoDiscountFromStored(discountType: DiscountType, discountValue: number | string): PromoDiscount {
  if (discountType === 'Percentage') return { discountType, percent: randToCents(discountValue) / 100 };
  return { discountType, amountCents: randToCents(discountValue) };
}

/** Promo codes match case-insensitively, ignoring surrounding spaces (unique index on upper(code)). */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}
