import type { Knex } from 'knex';
import { mutableColumns, addTouchTrigger } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bookings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // What the guest quotes on the phone and in the EFT payment reference.
    t.text('reference').notNullable().unique();
    // null only for an entire-lodge parent: its children hold the units.
    t.uuid('unit_id').nullable().references('units.id').onDelete('RESTRICT');
    t.uuid('accommodation_type_id').notNullable().references('accommodation_types.id').onDelete('RESTRICT');
    t.uuid('guest_id').notNullable().references('guests.id').onDelete('RESTRICT');
    // Snapshots: the booking shows the name and address it was made with.
    t.text('guest_name').notNullable();
    t.text('guest_email').notNullable();
    t.date('check_in_date').notNullable();
    t.date('check_out_date').notNullable();
    t.integer('number_of_guests').notNullable().defaultTo(1);
    t.text('status')
      .notNullable()
      .checkIn(['Provisional', 'Confirmed', 'Checked-In', 'Checked-Out', 'Cancelled'], 'bookings_status_check');
    t.decimal('total_amount', 12, 2).notNullable();
    t.decimal('discount_amount', 12, 2).notNullable().defaultTo(0);
    t.text('payment_status')
      .notNullable()
      .defaultTo('Pending')
      .checkIn(['Pending', 'Paid', 'Deposit Paid', 'Refunded', 'Partially Refunded', 'Failed'], 'bookings_payment_status_check');
    t.text('payment_method').notNullable().checkIn(['Card', 'EFT', 'Cash'], 'bookings_payment_method_check');
    t.boolean('payment_verified').notNullable().defaultTo(false);
    t.text('paystack_reference').nullable().unique();
    t.uuid('promo_code_id').nullable().references('promo_codes.id').onDelete('SET NULL');
    t.text('special_requests').nullable();
    // An unpaid Provisional booking past this moment is cancelled by the hold-expiry job.
    t.timestamp('hold_expires_at', { useTz: true }).nullable();
    t.uuid('parent_booking_id').nullable().references('bookings.id').onDelete('CASCADE');
    t.boolean('is_entire_lodge_child').notNullable().defaultTo(false);
    t.text('source').notNullable().defaultTo('guest').checkIn(['guest', 'staff'], 'bookings_source_check');
    t.uuid('created_by_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('checked_in_at', { useTz: true }).nullable();
    t.timestamp('checked_out_at', { useTz: true }).nullable();
    t.timestamp('cancelled_at', { useTz: true }).nullable();
    t.text('cancellation_reason').nullable();
    mutableColumns(knex, t);
    t.check('check_out_date > check_in_date', [], 'bookings_dates_check');
    t.check('number_of_guests >= 1', [], 'bookings_guests_check');
    t.check('total_amount >= 0 AND discount_amount >= 0', [], 'bookings_amounts_check');
    t.check('unit_id IS NOT NULL OR parent_booking_id IS NULL', [], 'bookings_child_has_unit');
    t.check('NOT is_entire_lodge_child OR parent_booking_id IS NOT NULL', [], 'bookings_child_has_parent');
  });

  // The invariant the whole product stands on: a unit is never held by two live bookings
  // for overlapping nights. Half-open ranges, so a check-out day can be the next check-in.
  await knex.raw(`
    ALTER TABLE bookings ADD CONSTRAINT bookings_no_double_booking
    EXCLUDE USING gist (unit_id WITH =, daterange(check_in_date, check_out_date, '[)') WITH &&)
    WHERE (unit_id IS NOT NULL AND status IN ('Provisional', 'Confirmed', 'Checked-In'))`);

  await knex.raw('CREATE INDEX bookings_dates_idx ON bookings (check_in_date, check_out_date)');
  await knex.raw('CREATE INDEX bookings_guest_idx ON bookings (guest_id)');
  await knex.raw('CREATE INDEX bookings_parent_idx ON bookings (parent_booking_id)');
  await knex.raw(
    "CREATE INDEX bookings_hold_idx ON bookings (hold_expires_at) WHERE status = 'Provisional' AND hold_expires_at IS NOT NULL",
  );
  await knex.raw('CREATE INDEX bookings_change_seq_idx ON bookings (change_seq)');
  await addTouchTrigger(knex, 'bookings');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bookings');
}
