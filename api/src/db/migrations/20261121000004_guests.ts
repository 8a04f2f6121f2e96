import type { Knex } from 'knex';
import { mutableColumns, addTouchTrigger } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('guests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    t.text('phone').nullable();
    t.text('address').nullable();
    mutableColumns(knex, t);
  });
  // One guest record per e-mail address: two bookings racing with the same address reuse it.
  await knex.raw('CREATE UNIQUE INDEX guests_email_unique ON guests (lower(email))');
  await addTouchTrigger(knex, 'guests');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('guests');
}
