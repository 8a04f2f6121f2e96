import type { Knex } from 'knex';
import type { AccommodationType, Unit } from '../../../../shared/contracts/accommodations.js';
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
  version: number;
  updated_at: Date;
  included: string[] | null;
}

interface UnitRow {
  id: string;
  name: string;
  accommodation_type_id: string;
  is_active: boolean;
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
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export const toUnit = (r: UnitRow): Unit => ({
  id: r.id,
  name: r.name,
  accommodationTypeId: r.accommodation_type_id,
  isActive: r.is_active,
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

export async function listUnits(db: Db, opts: { activeOnly: boolean }): Promise<Unit[]> {
  const q = db<UnitRow>('units as u')
    .join('accommodation_types as t', 't.id', 'u.accommodation_type_id')
    .select('u.*')
    .orderBy([{ column: 't.sort_order' }, { column: 't.name' }, { column: 'u.sort_order' }, { column: 'u.name' }]);
  if (opts.activeOnly) q.where('u.is_active', true);
  const rows: UnitRow[] = await q;
  return rows.map(toUnit);
}
