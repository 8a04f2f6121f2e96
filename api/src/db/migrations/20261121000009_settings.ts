import type { Knex } from 'knex';
import { mutableColumns, addTouchTrigger } from '../schema-helpers.js';

/** The lodge's settings: exactly one row, id 1. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('settings', (t) => {
    t.integer('id').primary();
    t.text('lodge_name').notNullable().defaultTo('Our Lodge');
    t.text('tagline').notNullable().defaultTo('Private Game Lodge');
    t.decimal('latitude', 9, 6).nullable();
    t.decimal('longitude', 9, 6).nullable();
    t.text('contact_email').nullable();
    t.text('contact_phone').nullable();
    t.text('address').nullable();
    t.text('emergency_medical_phone').nullable();
    t.text('emergency_police_phone').nullable();
    t.text('bank_name').nullable();
    t.text('account_number').nullable();
    t.text('branch_code').nullable();
    t.text('account_holder').nullable();
    t.text('paystack_public_key').nullable();
    t.text('paystack_secret_key').nullable();
    t.boolean('allow_eft_payments').notNullable().defaultTo(true);
    t.boolean('allow_card_payments').notNullable().defaultTo(true);
    t.decimal('card_payment_discount', 5, 2).notNullable().defaultTo(0);
    t.integer('eft_hold_duration_hours').notNullable().defaultTo(48);
    t.text('weather_api_key').nullable();
    t.text('map_embed_code').nullable();
    t.text('hero_background_image').nullable();
    mutableColumns(knex, t);
    t.check('id = 1', [], 'settings_single_row');
    t.check('card_payment_discount >= 0 AND card_payment_discount <= 100', [], 'settings_card_discount_check');
    t.check('eft_hold_duration_hours BETWEEN 1 AND 168', [], 'settings_eft_hold_check');
  });
  await addTouchTrigger(knex, 'settings');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('settings');
}
