import type { Knex } from 'knex';
import { mutableColumns, addTouchTrigger } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').nullable();
    t.timestamp('event_date', { useTz: true }).notNullable();
    t.date('accommodation_start_date').nullable();
    t.date('accommodation_end_date').nullable();
    t.jsonb('images').notNullable().defaultTo('[]');
    t.boolean('is_active').notNullable().defaultTo(true);
    mutableColumns(knex, t);
    t.check(
      'accommodation_end_date IS NULL OR accommodation_start_date IS NULL OR accommodation_end_date >= accommodation_start_date',
      [],
      'events_accommodation_period_check',
    );
  });
  await addTouchTrigger(knex, 'events');

  await knex.schema.createTable('ticket_types', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').nullable();
    t.decimal('price', 12, 2).notNullable();
    t.integer('max_quantity').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    mutableColumns(knex, t);
    t.check('price >= 0', [], 'ticket_types_price_check');
    t.check('max_quantity >= 1', [], 'ticket_types_max_quantity_check');
  });
  await addTouchTrigger(knex, 'ticket_types');

  await knex.schema.createTable('rate_overrides', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('accommodation_type_id').notNullable().references('accommodation_types.id').onDelete('CASCADE');
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    // null keeps the type's base rate for that kind of night.
    t.decimal('weekday_rate', 12, 2).nullable();
    t.decimal('weekend_rate', 12, 2).nullable();
    t.integer('min_length_of_stay').notNullable().defaultTo(1);
    t.uuid('event_id').nullable().references('events.id').onDelete('SET NULL');
    mutableColumns(knex, t);
    t.check('end_date >= start_date', [], 'rate_overrides_dates_check');
    t.check('min_length_of_stay >= 1', [], 'rate_overrides_min_stay_check');
    t.check('(weekday_rate IS NULL OR weekday_rate >= 0) AND (weekend_rate IS NULL OR weekend_rate >= 0)', [], 'rate_overrides_rates_check');
  });
  await knex.raw('CREATE INDEX rate_overrides_type_dates_idx ON rate_overrides (accommodation_type_id, start_date, end_date)');
  await addTouchTrigger(knex, 'rate_overrides');

  await knex.schema.createTable('promo_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('code').notNullable();
    t.text('discount_type').notNullable().checkIn(['Percentage', 'Fixed'], 'promo_codes_discount_type_check');
    t.decimal('discount_value', 12, 2).notNullable();
    t.date('expiry_date').notNullable();
    t.boolean('applicable_to_accommodation').notNullable().defaultTo(true);
    t.boolean('applicable_to_events').notNullable().defaultTo(true);
    t.integer('max_uses').nullable();
    t.integer('used_count').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    mutableColumns(knex, t);
    t.check('discount_value >= 0', [], 'promo_codes_value_check');
    t.check("discount_type <> 'Percentage' OR discount_value <= 100", [], 'promo_codes_percentage_check');
    t.check('max_uses IS NULL OR max_uses >= 1', [], 'promo_codes_max_uses_check');
    // The last line of defence against a code used more often than allowed.
    t.check('used_count >= 0 AND (max_uses IS NULL OR used_count <= max_uses)', [], 'promo_codes_used_count_check');
  });
  await knex.raw('CREATE UNIQUE INDEX promo_codes_code_unique ON promo_codes (upper(code))');
  await addTouchTrigger(knex, 'promo_codes');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('promo_codes');
  await knex.schema.dropTable('rate_overrides');
  await knex.schema.dropTable('ticket_types');
  await knex.schema.dropTable('events');
}
