import type { Knex } from 'knex';

/**
 * A version for what the reports read (bookings, units, accommodation types, out-of-order
 * periods, folio charges, the settings row and the lodger register), so an API instance can
 * keep a report's answer in memory and know per request, with one small read, whether it is
 * still right. A year's summary reads and computes every stay of two years; an owner's
 * dashboard asks for the same few reports over and over while nothing has changed.
 *
 * The same design as bookings_version (migration 20261124000100): each writing transaction
 * bumps one of SLOTS counters (its transaction id modulo SLOTS) once, at commit, through a
 * deferred constraint trigger, so busy writers rarely wait for one another and the slot is the
 * last lock a transaction takes; the sum only grows, and a reader sees it as committed, so a
 * change is never missed (a statement that changes nothing still bumps it: a wasted reload,
 * never a stale answer). TRUNCATE bumps a slot through a statement trigger.
 *
 * Self-contained: imports nothing but knex types.
 */
const TABLES = ['bookings', 'units', 'accommodation_types', 'unit_out_of_order', 'folio_charges', 'settings', 'register_entries'] as const;
const SLOTS = 16;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE reports_version (
      slot integer PRIMARY KEY CHECK (slot >= 0 AND slot < ${SLOTS}),
      version bigint NOT NULL DEFAULT 0
    )`);
  await knex.raw(`INSERT INTO reports_version (slot) SELECT generate_series(0, ${SLOTS - 1})`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION bump_reports_version() RETURNS trigger AS $$
    DECLARE
      tx text := pg_current_xact_id()::text;
    BEGIN
      -- Once per transaction: the deferred trigger fires for every row it changed.
      IF current_setting('lodge.reports_version_tx', true) IS DISTINCT FROM tx THEN
        UPDATE reports_version SET version = version + 1 WHERE slot = (tx::bigint % ${SLOTS})::integer;
        PERFORM set_config('lodge.reports_version_tx', tx, true);
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
  for (const table of TABLES) {
    await knex.raw(`
      CREATE CONSTRAINT TRIGGER ${table}_reports_version
      AFTER INSERT OR UPDATE OR DELETE ON ${table}
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION bump_reports_version()`);
    await knex.raw(`
      CREATE TRIGGER ${table}_reports_version_truncate
      AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_reports_version()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_reports_version ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_reports_version_truncate ON ${table}`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS bump_reports_version()');
  await knex.raw('DROP TABLE IF EXISTS reports_version');
}
