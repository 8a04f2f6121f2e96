import type { Knex } from 'knex';

/**
 * Per person sharing prices, child age bands, meal plans and specials.
 *
 * accommodation_types: `pricing_model` 'per_unit' (every existing type, the default) or
 * 'per_person_sharing', in which case the base rates are per adult per night. The child
 * policy is a JSON array of age bands `{ fromAge, toAge, percentOfAdult, notAccepted }`
 * (validated by the API contract; the database only insists on an array).
 *
 * bookings: the party the price was made for (`adults`, `child_ages`) and the special that
 * applied, with its discount. A booking's total is stored, so changing a type's pricing
 * model never reprices a booking already made.
 *
 * special_offers (+ special_offer_types): "stay N, pay M" offers, owned by the specials
 * feature. Self-contained.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accommodation_types', (t) => {
    t.text('pricing_model').notNullable().defaultTo('per_unit');
    t.decimal('single_supplement_percent', 5, 2).notNullable().defaultTo(0);
    t.jsonb('child_policy').notNullable().defaultTo('[]');
    t.smallint('minimum_child_age').nullable();
    t.text('meal_plan').nullable();
    t.smallint('max_adults').nullable();
    t.check("pricing_model IN ('per_unit', 'per_person_sharing')", [], 'accommodation_types_pricing_model_check');
    t.check('single_supplement_percent BETWEEN 0 AND 100', [], 'accommodation_types_single_supplement_check');
    t.check("jsonb_typeof(child_policy) = 'array'", [], 'accommodation_types_child_policy_check');
    t.check('minimum_child_age IS NULL OR minimum_child_age BETWEEN 0 AND 17', [], 'accommodation_types_minimum_child_age_check');
    t.check(
      "meal_plan IS NULL OR meal_plan IN ('Room only', 'Bed and breakfast', 'Half board', 'Full board', 'Fully inclusive')",
      [],
      'accommodation_types_meal_plan_check',
    );
    t.check('max_adults IS NULL OR max_adults >= 1', [], 'accommodation_types_max_adults_check');
  });

  await knex.schema.createTable('special_offers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.date('stay_from').notNullable();
    t.date('stay_to').notNullable();
    t.smallint('stay_nights').notNullable();
    t.smallint('pay_nights').notNullable();
    t.date('book_from').nullable();
    t.date('book_to').nullable();
    t.boolean('combinable_with_promo').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('version').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('stay_to >= stay_from', [], 'special_offers_stay_dates_check');
    t.check('stay_nights BETWEEN 2 AND 30 AND pay_nights >= 1 AND pay_nights < stay_nights', [], 'special_offers_nights_check');
    t.check('book_from IS NULL OR book_to IS NULL OR book_to >= book_from', [], 'special_offers_book_dates_check');
  });

  await knex.schema.createTable('special_offer_types', (t) => {
    t.uuid('special_offer_id').notNullable().references('special_offers.id').onDelete('CASCADE');
    t.uuid('accommodation_type_id').notNullable().references('accommodation_types.id').onDelete('CASCADE');
    t.primary(['special_offer_id', 'accommodation_type_id']);
  });

  await knex.schema.alterTable('bookings', (t) => {
    t.smallint('adults').nullable();
    t.jsonb('child_ages').nullable();
    t.uuid('special_offer_id').nullable().references('special_offers.id').onDelete('SET NULL');
    t.decimal('special_discount_amount', 12, 2).notNullable().defaultTo(0);
    t.check('adults IS NULL OR adults >= 1', [], 'bookings_adults_check');
    t.check("child_ages IS NULL OR jsonb_typeof(child_ages) = 'array'", [], 'bookings_child_ages_check');
    t.check('special_discount_amount >= 0', [], 'bookings_special_discount_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_adults_check', 'bookings_child_ages_check', 'bookings_special_discount_check']);
    t.dropForeign(['special_offer_id']);
    t.dropColumns('adults', 'child_ages', 'special_offer_id', 'special_discount_amount');
  });
  await knex.schema.dropTable('special_offer_types');
  await knex.schema.dropTable('special_offers');
  await knex.schema.alterTable('accommodation_types', (t) => {
    t.dropChecks([
      'accommodation_types_pricing_model_check',
      'accommodation_types_single_supplement_check',
      'accommodation_types_child_policy_check',
      'accommodation_types_minimum_child_age_check',
      'accommodation_types_meal_plan_check',
      'accommodation_types_max_adults_check',
    ]);
    t.dropColumns('pricing_model', 'single_supplement_percent', 'child_policy', 'minimum_child_age', 'meal_plan', 'max_adults');
  });
}
