import type { Knex } from 'knex';
import { mutableColumns, addTouchTrigger } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  // E-mail is written here in the same transaction as the change it reports, then sent by a
  // job with retries: a mail server that is down delays a message, it never loses one.
  await knex.schema.createTable('email_outbox', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('to_address').notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body').notNullable();
    t.text('template').notNullable();
    t.uuid('booking_id').nullable().references('bookings.id').onDelete('SET NULL');
    // The same message is never queued twice (e.g. two instances expiring one hold).
    t.text('dedupe_key').nullable().unique();
    t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'sent', 'failed'], 'email_outbox_status_check');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('last_error').nullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    mutableColumns(knex, t);
  });
  await knex.raw("CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending'");
  await addTouchTrigger(knex, 'email_outbox');

  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.uuid('actor_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.text('actor_username').nullable();
    t.text('action').notNullable();
    t.text('entity_type').notNullable();
    t.text('entity_id').nullable();
    t.jsonb('before').nullable();
    t.jsonb('after').nullable();
    t.text('note').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at)');

  // The offline outbox's entries as the server saw them: the id is the client's UUID, so an
  // entry sent twice is recognised and answered with its stored outcome, never applied twice.
  await knex.schema.createTable('client_mutations', (t) => {
    t.uuid('id').primary();
    t.text('device_id').notNullable();
    t.integer('seq').notNullable();
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    t.text('operation').notNullable();
    t.text('entity_type').notNullable();
    t.text('entity_id').notNullable();
    t.integer('base_version').nullable();
    t.integer('schema_version').notNullable().defaultTo(1);
    t.jsonb('args').notNullable();
    t.text('outcome').notNullable().checkIn(['applied', 'conflict', 'rejected'], 'client_mutations_outcome_check');
    t.jsonb('result').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX client_mutations_device_idx ON client_mutations (device_id, seq)');

  // Deletion markers for the sync pull: a deleted row cannot report its own deletion.
  await knex.schema.createTable('deleted_records', (t) => {
    t.bigIncrements('id');
    t.text('entity_type').notNullable();
    t.uuid('entity_id').notNullable();
    t.bigInteger('change_seq').notNullable().defaultTo(knex.raw("nextval('change_seq')"));
    t.timestamp('deleted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX deleted_records_seq_idx ON deleted_records (change_seq)');

  await knex.schema.createTable('contact_enquiries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('phone').nullable();
    t.text('subject').nullable();
    t.text('message').notNullable();
    t.text('status').notNullable().defaultTo('new').checkIn(['new', 'handled'], 'contact_enquiries_status_check');
    mutableColumns(knex, t);
  });
  await addTouchTrigger(knex, 'contact_enquiries');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_enquiries');
  await knex.schema.dropTable('deleted_records');
  await knex.schema.dropTable('client_mutations');
  await knex.schema.dropTable('audit_log');
  await knex.schema.dropTable('email_outbox');
}
