import type { Knex } from 'knex';

/**
 * btree_gist lets one exclusion constraint mix `=` on a unit id with `&&` on a date range:
 * that constraint is what makes double booking impossible. touch_row() keeps the row
 * invariants every mutable table shares: updated_at, version (+1 on each update, which the
 * offline sync uses for optimistic concurrency) and change_seq (the pull cursor).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist');
  await knex.raw('CREATE SEQUENCE IF NOT EXISTS change_seq');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION touch_row() RETURNS trigger AS $$
    BEGIN
      NEW.updated_at := now();
      NEW.version := OLD.version + 1;
      NEW.change_seq := nextval('change_seq');
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS touch_row()');
  await knex.raw('DROP SEQUENCE IF EXISTS change_seq');
}
