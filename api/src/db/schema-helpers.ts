/*
 * FROZEN HISTORY: never change this file, and never import it outside api/src/db/migrations/.
 *
 * The migrations of 2026-11-21 import these two helpers. A landed migration must do forever
 * what it did when it first ran, so what it imports is as frozen as the migration itself:
 * a change here would silently rewrite history for every fresh install. New migrations do
 * not import it (or any app code); they copy what they need. migration-rules.test.ts pins
 * this file's content hash and fails if app code imports it.
 */
import type { Knex } from 'knex';

/** Columns every mutable row carries: see touch_row() in the first migration. */
export function mutableColumns(knex: Knex, t: Knex.CreateTableBuilder): void {
  t.integer('version').notNullable().defaultTo(1);
  t.bigInteger('change_seq').notNullable().defaultTo(knex.raw("nextval('change_seq')"));
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function addTouchTrigger(knex: Knex, table: string): Promise<void> {
  await knex.raw(
    `CREATE TRIGGER ${table}_touch BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION touch_row()`,
  );
}
