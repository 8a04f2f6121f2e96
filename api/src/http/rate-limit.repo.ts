import type { Knex } from 'knex';
import { prepared } from '../db/prepared.js';

/** The SQL of the rate limits' token buckets (rate-limit.ts); the table is their own. */

export interface TakeTokenInput {
  /** Which limit, e.g. 'chat': each has its own buckets. */
  scope: string;
  /** Whose bucket within it, usually the client address. */
  key: string;
  capacity: number;
  ratePerMs: number;
  now: Date;
}

export interface TakeTokenResult {
  granted: boolean;
  /** Tokens left in the bucket after this take (below 1 when refused). */
  tokens: number;
}

/**
 * Takes one token from (scope, key) in one statement: the row is created full minus one, or
 * the stored tokens are refilled for the time since they were written, capped at capacity,
 * and one taken if there is one. ON CONFLICT DO UPDATE works on the row as last committed and
 * holds its lock until commit, so two instances taking the last token at once queue on the
 * row and the second sees it gone; a read followed by a write would let both take it.
 *
 * The arithmetic is float8 throughout, as the in-process bucket did in JavaScript: a numeric
 * product rounds differently, and after exactly 3 s at 1 token per 3 s the bucket must hold
 * 1 token, not 0.9999999999999999.
 *
 * `now` is the app's clock (frozen in tests), and each instance reads its own: updated_at
 * never goes back, so an instance whose clock runs behind another's cannot make the refill
 * count the same seconds twice (it refills a little late instead).
 */
export async function takeToken(db: Knex, input: TakeTokenInput): Promise<TakeTokenResult> {
  const res = await prepared(
    'rate_limit_take',
    db.raw<{ rows: TakeTokenResult[] }>(
      `WITH input AS (
         SELECT ?::text AS scope, ?::text AS key, ?::float8 AS capacity, ?::float8 AS rate_per_ms, ?::timestamptz AS now
       )
       INSERT INTO rate_limit_buckets AS b (scope, key, tokens, updated_at, granted, full_at)
       SELECT scope, key, capacity - 1, now, true, now + (1 / rate_per_ms) * interval '1 millisecond' FROM input
       ON CONFLICT (scope, key) DO UPDATE SET (tokens, granted, updated_at, full_at) = (
         SELECT after.tokens, after.granted, refill.at, refill.at + ((input.capacity - after.tokens) / input.rate_per_ms) * interval '1 millisecond'
         FROM input,
           LATERAL (SELECT GREATEST(b.updated_at, input.now) AS at,
                           LEAST(input.capacity, b.tokens + GREATEST(0, (EXTRACT(EPOCH FROM input.now - b.updated_at) * 1000)::float8) * input.rate_per_ms) AS tokens) refill,
           LATERAL (SELECT refill.tokens >= 1 AS granted,
                           CASE WHEN refill.tokens >= 1 THEN refill.tokens - 1 ELSE refill.tokens END AS tokens) after
       )
       RETURNING granted, tokens`,
      [input.scope, input.key, input.capacity, input.ratePerMs, input.now],
    ),
  );
  return res.rows[0];
}

/** Deletes the buckets that are full again by `now` (a missing row is a full bucket). */
export async function deleteFullBuckets(db: Knex, now: Date): Promise<number> {
  return db('rate_limit_buckets').where('full_at', '<=', now).delete();
}
