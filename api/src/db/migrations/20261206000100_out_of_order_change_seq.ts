import type { Knex } from 'knex';

/**
 * unit_out_of_order's touch trigger is the shared touch_row(), which also stamps
 * `change_seq`, a column the table was made without: every UPDATE of a period (ending one
 * under way) failed. The column the other touched tables carry, filled the same way.
 *
 * Self-contained: imports nothing but knex types.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE unit_out_of_order ADD COLUMN change_seq bigint NOT NULL DEFAULT nextval('change_seq')");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE unit_out_of_order DROP COLUMN change_seq');
}
