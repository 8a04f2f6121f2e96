import type { Knex } from 'knex';

/**
 * The folio's tables: the extras catalogue, the charges posted to a booking, and the tax
 * settings invoices need.
 *
 * - extras: what the lodge sells beyond the room (game drives, dinners, bar, park fees).
 *   `pricing` says what the price multiplies: per_item (x quantity), per_person (x adults,
 *   children at child_price), per_night (x nights), per_person_per_night (both).
 * - folio_charges: one posted extra. The id may be made by the tablet (offline posting), so a
 *   replayed sync entry finds its charge instead of charging twice. Every price is a snapshot
 *   taken when posting: a later catalogue change never reprices a posted charge. `amount` is
 *   the line's money in the catalogue's terms (VAT-inclusive when vat_inclusive). A charge is
 *   never deleted, only voided (with who, when and why), so an invoice can always be traced.
 * - settings: legal name, physical address, VAT registration and the tourism levy (TOMSA) as
 *   a percent of the room rate.
 *
 * Both new tables are served by the offline sync pull, so they carry version, change_seq and
 * change_txid with the same triggers the other synced tables have (touch_row,
 * stamp_change_txid), and extras leave a deleted_records marker when one is deleted.
 *
 * Self-contained: imports nothing but knex types.
 */
const SYNCED_COLUMNS = `
  version integer NOT NULL DEFAULT 1,
  change_seq bigint NOT NULL DEFAULT nextval('change_seq'),
  change_txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE extras (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CONSTRAINT extras_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 100),
      description text,
      price numeric(12,2) NOT NULL CONSTRAINT extras_price_check CHECK (price >= 0),
      child_price numeric(12,2) CONSTRAINT extras_child_price_check CHECK (child_price >= 0),
      pricing text NOT NULL CONSTRAINT extras_pricing_check
        CHECK (pricing IN ('per_item', 'per_person', 'per_night', 'per_person_per_night')),
      vat_inclusive boolean NOT NULL DEFAULT true,
      bookable_online boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      ${SYNCED_COLUMNS}
    )`);

  await knex.raw(`
    CREATE TABLE folio_charges (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
      extra_id uuid NOT NULL REFERENCES extras(id) ON DELETE RESTRICT,
      description text NOT NULL,
      pricing text NOT NULL CONSTRAINT folio_charges_pricing_check
        CHECK (pricing IN ('per_item', 'per_person', 'per_night', 'per_person_per_night')),
      unit_price numeric(12,2) NOT NULL CONSTRAINT folio_charges_unit_price_check CHECK (unit_price >= 0),
      child_unit_price numeric(12,2) NOT NULL CONSTRAINT folio_charges_child_unit_price_check CHECK (child_unit_price >= 0),
      quantity integer NOT NULL CONSTRAINT folio_charges_quantity_check CHECK (quantity BETWEEN 1 AND 99),
      adults integer NOT NULL DEFAULT 0 CONSTRAINT folio_charges_adults_check CHECK (adults BETWEEN 0 AND 99),
      children integer NOT NULL DEFAULT 0 CONSTRAINT folio_charges_children_check CHECK (children BETWEEN 0 AND 99),
      nights integer NOT NULL DEFAULT 1 CONSTRAINT folio_charges_nights_check CHECK (nights >= 1),
      amount numeric(12,2) NOT NULL CONSTRAINT folio_charges_amount_check CHECK (amount >= 0),
      vat_inclusive boolean NOT NULL,
      charge_date date NOT NULL,
      note text,
      source text NOT NULL DEFAULT 'desk' CONSTRAINT folio_charges_source_check CHECK (source IN ('desk', 'guest')),
      created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      voided_at timestamptz,
      voided_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      void_reason text,
      ${SYNCED_COLUMNS},
      CONSTRAINT folio_charges_void_check CHECK ((voided_at IS NULL) = (void_reason IS NULL))
    )`);
  await knex.raw('CREATE INDEX folio_charges_booking_idx ON folio_charges (booking_id, created_at)');

  for (const table of ['extras', 'folio_charges']) {
    await knex.raw(`CREATE INDEX ${table}_change_txid_idx ON ${table} (change_txid)`);
    await knex.raw(`CREATE TRIGGER ${table}_touch BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION touch_row()`);
    await knex.raw(
      `CREATE TRIGGER ${table}_change_txid BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION stamp_change_txid()`,
    );
  }
  await knex.raw(
    `CREATE TRIGGER extras_deleted AFTER DELETE ON extras FOR EACH ROW EXECUTE FUNCTION mark_deleted_record('extra')`,
  );

  await knex.raw(`
    ALTER TABLE settings
      ADD COLUMN legal_name text,
      ADD COLUMN physical_address text,
      ADD COLUMN vat_registered boolean NOT NULL DEFAULT false,
      ADD COLUMN vat_number text CONSTRAINT settings_vat_number_check CHECK (vat_number ~ '^4[0-9]{9}$'),
      ADD COLUMN tourism_levy_percent numeric(4,2) NOT NULL DEFAULT 0
        CONSTRAINT settings_tourism_levy_check CHECK (tourism_levy_percent BETWEEN 0 AND 5),
      ADD CONSTRAINT settings_vat_registered_number_check CHECK (NOT vat_registered OR vat_number IS NOT NULL)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE settings
      DROP CONSTRAINT settings_vat_registered_number_check,
      DROP COLUMN tourism_levy_percent,
      DROP COLUMN vat_number,
      DROP COLUMN vat_registered,
      DROP COLUMN physical_address,
      DROP COLUMN legal_name`);
  await knex.raw('DROP TABLE folio_charges');
  await knex.raw('DROP TABLE extras');
}
