import type { Knex } from 'knex';

/**
 * Channel calendars (iCal) with Booking.com, Airbnb, Expedia and others (docs/design.md,
 * 19. Channel calendars).
 *
 * bookings.channel also takes the channels a calendar feed imports from: a stay blocked by a
 * channel's feed is a booking of that channel (and only feeds write those four values, so the
 * export can leave a channel's own stays out of the feed it reads: no echo).
 *
 * unit_ical_tokens: each unit's general export address (`/ical/units/<unit>/<token>.ics`),
 * for a channel that only reads. Existing units get one here, a unit added later by a trigger,
 * so every unit always has an address (the back office rotates it). The token is kept as text
 * because the back office shows the address to copy; the export compares it in constant time.
 * gen_random_uuid() draws from a strong random source: two of them are 244 random bits.
 *
 * channel_feeds: a channel's calendar of one unit that the lodge imports (url), with the
 * export token that channel is given (its own address, so the export knows who asks), the
 * state of the last fetch and how many empty answers came in a row (an empty feed that had
 * events cancels only on the second).
 *
 * channel_feed_events: one row per event of a feed's last good fetch: the blocking booking it
 * keeps (booking_id) or, when a live stay or an out-of-order period was in the way, the clash
 * (clash_with names the other side; clash_booking_id when it is a booking).
 */
const CHANNELS = "('Booking.com', 'Airbnb', 'Expedia', 'Other')";
const TOKEN = "replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')";

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE bookings DROP CONSTRAINT bookings_channel_check');
  await knex.raw(
    "ALTER TABLE bookings ADD CONSTRAINT bookings_channel_check CHECK (channel IS NULL OR channel IN ('Walk-in', 'Phone', 'E-mail', 'Website', 'Booking.com', 'Airbnb', 'Expedia', 'Other'))",
  );

  await knex.schema.createTable('unit_ical_tokens', (t) => {
    t.uuid('unit_id').primary().references('id').inTable('units').onDelete('CASCADE');
    t.text('token').notNullable().unique();
    t.timestamp('rotated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('length(token) >= 32', [], 'unit_ical_tokens_token_check');
  });
  await knex.raw(`INSERT INTO unit_ical_tokens (unit_id, token) SELECT id, ${TOKEN} FROM units`);
  await knex.raw(`
    CREATE FUNCTION unit_ical_token_for_new_unit() RETURNS trigger AS $$
    BEGIN
      INSERT INTO unit_ical_tokens (unit_id, token) VALUES (NEW.id, ${TOKEN});
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
  await knex.raw('CREATE TRIGGER units_ical_token AFTER INSERT ON units FOR EACH ROW EXECUTE FUNCTION unit_ical_token_for_new_unit()');

  await knex.schema.createTable('channel_feeds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('unit_id').notNullable().references('id').inTable('units').onDelete('CASCADE');
    t.text('channel').notNullable();
    t.text('url').notNullable();
    t.text('export_token').notNullable().unique();
    t.timestamp('last_attempt_at', { useTz: true }).nullable();
    t.timestamp('last_success_at', { useTz: true }).nullable();
    t.text('last_error').nullable();
    t.integer('event_count').notNullable().defaultTo(0);
    t.integer('empty_fetches').notNullable().defaultTo(0);
    t.uuid('created_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    // touch_row() (the first migration's) keeps version, change_seq and updated_at.
    t.integer('version').notNullable().defaultTo(1);
    t.bigInteger('change_seq').notNullable().defaultTo(knex.raw("nextval('change_seq')"));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['unit_id', 'channel'], { indexName: 'channel_feeds_unit_channel_unique' });
    t.check(`channel IN ${CHANNELS}`, [], 'channel_feeds_channel_check');
    t.check('length(url) BETWEEN 1 AND 2000', [], 'channel_feeds_url_check');
    t.check('length(export_token) >= 32', [], 'channel_feeds_export_token_check');
    t.check('event_count >= 0 AND empty_fetches >= 0', [], 'channel_feeds_counts_check');
  });
  await knex.raw('CREATE TRIGGER channel_feeds_touch BEFORE UPDATE ON channel_feeds FOR EACH ROW EXECUTE FUNCTION touch_row()');

  await knex.schema.createTable('channel_feed_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('feed_id').notNullable().references('id').inTable('channel_feeds').onDelete('CASCADE');
    t.text('uid').notNullable();
    t.text('summary').notNullable();
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    t.uuid('booking_id').nullable().references('id').inTable('bookings').onDelete('SET NULL');
    t.text('clash_with').nullable();
    t.uuid('clash_booking_id').nullable().references('id').inTable('bookings').onDelete('SET NULL');
    t.timestamp('clash_found_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['feed_id', 'uid'], { indexName: 'channel_feed_events_feed_uid_unique' });
    t.check('end_date > start_date', [], 'channel_feed_events_dates_check');
    t.check('booking_id IS NULL OR clash_with IS NULL', [], 'channel_feed_events_block_or_clash_check');
  });
  await knex.raw('CREATE INDEX channel_feed_events_booking_idx ON channel_feed_events (booking_id) WHERE booking_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('channel_feed_events');
  await knex.schema.dropTable('channel_feeds');
  await knex.raw('DROP TRIGGER units_ical_token ON units');
  await knex.raw('DROP FUNCTION unit_ical_token_for_new_unit()');
  await knex.schema.dropTable('unit_ical_tokens');
  await knex('bookings').whereIn('channel', ['Booking.com', 'Airbnb', 'Expedia', 'Other']).update({ channel: null });
  await knex.raw('ALTER TABLE bookings DROP CONSTRAINT bookings_channel_check');
  await knex.raw("ALTER TABLE bookings ADD CONSTRAINT bookings_channel_check CHECK (channel IS NULL OR channel IN ('Walk-in', 'Phone', 'E-mail', 'Website'))");
}
