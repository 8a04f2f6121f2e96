import type { Knex } from 'knex';

/**
 * reports_version (migration 20261206000600) and bookings_version are both bumped at commit,
 * one slot each, chosen by the transaction id. A transaction that wrote a folio charge before
 * a booking bumped reports_version first; one that wrote a booking first bumped
 * bookings_version first. Two such transactions committing together on the same slot (one
 * chance in 16) would each hold the row the other waits for: a deadlock, and one of them
 * refused. So the reports bump first locks the transaction's bookings_version slot, and every
 * transaction takes the two in one order: bookings_version, then reports_version.
 *
 * Self-contained: imports nothing but knex types.
 */
const SLOTS = 16;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION bump_reports_version() RETURNS trigger AS $$
    DECLARE
      tx text := pg_current_xact_id()::text;
      s integer := (pg_current_xact_id()::text::bigint % ${SLOTS})::integer;
    BEGIN
      -- Once per transaction: the deferred trigger fires for every row it changed.
      IF current_setting('lodge.reports_version_tx', true) IS DISTINCT FROM tx THEN
        PERFORM 1 FROM bookings_version WHERE slot = s FOR UPDATE;
        UPDATE reports_version SET version = version + 1 WHERE slot = s;
        PERFORM set_config('lodge.reports_version_tx', tx, true);
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION bump_reports_version() RETURNS trigger AS $$
    DECLARE
      tx text := pg_current_xact_id()::text;
    BEGIN
      IF current_setting('lodge.reports_version_tx', true) IS DISTINCT FROM tx THEN
        UPDATE reports_version SET version = version + 1 WHERE slot = (tx::bigint % ${SLOTS})::integer;
        PERFORM set_config('lodge.reports_version_tx', tx, true);
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
}
