import type { Knex } from 'knex';

/**
 * When a booking gave its promo code use back (cancelled before any payment, a hold run
 * out, a failed card checkout). The use goes back once per booking: the conditional update
 * that sets this column is the guard, so a repeated cancellation cannot hand it out twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.timestamp('promo_use_returned_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('promo_use_returned_at');
  });
}
