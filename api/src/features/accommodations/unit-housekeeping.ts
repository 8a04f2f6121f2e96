import type { Tx } from '../../db/transaction.js';
import type { CleaningStatus } from '../../../../shared/domain/housekeeping.js';
import * as repo from './accommodations.repo.js';

/**
 * The units' cleaning columns (housekeeping_status, its note, who and when), written for the
 * housekeeping feature (its use cases decide, audit and answer): the units are this
 * feature's table, so their writes stay in its repo. Both run in the caller's transaction.
 */

/** The status (and the note unless undefined) set by `userId` at `at`. */
export async function writeUnitHousekeeping(trx: Tx, unitId: string, w: repo.HousekeepingWrite): Promise<void> {
  await repo.writeHousekeeping(trx, unitId, w);
}

/** The units not Dirty yet set Dirty (after a check-out), each with the status it had. */
export function markUnitsDirty(trx: Tx, unitIds: readonly string[], userId: string, at: Date): Promise<{ id: string; before: CleaningStatus }[]> {
  return repo.markDirty(trx, unitIds, userId, at);
}
