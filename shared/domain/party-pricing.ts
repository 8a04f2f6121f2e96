import type { IsoDate } from './dates.js';

/**
 * Per person sharing prices (docs/design.md, Pricing): the shapes the pricing function,
 * the API and the PWA share. A per unit type (every type before this, and the default)
 * charges its nightly rate whoever sleeps in it; a per person sharing type charges its
 * rates per adult per night, children by age band, and one adult a single supplement.
 */

export const PRICING_MODELS = ['per_unit', 'per_person_sharing'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const MEAL_PLANS = ['Room only', 'Bed and breakfast', 'Half board', 'Full board', 'Fully inclusive'] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];

export const CHILD_AGE_MIN = 0;
export const CHILD_AGE_MAX = 17;

/** The adults a request means when it names none (the spec's default of 2 guests). */
export const DEFAULT_ADULTS = 2;

/**
 * One band of a child policy: children aged fromAge..toAge (inclusive) pay percentOfAdult
 * of the adult rate, or are not accepted at all. A child whose age no band covers pays the
 * adult rate.
 */
export interface ChildBand {
  fromAge: number;
  toAge: number;
  percentOfAdult: number;
  notAccepted?: boolean;
}

/** What a type's pricing needs beyond its rates. */
export interface PartyPricingPolicy {
  pricingModel: PricingModel;
  /** 0..100: one adult pays the adult rate plus this percent of it. */
  singleSupplementPercent: number;
  childPolicy: readonly ChildBand[];
  /** Children younger than this are not accepted (null: any age). */
  minimumChildAge: number | null;
  /** Adults per unit (null: up to the capacity). */
  maxAdults: number | null;
  capacity: number;
}

/** Who is staying: adults, and each child's age on arrival. */
export interface Party {
  adults: number;
  childAges: readonly number[];
}

/** One child's price for one night. */
export interface ChildNightPrice {
  age: number;
  /** The band that priced the child, or null when no band covers the age (adult rate). */
  band: ChildBand | null;
  percentOfAdult: number;
  amountCents: number;
}

/** A per person night's parts (absent on per unit nights). */
export interface PartyNightPrice {
  adults: number;
  adultRateCents: number;
  adultsAmountCents: number;
  children: ChildNightPrice[];
  singleSupplementCents: number;
}

/** A special offer as the pricing function sees it. */
export interface SpecialOfferRule {
  id: string;
  name: string;
  accommodationTypeIds: readonly string[];
  /** The nights that count: those starting stayFrom..stayTo (inclusive). */
  stayFrom: IsoDate;
  stayTo: IsoDate;
  stayNights: number;
  payNights: number;
  /** The booking must be made in this window (lodge dates, inclusive; null: open). */
  bookFrom: IsoDate | null;
  bookTo: IsoDate | null;
  combinableWithPromo: boolean;
  isActive: boolean;
}

/** The special a quote applied. */
export interface AppliedSpecial {
  id: string;
  name: string;
  stayNights: number;
  payNights: number;
  /** The nights made free (the cheapest eligible ones). */
  freeNights: IsoDate[];
  discountCents: number;
}
