import type { Knex } from 'knex';
import { mutableColumns, addTouchTrigger } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accommodation_types', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('capacity').notNullable();
    t.decimal('base_weekday_rate', 12, 2).notNullable();
    t.decimal('base_weekend_rate', 12, 2).notNullable();
    t.jsonb('amenities').notNullable().defaultTo('[]');
    t.jsonb('images').notNullable().defaultTo('[]');
    t.boolean('is_package').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    // Marks a type the product itself relies on (the entire lodge); such a type cannot be deleted.
    t.text('system_key').nullable().unique();
    t.integer('sort_order').notNullable().defaultTo(0);
    mutableColumns(knex, t);
    t.check('capacity >= 1', [], 'accommodation_types_capacity_check');
    t.check('base_weekday_rate >= 0 AND base_weekend_rate >= 0', [], 'accommodation_types_rates_check');
  });
  await addTouchTrigger(knex, 'accommodation_types');

  // The types a package (isPackage) includes: the entire lodge lists every bookable type.
  await knex.schema.createTable('package_inclusions', (t) => {
    t.uuid('package_type_id').notNullable().references('accommodation_types.id').onDelete('CASCADE');
    t.uuid('included_type_id').notNullable().references('accommodation_types.id').onDelete('CASCADE');
    t.primary(['package_type_id', 'included_type_id']);
    t.check('package_type_id <> included_type_id', [], 'package_inclusions_not_self');
  });

  await knex.schema.createTable('units', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('accommodation_type_id').notNullable().references('accommodation_types.id').onDelete('RESTRICT');
    t.text('name').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('sort_order').notNullable().defaultTo(0);
    mutableColumns(knex, t);
  });
  await knex.raw('CREATE UNIQUE INDEX units_type_name_unique ON units (accommodation_type_id, lower(name))');
  await addTouchTrigger(knex, 'units');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('units');
  await knex.schema.dropTable('package_inclusions');
  await knex.schema.dropTable('accommodation_types');
}
