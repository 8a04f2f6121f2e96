import type { Knex } from 'knex';

/**
 * A version number for the public catalogue (accommodation types, their package inclusions,
 * units), so each API instance can keep the catalogue's answer in memory and know cheaply,
 * per request, whether it is still right: one single-row read instead of the catalogue's
 * queries, and the same number on every instance sharing the database.
 *
 * Bumped by statement-level triggers, so no write path (admin API, sync push, SQL by hand)
 * can forget it. A statement that changes nothing still bumps it: a wasted reload, never a
 * stale answer. Self-contained: imports nothing but knex types.
 */
const TABLES = ['accommodation_types', 'package_inclusions', 'units'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE catalogue_version (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      version bigint NOT NULL
    )`);
  await knex.raw('INSERT INTO catalogue_version (id, version) VALUES (true, 1)');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger AS $$
    BEGIN
      UPDATE catalogue_version SET version = version + 1;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
  for (const table of TABLES) {
    await knex.raw(`
      CREATE TRIGGER ${table}_catalogue_version
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_catalogue_version ON ${table}`);
  await knex.raw('DROP FUNCTION IF EXISTS bump_catalogue_version()');
  await knex.raw('DROP TABLE IF EXISTS catalogue_version');
}
