import crypto from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import type { SessionUser } from './session-user.js';
import { coalescedBatch } from '../../db/coalesced-reads.js';
import * as repo from './auth.repo.js';

export const SESSION_COOKIE = 'lodge.sid';
const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A hint the PWA can read (not HttpOnly; it holds no secret, only '1'): someone logged in
 * from this browser. Without it the PWA does not ask GET /api/auth/user, so a visitor's
 * landing page makes no request that must fail with a 401 (which browsers log as an error).
 * The session cookie stays the only proof: a stale hint costs one 401, which removes it.
 */
export const SIGNED_IN_HINT_COOKIE = 'lodge_signed_in';

export function setSignedInHint(ctx: Koa.Context | Koa.ParameterizedContext<AppState>, deps: Deps, signedIn: boolean): void {
  ctx.cookies.set(SIGNED_IN_HINT_COOKIE, signedIn ? '1' : null, {
    httpOnly: false,
    sameSite: 'lax',
    secure: deps.config.isProduction,
    signed: false,
    maxAge: signedIn ? SESSION_MAX_AGE_MS : undefined,
    overwrite: true,
  });
}

/**
 * A browser that signed in before: a signed, HttpOnly cookie naming the accounts (at most
 * five, the last ones) that signed in from it. Login lets those accounts skip the wait that
 * slows an account attacked from many addresses (auth.service.ts, login), so an attacker cannot
 * keep the receptionist out of the desk's own browser. Signed with the session keys: it
 * cannot be made up, and it proves nothing but a past sign-in here (the password is still
 * checked).
 */
export const KNOWN_DEVICE_COOKIE = 'lodge.device';
const KNOWN_DEVICE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
const KNOWN_DEVICE_MAX_ACCOUNTS = 5;

export function knownDeviceUsernames(ctx: Koa.Context | Koa.ParameterizedContext<AppState>): string[] {
  const value = ctx.cookies.get(KNOWN_DEVICE_COOKIE, { signed: true });
  if (!value) return [];
  return value.split(',').map((name) => decodeURIComponent(name)).filter(Boolean);
}

export function rememberDevice(ctx: Koa.Context | Koa.ParameterizedContext<AppState>, deps: Deps, known: string[], username: string): void {
  const name = username.toLowerCase();
  const names = [name, ...known.filter((n) => n !== name)].slice(0, KNOWN_DEVICE_MAX_ACCOUNTS);
  ctx.cookies.set(KNOWN_DEVICE_COOKIE, names.map(encodeURIComponent).join(','), {
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.isProduction,
    signed: true,
    maxAge: KNOWN_DEVICE_MAX_AGE_MS,
    overwrite: true,
  });
}

/**
 * koa-session makes an id for every request that comes without a session (it is kept only
 * if a session is then saved, e.g. by a login), so it is taken from a pool of random bytes
 * filled 128 ids at a time instead of a call to the random generator per request. The ids
 * are the same 32 random bytes as before.
 */
let idPool = Buffer.alloc(0);
let idOffset = 0;
function newSessionId(): string {
  if (idOffset + 32 > idPool.length) {
    idPool = crypto.randomBytes(32 * 128);
    idOffset = 0;
  }
  const id = idPool.toString('base64url', idOffset, idOffset + 32);
  idOffset += 32;
  return id;
}

/**
 * Sessions live in the database (not in the cookie) so logout, a password change or a
 * disabled account ends them server-side, and several API instances share them.
 * The cookie holds only an unguessable id.
 */
export function sessionMiddleware(app: Koa<AppState>, deps: Deps): Koa.Middleware {
  // Every request with a cookie reads its session from the database, which a logout or a
  // disabled account on any instance changes at once. Requests that arrive while a read is
  // under way share the next one (one statement for all their ids): a read that starts after
  // each of them arrived, so no less fresh than a read of its own, and nothing is kept that
  // could need invalidating. Under load this halves the statements of a staff read.
  const readSession = coalescedBatch((ids: string[]) => repo.getSessionsWithUsers(deps.db, ids));
  const store = {
    async get(key: string, _maxAge: unknown, opts?: { ctx?: Koa.Context }) {
      // The session's user comes in the same query; loadUser takes it from here.
      const found = await readSession(key);
      if (found && opts?.ctx) usersRead.set(opts.ctx, { userId: found.userId, user: found.user });
      return found?.data;
    },
    async set(key: string, sess: Record<string, unknown>, maxAge: number) {
      const userId = typeof sess.userId === 'string' ? sess.userId : null;
      await repo.upsertSession(deps.db, {
        id: key,
        data: sess,
        userId,
        expiresAt: new Date(Date.now() + (typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS)),
      });
    },
    async destroy(key: string) {
      await repo.deleteSession(deps.db, key);
    },
  };
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.isProduction,
      signed: true,
      rolling: false,
      renew: true,
      store,
      genid: newSessionId,
    } as unknown as Parameters<typeof session>[0],
    app as unknown as Koa,
  ) as unknown as Koa.Middleware;
}

/**
 * What the session store read with the session (repo.getSessionsWithUsers), per request: the
 * user id the row was stored for, and that user when still active (else null).
 */
const usersRead = new WeakMap<object, { userId: string | null; user: SessionUser | null }>();

/** Puts the session's user (if still active) on ctx.state.user. */
export function loadUser(deps: Deps): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    // Only look at the session when a cookie was sent: anonymous requests stay cheap.
    if (ctx.cookies.get(SESSION_COOKIE)) {
      const userId = ctx.session?.userId;
      if (typeof userId === 'string') {
        const read = usersRead.get(ctx);
        // The user read with the session when the session names the same one (it always does
        // unless something changed the session since); otherwise read it now.
        const user = read?.userId === userId ? read.user : await activeSessionUser(deps, userId);
        if (user) {
          ctx.state.user = user;
        } else {
          ctx.session = null;
        }
      }
    }
    // The hint follows the session: a request whose session has ended loses it, whatever the
    // route answers (the route table's 401 for /api/auth/user comes before its handler).
    if (!ctx.state.user && ctx.cookies.get(SIGNED_IN_HINT_COOKIE)) setSignedInHint(ctx, deps, false);
    await next();
  };
}

async function activeSessionUser(deps: Deps, userId: string): Promise<SessionUser | null> {
  const found = await repo.findActiveUserById(deps.db, userId);
  if (!found) return null;
  const { passwordHash: _h, isActive: _a, ...user } = found;
  return user;
}
