import type { Knex } from 'knex';

/**
 * What every install needs, demo or not: the settings row and the system type "Entire
 * Lodge" (a package; its included types are kept in step with the catalogue by the
 * accommodations service, and the demo seed lists the demo types).
 */
export async function up(knex: Knex): Promise<void> {
  await knex('settings').insert({ id: 1 }).onConflict('id').ignore();
  const existing = await knex('accommodation_types').where({ system_key: 'entire-lodge' }).first();
  if (!existing) {
    await knex('accommodation_types').insert({
      name: 'Entire Lodge',
      description: 'Exclusive use of the whole lodge: every suite and chalet for your group alone.',
      capacity: 1,
      base_weekday_rate: 0,
      base_weekend_rate: 0,
      is_package: true,
      // Inactive until the lodge sets its rates: a fresh install must not sell the whole
      // lodge at R0. The demo seed activates it with demo rates.
      is_active: false,
      system_key: 'entire-lodge',
      sort_order: 1000,
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('accommodation_types').where({ system_key: 'entire-lodge' }).delete();
  await knex('settings').where({ id: 1 }).delete();
}
