import type { Knex } from 'knex';

/**
 * The waitlist (docs/design.md, 18. The waitlist).
 *
 * waitlist_entries: a guest who found nothing free on /booking and left a name, an e-mail,
 * the stay [check_in_date, check_out_date), the party size and the accommodation type they
 * wanted. `notified_at` is set once, in the transaction that queues their e-mail, so nobody is
 * told twice. Expiry is not stored: an entry whose check-in has passed is expired by the
 * lodge's date (every reader filters on it), so nothing has to run for it to happen. The type
 * going away takes its entries with it.
 *
 * waitlist_freed_nights: nights a cancellation, an expired hold, a released early departure
 * (and later a removed channel block) gave back, written in that change's own transaction and
 * worked off by the waitlist job after it commits; a row is deleted once matched.
 *
 * Self-contained: imports nothing but knex types.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('waitlist_entries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.date('check_in_date').notNullable();
    t.date('check_out_date').notNullable();
    t.integer('number_of_guests').notNullable();
    t.uuid('accommodation_type_id').notNullable().references('id').inTable('accommodation_types').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('notified_at', { useTz: true }).nullable();
    t.check('check_out_date > check_in_date', [], 'waitlist_entries_stay_check');
    t.check('number_of_guests > 0', [], 'waitlist_entries_guests_check');
  });
  // The job's question: entries still waiting whose stay overlaps the freed nights.
  await knex.raw('CREATE INDEX waitlist_entries_waiting_idx ON waitlist_entries (check_in_date, check_out_date) WHERE notified_at IS NULL');
  await knex.raw('CREATE INDEX waitlist_entries_created_idx ON waitlist_entries (created_at)');

  await knex.schema.createTable('waitlist_freed_nights', (t) => {
    t.bigIncrements('id');
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    t.text('reason').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('end_date > start_date', [], 'waitlist_freed_nights_range_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('waitlist_freed_nights');
  await knex.schema.dropTable('waitlist_entries');
}
