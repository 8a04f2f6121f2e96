import type { Knex } from 'knex';
import { prepared } from '../../db/prepared.js';
import type { AccommodationType, OutOfOrderPeriod, PublicUnit, Unit } from '../../../../shared/contracts/accommodations.js';
import type { CleaningStatus } from '../../../../shared/domain/housekeeping.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';

type Db = Knex | Knex.Transaction;

interface TypeRow {
  id: string;
  name: string;
  description: string;
  capacity: number;
  base_weekday_rate: string;
  base_weekend_rate: string;
  amenities: string[];
  images: string[];
  is_package: boolean;
  is_active: boolean;
  system_key: string | null;
  pricing_model: AccommodationType['pricingModel'];
  single_supplement_percent: string;
  child_policy: AccommodationType['childPolicy'];
  minimum_child_age: number | null;
  meal_plan: AccommodationType['mealPlan'];
  max_adults: number | null;
  version: number;
  updated_at: Date;
  included: string[] | null;
}

interface UnitRow {
  id: string;
  name: string;
  accommodation_type_id: string;
  is_active: boolean;
  housekeeping_status: CleaningStatus;
  housekeeping_note: string | null;
  housekeeping_changed_at: Date | null;
  // joined, where the query asks for them
  housekeeping_changed_by_name?: string | null;
  out_of_order?: OutOfOrderPeriod[] | null;
  version: number;
  updated_at: Date;
}

const money = (v: string) => centsToRand(randToCents(v));

export const toAccommodationType = (r: TypeRow): AccommodationType => ({
  id: r.id,
  name: r.name,
  description: r.description,
  capacity: r.capacity,
  baseWeekdayRate: money(r.base_weekday_rate),
  baseWeekendRate: money(r.base_weekend_rate),
  amenities: r.amenities ?? [],
  images: r.images ?? [],
  isPackage: r.is_package,
  includedAccommodationTypes: r.included ?? [],
  isActive: r.is_active,
  systemKey: r.system_key,
  pricingModel: r.pricing_model ?? 'per_unit',
  singleSupplementPercent: Number(r.single_supplement_percent ?? 0),
  childPolicy: r.child_policy ?? [],
  minimumChildAge: r.minimum_child_age ?? null,
  mealPlan: r.meal_plan ?? null,
  maxAdults: r.max_adults ?? null,
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export const toUnit = (r: UnitRow): Unit => ({
  id: r.id,
  name: r.name,
  accommodationTypeId: r.accommodation_type_id,
  isActive: r.is_active,
  housekeepingStatus: r.housekeeping_status,
  housekeepingNote: r.housekeeping_note,
  housekeepingChangedAt: r.housekeeping_changed_at ? new Date(r.housekeeping_changed_at).toISOString() : null,
  housekeepingChangedBy: r.housekeeping_changed_by_name ?? null,
  outOfOrder: r.out_of_order ?? [],
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

function typesQuery(db: Db) {
  return db('accommodation_types as t')
    .select(
      't.*',
      db.raw(
        `COALESCE((SELECT json_agg(pi.included_type_id ORDER BY pi.included_type_id)
                   FROM package_inclusions pi WHERE pi.package_type_id = t.id), '[]'::json) AS included`,
      ),
    )
    .orderBy([{ column: 't.sort_order' }, { column: 't.name' }]);
}

export async function listTypes(db: Db, opts: { activeOnly: boolean }): Promise<AccommodationType[]> {
  const q = typesQuery(db);
  if (opts.activeOnly) q.where('t.is_active', true);
  const rows: TypeRow[] = await q;
  return rows.map(toAccommodationType);
}

export async function findType(db: Db, id: string): Promise<AccommodationType | undefined> {
  const row: TypeRow | undefined = await typesQuery(db).where('t.id', id).first();
  return row ? toAccommodationType(row) : undefined;
}

/**
 * A unit with what its contract shows beside its own columns: who last set its cleaning status
 * and its out of order periods (every one: they are few, and the screens pick the ones not
 * ended by the lodge's date, which the database's clock is not).
 */
function unitColumns(db: Db) {
  return [
    'u.*',
    db.raw(`(SELECT hu.first_name || ' ' || hu.last_name FROM users hu WHERE hu.id = u.housekeeping_changed_by_user_id) AS housekeeping_changed_by_name`),
    db.raw(`COALESCE((SELECT json_agg(json_build_object('id', o.id, 'startDate', to_char(o.start_date, 'YYYY-MM-DD'),
                                                       'endDate', to_char(o.end_date, 'YYYY-MM-DD'), 'note', o.note)
                                      ORDER BY o.start_date)
                        FROM unit_out_of_order o WHERE o.unit_id = u.id), '[]'::json) AS out_of_order`),
  ];
}

/** The active units as the public site sees them (PublicUnit), in the back office's order. */
export async function listPublicUnits(db: Db): Promise<PublicUnit[]> {
  const rows: Pick<UnitRow, 'id' | 'name' | 'accommodation_type_id' | 'is_active'>[] = await db('units as u')
    .join('accommodation_types as t', 't.id', 'u.accommodation_type_id')
    .select('u.id', 'u.name', 'u.accommodation_type_id', 'u.is_active')
    .where('u.is_active', true)
    .orderBy([{ column: 't.sort_order' }, { column: 't.name' }, { column: 'u.sort_order' }, { column: 'u.name' }]);
  return rows.map((r) => ({ id: r.id, name: r.name, accommodationTypeId: r.accommodation_type_id, isActive: r.is_active }));
}

/** Every unit, inactive ones included, with its housekeeping (the back office's). */
export async function listUnits(db: Db): Promise<Unit[]> {
  const rows: UnitRow[] = await db<UnitRow>('units as u')
    .join('accommodation_types as t', 't.id', 'u.accommodation_type_id')
    .select(unitColumns(db))
    .orderBy([{ column: 't.sort_order' }, { column: 't.name' }, { column: 'u.sort_order' }, { column: 'u.name' }]);
  return rows.map(toUnit);
}

/** Types by id (the sync pull's page), in no particular order. */
export async function findTypesByIds(db: Db, ids: readonly string[]): Promise<AccommodationType[]> {
  if (ids.length === 0) return [];
  const rows: TypeRow[] = await typesQuery(db).whereIn('t.id', ids);
  return rows.map(toAccommodationType);
}

/** Units by id (the sync pull's page), in no particular order. */
export async function findUnitsByIds(db: Db, ids: readonly string[]): Promise<Unit[]> {
  if (ids.length === 0) return [];
  const rows: UnitRow[] = await db<UnitRow>('units as u').whereIn('u.id', ids).select(unitColumns(db));
  return rows.map(toUnit);
}

export async function findUnitById(db: Db, id: string): Promise<Unit | undefined> {
  const row: UnitRow | undefined = await db<UnitRow>('units as u').where('u.id', id).first(unitColumns(db));
  return row ? toUnit(row) : undefined;
}

/** The unit, locked for the rest of the transaction (read, then write). */
export async function findUnitForUpdate(trx: Knex.Transaction, id: string): Promise<Unit | undefined> {
  const row: UnitRow | undefined = await trx<UnitRow>('units as u').where('u.id', id).forUpdate('u').first(unitColumns(trx));
  return row ? toUnit(row) : undefined;
}

/** A type's name and flags, without its catalogue text and pictures. */
export interface TypeSummary {
  id: string;
  name: string;
  isPackage: boolean;
  isActive: boolean;
}

export async function findTypeSummary(db: Db, id: string): Promise<TypeSummary | undefined> {
  const row = await db('accommodation_types').select('id', 'name', 'is_package', 'is_active').where({ id }).first();
  return row ? { id: row.id, name: row.name, isPackage: row.is_package, isActive: row.is_active } : undefined;
}

/** The types a package includes, by name. */
export async function listIncludedTypes(db: Db, packageTypeId: string): Promise<{ id: string; name: string }[]> {
  return db('package_inclusions as pi')
    .join('accommodation_types as t', 't.id', 'pi.included_type_id')
    .where('pi.package_type_id', packageTypeId)
    .orderBy([{ column: 't.sort_order' }, { column: 't.name' }])
    .select('t.id', 't.name');
}

/** Types' names by id (ids that name no type are absent). */
export async function findTypeNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: { id: string; name: string }[] = await db('accommodation_types').whereIn('id', [...new Set(ids)]).select('id', 'name');
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A unit with its type's capacity: what a booking of it checks. */
export interface UnitSummary {
  id: string;
  name: string;
  accommodationTypeId: string;
  isActive: boolean;
  capacity: number;
}

const toUnitSummary = (row: Record<string, any>): UnitSummary => ({
  id: row.id,
  name: row.name,
  accommodationTypeId: row.accommodation_type_id,
  isActive: row.is_active,
  capacity: row.capacity,
});

export async function findUnitSummary(db: Db, id: string): Promise<UnitSummary | undefined> {
  const row = await db('units as u')
    .join('accommodation_types as t', 't.id', 'u.accommodation_type_id')
    .where('u.id', id)
    .first('u.id', 'u.name', 'u.accommodation_type_id', 'u.is_active', 't.capacity');
  return row ? toUnitSummary(row) : undefined;
}

export async function countActiveUnits(db: Db, typeId: string): Promise<number> {
  const row = await db('units').where({ accommodation_type_id: typeId, is_active: true }).count<{ c: string }[]>('* as c').first();
  return Number(row?.c ?? 0);
}

/** Every active unit of the types a package includes (the entire lodge's children). */
export async function listPackageUnits(db: Db, packageTypeId: string): Promise<UnitSummary[]> {
  const rows = await db('package_inclusions as pi')
    .join('accommodation_types as t', 't.id', 'pi.included_type_id')
    .join('units as u', 'u.accommodation_type_id', 't.id')
    .where('pi.package_type_id', packageTypeId)
    .andWhere('u.is_active', true)
    .orderBy([{ column: 't.sort_order' }, { column: 't.name' }, { column: 'u.sort_order' }, { column: 'u.name' }])
    .select('u.id', 'u.name', 'u.accommodation_type_id', 'u.is_active', 't.capacity');
  return rows.map(toUnitSummary);
}

/** Conditional on the version read: 0 when someone changed the row in between. */
export async function updateUnitActive(db: Db, id: string, version: number, isActive: boolean): Promise<number> {
  return db('units').where({ id, version }).update({ is_active: isActive });
}

export interface TypeWrite {
  name: string;
  description: string;
  capacity: number;
  baseWeekdayRate: number;
  baseWeekendRate: number;
  amenities: string[];
  images: string[];
  isPackage: boolean;
  isActive: boolean;
  pricingModel: AccommodationType['pricingModel'];
  singleSupplementPercent: number;
  childPolicy: AccommodationType['childPolicy'];
  minimumChildAge: number | null;
  mealPlan: AccommodationType['mealPlan'];
  maxAdults: number | null;
}

const typeColumns = (t: TypeWrite) => ({
  name: t.name,
  description: t.description,
  capacity: t.capacity,
  base_weekday_rate: t.baseWeekdayRate.toFixed(2),
  base_weekend_rate: t.baseWeekendRate.toFixed(2),
  amenities: JSON.stringify(t.amenities),
  images: JSON.stringify(t.images),
  is_package: t.isPackage,
  is_active: t.isActive,
  pricing_model: t.pricingModel,
  single_supplement_percent: t.singleSupplementPercent.toFixed(2),
  child_policy: JSON.stringify(t.childPolicy),
  minimum_child_age: t.minimumChildAge,
  meal_plan: t.mealPlan,
  max_adults: t.maxAdults,
});

export async function findTypeForUpdate(db: Db, id: string): Promise<AccommodationType | undefined> {
  const locked = await db('accommodation_types').where({ id }).forUpdate().first('id');
  return locked ? findType(db, id) : undefined;
}

/**
 * A new type is listed after the lodge's existing ones (sort_order defaults to 0, which would
 * put it first on the public site) but before the system types kept at the end.
 */
export async function insertType(db: Db, t: TypeWrite): Promise<string> {
  const [last] = await db('accommodation_types').whereNull('system_key').max({ max: 'sort_order' });
  const [row] = await db('accommodation_types')
    .insert({ ...typeColumns(t), sort_order: Number(last?.max ?? 0) + 1 })
    .returning('id');
  return row.id;
}

export async function updateType(db: Db, id: string, t: TypeWrite): Promise<void> {
  await db('accommodation_types').where({ id }).update(typeColumns(t));
}

export async function setTypeImages(db: Db, id: string, images: string[]): Promise<void> {
  await db('accommodation_types').where({ id }).update({ images: JSON.stringify(images) });
}

/** Ids among `ids` that are existing types that are not packages (what a package may include). */
export async function existingNonPackageTypeIds(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows: { id: string }[] = await db('accommodation_types').whereIn('id', ids).andWhere('is_package', false).select('id');
  return rows.map((r) => r.id);
}

export async function replaceInclusions(db: Db, packageId: string, included: string[]): Promise<void> {
  await db('package_inclusions').where({ package_type_id: packageId }).delete();
  if (included.length) {
    await db('package_inclusions').insert(included.map((id) => ({ package_type_id: packageId, included_type_id: id })));
  }
}

/**
 * Deletes a type with its units (the caller runs it in a savepoint: a booking's foreign key
 * refuses it). The offline front desk learns of the deletions from deleted_records markers,
 * which a trigger writes (migration 20261122000500), so no code path can forget them.
 */
export async function deleteTypeWithUnits(db: Db, id: string): Promise<void> {
  await db('units').where({ accommodation_type_id: id }).delete();
  await db('accommodation_types').where({ id }).delete();
}

export async function findUnit(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<Unit | undefined> {
  const q = db<UnitRow>('units as u').where('u.id', id);
  if (opts.forUpdate) q.forUpdate('u');
  const row: UnitRow | undefined = await q.first(unitColumns(db));
  return row ? toUnit(row) : undefined;
}

export async function insertUnit(db: Db, u: { name: string; accommodationTypeId: string; isActive: boolean }): Promise<string> {
  const [row] = await db('units')
    .insert({ name: u.name, accommodation_type_id: u.accommodationTypeId, is_active: u.isActive })
    .returning('id');
  return row.id;
}

export async function updateUnit(db: Db, id: string, u: { name: string; isActive: boolean }): Promise<void> {
  await db('units').where({ id }).update({ name: u.name, is_active: u.isActive });
}

/** The deletion marker for the offline store comes from a trigger (see deleteTypeWithUnits). */
export async function deleteUnit(db: Db, id: string): Promise<void> {
  await db('units').where({ id }).delete();
}

/** The catalogue's version (bumped by trigger on every write to types, inclusions, units). */
export async function readCatalogueVersion(db: Db): Promise<string> {
  const row: { version: string | number } | undefined = await prepared('catalogue_version', db('catalogue_version').first('version'));
  return String(row?.version ?? 0);
}

// ---- housekeeping: the cleaning columns, written for the housekeeping feature (unit-housekeeping.ts)

export interface HousekeepingWrite {
  status: CleaningStatus;
  /** undefined: the note stays as it is. */
  note: string | null | undefined;
  userId: string;
  at: Date;
}

/** Writes the unit's cleaning status (the caller holds the row's lock). */
export async function writeHousekeeping(db: Db, unitId: string, w: HousekeepingWrite): Promise<void> {
  await db('units').where({ id: unitId }).update({
    housekeeping_status: w.status,
    ...(w.note !== undefined ? { housekeeping_note: w.note } : {}),
    housekeeping_changed_at: w.at,
    housekeeping_changed_by_user_id: w.userId,
  });
}

/** Units set Dirty after a check-out, with what each was before (those already Dirty are left alone). */
export async function markDirty(db: Db, unitIds: readonly string[], userId: string, at: Date): Promise<{ id: string; before: CleaningStatus }[]> {
  if (unitIds.length === 0) return [];
  const rows: { id: string; housekeeping_status: CleaningStatus }[] = await db('units')
    .whereIn('id', [...unitIds])
    .whereNot('housekeeping_status', 'Dirty')
    .orderBy('id')
    .forUpdate()
    .select('id', 'housekeeping_status');
  if (rows.length === 0) return [];
  await db('units')
    .whereIn('id', rows.map((r) => r.id))
    .update({ housekeeping_status: 'Dirty', housekeeping_changed_at: at, housekeeping_changed_by_user_id: userId });
  return rows.map((r) => ({ id: r.id, before: r.housekeeping_status }));
}

