import type { Deps } from '../../deps.js';
import { inTransaction, type Tx } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { CleaningStatus } from '../../../../shared/domain/housekeeping.js';
import type { Unit } from '../../../../shared/contracts/accommodations.js';
import { HOUSEKEEPING_MESSAGES as M } from '../../../../shared/contracts/housekeeping.js';
import { getUnit, lockUnit } from '../accommodations/queries.js';
import { recordAudit } from '../audit/record-audit.js';
import { markUnitsDirty, writeUnitHousekeeping } from '../accommodations/unit-housekeeping.js';

const STALE = 'This record was changed by someone else; reload and try again';

export interface SetHousekeepingOptions {
  trx?: Tx;
  /**
   * The unit's version as the board read it (PUT /api/admin/units/:id/housekeeping): a unit
   * changed since is a 409 with the unit as it is now. None from the sync push: a housekeeper's
   * status is a fact about the room when they looked, so the last one set wins.
   */
  version?: number;
}

export interface SetHousekeepingResult {
  unit: Unit;
  /** False when the unit already had this status and note. */
  changed: boolean;
}

/**
 * A unit's cleaning status set by staff (the board's one tap, and the desk's
 * `unit.setHousekeeping` replayed by the sync push): Clean, Dirty or Inspected, with the
 * note (undefined keeps the note there is), who and when, audited. Every staff role.
 */
export async function setUnitHousekeeping(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: SessionUser,
  unitId: string,
  input: { status: CleaningStatus; note?: string | null },
  opts: SetHousekeepingOptions = {},
): Promise<SetHousekeepingResult> {
  const now = deps.clock.now();
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const unit = await lockUnit(trx, unitId);
    if (!unit) throw new NotFoundError(M.unitNotFound, 'not_found');
    if (opts.version !== undefined && opts.version !== unit.version) {
      throw new ConflictError(STALE, 'stale_version', undefined, { current: unit });
    }
    const note = input.note === undefined ? undefined : input.note?.trim() || null;
    if (unit.housekeepingStatus === input.status && (note === undefined || note === unit.housekeepingNote)) return { unit, changed: false };
    await writeUnitHousekeeping(trx, unitId, { status: input.status, note, userId: user.id, at: now });
    await recordAudit(trx, {
      actor: user,
      action: 'unit.housekeeping',
      entityType: 'unit',
      entityId: unitId,
      before: { housekeepingStatus: unit.housekeepingStatus, housekeepingNote: unit.housekeepingNote },
      after: { housekeepingStatus: input.status, housekeepingNote: note === undefined ? unit.housekeepingNote : note },
    });
    return { unit: (await getUnit(trx, unitId))!, changed: true };
  });
}

/**
 * A guest checked out: the units they slept in need cleaning. Called by the check-out itself
 * (every path: the back office's status change, the desk online and its replayed push, an
 * entire-lodge, group or split stay's units), in its transaction, so the unit is Dirty exactly
 * when the stay is Checked-Out. A unit already Dirty is left as it is (its note and who set it).
 */
export function markUnitsDirtyAfterCheckOut(trx: Tx, user: SessionUser, unitIds: readonly string[], now: Date, reference: string): Promise<void> {
  return markUnitsDirtyAfterGuestLeft(trx, user, unitIds, now, `Guest checked out (${reference})`);
}

/**
 * A guest left units (checked out, or moved to another unit mid-stay): each becomes Dirty in
 * the caller's transaction, audited with `note` (why); a unit already Dirty is left alone.
 */
export async function markUnitsDirtyAfterGuestLeft(trx: Tx, user: SessionUser, unitIds: readonly string[], now: Date, note: string): Promise<void> {
  const changed = await markUnitsDirty(trx, unitIds, user.id, now);
  for (const { id, before } of changed) {
    await recordAudit(trx, {
      actor: user,
      action: 'unit.housekeeping',
      entityType: 'unit',
      entityId: id,
      before: { housekeepingStatus: before },
      after: { housekeepingStatus: 'Dirty' },
      note,
    });
  }
}
