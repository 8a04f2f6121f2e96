import type { Clock } from '../deps.js';
import type { Database } from '../db/transaction.js';
import { TooManyRequestsError } from '../errors.js';
import { deleteFullBuckets, takeToken } from './rate-limit.repo.js';

export interface TokenBucketOptions {
  /** Names the limit's buckets in the table; unique per limit. */
  scope: string;
  /** Requests allowed in a burst. */
  capacity: number;
  /** Tokens regained per window (spread evenly over it). */
  refillPerWindow: number;
  windowMs: number;
  db: Database;
  clock: Clock;
  message?: string;
}

/**
 * A per-key token bucket kept in the database (the chat and the contact form), so every API
 * instance draws from the same bucket: held in each process, N instances allowed N times the
 * limit. Keys are usually the client address. Each take is one statement
 * (rate-limit.repo.ts); the rows of buckets that are full again are deleted by a job
 * (deleteFullRateLimitBuckets).
 */
export function createTokenBucket(opts: TokenBucketOptions) {
  if (!(opts.capacity >= 1)) throw new Error(`rate limit ${opts.scope}: capacity must be at least 1`);
  const ratePerMs = opts.refillPerWindow / opts.windowMs;
  const message = opts.message ?? 'Too many requests. Please wait a moment and try again.';

  return {
    /** Takes one token for `key`, or throws TooManyRequestsError with the seconds to wait. */
    async take(key: string): Promise<void> {
      const { granted, tokens } = await takeToken(opts.db, {
        scope: opts.scope,
        key,
        capacity: opts.capacity,
        ratePerMs,
        now: opts.clock.now(),
      });
      if (!granted) throw new TooManyRequestsError(message, Math.max(1, Math.ceil((1 - tokens) / ratePerMs / 1000)));
    },
  };
}

/**
 * Deletes every bucket that is full again, whatever its limit. Run by the 'rate-limit-cleanup'
 * job rather than by the take itself: the take stays a write of one row on the request's
 * path, and a bucket's row lives only as long as it holds less than its capacity (a minute
 * for the chat, a quarter of an hour for the contact form), so an hourly sweep keeps the
 * table to about the addresses of the last hour. Deleting twice is harmless, so every
 * instance may run it without a lock; a take racing the delete is safe too: a full bucket's
 * row and no row mean the same, and the DELETE re-checks full_at on a row a take just changed.
 */
export async function deleteFullRateLimitBuckets(deps: { db: Database; clock: Clock }): Promise<number> {
  return deleteFullBuckets(deps.db, deps.clock.now());
}
