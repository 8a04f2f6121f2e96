import type { Deps } from '../../deps.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { can } from '../../../../shared/roles.js';
import type { Unit } from '../../../../shared/contracts/accommodations.js';
import { recordAudit } from '../audit/record-audit.js';
import * as repo from './accommodations.repo.js';

export const UNIT_MESSAGES = {
  notFound: 'Unit not found',
  forbidden: "You don't have permission to do this",
} as const;

export interface SetUnitActiveResult {
  unit: Unit;
  /** False when the unit already was active (or inactive) as asked. */
  changed: boolean;
}

/**
 * Takes a unit out of service or puts it back (the offline front desk's unit.setActive, in
 * the sync push's transaction). Managing units is for the roles that may manage
 * accommodations (docs/product.md, Roles and permissions): a Receptionist is refused. The unit row is
 * locked while it is read and written; asking for what it already is changes nothing.
 */
export async function setUnitActive(
  deps: Pick<Deps, 'db'>,
  user: SessionUser,
  id: string,
  isActive: boolean,
  opts: TxOptions = {},
): Promise<SetUnitActiveResult> {
  if (!can(user.role, 'manageAccommodations')) throw new ForbiddenError(UNIT_MESSAGES.forbidden, 'forbidden');
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const unit = await repo.findUnitForUpdate(trx, id);
    if (!unit) throw new NotFoundError(UNIT_MESSAGES.notFound, 'not_found');
    if (unit.isActive === isActive) return { unit, changed: false };
    await repo.updateUnitActive(trx, id, unit.version, isActive);
    await recordAudit(trx, {
      actor: user,
      action: 'unit.update',
      entityType: 'unit',
      entityId: id,
      before: { isActive: unit.isActive },
      after: { isActive },
    });
    return { unit: (await repo.findUnitById(trx, id))!, changed: true };
  });
}
