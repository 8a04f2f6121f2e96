import type { IsoDate } from './dates.js';
import { percentOfCents, sumCents } from './money.js';
import type { PricingModel } from './pricing-models.js';

/**
 * Per person sharing prices (docs/design.md, Pricing): the shapes the pricing function,
 * the API and the PWA share. A per unit type (every type before this, and the default)
 * charges its nightly rate whoever sleeps in it; a per person sharing type charges its
 * rates per adult per night, children by age band, and one adult a single supplement.
 */


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

/** What a request said about its party (either may be absent). */
export interface PartyInput {
  adults?: number;
  childAges?: readonly number[];
}

/** Whether a request named its party at all (otherwise it means 2 adults). */
export function partyGiven(input: PartyInput): boolean {
  return input.adults !== undefined || input.childAges !== undefined;
}

/** The party a request means: its adults (default 2) and its children's ages (default none). */
export function resolveParty(input: PartyInput): Party {
  return { adults: input.adults ?? DEFAULT_ADULTS, childAges: [...(input.childAges ?? [])] };
}

/** How many people the party is. */
export function partySize(party: Party): number {
  return party.adults + party.childAges.length;
}

/** A band as the breakdown names it: '6–11', or '6' for a one-year band. */
export function bandLabel(band: Pick<ChildBand, 'fromAge' | 'toAge'>): string {
  return band.fromAge === band.toAge ? String(band.fromAge) : `${band.fromAge}–${band.toAge}`;
}

/** The band covering a child's age, or null (the child then pays the adult rate). */
export function childBandFor(policy: Pick<PartyPricingPolicy, 'childPolicy'>, age: number): ChildBand | null {
  return policy.childPolicy.find((band) => band.fromAge <= age && age <= band.toAge) ?? null;
}

/**
 * The lodge's child policy in words for a child it refuses, e.g. "Children under 6 are not
 * accepted at Tamboti Family Suite": a minimum age, or a not-accepted band (from 0 it reads as
 * "under", otherwise as the band's ages).
 */
export function describeChildPolicy(policy: Pick<PartyPricingPolicy, 'childPolicy' | 'minimumChildAge'>, typeName: string, age: number): string | null {
  const band = childBandFor(policy, age);
  if (band?.notAccepted) {
    const who =
      band.fromAge === 0
        ? `Children under ${band.toAge + 1}`
        : band.fromAge === band.toAge
          ? `Children aged ${band.fromAge}`
          : `Children aged ${band.fromAge} to ${band.toAge}`;
    return `${who} are not accepted at ${typeName}`;
  }
  if (policy.minimumChildAge !== null && age < policy.minimumChildAge) {
    return `Children under ${policy.minimumChildAge} are not accepted at ${typeName}`;
  }
  return null;
}

/** The first child the policy refuses, as the policy in words; null when every child is accepted. */
export function childPolicyRefusal(policy: Pick<PartyPricingPolicy, 'childPolicy' | 'minimumChildAge'>, typeName: string, childAges: readonly number[]): string | null {
  for (const age of childAges) {
    const refusal = describeChildPolicy(policy, typeName, age);
    if (refusal) return refusal;
  }
  return null;
}

export function maxAdultsMessage(perUnit: number): string {
  return `At most ${perUnit} ${perUnit === 1 ? 'adult' : 'adults'} per unit`;
}

/** The capacity wording of a booking of one unit (assertCapacity's), or of a group. */
export function partyCapacityMessage(typeName: string, capacity: number, unitCount: number): string {
  const bound = capacity * unitCount;
  const guests = `${bound} ${bound === 1 ? 'guest' : 'guests'}`;
  return unitCount > 1 ? `${unitCount} units of ${typeName} sleep at most ${guests}` : `${typeName} sleeps at most ${guests}`;
}

export interface PartyRefusal {
  field: 'adults' | 'childAges';
  message: string;
}

/**
 * Whether the units booked can take the party: more adults than the type allows per unit
 * (maxAdults, else the capacity) names adults; a child the policy refuses, or more people than
 * the beds, names childAges. A per unit type has no child policy or adult limit of its own:
 * only its beds count, as they always have.
 */
export function partyRefusal(policy: PartyPricingPolicy, typeName: string, party: Party, unitCount = 1): PartyRefusal | null {
  const perPerson = policy.pricingModel === 'per_person_sharing';
  const adultsPerUnit = perPerson ? (policy.maxAdults ?? policy.capacity) : policy.capacity;
  if (party.adults > adultsPerUnit * unitCount) return { field: 'adults', message: maxAdultsMessage(adultsPerUnit) };
  if (perPerson) {
    const refusal = childPolicyRefusal(policy, typeName, party.childAges);
    if (refusal) return { field: 'childAges', message: refusal };
  }
  if (partySize(party) > policy.capacity * unitCount) {
    return { field: 'childAges', message: partyCapacityMessage(typeName, policy.capacity, unitCount) };
  }
  return null;
}

/**
 * One night of a per person sharing type for the party, at the night's adult rate R: each
 * adult R; each child R x its band's percent (a child no band covers pays R), rounded half up
 * to the cent; one adult alone pays R x the single supplement percent on top (children or not).
 */
export function priceNightForParty(adultRateCents: number, policy: Pick<PartyPricingPolicy, 'childPolicy' | 'singleSupplementPercent'>, party: Party): PartyNightPrice & { amountCents: number } {
  const children: ChildNightPrice[] = party.childAges.map((age) => {
    const band = childBandFor(policy, age);
    const percentOfAdult = band ? (band.notAccepted ? 0 : band.percentOfAdult) : 100;
    return { age, band, percentOfAdult, amountCents: percentOfCents(adultRateCents, percentOfAdult) };
  });
  const adultsAmountCents = adultRateCents * party.adults;
  const singleSupplementCents = party.adults === 1 ? percentOfCents(adultRateCents, policy.singleSupplementPercent) : 0;
  const amountCents = adultsAmountCents + sumCents(children.map((c) => c.amountCents)) + singleSupplementCents;
  return { adults: party.adults, adultRateCents, adultsAmountCents, children, singleSupplementCents, amountCents };
}
