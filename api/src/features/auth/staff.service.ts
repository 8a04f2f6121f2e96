import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from './session-user.js';
import { ConflictError, NotFoundError, UnprocessableError } from '../../errors.js';
import { STAFF_MESSAGES as M, type CreateStaffRequest, type ResetPasswordRequest, type StaffMember, type UpdateStaffRequest } from '../../../../shared/contracts/staff.js';
import { recordAudit } from '../audit/record-audit.js';
import { createUser } from './auth.service.js';
import { hashPassword } from './password.js';
import * as repo from './staff.repo.js';

type Db = Pick<Deps, 'db'>;

export const listStaff = (deps: Db): Promise<StaffMember[]> => repo.listStaff(deps.db);

export async function createStaff(deps: Db, user: SessionUser, input: CreateStaffRequest): Promise<StaffMember> {
  // createUser hashes outside any transaction (argon2 is slow) and lets the unique index refuse a taken username.
  const created = await createUser(deps, input);
  return inTransaction(deps.db, undefined, async (trx) => {
    const after = (await repo.findStaff(trx, created.id))!;
    await recordAudit(trx, { actor: user, action: 'staff.create', entityType: 'user', entityId: after.id, after });
    return after;
  });
}

/**
 * Role change and (de)activation. Deactivating ends the account's sessions at once; the last
 * active SuperAdmin can be neither demoted nor deactivated (someone must be able to manage staff).
 */
export async function updateStaff(deps: Db, user: SessionUser, id: string, input: UpdateStaffRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const superAdmins = await repo.lockActiveSuperAdmins(trx);
    const before = await repo.findStaff(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.notFound, 'not_found');
    if (input.version !== undefined && input.version !== before.version) {
      throw new ConflictError('This record was changed by someone else; reload and try again', 'stale_version', undefined, { current: before });
    }
    const next = { role: input.role ?? before.role, isActive: input.isActive ?? before.isActive };
    const losesSuperAdmin = before.role === 'SuperAdmin' && before.isActive && (next.role !== 'SuperAdmin' || !next.isActive);
    if (losesSuperAdmin && superAdmins.filter((x) => x !== id).length === 0) {
      throw new UnprocessableError(M.lastSuperAdmin, 'last_superadmin');
    }
    await repo.updateStaff(trx, id, next);
    const endedSessions = before.isActive && !next.isActive ? await repo.deleteSessionsOf(trx, id) : 0;
    const after = (await repo.findStaff(trx, id))!;
    await recordAudit(trx, {
      actor: user,
      action: 'staff.update',
      entityType: 'user',
      entityId: id,
      before,
      after,
      note: endedSessions ? `Deactivated: ${endedSessions} session(s) ended` : undefined,
    });
    return after;
  });
}

/** Sets a new password; the account's other sessions end (whoever knew the old one is logged out). */
export async function resetPassword(deps: Db, user: SessionUser, id: string, input: ResetPasswordRequest, opts: TxOptions = {}) {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const target = await repo.findStaff(trx, id, { forUpdate: true });
    if (!target) throw new NotFoundError(M.notFound, 'not_found');
    await repo.setPasswordHash(trx, id, passwordHash);
    const ended = target.id === user.id ? 0 : await repo.deleteSessionsOf(trx, id);
    await recordAudit(trx, { actor: user, action: 'staff.reset_password', entityType: 'user', entityId: id, note: `Password reset; ${ended} session(s) ended` });
    return { message: 'Password reset successfully!', id };
  });
}

/** Active Managers' and SuperAdmins' e-mail addresses (a channel clash is mailed to them). */
export const activeManagerEmails = (db: DbOrTx): Promise<string[]> => repo.activeStaffEmails(db, ['SuperAdmin', 'Manager']);
