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

/**
 * Login with a brute-force brake: failures are counted per username and per client address
 * over a window; past the limit every attempt is refused before the password is even checked.
 */
export async function login(deps: Deps, input: LoginRequest, clientIp: string): Promise<SessionUser> {
  const { LOGIN_RATE_LIMIT: limit, LOGIN_RATE_WINDOW_MS: windowMs } = deps.config;
  const userKey = `user:${input.username.toLowerCase()}`;
  const ipKey = `ip:${clientIp}`;
  const since = new Date(deps.clock.now().getTime() - windowMs);
  const [userFailures, ipFailures] = await Promise.all([
    repo.countRecentFailures(deps.db, [userKey], since),
    repo.countRecentFailures(deps.db, [ipKey], since),
  ]);
  // An address gets more room than a single account: a lodge's front desk shares one IP.
  if (userFailures >= limit || ipFailures >= limit * 5) {
    throw new TooManyRequestsError(
      'Too many failed login attempts. Please wait a few minutes and try again.',
      Math.ceil(windowMs / 1000),
    );
  }

  const user = await repo.findUserByUsername(deps.db, input.username);
  const ok = user
    ? user.isActive && (await verifyPassword(user.passwordHash, input.password))
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);

  if (!ok || !user) {
    await Promise.all([repo.recordLoginAttempt(deps.db, userKey, false), repo.recordLoginAttempt(deps.db, ipKey, false)]);
    throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
  }
  await repo.clearFailures(deps.db, userKey);
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
