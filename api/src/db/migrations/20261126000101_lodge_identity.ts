import type { Knex } from 'knex';

/**
 * The lodge's identity fields that were missing from the settings row (issue 18): a short
 * description, a WhatsApp number, directions, and the check-in and check-out times guests
 * are told (the spec's 14:00 and 10:00 become the defaults). Times are 'HH:MM' text, checked
 * here as well as by the API, so a hand edit cannot store what the screens cannot show.
 *
 * Self-contained: imports nothing but knex types.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('settings', (t) => {
    t.text('short_description').nullable();
    t.text('whatsapp_number').nullable();
    t.text('directions').nullable();
    t.text('check_in_time').notNullable().defaultTo('14:00');
    t.text('check_out_time').notNullable().defaultTo('10:00');
  });
  await knex.raw(`ALTER TABLE settings ADD CONSTRAINT settings_check_in_time_check CHECK (check_in_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`);
  await knex.raw(`ALTER TABLE settings ADD CONSTRAINT settings_check_out_time_check CHECK (check_out_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE settings DROP CONSTRAINT IF EXISTS settings_check_in_time_check');
  await knex.raw('ALTER TABLE settings DROP CONSTRAINT IF EXISTS settings_check_out_time_check');
  await knex.schema.alterTable('settings', (t) => {
    t.dropColumn('short_description');
    t.dropColumn('whatsapp_number');
    t.dropColumn('directions');
    t.dropColumn('check_in_time');
    t.dropColumn('check_out_time');
  });
}
