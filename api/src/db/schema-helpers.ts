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
