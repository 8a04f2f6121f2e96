import type { Knex } from 'knex';

/**
 * Where a guest's unpaid hold was asked from: a hash of the client address (never the address
 * itself), so the number of unpaid holds per address can be capped (GUEST_HOLD_LIMIT) as well
 * as per e-mail address. Null for staff bookings and for bookings made before this column.
 * The index serves that count: Provisional rows only. Self-contained.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('hold_source').nullable();
  });
  await knex.raw(`CREATE INDEX bookings_hold_source_idx ON bookings (hold_source) WHERE status = 'Provisional' AND hold_source IS NOT NULL`);
  await knex.raw(`CREATE INDEX bookings_provisional_email_idx ON bookings (lower(guest_email)) WHERE status = 'Provisional'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS bookings_provisional_email_idx');
  await knex.raw('DROP INDEX IF EXISTS bookings_hold_source_idx');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('hold_source');
  });
}
