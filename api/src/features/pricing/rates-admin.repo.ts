import type { Knex } from 'knex';
import type { PromoCode, PromoCodeRequest, RateOverride, RateOverrideRequest } from '../../../../shared/contracts/rates.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';

type Db = Knex | Knex.Transaction;

interface OverrideRow {
  id: string;
  accommodation_type_id: string;
  start_date: string;
  end_date: string;
  weekday_rate: string | null;
  weekend_rate: string | null;
  min_length_of_stay: number;
  event_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

interface PromoRow {
  id: string;
  code: string;
  discount_type: 'Percentage' | 'Fixed';
  discount_value: string;
  expiry_date: string;
  applicable_to_accommodation: boolean;
  applicable_to_events: boolean;
  max_uses: number | null;
  used_count: number;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const rand = (v: string | null) => (v == null ? null : centsToRand(randToCents(v)));

/** An override as stored; its type's name is the accommodations feature's (getTypeNames). */
export type StoredOverride = Omit<RateOverride, 'accommodationTypeName'>;

const toOverride = (r: OverrideRow): StoredOverride => ({
  id: r.id,
  accommodationTypeId: r.accommodation_type_id,
  startDate: r.start_date,
  endDate: r.end_date,
  weekdayRate: rand(r.weekday_rate),
  weekendRate: rand(r.weekend_rate),
  minLengthOfStay: r.min_length_of_stay,
  eventId: r.event_id,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  version: r.version,
});

const toPromo = (r: PromoRow): PromoCode => ({
  id: r.id,
  code: r.code,
  discountType: r.discount_type,
  discountValue: rand(r.discount_value)!,
  expiryDate: r.expiry_date,
  applicableToAccommodation: r.applicable_to_accommodation,
  applicableToEvents: r.applicable_to_events,
  maxUses: r.max_uses,
  usedCount: r.used_count,
  isActive: r.is_active,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  version: r.version,
});

const overrideColumns = (o: RateOverrideRequest) => ({
  accommodation_type_id: o.accommodationTypeId,
  start_date: o.startDate,
  end_date: o.endDate,
  weekday_rate: o.weekdayRate == null ? null : o.weekdayRate.toFixed(2),
  weekend_rate: o.weekendRate == null ? null : o.weekendRate.toFixed(2),
  min_length_of_stay: o.minLengthOfStay,
  event_id: o.eventId,
});

const promoColumns = (p: PromoCodeRequest) => ({
  code: p.code,
  discount_type: p.discountType,
  discount_value: p.discountValue.toFixed(2),
  expiry_date: p.expiryDate,
  applicable_to_accommodation: p.applicableToAccommodation,
  applicable_to_events: p.applicableToEvents,
  max_uses: p.maxUses,
  is_active: p.isActive,
});

/** Every override, by start date (the service orders those of a day by their type's name). */
export async function listOverrides(db: Db): Promise<StoredOverride[]> {
  const rows: OverrideRow[] = await db('rate_overrides').orderBy([{ column: 'start_date' }, { column: 'id' }]);
  return rows.map(toOverride);
}

export async function findOverride(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<StoredOverride | undefined> {
  const q = db<OverrideRow>('rate_overrides').where({ id });
  if (opts.forUpdate) q.forUpdate();
  const row: OverrideRow | undefined = await q.first();
  return row ? toOverride(row) : undefined;
}

export async function insertOverride(db: Db, o: RateOverrideRequest): Promise<string> {
  const [row] = await db('rate_overrides').insert(overrideColumns(o)).returning('id');
  return row.id;
}

export async function updateOverride(db: Db, id: string, o: RateOverrideRequest): Promise<void> {
  await db('rate_overrides').where({ id }).update(overrideColumns(o));
}

export async function deleteOverride(db: Db, id: string): Promise<void> {
  await db('rate_overrides').where({ id }).delete();
}

export async function listPromos(db: Db): Promise<PromoCode[]> {
  const rows: PromoRow[] = await db('promo_codes').orderBy([{ column: 'expiry_date', order: 'desc' }, { column: 'code' }]);
  return rows.map(toPromo);
}

export async function findPromo(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<PromoCode | undefined> {
  const q = db<PromoRow>('promo_codes').where({ id });
  if (opts.forUpdate) q.forUpdate();
  const row: PromoRow | undefined = await q.first();
  return row ? toPromo(row) : undefined;
}

export async function insertPromo(db: Db, p: PromoCodeRequest): Promise<string> {
  const [row] = await db('promo_codes').insert(promoColumns(p)).returning('id');
  return row.id;
}

export async function updatePromo(db: Db, id: string, p: PromoCodeRequest): Promise<void> {
  await db('promo_codes').where({ id }).update(promoColumns(p));
}

export async function deletePromo(db: Db, id: string): Promise<void> {
  await db('promo_codes').where({ id }).delete();
}
