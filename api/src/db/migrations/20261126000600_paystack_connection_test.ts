import type { Knex } from 'knex';

/**
 * The last 'Test Connection' of the Paystack secret key (Lodge Settings, Payment Gateway), so
 * the settings page can say 'Connected and configured' only once Paystack has accepted the key
 * saved now: one row at most (id 1).
 *
 * - ok, tested_at: the answer and when it came.
 * - key_fingerprint: SHA-256 of the secret key that was tested. A saved key that differs from
 *   it has not been tested, so changing the key resets the status without any writer having
 *   to remember to clear this row.
 *
 * A table of its own rather than columns of `settings`: every update of the settings row
 * bumps its version (touch_row), and a test must not make the open settings form stale.
 *
 * Self-contained: imports nothing but knex types.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE paystack_connection_test (
      id integer PRIMARY KEY CONSTRAINT paystack_connection_test_single_row CHECK (id = 1),
      ok boolean NOT NULL,
      tested_at timestamptz NOT NULL,
      key_fingerprint text NOT NULL
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE paystack_connection_test');
}
