import type { Knex } from 'knex';
import { unitHeldSql } from '../../db/unit-held.js';
import { prepared } from '../../db/prepared.js';
import type { TypeSummary } from '../accommodations/queries.js';

type Db = Knex | Knex.Transaction;

export interface TypeUnitCounts {
  typeId: string;
  totalUnits: number;
  freeUnits: number;
}

/**
 * Active units per type, and how many of them no blocking booking holds for any night of
 * [checkIn, checkOut). Half-open ranges, as the exclusion constraint: a check-out day can
 * be the next check-in. Types without active units are absent.
 */
export async function countUnits(db: Db, typeIds: string[], checkIn: string, checkOut: string): Promise<TypeUnitCounts[]> {
  if (typeIds.length === 0) return [];
  const held = unitHeldSql('u.id', checkIn, checkOut);
  const res = await db.raw<{ rows: { type_id: string; total: number; free: number }[] }>(
    `SELECT u.accommodation_type_id AS type_id,
            count(*)::int AS total,
            (count(*) FILTER (WHERE NOT ${held.sql}))::int AS free
       FROM units u
      WHERE u.is_active AND u.accommodation_type_id IN (${typeIds.map(() => '?').join(', ')})
      GROUP BY u.accommodation_type_id`,
    [...held.bindings, ...typeIds],
  );
  return res.rows.map((r) => ({ typeId: r.type_id, totalUnits: r.total, freeUnits: r.free }));
}

/**
 * A type and, in the same round trip, its active units and how many are free for the stay
 * (countUnits' rule): what POST /api/availability needs for a type that is not a package.
 * undefined when there is no such type.
 */
export async function findTypeWithCounts(
  db: Db,
  id: string,
  checkIn: string,
  checkOut: string,
): Promise<{ type: TypeSummary; totalUnits: number; freeUnits: number } | undefined> {
  const held = unitHeldSql('u.id', checkIn, checkOut);
  const res = await prepared('availability_type_counts', db.raw<{ rows: { id: string; name: string; is_package: boolean; is_active: boolean; total: number; free: number }[] }>(
    `SELECT t.id, t.name, t.is_package, t.is_active,
            count(u.id)::int AS total,
            (count(u.id) FILTER (WHERE NOT ${held.sql}))::int AS free
       FROM accommodation_types t
       LEFT JOIN units u ON u.accommodation_type_id = t.id AND u.is_active
      WHERE t.id = ?
      GROUP BY t.id`,
    [...held.bindings, id],
  ));
  const row = res.rows[0];
  if (!row) return undefined;
  return {
    type: { id: row.id, name: row.name, isPackage: row.is_package, isActive: row.is_active },
    totalUnits: row.total,
    freeUnits: row.free,
  };
}
