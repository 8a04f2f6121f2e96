import crypto from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Deps } from '../deps.js';
import { ConflictError, UnprocessableError, ValidationError } from '../errors.js';
import * as repo from './idempotency.repo.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_REPLAY_HEADER = 'Idempotent-Replay';
/** A key is remembered this long; older rows are ignored and cleaned up. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  inProgress: 'A request with this key is still being processed',
  reused: 'This Idempotency-Key was already used for a different request',
  invalid: 'Idempotency-Key must be 1 to 200 visible characters',
} as const;

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * Makes a state-changing route safe to retry (docs/design.md, Booking and payment lifecycle:
 * retries from guests on weak signal):
 * a phone whose answer was lost sends the same request again with the same Idempotency-Key
 * and gets the first answer back instead of a second booking.
 *
 * - First request with a key: a row 'in_progress' is inserted (the unique (scope, key) makes
 *   exactly one of two racing requests the runner), the handler runs, status and body are kept.
 * - Same key, same body: the kept answer is replayed with `Idempotent-Replay: true`.
 * - Same key, other body: 422. Same key while the first still runs: 409.
 * - A first attempt that throws or answers 5xx forgets the key, so a retry really runs again
 *   (a 4xx thrown by the rules, e.g. taken dates, is also not kept: re-running it is harmless).
 * - Rows older than 24 hours are ignored (and deleted when met) and cleaned up now and then.
 * - A key belongs to its caller (callerOf): another caller sending the same key and body gets
 *   its own processing, never the first caller's booking.
 * Requests without the header pass through unchanged.
 */
export function idempotency(deps: Pick<Deps, 'db' | 'clock' | 'log'>): Middleware {
  let lastSweep = 0;
  return async (ctx, next) => {
    const key = ctx.get(IDEMPOTENCY_HEADER);
    if (!key) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new ValidationError(`${IDEMPOTENCY_HEADER}: ${IDEMPOTENCY_MESSAGES.invalid}`, 'validation_error', {
        [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.invalid,
      });
    }
    const scope = `${ctx.method} ${ctx.path} ${callerOf(ctx)}`;
    const requestHash = hashBody(ctx.request.body);
    const now = deps.clock.now();
    const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);

    if (now.getTime() - lastSweep > 60 * 60 * 1000) {
      lastSweep = now.getTime();
      await repo.deleteKeysOlderThan(deps.db, cutoff).catch((err: unknown) => deps.log.warn({ err }, 'idempotency sweep failed'));
    }

    let claimed = await repo.claimKey(deps.db, { key, scope, requestHash, now });
    if (!claimed) {
      // A key older than a day is a new request (a phone that slept for days): forget the old row.
      if ((await repo.deleteKeysOlderThan(deps.db, cutoff, { scope, key })) > 0) {
        claimed = await repo.claimKey(deps.db, { key, scope, requestHash, now });
      }
    }
    if (!claimed) {
      const existing = await repo.findKey(deps.db, scope, key);
      if (!existing) throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_in_progress');
      if (existing.request_hash !== requestHash) throw new UnprocessableError(IDEMPOTENCY_MESSAGES.reused, 'idempotency_key_reused');
      if (existing.status !== 'completed' || existing.response_status === null) {
        throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_in_progress');
      }
      ctx.status = existing.response_status;
      ctx.body = existing.response_body;
      ctx.set(IDEMPOTENCY_REPLAY_HEADER, 'true');
      return;
    }

    try {
      await next();
    } catch (err) {
      await forget(deps, scope, key);
      throw err;
    }
    if (ctx.status >= 500) {
      await forget(deps, scope, key);
      return;
    }
    await repo.completeKey(deps.db, scope, key, ctx.status, ctx.body);
  };
}

/**
 * Who is asking: the signed-in user, else the client's address (hashed: the table keeps no
 * addresses). A guest is anonymous, so the address is all there is; a retry after the phone
 * changed network is then run again rather than replayed, which books nothing twice (the first
 * booking already holds the dates).
 */
function callerOf(ctx: Context): string {
  const user = ctx.state.user as { id: string } | null | undefined;
  return user ? `user:${user.id}` : anonymousCaller(ctx.ip);
}

/** The caller part of a key's scope for a guest at `address`. */
export function anonymousCaller(address: string): string {
  return `address:${crypto.createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
}

async function forget(deps: Pick<Deps, 'db' | 'log'>, scope: string, key: string): Promise<void> {
  try {
    await repo.releaseKey(deps.db, scope, key);
  } catch (err) {
    // The row stays 'in_progress' for 24 hours: a retry gets 409 rather than a double booking.
    deps.log.error({ err, scope }, 'could not release an idempotency key');
  }
}

/** The body's meaning, not its bytes: key order and whitespace do not make another request. */
export function hashBody(body: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(body ?? null)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Applies `middleware` only to the listed `METHOD /path` routes (exact paths). */
export function onlyFor(routes: string[], middleware: Middleware): Middleware {
  const wanted = new Set(routes);
  return (ctx, next) => (wanted.has(`${ctx.method} ${ctx.path}`) ? middleware(ctx, next) : next());
}
