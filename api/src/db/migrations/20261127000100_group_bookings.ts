import type { Knex } from 'knex';

/**
 * Group bookings: several units of one type in one booking. Like the entire lodge, a group
 * is a parent booking (no unit; it holds the guest and the money) and one child per unit
 * (`is_entire_lodge_child`, amount 0) that blocks the unit through the exclusion constraint.
 * `group_unit_count` marks the parent of a group and says how many units it holds (2 to 20;
 * one unit is a plain booking); it is null on every other booking, entire-lodge parents
 * included, which is how the two kinds of parent are told apart. Self-contained.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.smallint('group_unit_count').nullable();
    t.check(
      'group_unit_count IS NULL OR (group_unit_count BETWEEN 2 AND 20 AND unit_id IS NULL AND parent_booking_id IS NULL AND NOT is_entire_lodge_child)',
      [],
      'bookings_group_parent_check',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_group_parent_check']);
    t.dropColumn('group_unit_count');
  });
}
