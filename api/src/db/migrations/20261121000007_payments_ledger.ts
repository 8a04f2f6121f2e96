import type { Knex } from 'knex';
import { mutableColumns, addTouchTrigger } from '../schema-helpers.js';

/**
 * Every movement of money, and every discount given, is one row. amount is signed:
 * positive is money in, negative is money out (refunds) or given up (discounts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_transactions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.text('type').notNullable().checkIn(['payment', 'refund', 'discount'], 'payment_transactions_type_check');
    // card, eft, cash (payments and refunds); promo, card_discount (discounts)
    t.text('subtype').notNullable();
    t.text('status')
      .notNullable()
      .checkIn(['pending', 'processing', 'success', 'failed', 'needs-attention'], 'payment_transactions_status_check');
    t.decimal('amount', 12, 2).notNullable();
    t.text('currency').notNullable().defaultTo('ZAR');
    t.text('description').notNullable().defaultTo('');
    // Paystack transaction reference (payments) or refund id (refunds).
    t.text('gateway_reference').nullable();
    t.text('reason').nullable();
    t.jsonb('provider_data').nullable();
    t.uuid('created_by_user_id').nullable().references('users.id').onDelete('SET NULL');
    mutableColumns(knex, t);
  });
  // verify and the webhook can race for the same charge: only one payment row can exist for it.
  await knex.raw(
    "CREATE UNIQUE INDEX payment_transactions_gateway_payment_unique ON payment_transactions (gateway_reference) WHERE type = 'payment' AND gateway_reference IS NOT NULL",
  );
  await knex.raw(
    "CREATE UNIQUE INDEX payment_transactions_gateway_refund_unique ON payment_transactions (gateway_reference) WHERE type = 'refund' AND gateway_reference IS NOT NULL",
  );
  await knex.raw('CREATE INDEX payment_transactions_booking_idx ON payment_transactions (booking_id, created_at)');
  await addTouchTrigger(knex, 'payment_transactions');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payment_transactions');
}
