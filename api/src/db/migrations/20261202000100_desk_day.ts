import type { Knex } from 'knex';

/**
 * The desk's day: housekeeping, out of order units, room moves and split stays, early
 * departures, and bookings without an e-mail address.
 *
 * units: the cleaning status (`Clean`, `Dirty`, `Inspected`), its note, when and by whom it
 * last changed. "Out of order" is not a cleaning status: it is a period (`unit_out_of_order`),
 * so a unit can be Clean today and out of order next week for the painters.
 *
 * unit_out_of_order: a unit out of service for [start_date, end_date) with the reason. Two
 * periods of one unit never overlap (exclusion constraint). A period and a live booking of
 * the same unit never share a night, kept by two triggers that take one advisory lock per
 * unit: a booking written onto a unit takes it shared (bookings still race each other only
 * through bookings_no_double_booking), a period takes it exclusively. Whichever commits
 * first wins; the other sees it once it holds the lock (each statement of a plpgsql function
 * takes a fresh snapshot) and fails with SQLSTATE 23P01, as the exclusion constraint does, so
 * every booking path already treats an out of order unit as a taken one. A period's writes
 * touch its unit's row, so the desk's sync pull serves the unit again.
 *
 * bookings:
 * - `channel`: how the booking reached the lodge (`Walk-in`, `Phone`, `E-mail`, `Website`).
 *   Guest bookings are `Website` (backfilled); older staff bookings are left null: nobody
 *   recorded how they came, and the screens say "Not recorded" rather than guess.
 * - `guest_email` may be null: a walk-in or phone guest with no address (the guests row too).
 * - `is_split_stay`: the parent of a stay split over units (a room move from a date). Like a
 *   group's parent it holds no unit and carries the guest, the money and the reference; its
 *   children (is_entire_lodge_child, one per segment) hold the units, consecutive in time.
 * - `original_check_out_date`: set when an early departure released the remaining nights
 *   (check_out_date then is the day the guest left); `early_departure_credit`: what the folio
 *   credits for those nights (0 when the lodge keeps charging them).
 * - `night_amounts`: the accommodation price of each night as quoted (cents, one per night),
 *   so an amount can be spread over the nights by the rates the stay was priced with; null on
 *   bookings made before it was kept.
 *
 * guests: e-mail may be null; `phone_key` (the phone's digits, +27 written as the leading 0)
 * finds a returning guest without an e-mail by phone. The same rule is `phoneKey` in
 * shared/domain/phone.ts (a test holds the two together).
 *
 * settings: `early_departure_charge`: `none` credits released nights, `full` keeps charging.
 *
 * Self-contained: imports nothing but knex types.
 */
const LIVE = "('Provisional', 'Confirmed', 'Checked-In')";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('units', (t) => {
    t.text('housekeeping_status').notNullable().defaultTo('Clean');
    t.text('housekeeping_note').nullable();
    t.timestamp('housekeeping_changed_at', { useTz: true }).nullable();
    t.uuid('housekeeping_changed_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.check("housekeeping_status IN ('Clean', 'Dirty', 'Inspected')", [], 'units_housekeeping_status_check');
    t.check('housekeeping_note IS NULL OR length(housekeeping_note) <= 500', [], 'units_housekeeping_note_check');
  });

  await knex.schema.createTable('unit_out_of_order', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('unit_id').notNullable().references('id').inTable('units').onDelete('CASCADE');
    t.date('start_date').notNullable();
    // The first day the unit is back in service (half-open, as a stay's check-out).
    t.date('end_date').notNullable();
    t.text('note').notNullable();
    t.uuid('created_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('version').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('end_date > start_date', [], 'unit_out_of_order_dates_check');
    t.check('length(note) BETWEEN 1 AND 500', [], 'unit_out_of_order_note_check');
  });
  await knex.raw(`
    ALTER TABLE unit_out_of_order ADD CONSTRAINT unit_out_of_order_no_overlap
    EXCLUDE USING gist (unit_id WITH =, daterange(start_date, end_date, '[)') WITH &&)`);
  // touch_row() (the first migration's): version + 1 and updated_at on every update.
  await knex.raw('CREATE TRIGGER unit_out_of_order_touch BEFORE UPDATE ON unit_out_of_order FOR EACH ROW EXECUTE FUNCTION touch_row()');

  await knex.raw(`
    CREATE FUNCTION booking_unit_in_service() RETURNS trigger AS $$
    DECLARE
      period record;
    BEGIN
      IF NEW.unit_id IS NULL OR NEW.status NOT IN ${LIVE} THEN
        RETURN NEW;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.status IN ${LIVE} AND OLD.unit_id IS NOT DISTINCT FROM NEW.unit_id
         AND OLD.check_in_date = NEW.check_in_date AND OLD.check_out_date = NEW.check_out_date THEN
        RETURN NEW;
      END IF;
      PERFORM pg_advisory_xact_lock_shared(hashtextextended('unit-in-service:' || NEW.unit_id::text, 0));
      SELECT o.id, o.start_date, o.end_date INTO period
        FROM unit_out_of_order o
       WHERE o.unit_id = NEW.unit_id
         AND daterange(o.start_date, o.end_date, '[)') && daterange(NEW.check_in_date, NEW.check_out_date, '[)')
       ORDER BY o.start_date
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'unit % is out of order from % to %', NEW.unit_id, period.start_date, period.end_date
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'bookings_unit_out_of_order', DETAIL = period.id::text;
      END IF;
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE TRIGGER bookings_unit_in_service BEFORE INSERT OR UPDATE OF unit_id, check_in_date, check_out_date, status
    ON bookings FOR EACH ROW EXECUTE FUNCTION booking_unit_in_service()`);

  await knex.raw(`
    CREATE FUNCTION out_of_order_unit_free() RETURNS trigger AS $$
    DECLARE
      clash uuid;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('unit-in-service:' || NEW.unit_id::text, 0));
      SELECT b.id INTO clash
        FROM bookings b
       WHERE b.unit_id = NEW.unit_id
         AND b.status IN ${LIVE}
         AND daterange(b.check_in_date, b.check_out_date, '[)') && daterange(NEW.start_date, NEW.end_date, '[)')
       ORDER BY b.check_in_date, b.id
       LIMIT 1;
      IF clash IS NOT NULL THEN
        RAISE EXCEPTION 'unit % has a booking in the way', NEW.unit_id
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'unit_out_of_order_booking_clash', DETAIL = clash::text;
      END IF;
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE TRIGGER unit_out_of_order_unit_free BEFORE INSERT OR UPDATE OF unit_id, start_date, end_date
    ON unit_out_of_order FOR EACH ROW EXECUTE FUNCTION out_of_order_unit_free()`);

  // A period written, moved or removed: the unit is served again by the desk's sync pull.
  await knex.raw(`
    CREATE FUNCTION out_of_order_touch_unit() RETURNS trigger AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE units SET updated_at = now() WHERE id = OLD.unit_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.unit_id IS DISTINCT FROM OLD.unit_id) THEN
        UPDATE units SET updated_at = now() WHERE id = NEW.unit_id;
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE TRIGGER unit_out_of_order_touch_unit AFTER INSERT OR UPDATE OR DELETE
    ON unit_out_of_order FOR EACH ROW EXECUTE FUNCTION out_of_order_touch_unit()`);

  await knex.schema.alterTable('bookings', (t) => {
    t.text('channel').nullable();
    t.boolean('is_split_stay').notNullable().defaultTo(false);
    t.date('original_check_out_date').nullable();
    t.decimal('early_departure_credit', 12, 2).notNullable().defaultTo(0);
    t.jsonb('night_amounts').nullable();
    t.check("channel IS NULL OR channel IN ('Walk-in', 'Phone', 'E-mail', 'Website')", [], 'bookings_channel_check');
    t.check(
      'NOT is_split_stay OR (unit_id IS NULL AND parent_booking_id IS NULL AND group_unit_count IS NULL)',
      [],
      'bookings_split_stay_parent_check',
    );
    t.check('original_check_out_date IS NULL OR original_check_out_date > check_out_date', [], 'bookings_original_check_out_check');
    t.check('early_departure_credit >= 0', [], 'bookings_early_departure_credit_check');
    t.check("night_amounts IS NULL OR jsonb_typeof(night_amounts) = 'array'", [], 'bookings_night_amounts_check');
  });
  await knex.raw('ALTER TABLE bookings ALTER COLUMN guest_email DROP NOT NULL');

  await knex.raw('ALTER TABLE guests ALTER COLUMN email DROP NOT NULL');
  await knex.raw(`
    ALTER TABLE guests ADD COLUMN phone_key text GENERATED ALWAYS AS (
      CASE
        WHEN regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') = '' THEN NULL
        WHEN regexp_replace(phone, '[^0-9]', '', 'g') ~ '^27[0-9]{9}$' THEN '0' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 3)
        ELSE regexp_replace(phone, '[^0-9]', '', 'g')
      END) STORED`);
  await knex.raw('CREATE INDEX guests_phone_key_idx ON guests (phone_key) WHERE phone_key IS NOT NULL');
  // One guest without an e-mail per phone: two walk-ins racing with one phone reuse the record.
  await knex.raw('CREATE UNIQUE INDEX guests_phone_key_no_email_unique ON guests (phone_key) WHERE email IS NULL AND phone_key IS NOT NULL');
  await knex.raw('ALTER TABLE guests ADD CONSTRAINT guests_contact_check CHECK (email IS NOT NULL OR phone_key IS NOT NULL)');

  await knex.schema.alterTable('settings', (t) => {
    t.text('early_departure_charge').notNullable().defaultTo('none');
    t.check("early_departure_charge IN ('none', 'full')", [], 'settings_early_departure_charge_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('settings', (t) => {
    t.dropChecks(['settings_early_departure_charge_check']);
    t.dropColumn('early_departure_charge');
  });
  await knex.raw('ALTER TABLE guests DROP CONSTRAINT guests_contact_check');
  await knex.raw('DROP INDEX guests_phone_key_no_email_unique');
  await knex.raw('DROP INDEX guests_phone_key_idx');
  await knex.raw('ALTER TABLE guests DROP COLUMN phone_key');
  await knex.raw('ALTER TABLE guests ALTER COLUMN email SET NOT NULL');
  await knex.raw('ALTER TABLE bookings ALTER COLUMN guest_email SET NOT NULL');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks([
      'bookings_channel_check',
      'bookings_split_stay_parent_check',
      'bookings_original_check_out_check',
      'bookings_early_departure_credit_check',
      'bookings_night_amounts_check',
    ]);
    t.dropColumns('channel', 'is_split_stay', 'original_check_out_date', 'early_departure_credit', 'night_amounts');
  });
  await knex.raw('DROP TRIGGER bookings_unit_in_service ON bookings');
  await knex.raw('DROP FUNCTION booking_unit_in_service()');
  await knex.schema.dropTable('unit_out_of_order');
  await knex.raw('DROP FUNCTION out_of_order_unit_free()');
  await knex.raw('DROP FUNCTION out_of_order_touch_unit()');
  await knex.schema.alterTable('units', (t) => {
    t.dropChecks(['units_housekeeping_status_check', 'units_housekeeping_note_check']);
    t.dropColumns('housekeeping_status', 'housekeeping_note', 'housekeeping_changed_at', 'housekeeping_changed_by_user_id');
  });
}
