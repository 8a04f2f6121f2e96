import type { Knex } from 'knex';

/**
 * Two lodge settings that bound a stay before any pricing or availability work: the longest
 * stay a guest may book (nights) and how far ahead dates may be booked (days). An anonymous
 * request for a stay to 9999-12-31 otherwise made the server price millions of nights.
 * The checks mirror the settings form's ranges. Self-contained: imports nothing from app code.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('settings', (t) => {
    t.integer('max_stay_nights').notNullable().defaultTo(30);
    t.integer('booking_horizon_days').notNullable().defaultTo(730);
  });
  await knex.raw('ALTER TABLE settings ADD CONSTRAINT settings_max_stay_nights_check CHECK (max_stay_nights BETWEEN 1 AND 365)');
  await knex.raw('ALTER TABLE settings ADD CONSTRAINT settings_booking_horizon_days_check CHECK (booking_horizon_days BETWEEN 30 AND 3650)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('settings', (t) => {
    t.dropColumn('max_stay_nights');
    t.dropColumn('booking_horizon_days');
  });
}
