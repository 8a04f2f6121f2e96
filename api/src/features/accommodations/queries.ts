/**
 * How other features read the catalogue (types, units, package inclusions), which this
 * feature owns: the statements are its repo's, so a change to those tables is made here once.
 */
import type { DbOrTx, Tx } from '../../db/transaction.js';
import type { AccommodationType, Unit } from '../../../../shared/contracts/accommodations.js';
import * as repo from './accommodations.repo.js';

export type { TypeSummary, UnitSummary } from './accommodations.repo.js';

export function listAccommodationTypes(db: DbOrTx, opts: { activeOnly: boolean }): Promise<AccommodationType[]> {
  return repo.listTypes(db, opts);
}

/** Accommodation types by id, through the caller's transaction when given one (the sync pull). */
export function getAccommodationTypes(db: DbOrTx, ids: readonly string[]): Promise<AccommodationType[]> {
  return repo.findTypesByIds(db, ids);
}

/** Units by id, through the caller's transaction when given one (the sync pull). */
export function getUnits(db: DbOrTx, ids: readonly string[]): Promise<Unit[]> {
  return repo.findUnitsByIds(db, ids);
}

export function getUnit(db: DbOrTx, id: string): Promise<Unit | undefined> {
  return repo.findUnitById(db, id);
}

/** The unit, its row locked for the rest of the caller's transaction (read, then write). */
export function lockUnit(trx: Tx, id: string): Promise<Unit | undefined> {
  return repo.findUnitForUpdate(trx, id);
}

/** Every unit, inactive ones included, in the catalogue's order (the housekeeping board). */
export function listAllUnits(db: DbOrTx): Promise<Unit[]> {
  return repo.listUnits(db);
}

export function getTypeSummary(db: DbOrTx, id: string): Promise<repo.TypeSummary | undefined> {
  return repo.findTypeSummary(db, id);
}

/** The types a package includes (id and name), in the catalogue's order. */
export function getIncludedTypes(db: DbOrTx, packageTypeId: string): Promise<{ id: string; name: string }[]> {
  return repo.listIncludedTypes(db, packageTypeId);
}

/** Types' names by id, for lists that show them beside their own rows. */
export function getTypeNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  return repo.findTypeNames(db, ids);
}

/** A unit with its type's capacity (a booking of it), through the caller's transaction. */
export function getUnitSummary(db: DbOrTx, id: string): Promise<repo.UnitSummary | undefined> {
  return repo.findUnitSummary(db, id);
}

/** How many active units a type has (a group booking takes at most that many). */
export function countActiveUnits(db: DbOrTx, typeId: string): Promise<number> {
  return repo.countActiveUnits(db, typeId);
}

/** Every active unit an entire-lodge booking of this package takes, in the catalogue's order. */
export function getPackageUnits(db: DbOrTx, packageTypeId: string): Promise<repo.UnitSummary[]> {
  return repo.listPackageUnits(db, packageTypeId);
}
