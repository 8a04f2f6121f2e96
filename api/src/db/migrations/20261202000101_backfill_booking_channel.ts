import type { Knex } from 'knex';

/**
 * Bookings made on the website before channels were recorded are `Website` (that is the only
 * way a guest books). Staff bookings stay null: nobody wrote down whether the guest phoned,
 * wrote or walked in, and a guess would read as a fact in the details and the reports.
 *
 * The rows keep their version (touch_row is held off for this one statement): a tablet with
 * an offline change queued against a booking must not find it stale because of a backfill.
 * change_txid is still stamped, so the desk's next pull brings the channel.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE bookings DISABLE TRIGGER bookings_touch');
  await knex('bookings').where({ source: 'guest' }).whereNull('channel').update({ channel: 'Website' });
  await knex.raw('ALTER TABLE bookings ENABLE TRIGGER bookings_touch');
}

export async function down(): Promise<void> {
  // Nothing to undo: the column goes with the schema migration's down.
}
