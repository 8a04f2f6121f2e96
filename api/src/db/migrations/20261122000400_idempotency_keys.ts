import type { Knex } from 'knex';

/**
 * Idempotency keys of state-changing guest requests (POST /api/bookings, POST
 * /api/payments/initialize). A phone on weak signal retries a request whose answer was lost;
 * the stored answer is replayed instead of booking twice. The unique (scope, key) decides
 * which of two racing requests runs. Self-contained: imports nothing from app code.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.bigIncrements('id');
    t.text('key').notNullable();
    // Method and path, e.g. 'POST /api/bookings': one key may be reused on another endpoint.
    t.text('scope').notNullable();
    t.text('request_hash').notNullable();
    t.text('status').notNullable().defaultTo('in_progress').checkIn(['in_progress', 'completed'], 'idempotency_keys_status_check');
    t.integer('response_status').nullable();
    t.jsonb('response_body').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['scope', 'key'], { indexName: 'idempotency_keys_scope_key_unique' });
  });
  await knex.raw('CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
