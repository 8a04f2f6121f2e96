import type { Deps } from '../../deps.js';
import type { DbOrTx, Tx } from '../../db/transaction.js';
import { UnprocessableError, ValidationError, unknownId } from '../../errors.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { quoteStay, quotedNightAmounts, type QuoteFailure, type QuoteResult, type StayQuote } from '../../../../shared/domain/pricing.js';
import { toCalculateRateResponse, type CalculateRateRequest, type CalculateRateResponse } from '../../../../shared/contracts/pricing.js';
import { countActiveUnits } from '../accommodations/queries.js';
import { GUESTS_DEFAULT } from '../../../../shared/contracts/bookings.js';
import type { GuestExtraChoice } from '../../../../shared/contracts/guest-extras.js';
import { quoteWithExtras } from '../../../../shared/domain/guest-extras.js';
import { priceGuestExtras } from '../extras/extras.service.js';
import { listSpecialsForPricing } from '../specials/specials.queries.js';
import { partyGiven, partyRefusal, partySize, resolveParty, type PartyInput } from '../../../../shared/domain/party-pricing.js';
import * as repo from './pricing.repo.js';
import { coalescedBatchBy, perOwner } from '../../db/coalesced-reads.js';

export type { PricedType } from './pricing.repo.js';

export const TYPE_NOT_FOUND_MESSAGE = 'Accommodation type not found';

export interface PriceStayInput {
  accommodationTypeId: string;
  checkIn: string;
  checkOut: string;
  promoCode?: string;
  /** The request field named by a 404 (default accommodationTypeId). */
  typeField?: string;
  /** Units of the type booked together (a group); default 1. */
  unitCount?: number;
  /**
   * Extras the guest adds (docs/product.md, Extras): priced for the party and the stay's
   * nights and added to the totals; `field` is where the list sits in the request.
   */
  extras?: { choices: readonly GuestExtraChoice[]; guests: number; field?: string };
  /** Who stays, as the request said (either may be absent; both absent = 2 adults). */
  party?: PartyInput;
}

/**
 * The type and the domain's answer for a stay (a quote, or why it cannot be sold at that
 * price); 404 for an unknown type. Staff may book past a minimum stay, so they get the
 * refusal to decide on; guests go through priceStay.
 */
export async function quoteForType(
  db: DbOrTx,
  now: Date,
  input: PriceStayInput,
  readInputs: PricingInputsRead = (key) => repo.findPricingInputs(db, key.typeId, key.checkIn, key.checkOut, key.promoCode),
): Promise<{ type: repo.PricedType; result: QuoteResult; cardDiscountPercent: number }> {
  // The type, its overrides, the card discount and the promo code in one round trip.
  const inputs = await readInputs({ typeId: input.accommodationTypeId, checkIn: input.checkIn, checkOut: input.checkOut, promoCode: input.promoCode || undefined });
  if (!inputs) {
    const field = input.typeField ?? 'accommodationTypeId';
    throw unknownId(field, TYPE_NOT_FOUND_MESSAGE);
  }
  const { type, overrides, cardPaymentDiscount: cardDiscountPercent, promo: promoRule } = inputs;
  // The specials themselves come from the specials feature, and only when one touches the stay.
  const specials = inputs.hasSpecials ? await listSpecialsForPricing(db, type.id, input.checkIn, input.checkOut) : [];
  const result = quoteStay({
    type: { id: type.id, baseWeekdayRateCents: type.baseWeekdayRateCents, baseWeekendRateCents: type.baseWeekendRateCents },
    overrides,
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    promo: input.promoCode ? { code: input.promoCode, rule: promoRule ?? null } : null,
    cardDiscountPercent,
    today: todayInLodge(now),
    unitCount: input.unitCount,
    policy: type.policy,
    typeName: type.name,
    party: input.party && partyGiven(input.party) ? resolveParty(input.party) : undefined,
    specials,
  });
  return { type, result, cardDiscountPercent };
}

/**
 * Each night's accommodation price of a stay as the type's rates and overrides stand now
 * (cents; one unit's, or the party's for a per person type), whatever its minimum stay, without
 * promo or special: the weights of a stay whose night amounts were not kept when it was booked
 * (an older booking, a staff booking below the minimum stay). Undefined when the type is gone
 * or the rates cannot price the party at all.
 */
export async function nightAmountsNow(
  db: DbOrTx,
  now: Date,
  input: { accommodationTypeId: string; checkIn: string; checkOut: string; party?: PartyInput },
): Promise<number[] | undefined> {
  const inputs = await repo.findPricingInputs(db, input.accommodationTypeId, input.checkIn, input.checkOut, undefined);
  if (!inputs) return undefined;
  const { type } = inputs;
  const price = (party: PartyInput | undefined) =>
    quoteStay({
      type: { id: type.id, baseWeekdayRateCents: type.baseWeekdayRateCents, baseWeekendRateCents: type.baseWeekendRateCents },
      // The nights' prices, not whether the stay may be sold at them.
      overrides: inputs.overrides.map((o) => ({ ...o, minLengthOfStay: 1 })),
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      cardDiscountPercent: 0,
      today: todayInLodge(now),
      policy: type.policy,
      typeName: type.name,
      party: party && partyGiven(party) ? resolveParty(party) : undefined,
    });
  // A party the type no longer takes as it is set up now is priced as its default party.
  const result = price(input.party);
  const quoted = result.ok ? result : price(undefined);
  return quoted.ok ? quotedNightAmounts(quoted.quote) : undefined;
}

/**
 * The server's price for a stay (docs/design.md, Pricing), or a domain error saying why it
 * cannot be sold: 404 unknown type, 422 shorter than the minimum stay or an unusable promo
 * code. Takes a db or a transaction so a booking prices inside the transaction that
 * creates it (the promo's used count it reads is then the one it counts against).
 */
export async function priceStay(
  db: DbOrTx,
  now: Date,
  input: PriceStayInput,
  readInputs?: PricingInputsRead,
): Promise<{ type: repo.PricedType; quote: StayQuote }> {
  const { type, result, cardDiscountPercent } = await quoteForType(db, now, input, readInputs);
  if (!result.ok) throw quoteRefusal(result);
  const extras = input.extras;
  if (!extras?.choices.length) return { type, quote: result.quote };
  // Children named by their ages pay an extra's child price.
  const party = { guests: extras.guests, children: input.party?.childAges?.length ?? 0, nights: result.quote.nightCount };
  const lines = await priceGuestExtras(db, extras.choices, party, extras.field);
  return { type, quote: quoteWithExtras(result.quote, lines, cardDiscountPercent) };
}

/** Why a stay cannot be sold, as the error the API answers with. */
export function quoteRefusal(failure: QuoteFailure): ValidationError | UnprocessableError {
  switch (failure.code) {
    case 'invalid_dates':
      return new ValidationError(`checkOut: ${failure.message}`, 'validation_error', { checkOut: failure.message });
    case 'minimum_stay':
      return new UnprocessableError(failure.message, 'minimum_stay', { checkOut: failure.message });
    case 'invalid_promo':
      return new UnprocessableError(failure.message, 'invalid_promo', { promoCode: failure.message });
    case 'party_refused':
      return new ValidationError(`${failure.field}: ${failure.message}`, 'validation_error', { [failure.field]: failure.message });
  }
}

/** How a quote reads its inputs: on its own, or shared with the quotes asked at the same time. */
type PricingInputsRead = (key: repo.PricingKey) => Promise<repo.PricingInputs | undefined>;

/**
 * The pricing inputs of the quotes that arrive together, read in one statement: a guest moving
 * through dates asks for a price at every step, and a round trip per quote was most of its
 * cost under load. Each quote still gets a read that started after it asked (coalescedBatch),
 * so a rate or promo code changed before is seen; nothing is kept. Only outside a transaction
 * (calculate-rate): a booking prices in its own, where the promo's use count it reads is the
 * one it counts against.
 */
const sharedPricingInputs = perOwner(
  (db: DbOrTx): PricingInputsRead => coalescedBatchBy(repo.pricingKey, (keys: repo.PricingKey[]) => repo.findManyPricingInputs(db, keys)),
);

/** POST /api/calculate-rate */
export async function calculateRate(deps: Deps, input: CalculateRateRequest): Promise<CalculateRateResponse> {
  const { type, quote } = await priceStay(deps.db, deps.clock.now(), {
    accommodationTypeId: input.accommodationTypeId,
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    promoCode: input.promoCode,
    unitCount: input.unitCount,
    party: input,
    extras: input.extras ? { choices: input.extras, guests: extrasGuests(input) } : undefined,
  }, sharedPricingInputs(deps.db));
  await assertUnitCountFits(deps.db, type, input.unitCount ?? 1);
  return toCalculateRateResponse(quote, input.paymentMethod);
}

/** Who the extras are priced for: the guest count, else the party named, else 2. */
function extrasGuests(input: CalculateRateRequest): number {
  if (input.numberOfGuests !== undefined) return input.numberOfGuests;
  return partyGiven(input) ? partySize(resolveParty(input)) : GUESTS_DEFAULT;
}

/**
 * Whether a type can take the party on one unit (POST /api/availability): 400 naming adults
 * or childAges, as the price would say. Only when the request named a party: without one,
 * availability answers as it always has.
 */
export async function assertPartyAccepted(db: DbOrTx, typeId: string, party: PartyInput): Promise<void> {
  if (!partyGiven(party)) return;
  const type = await repo.findPartyPolicy(db, typeId);
  if (!type) return; // The caller answers an unknown type itself.
  const refusal = partyRefusal(type.policy, type.name, resolveParty(party));
  if (refusal) throw quoteRefusal({ ok: false, code: 'party_refused', ...refusal });
}

export const UNIT_COUNT_MESSAGES = {
  entireLodge: 'The entire lodge is booked as a whole: the number of units must be 1',
  atMost: (units: number) => `Number of units must be between 1 and ${Math.max(units, 1)}`,
} as const;

/**
 * A group (unitCount 2 or more) is of a type that is not a package, and asks for no more
 * units than the type has active ones: otherwise 400 naming unitCount. Whether enough of them
 * are free for the dates is the booking's question (409), not a bad request.
 */
export async function assertUnitCountFits(db: DbOrTx, type: repo.PricedType, unitCount: number): Promise<number> {
  if (unitCount <= 1) return unitCount;
  if (type.isPackage) throw unitCountError(UNIT_COUNT_MESSAGES.entireLodge);
  const active = await countActiveUnits(db, type.id);
  if (unitCount > active) throw unitCountError(UNIT_COUNT_MESSAGES.atMost(active));
  return unitCount;
}

function unitCountError(message: string): ValidationError {
  return new ValidationError(`unitCount: ${message}`, 'validation_error', { unitCount: message });
}

/** Counts one use of a promo code in the caller's transaction; false when none is left. */
export function consumePromoUse(trx: Tx, promoId: string): Promise<boolean> {
  return repo.consumePromoUse(trx, promoId);
}

/** Gives one use of a promo code back in the caller's transaction, never below zero. */
export function releasePromoUse(trx: Tx, promoId: string): Promise<void> {
  return repo.releasePromoUse(trx, promoId);
}
