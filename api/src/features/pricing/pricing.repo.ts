import type { Knex } from 'knex';
import { prepared } from '../../db/prepared.js';
import { randToCents } from '../../../../shared/domain/money.js';
import {
  normalisePromoCode,
  promoDiscountFromStored,
  type DiscountType,
  type PromoCodeRule,
  type RateOverrideRule,
} from '../../../../shared/domain/pricing.js';
import type { ChildBand, PartyPricingPolicy } from '../../../../shared/domain/party-pricing.js';

type Db = Knex | Knex.Transaction;

export interface PricedType {
  id: string;
  name: string;
  capacity: number;
  isPackage: boolean;
  isActive: boolean;
  baseWeekdayRateCents: number;
  baseWeekendRateCents: number;
  /** How the type prices a party (per unit, or per person sharing with its child policy). */
  policy: PartyPricingPolicy;
}

interface TypeRow {
  id: string;
  name: string;
  capacity: number;
  is_package: boolean;
  is_active: boolean;
  base_weekday_rate: string;
  base_weekend_rate: string;
  pricing_model: PartyPricingPolicy['pricingModel'];
  single_supplement_percent: string;
  child_policy: ChildBand[] | null;
  minimum_child_age: number | null;
  max_adults: number | null;
}

/**
 * Everything a quote reads, in one round trip: the type, its overrides covering any night
 * of [checkIn, checkOut), the card discount from the settings row, and the promo code as
 * typed (case and surrounding spaces ignored) when one was, and whether any active special of
 * the type touches the stay (only then are the specials read, by the specials feature's query,
 * so a stay without one stays one round trip). calculate-rate and every booking
 * price a stay, so four queries one after another were most of their time. The type's row
 * and the settings row belong to the accommodations and settings features: read here in the
 * same statement, an exception listed (with what it saves) in .dependency-cruiser.cjs.
 */
export interface PricingInputs {
  type: PricedType;
  overrides: RateOverrideRule[];
  cardPaymentDiscount: number;
  promo: PromoCodeRule | null;
  hasSpecials: boolean;
}

/** A stay to price: the type, the dates and the promo code as typed (none: undefined). */
export interface PricingKey {
  typeId: string;
  checkIn: string;
  checkOut: string;
  promoCode: string | undefined;
}

/** The key findManyPricingInputs answers a stay under (the code as compared: normalised). */
export function pricingKey(key: PricingKey): string {
  return JSON.stringify([key.typeId.toLowerCase(), key.checkIn, key.checkOut, key.promoCode === undefined ? null : normalisePromoCode(key.promoCode)]);
}

export async function findPricingInputs(
  db: Db,
  typeId: string,
  checkIn: string,
  checkOut: string,
  promoCode: string | undefined,
): Promise<PricingInputs | undefined> {
  const key = { typeId, checkIn, checkOut, promoCode };
  return (await findManyPricingInputs(db, [key])).get(pricingKey(key));
}

/**
 * findPricingInputs for many stays in one statement, answered by pricingKey (a stay of an
 * unknown type is absent): the quotes guests ask for together share one round trip
 * (pricing.service.ts). One SQL text for one stay or many, so one prepared statement. Type ids
 * are uuids and dates real dates (the contracts check both): no stay can fail the others.
 */
export async function findManyPricingInputs(db: Db, keys: readonly PricingKey[]): Promise<Map<string, PricingInputs>> {
  const stays = [...new Map(keys.map((k) => [pricingKey(k), k])).values()];
  const res = await prepared('pricing_inputs_many', db.raw<{ rows: (TypeRow & { key_type_id: string; key_check_in: string; key_check_out: string; key_promo: string | null; card_payment_discount: string; overrides: OverrideJson[]; has_specials: boolean; promo: PromoJson | null })[] }>(
    `SELECT k.type_id AS key_type_id, k.check_in::text AS key_check_in, k.check_out::text AS key_check_out, k.promo AS key_promo,
            t.id, t.name, t.capacity, t.is_package, t.is_active, t.base_weekday_rate, t.base_weekend_rate,
            t.pricing_model, t.single_supplement_percent::text AS single_supplement_percent, t.child_policy, t.minimum_child_age, t.max_adults,
            (SELECT s.card_payment_discount FROM settings s WHERE s.id = 1) AS card_payment_discount,
            COALESCE((SELECT json_agg(json_build_object(
                        'id', o.id, 'accommodation_type_id', o.accommodation_type_id,
                        'start_date', o.start_date, 'end_date', o.end_date,
                        'weekday_rate', o.weekday_rate::text, 'weekend_rate', o.weekend_rate::text,
                        'min_length_of_stay', o.min_length_of_stay,
                        'created_at_ms', floor(extract(epoch FROM o.created_at) * 1000)::bigint))
                        FROM rate_overrides o
                       WHERE o.accommodation_type_id = t.id AND o.start_date < k.check_out AND o.end_date >= k.check_in), '[]'::json) AS overrides,
            EXISTS (SELECT 1 FROM special_offer_types st JOIN special_offers so ON so.id = st.special_offer_id
                     WHERE st.accommodation_type_id = t.id AND so.is_active AND so.stay_from < k.check_out AND so.stay_to >= k.check_in) AS has_specials,
            (SELECT json_build_object(
                      'id', p.id, 'code', p.code, 'discount_type', p.discount_type, 'discount_value', p.discount_value::text,
                      'expiry_date', p.expiry_date, 'applicable_to_accommodation', p.applicable_to_accommodation,
                      'max_uses', p.max_uses, 'used_count', p.used_count, 'is_active', p.is_active)
               FROM promo_codes p WHERE upper(p.code) = k.promo LIMIT 1) AS promo
       FROM unnest(?::uuid[], ?::date[], ?::date[], ?::text[]) AS k(type_id, check_in, check_out, promo)
       JOIN accommodation_types t ON t.id = k.type_id`,
    // No code typed: NULL, which equals no code.
    [
      stays.map((k) => k.typeId),
      stays.map((k) => k.checkIn),
      stays.map((k) => k.checkOut),
      // knex's types know arrays of one type; PostgreSQL takes the NULLs of a text[] as they are.
      stays.map((k) => (k.promoCode === undefined ? null : normalisePromoCode(k.promoCode))) as string[],
    ],
  ));
  const found = new Map<string, PricingInputs>();
  for (const row of res.rows) {
    const key = pricingKey({ typeId: row.key_type_id, checkIn: row.key_check_in, checkOut: row.key_check_out, promoCode: row.key_promo ?? undefined });
    found.set(key, {
      type: toPricedType(row),
      overrides: row.overrides.map((o) => toOverrideRule({ ...o, created_at: new Date(Number(o.created_at_ms)) })),
      cardPaymentDiscount: Number(row.card_payment_discount),
      promo: row.promo ? toPromoRule(row.promo) : null,
      hasSpecials: row.has_specials,
    });
  }
  return found;
}

/** A type's name and party policy (availability's check of a party), or undefined. */
export async function findPartyPolicy(db: Db, typeId: string): Promise<{ name: string; policy: PartyPricingPolicy } | undefined> {
  const row: TypeRow | undefined = await db('accommodation_types as t')
    .where('t.id', typeId)
    .first(
      't.id',
      't.name',
      't.capacity',
      't.is_package',
      't.is_active',
      't.base_weekday_rate',
      't.base_weekend_rate',
      't.pricing_model',
      db.raw('t.single_supplement_percent::text AS single_supplement_percent'),
      't.child_policy',
      't.minimum_child_age',
      't.max_adults',
    );
  if (!row) return undefined;
  const { name, policy } = toPricedType(row);
  return { name, policy };
}

type OverrideJson = Omit<OverrideRow, 'created_at'> & { created_at_ms: number | string };
type PromoJson = PromoRow;

function toPricedType(row: TypeRow): PricedType {
  return {
    id: row.id,
    name: row.name,
    capacity: row.capacity,
    isPackage: row.is_package,
    isActive: row.is_active,
    baseWeekdayRateCents: randToCents(row.base_weekday_rate),
    baseWeekendRateCents: randToCents(row.base_weekend_rate),
    policy: {
      pricingModel: row.pricing_model,
      // numeric(5,2) as text: a percent with at most 2 decimals, read without float drift.
      singleSupplementPercent: randToCents(row.single_supplement_percent) / 100,
      childPolicy: row.child_policy ?? [],
      minimumChildAge: row.minimum_child_age,
      maxAdults: row.max_adults,
      capacity: row.capacity,
    },
  };
}

interface OverrideRow {
  id: string;
  accommodation_type_id: string;
  start_date: string;
  end_date: string;
  weekday_rate: string | null;
  weekend_rate: string | null;
  min_length_of_stay: number;
  created_at: Date;
}

function toOverrideRule(r: OverrideRow): RateOverrideRule {
  return {
    id: r.id,
    accommodationTypeId: r.accommodation_type_id,
    startDate: r.start_date,
    endDate: r.end_date,
    weekdayRateCents: r.weekday_rate === null ? null : randToCents(r.weekday_rate),
    weekendRateCents: r.weekend_rate === null ? null : randToCents(r.weekend_rate),
    minLengthOfStay: r.min_length_of_stay,
    createdAt: new Date(r.created_at),
  };
}

interface PromoRow {
  id: string;
  code: string;
  discount_type: DiscountType;
  discount_value: string;
  expiry_date: string;
  applicable_to_accommodation: boolean;
  max_uses: number | null;
  used_count: number;
  is_active: boolean;
}

function toPromoRule(row: PromoRow): PromoCodeRule {
  // Fields added to the discount object rather than spread into a new one: the spread of a
  // fresh object cost about 3 µs here (a generic copy V8 could not specialise), on every
  // quote with a promo code.
  return Object.assign(promoDiscountFromStored(row.discount_type, row.discount_value), {
    id: row.id,
    code: row.code,
    isActive: row.is_active,
    expiryDate: row.expiry_date,
    maxUses: row.max_uses,
    usedCount: row.used_count,
    applicableToAccommodation: row.applicable_to_accommodation,
  });
}

/**
 * Counts one use of a promo code, only while uses are left. False when none is left: the
 * row lock makes concurrent bookings queue here, and each re-checks the condition against
 * the committed count, so a code with one use left is used once.
 */
export async function consumePromoUse(db: Db, promoId: string): Promise<boolean> {
  const n = await db('promo_codes')
    .where('id', promoId)
    .andWhere((q) => q.whereNull('max_uses').orWhereRaw('used_count < max_uses'))
    .update({ used_count: db.raw('used_count + 1') });
  return n === 1;
}

/** Gives one use back, never below zero (a count reset by hand meanwhile stays at zero). */
export async function releasePromoUse(db: Db, promoId: string): Promise<void> {
  await db('promo_codes')
    .where('id', promoId)
    .andWhere('used_count', '>', 0)
    .update({ used_count: db.raw('used_count - 1') });
}
