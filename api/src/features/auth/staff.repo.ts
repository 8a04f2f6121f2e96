import type { Knex } from 'knex';
import type { Role } from '../../../../shared/roles.js';
import type { StaffMember } from '../../../../shared/contracts/staff.js';

type Db = Knex | Knex.Transaction;

interface StaffRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  is_active: boolean;
  last_login_at: Date | string | null;
  created_at: Date | string;
  version: number;
}

const toStaff = (r: StaffRow): StaffMember => ({
  id: r.id,
  username: r.username,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  role: r.role,
  isActive: r.is_active,
  lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
  createdAt: new Date(r.created_at).toISOString(),
  version: r.version,
});

const COLUMNS = ['id', 'username', 'first_name', 'last_name', 'email', 'role', 'is_active', 'last_login_at', 'created_at', 'version'];

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows: StaffRow[] = await db('users').whereNotNull('role').select(COLUMNS).orderBy([{ column: 'is_active', order: 'desc' }, { column: 'username' }]);
  return rows.map(toStaff);
}

/** A staff account (role set), locked for the caller's transaction when asked. */
export async function findStaff(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<StaffMember | undefined> {
  const q = db('users').where({ id }).whereNotNull('role').select(COLUMNS);
  if (opts.forUpdate) q.forUpdate();
  const row: StaffRow | undefined = await q.first();
  return row ? toStaff(row) : undefined;
}

/**
 * Locks every active SuperAdmin row and counts them: two SuperAdmins demoting each other at
 * once queue here, so the second sees the first's change and the last one stays.
 */
export async function lockActiveSuperAdmins(db: Db): Promise<string[]> {
  const rows: { id: string }[] = await db('users').where({ role: 'SuperAdmin', is_active: true }).forUpdate().select('id');
  return rows.map((r) => r.id);
}

export async function updateStaff(db: Db, id: string, patch: { role: Role; isActive: boolean }): Promise<void> {
  await db('users').where({ id }).update({ role: patch.role, is_active: patch.isActive });
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db('users').where({ id }).update({ password_hash: passwordHash });
}

/** Ends every session of the user (logged out everywhere at their next request). */
export async function deleteSessionsOf(db: Db, userId: string, exceptSessionId?: string): Promise<number> {
  const q = db('sessions').where({ user_id: userId });
  if (exceptSessionId) q.whereNot({ id: exceptSessionId });
  return q.delete();
}

/** The addresses of the active staff holding any of these roles (who is told of a channel clash). */
export async function activeStaffEmails(db: Db, roles: readonly Role[]): Promise<string[]> {
  const rows: { email: string }[] = await db('users').whereIn('role', [...roles]).andWhere({ is_active: true }).orderBy('email').distinct('email');
  return rows.map((r) => r.email).filter((e) => e.includes('@'));
}
