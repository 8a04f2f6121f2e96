import type { Knex } from 'knex';
import { mutableColumns, addTouchTrigger } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('username').notNullable();
    t.text('password_hash').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    // null = a guest account; staff roles are granted by a SuperAdmin or the CLI, never by register.
    t.text('role').nullable().checkIn(['SuperAdmin', 'Manager', 'Receptionist'], 'users_role_check');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('last_login_at', { useTz: true }).nullable();
    mutableColumns(knex, t);
  });
  await knex.raw('CREATE UNIQUE INDEX users_username_unique ON users (lower(username))');
  await addTouchTrigger(knex, 'users');

  await knex.schema.createTable('sessions', (t) => {
    t.text('id').primary();
    t.jsonb('data').notNullable();
    t.uuid('user_id').nullable().references('users.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)');
  await knex.raw('CREATE INDEX sessions_user_id_idx ON sessions (user_id)');

  // Kept in the database (not in process memory) so the limit holds across API instances.
  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id');
    t.text('key').notNullable();
    t.boolean('succeeded').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX login_attempts_key_idx ON login_attempts (key, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_attempts');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('users');
}
