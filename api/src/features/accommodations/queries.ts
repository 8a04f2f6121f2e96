import type { DbOrTx } from '../../db/transaction.js';
import type { AccommodationType, Unit } from '../../../../shared/contracts/accommodations.js';
import * as repo from './accommodations.repo.js';

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
