import type { Deps } from '../../deps.js';
import type { SessionUser } from './session-user.js';
import { TooManyRequestsError, UnauthorizedError, ConflictError } from '../../errors.js';
import { AUTH_MESSAGES, type LoginRequest, type RegisterRequest } from '../../../../shared/contracts/auth.js';
import type { Role } from '../../../../shared/roles.js';
import { hashPassword, verifyPassword, dummyPasswordHash } from './password.js';
import * as repo from './auth.repo.js';

export function publicUser(u: SessionUser): SessionUser {
  return { id: u.id, username: u.username, firstName: u.firstName, lastName: u.lastName, email: u.email, role: u.role };
}

export const LOGIN_MESSAGES = {
  locked: 'Too many failed login attempts. Please wait a few minutes and try again.',
  slowed: 'Too many failed login attempts for this account. Please wait a moment and try again.',
} as const;

/** The longest wait between two attempts on an account attacked from many addresses. */
export const LOGIN_SLOWDOWN_MAX_MS = 60_000;

/**
 * Login with a brute-force brake that an attacker cannot turn against a staff member:
 * - failures per (username, address) pair: past LOGIN_RATE_LIMIT in the window the pair is
 *   refused before the password is even checked (the guesser at that address is stopped);
 * - failures per address: past five times that, the address is refused for every account
 *   (a front desk shares one address, so it gets more room than one pair);
 * - failures per username from all addresses never lock the account (ten wrong passwords from
 *   anywhere used to keep the receptionist out for 15 minutes): past the limit each attempt
 *   must wait a delay that doubles with every further failure, up to a minute, so guessing
 *   from many addresses is slowed to about one try a minute. A browser the account signed in
 *   from before (`knownDevice`, a signed cookie set on success) skips that wait.
 */
export async function login(deps: Deps, input: LoginRequest, clientIp: string, knownDevice = false): Promise<SessionUser> {
  const { LOGIN_RATE_LIMIT: limit, LOGIN_RATE_WINDOW_MS: windowMs } = deps.config;
  const username = input.username.toLowerCase();
  const userKey = `user:${username}`;
  const pairKey = `pair:${username}|${clientIp}`;
  const ipKey = `ip:${clientIp}`;
  const now = deps.clock.now();
  const since = new Date(now.getTime() - windowMs);
  const pairFailures = await repo.countRecentFailures(deps.db, [pairKey], since);
  const ipFailures = await repo.countRecentFailures(deps.db, [ipKey], since);
  if (pairFailures >= limit || ipFailures >= limit * 5) {
    throw new TooManyRequestsError(LOGIN_MESSAGES.locked, Math.ceil(windowMs / 1000));
  }
  if (!knownDevice) {
    const { count, last } = await repo.recentFailureStats(deps.db, userKey, since);
    if (count >= limit && last) {
      const delay = Math.min(LOGIN_SLOWDOWN_MAX_MS, 1000 * 2 ** (count - limit));
      const wait = last.getTime() + delay - now.getTime();
      if (wait > 0) throw new TooManyRequestsError(LOGIN_MESSAGES.slowed, Math.ceil(wait / 1000));
    }
  }

  const user = await repo.findUserByUsername(deps.db, input.username);
  const ok = user
    ? user.isActive && (await verifyPassword(user.passwordHash, input.password))
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);

  if (!ok || !user) {
    for (const key of [pairKey, userKey, ipKey]) await repo.recordLoginAttempt(deps.db, key, false, now);
    throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
  }
  await repo.clearFailures(deps.db, pairKey);
  await repo.touchLastLogin(deps.db, user.id);
  return publicUser(user);
}

/** Public registration: always a guest, whatever the request claimed. */
export async function register(deps: Deps, input: RegisterRequest): Promise<SessionUser> {
  return createUser(deps, { ...input, role: null });
}

/** Staff accounts come from a SuperAdmin or the CLI (create-staff). */
export async function createUser(deps: Pick<Deps, 'db'>, input: RegisterRequest & { role: Role | null }): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  const user = await repo.insertUser(deps.db, { ...input, passwordHash });
  if (!user) throw new ConflictError(AUTH_MESSAGES.usernameTaken, 'username_taken', { username: AUTH_MESSAGES.usernameTaken });
  return publicUser(user);
}

export async function purgeExpired(deps: Deps): Promise<void> {
  await repo.deleteExpiredSessions(deps.db);
  await repo.deleteOldLoginAttempts(deps.db, new Date(deps.clock.now().getTime() - 24 * 60 * 60 * 1000));
}
