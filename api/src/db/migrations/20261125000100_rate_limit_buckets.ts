import type { Knex } from 'knex';

/**
 * The token buckets of the chat and contact-form rate limits (http/rate-limit.ts), one row
 * per limit and client key, so every API instance draws from the same bucket (held in each
 * process's memory, N instances allowed N times the limit). A missing row is a full bucket.
 *
 * - tokens, updated_at: the tokens left at that moment; the refill since is computed from
 *   them by the one statement that takes a token.
 * - granted: whether that statement took a token. RETURNING sees only the new row, and the
 *   tokens left alone cannot tell a take that left 0.5 of 1.5 apart from a refusal at 0.5.
 * - full_at: when the bucket is full again, i.e. no different from a missing row; the
 *   clean-up job deletes rows past it without knowing each limit's capacity and rate.
 *
 * Self-contained: imports nothing but knex types.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE rate_limit_buckets (
      scope text NOT NULL,
      key text NOT NULL,
      tokens double precision NOT NULL,
      updated_at timestamptz NOT NULL,
      granted boolean NOT NULL,
      full_at timestamptz NOT NULL,
      PRIMARY KEY (scope, key)
    )
  `);
  await knex.raw('CREATE INDEX rate_limit_buckets_full_at_idx ON rate_limit_buckets (full_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE rate_limit_buckets');
}
