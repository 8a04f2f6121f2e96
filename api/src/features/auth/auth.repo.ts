import type { Knex } from 'knex';
import { prepared } from '../../db/prepared.js';
import type { Role } from '../../../../shared/roles.js';
import type { SessionUser } from './session-user.js';

type Db = Knex | Knex.Transaction;

interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role | null;
  is_active: boolean;
}

export interface UserWithHash extends SessionUser {
  passwordHash: string;
  isActive: boolean;
}

const toUser = (r: UserRow): UserWithHash => ({
  id: r.id,
  username: r.username,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  role: r.role,
  passwordHash: r.password_hash,
  isActive: r.is_active,
});

export async function findUserByUsername(db: Db, username: string): Promise<UserWithHash | undefined> {
  const row = await db<UserRow>('users').whereRaw('lower(username) = lower(?)', [username]).first();
  return row ? toUser(row) : undefined;
}

export async function findActiveUserById(db: Db, id: string): Promise<UserWithHash | undefined> {
  const row = await db<UserRow>('users').where({ id, is_active: true }).first();
  return row ? toUser(row) : undefined;
}

/** Returns undefined when the username is taken (the unique index decides, not a pre-check). */
export async function insertUser(
  db: Db,
  u: { username: string; passwordHash: string; firstName: string; lastName: string; email: string; role: Role | null },
): Promise<UserWithHash | undefined> {
  const rows = await db.raw<{ rows: UserRow[] }>(
    `INSERT INTO users (username, password_hash, first_name, last_name, email, role)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING
     RETURNING *`,
    [u.username, u.passwordHash, u.firstName, u.lastName, u.email, u.role],
  );
  const row = rows.rows[0];
  return row ? toUser(row) : undefined;
}

export async function touchLastLogin(db: Db, id: string): Promise<void> {
  await db('users').where({ id }).update({ last_login_at: db.fn.now() });
}

// --- sessions (the koa-session external store) ---

export interface SessionRead {
  data: Record<string, unknown>;
  /** The user id the session was stored for (null: nobody logged in). */
  userId: string | null;
  /** That user when still active, else null (no one, or an inactive account). */
  user: SessionUser | null;
}

/**
 * Sessions by id, each with the user it was stored for, in one statement: every request
 * with a session cookie reads both, and concurrent requests share one statement (see
 * session.ts). Ids not found (no such session, or it expired) are absent from the map.
 */
export async function getSessionsWithUsers(db: Db, ids: string[]): Promise<Map<string, SessionRead>> {
  const rows: (Partial<UserRow> & { session_id: string; session_data: Record<string, unknown>; session_user_id: string | null })[] =
    await prepared(
      'sessions_with_users',
      db('sessions as s')
        .leftJoin('users as u', function () {
          this.on('u.id', 's.user_id').andOnVal('u.is_active', true);
        })
        .whereRaw('s.id = ANY(?::text[])', [ids])
        .andWhere('s.expires_at', '>', db.fn.now())
        .select(
          's.id as session_id',
          's.data as session_data',
          's.user_id as session_user_id',
          ...['id', 'username', 'first_name', 'last_name', 'email', 'role'].map((c) => `u.${c}`),
        ),
    );
  const found = new Map<string, SessionRead>();
  for (const r of rows) {
    const user: SessionUser | null = r.id
      ? { id: r.id, username: r.username!, firstName: r.first_name!, lastName: r.last_name!, email: r.email!, role: r.role ?? null }
      : null;
    found.set(r.session_id, { data: r.session_data, userId: r.session_user_id, user });
  }
  return found;
}

export async function upsertSession(
  db: Db,
  s: { id: string; data: Record<string, unknown>; userId: string | null; expiresAt: Date },
): Promise<void> {
  await db('sessions')
    .insert({ id: s.id, data: JSON.stringify(s.data), user_id: s.userId, expires_at: s.expiresAt })
    .onConflict('id')
    .merge(['data', 'user_id', 'expires_at']);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db('sessions').where('id', id).delete();
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  return db('sessions').where('expires_at', '<=', db.fn.now()).delete();
}

// --- login attempts (rate limit shared by every API instance) ---

export async function countRecentFailures(db: Db, keys: string[], since: Date): Promise<number> {
  const row = await db('login_attempts')
    .whereIn('key', keys)
    .andWhere('succeeded', false)
    .andWhere('created_at', '>', since)
    .count<{ count: number }[]>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

/** How many failures a key had since `since`, and when the last one was. */
export async function recentFailureStats(db: Db, key: string, since: Date): Promise<{ count: number; last: Date | null }> {
  const row = await db('login_attempts')
    .where({ key, succeeded: false })
    .andWhere('created_at', '>', since)
    .select(db.raw('count(*) as count'), db.raw('max(created_at) as last'))
    .first<{ count: string | number; last: Date | string | null }>();
  return { count: Number(row?.count ?? 0), last: row?.last ? new Date(row.last) : null };
}

export async function recordLoginAttempt(db: Db, key: string, succeeded: boolean, at?: Date): Promise<void> {
  await db('login_attempts').insert({ key, succeeded, ...(at ? { created_at: at } : {}) });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db('login_attempts').where({ key, succeeded: false }).delete();
}

export async function deleteOldLoginAttempts(db: Db, before: Date): Promise<number> {
  return db('login_attempts').where('created_at', '<', before).delete();
}
