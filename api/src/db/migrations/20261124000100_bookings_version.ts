import type { Knex } from 'knex';

/**
 * A version for what the back office's booking lists show (bookings with their unit's,
 * type's and guest's names and phone, every type with its package inclusions, every unit),
 * so an API instance can keep the calendar window and the bookings list in memory and know
 * cheaply, per request, whether they are still right, as catalogue_version does for the
 * public catalogue. The version is the sum of SLOTS counters.
 *
 * Unlike the catalogue, bookings are written all day and by many transactions at once (the
 * sync push, guests booking, hold expiry), so a single counter updated by each of them would
 * make their commits wait for one another. Instead each writing transaction bumps one slot
 * (its transaction id modulo SLOTS), once, at commit (a deferred constraint trigger): two
 * transactions rarely share a slot, and when they do the second waits only for the first's
 * commit. Taken at commit, the slot is the last lock a transaction takes, so it cannot be part
 * of a deadlock. The sum only grows, by at least one with every committed write, and a
 * reader sees it exactly as committed, so a change is never missed (a statement that changes
 * nothing still bumps it: a wasted reload, never a stale answer). TRUNCATE, which row
 * triggers do not see, bumps a slot through a statement trigger.
 *
 * Self-contained: imports nothing but knex types.
 */
const TABLES = ['bookings', 'units', 'accommodation_types', 'package_inclusions', 'guests'] as const;
const SLOTS = 16;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE bookings_version (
      slot integer PRIMARY KEY CHECK (slot >= 0 AND slot < ${SLOTS}),
      version bigint NOT NULL DEFAULT 0
    )`);
  await knex.raw(`INSERT INTO bookings_version (slot) SELECT generate_series(0, ${SLOTS - 1})`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION bump_bookings_version() RETURNS trigger AS $$
    DECLARE
      tx text := pg_current_xact_id()::text;
    BEGIN
      -- Once per transaction: the deferred trigger fires for every row it changed.
      IF current_setting('lodge.bookings_version_tx', true) IS DISTINCT FROM tx THEN
        UPDATE bookings_version SET version = version + 1 WHERE slot = (tx::bigint % ${SLOTS})::integer;
        PERFORM set_config('lodge.bookings_version_tx', tx, true);
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
  for (const table of TABLES) {
    await knex.raw(`
      CREATE CONSTRAINT TRIGGER ${table}_bookings_version
      AFTER INSERT OR UPDATE OR DELETE ON ${table}
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION bump_bookings_version()`);
    await knex.raw(`
      CREATE TRIGGER ${table}_bookings_version_truncate
      AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_bookings_version()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_bookings_version ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_bookings_version_truncate ON ${table}`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS bump_bookings_version()');
  await knex.raw('DROP TABLE IF EXISTS bookings_version');
}
