import type { Knex } from 'knex';
import { unitHeldForColumnsSql, unitHeldSql } from '../../db/unit-held.js';
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

export interface StayOfType {
  typeId: string;
  checkIn: string;
  checkOut: string;
}

export interface TypeWithCounts {
  type: TypeSummary;
  totalUnits: number;
  freeUnits: number;
}

/** The key findTypesWithCounts answers a stay under. */
export const stayKey = (stay: StayOfType): string => `${stay.typeId.toLowerCase()}|${stay.checkIn}|${stay.checkOut}`;

/**
 * A type and, in the same round trip, its active units and how many are free for the stay
 * (countUnits' rule): what POST /api/availability needs for a type that is not a package.
 * undefined when there is no such type.
 */
export async function findTypeWithCounts(db: Db, id: string, checkIn: string, checkOut: string): Promise<TypeWithCounts | undefined> {
  const stay = { typeId: id, checkIn, checkOut };
  return (await findTypesWithCounts(db, [stay])).get(stayKey(stay));
}

/**
 * findTypeWithCounts for many stays in one statement, answered by stayKey (a stay of an
 * unknown type is absent): the guests' availability checks that arrive together share one
 * round trip (availability.service.ts). One SQL text for one stay or many, so the prepared
 * statement and its plan are shared too. Ids are uuids and dates real dates (the contract
 * checks both), so no stay can make the statement fail for the others.
 */
export async function findTypesWithCounts(db: Db, stays: readonly StayOfType[]): Promise<Map<string, TypeWithCounts>> {
  const found = new Map<string, TypeWithCounts>();
  // One row per distinct stay: a stay given twice would count its units twice.
  const unique = [...new Map(stays.map((s) => [stayKey(s), s])).values()];
  if (unique.length === 0) return found;
  const held = unitHeldForColumnsSql('u.id', 'k.check_in', 'k.check_out');
  const res = await prepared('availability_types_counts', db.raw<{ rows: { type_id: string; check_in: string; check_out: string; id: string; name: string; is_package: boolean; is_active: boolean; total: number; free: number }[] }>(
    `SELECT k.type_id, k.check_in::text AS check_in, k.check_out::text AS check_out, t.id, t.name, t.is_package, t.is_active,
            count(u.id)::int AS total,
            (count(u.id) FILTER (WHERE NOT ${held}))::int AS free
       FROM unnest(?::uuid[], ?::date[], ?::date[]) AS k(type_id, check_in, check_out)
       JOIN accommodation_types t ON t.id = k.type_id
       LEFT JOIN units u ON u.accommodation_type_id = t.id AND u.is_active
      GROUP BY k.type_id, k.check_in, k.check_out, t.id`,
    [unique.map((s) => s.typeId), unique.map((s) => s.checkIn), unique.map((s) => s.checkOut)],
  ));
  for (const row of res.rows) {
    found.set(stayKey({ typeId: row.type_id, checkIn: row.check_in, checkOut: row.check_out }), {
      type: { id: row.id, name: row.name, isPackage: row.is_package, isActive: row.is_active },
      totalUnits: row.total,
      freeUnits: row.free,
    });
  }
  return found;
}
