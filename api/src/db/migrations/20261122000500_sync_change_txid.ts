import type { Knex } from 'knex';

/**
 * The safe watermark of the offline sync pull (DESIGN.md section 6).
 *
 * `change_seq` (a sequence number taken when a row is written) cannot be a pull cursor: a
 * transaction that took number 41 can commit after one that took 42, and a pull that saw 42
 * and moved past it would never return 41. Instead every row the pull serves carries the id
 * of the transaction that last wrote it (`change_txid`, xid8: 64 bits, no wraparound). A pull
 * takes its snapshot's xmin: every transaction with a lower id has finished, so everything
 * they wrote is visible, and no later write can carry a lower id. The pull serves
 * `[previous xmin, this xmin)`; rows of transactions still open come in a later pull.
 *
 * - change_txid on accommodation_types, units, bookings and deleted_records, stamped by a
 *   BEFORE INSERT OR UPDATE trigger (a column default alone would let an UPDATE keep the old
 *   value). Existing rows are backfilled with this migration's transaction id.
 * - Deleting a type, unit or booking (cascades included) leaves a deleted_records marker, by
 *   trigger, so no code path can forget one.
 *
 * Self-contained: imports nothing but knex types; touch_row() and change_seq stay as they were.
 */
const TABLES = ['accommodation_types', 'units', 'bookings', 'deleted_records'] as const;
const DELETION_MARKED: Record<string, string> = {
  accommodation_types: 'accommodation_type',
  units: 'unit',
  bookings: 'booking',
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION stamp_change_txid() RETURNS trigger AS $$
    BEGIN
      NEW.change_txid := pg_current_xact_id();
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION mark_deleted_record() RETURNS trigger AS $$
    BEGIN
      INSERT INTO deleted_records (entity_type, entity_id) VALUES (TG_ARGV[0], OLD.id);
      RETURN OLD;
    END;
    $$ LANGUAGE plpgsql`);

  for (const table of TABLES) {
    // The default fills the existing rows (this transaction's id) and new ones; the trigger
    // keeps it true on every later update.
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN change_txid xid8 NOT NULL DEFAULT pg_current_xact_id()`);
    await knex.raw(`CREATE INDEX ${table}_change_txid_idx ON ${table} (change_txid)`);
    await knex.raw(
      `CREATE TRIGGER ${table}_change_txid BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION stamp_change_txid()`,
    );
  }
  for (const [table, entityType] of Object.entries(DELETION_MARKED)) {
    await knex.raw(
      `CREATE TRIGGER ${table}_deleted AFTER DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION mark_deleted_record('${entityType}')`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(DELETION_MARKED)) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_deleted ON ${table}`);
  for (const table of TABLES) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_change_txid ON ${table}`);
    await knex.raw(`ALTER TABLE ${table} DROP COLUMN IF EXISTS change_txid`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS mark_deleted_record()');
  await knex.raw('DROP FUNCTION IF EXISTS stamp_change_txid()');
}
