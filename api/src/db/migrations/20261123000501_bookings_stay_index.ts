import type { Knex } from 'knex';

/**
 * The bookings of a window (the calendar, the admin list by dates) are those whose stay
 * overlaps it. With one btree on (check_in_date, check_out_date) a window in the middle of
 * the year still walks every earlier stay (check_in <= end matches all of them); a GiST index
 * on the stay's range finds the overlapping ones directly (`&&`). Self-contained.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX bookings_stay_idx ON bookings USING gist (daterange(check_in_date, check_out_date, '[)'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS bookings_stay_idx');
}
