import type { Knex } from 'knex';
import { randToCents } from '../../../../shared/domain/money.js';
import {
  normalisePromoCode,
  promoDiscountFromStored,
  type DiscountType,
  type PromoCodeRule,
  type RateOverrideRule,
} from '../../../../shared/domain/pricing.js';

type Db = Knex | Knex.Transaction;

export interface PricedType {
  id: string;
  name: string;
  capacity: number;
  isPackage: boolean;
  isActive: boolean;
  baseWeekdayRateCents: number;
  baseWeekendRateCents: number;
}

interface TypeRow {
  id: string;
  name: string;
  capacity: number;
  is_package: boolean;
  is_active: boolean;
  base_weekday_rate: string;
  base_weekend_rate: string;
}

export async function findPricedType(db: Db, id: string): Promise<PricedType | undefined> {
  const row: TypeRow | undefined = await db('accommodation_types')
    .select('id', 'name', 'capacity', 'is_package', 'is_active', 'base_weekday_rate', 'base_weekend_rate')
    .where({ id })
    .first();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    capacity: row.capacity,
    isPackage: row.is_package,
    isActive: row.is_active,
    baseWeekdayRateCents: randToCents(row.base_weekday_rate),
    baseWeekendRateCents: randToCents(row.base_weekend_rate),
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

/** The type's overrides covering any night of [checkIn, checkOut). */
export async function listOverridesForStay(db: Db, typeId: string, checkIn: string, checkOut: string): Promise<RateOverrideRule[]> {
  const rows: OverrideRow[] = await db('rate_overrides')
    .where('accommodation_type_id', typeId)
    .andWhere('start_date', '<', checkOut)
    .andWhere('end_date', '>=', checkIn);
  return rows.map((r) => ({
    id: r.id,
    accommodationTypeId: r.accommodation_type_id,
    startDate: r.start_date,
    endDate: r.end_date,
    weekdayRateCents: r.weekday_rate === null ? null : randToCents(r.weekday_rate),
    weekendRateCents: r.weekend_rate === null ? null : randToCents(r.weekend_rate),
    minLengthOfStay: r.min_length_of_stay,
    createdAt: new Date(r.created_at),
  }));
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

/** The promo code as typed (case and surrounding spaces ignored), or null when there is none. */
export async function findPromoByCode(db: Db, code: string): Promise<PromoCodeRule | null> {
  const row: PromoRow | undefined = await db('promo_codes').whereRaw('upper(code) = ?', [normalisePromoCode(code)]).first();
  if (!row) return null;
  return {
    ...promoDiscountFromStored(row.discount_type, row.discount_value),
    id: row.id,
    code: row.code,
    isActive: row.is_active,
    expiryDate: row.expiry_date,
    maxUses: row.max_uses,
    usedCount: row.used_count,
    applicableToAccommodation: row.applicable_to_accommodation,
  };
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
