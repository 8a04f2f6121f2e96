import type { Knex } from 'knex';

/**
 * Deposits and balances, the guest's own booking page, cancellation policy, EFT proofs and
 * bank reconciliation.
 *
 * settings: the deposit percent (1 to 100; 100 is "pay in full now"), how many days before
 * check-in the balance is due, how many days before that the reminder goes, and the
 * cancellation policy as a JSON array of `{ daysBeforeArrival, refundPercent }` (validated by
 * the API contract; the database insists on an array).
 *
 * bookings: `deposit_amount` (what was due when the booking was made; null on older rows,
 * which were due in full), `balance_due_date` (null when nothing was left to pay later) and
 * `amount_paid`, the money the ledger holds for the booking (successful payments less refunds
 * under way or done). amount_paid is kept by a trigger on payment_transactions, so no writer of
 * the ledger (card, EFT, a staff payment, a refund, the demo seed) can leave it stale. Writing
 * it is an update of the booking like any other (touch_row: version + 1, a new change_seq), so
 * the desk's sync pull sees the money move; a use case that writes the booking and then the
 * ledger re-reads the row before answering.
 *
 * guest_booking_links: the guest's link to their booking. Only a SHA-256 of the token is kept.
 * payment_requests: a card charge for part of a booking (a balance), by its Paystack reference.
 * payment_reminders: each balance reminder sent, once per booking, kind and due date.
 * payment_proofs: proof of an EFT, kept in the database (never a public file), at most 5 MB.
 * bank_statements + bank_statement_lines: uploaded bank exports; a line's fingerprint (date,
 * amount, description and its repeat number in the export) is recorded at most once.
 */
const DEFAULT_POLICY = JSON.stringify([
  { daysBeforeArrival: 30, refundPercent: 100 },
  { daysBeforeArrival: 14, refundPercent: 50 },
  { daysBeforeArrival: 0, refundPercent: 0 },
]);

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('settings', (t) => {
    t.smallint('deposit_percent').notNullable().defaultTo(100);
    t.smallint('balance_due_days').notNullable().defaultTo(30);
    t.smallint('reminder_days').notNullable().defaultTo(7);
    t.jsonb('cancellation_policy').notNullable().defaultTo(knex.raw(`'${DEFAULT_POLICY}'::jsonb`));
    t.check('deposit_percent BETWEEN 1 AND 100', [], 'settings_deposit_percent_check');
    t.check('balance_due_days BETWEEN 0 AND 180', [], 'settings_balance_due_days_check');
    t.check('reminder_days BETWEEN 0 AND 60', [], 'settings_reminder_days_check');
    t.check("jsonb_typeof(cancellation_policy) = 'array'", [], 'settings_cancellation_policy_check');
  });

  await knex.schema.alterTable('bookings', (t) => {
    t.decimal('deposit_amount', 12, 2).nullable();
    t.date('balance_due_date').nullable();
    t.decimal('amount_paid', 12, 2).notNullable().defaultTo(0);
    t.check('deposit_amount IS NULL OR deposit_amount >= 0', [], 'bookings_deposit_amount_check');
  });
  // Balances still to be paid, by due date (the reminder job and the dashboard).
  await knex.raw('CREATE INDEX bookings_balance_due_idx ON bookings (balance_due_date) WHERE balance_due_date IS NOT NULL');

  await knex.raw(`
    CREATE FUNCTION bookings_amount_paid_sync() RETURNS trigger AS $$
    DECLARE paid numeric(12,2);
    BEGIN
      SELECT COALESCE(SUM(CASE
          WHEN p.type = 'payment' AND p.status = 'success' THEN p.amount
          WHEN p.type = 'refund' AND p.status <> 'failed' THEN p.amount
          ELSE 0 END), 0)
        INTO paid FROM payment_transactions p WHERE p.booking_id = NEW.booking_id;
      -- Only a real change writes the booking (a discount row, a status note, leaves it be).
      UPDATE bookings SET amount_paid = paid WHERE id = NEW.booking_id AND amount_paid IS DISTINCT FROM paid;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw(
    'CREATE TRIGGER payment_transactions_amount_paid AFTER INSERT OR UPDATE ON payment_transactions FOR EACH ROW EXECUTE FUNCTION bookings_amount_paid_sync()',
  );
  await knex.raw(`
    UPDATE bookings b SET amount_paid = s.paid FROM (
      SELECT booking_id, SUM(CASE
        WHEN type = 'payment' AND status = 'success' THEN amount
        WHEN type = 'refund' AND status <> 'failed' THEN amount
        ELSE 0 END) AS paid
      FROM payment_transactions GROUP BY booking_id) s
    WHERE s.booking_id = b.id`);

  await knex.schema.createTable('guest_booking_links', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    // Hex SHA-256 of the token; the token itself is only ever in the guest's e-mail.
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['booking_id']);
  });

  await knex.schema.createTable('payment_requests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.text('reference').notNullable().unique();
    t.decimal('amount', 12, 2).notNullable();
    t.text('source').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('amount > 0', [], 'payment_requests_amount_check');
    t.check("source IN ('guest-balance')", [], 'payment_requests_source_check');
    t.index(['booking_id']);
  });

  await knex.schema.createTable('payment_reminders', (t) => {
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.date('due_date').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['booking_id', 'kind', 'due_date']);
    t.check("kind IN ('before_due', 'on_due')", [], 'payment_reminders_kind_check');
  });

  await knex.schema.createTable('payment_proofs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.text('file_name').notNullable();
    t.text('content_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.specificType('content', 'bytea').notNullable();
    t.text('sha256').notNullable();
    t.text('status').notNullable().defaultTo('to_check');
    t.uuid('checked_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('checked_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("content_type IN ('application/pdf', 'image/jpeg', 'image/png')", [], 'payment_proofs_content_type_check');
    t.check('size_bytes BETWEEN 1 AND 5242880', [], 'payment_proofs_size_check');
    t.check("status IN ('to_check', 'checked')", [], 'payment_proofs_status_check');
    t.index(['booking_id']);
  });
  await knex.raw("CREATE INDEX payment_proofs_to_check_idx ON payment_proofs (created_at) WHERE status = 'to_check'");

  await knex.schema.createTable('bank_statements', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('bank').notNullable();
    t.text('file_name').notNullable();
    t.integer('line_count').notNullable();
    t.uuid('uploaded_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('bank_statement_lines', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('statement_id').notNullable().references('id').inTable('bank_statements').onDelete('CASCADE');
    t.integer('line_number').notNullable();
    t.date('line_date').notNullable();
    t.text('description').notNullable();
    t.decimal('amount', 12, 2).notNullable();
    t.text('fingerprint').notNullable();
    t.uuid('proposed_booking_id').nullable().references('id').inTable('bookings').onDelete('SET NULL');
    t.text('match_reason').nullable();
    t.uuid('recorded_booking_id').nullable().references('id').inTable('bookings').onDelete('SET NULL');
    t.timestamp('recorded_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['statement_id', 'line_number']);
    t.index(['fingerprint']);
  });
  // A bank line is recorded once, whichever statement (or overlapping re-upload) it came in.
  await knex.raw(
    'CREATE UNIQUE INDEX bank_statement_lines_recorded_unique ON bank_statement_lines (fingerprint) WHERE recorded_booking_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bank_statement_lines');
  await knex.schema.dropTable('bank_statements');
  await knex.schema.dropTable('payment_proofs');
  await knex.schema.dropTable('payment_reminders');
  await knex.schema.dropTable('payment_requests');
  await knex.schema.dropTable('guest_booking_links');
  await knex.raw('DROP TRIGGER payment_transactions_amount_paid ON payment_transactions');
  await knex.raw('DROP FUNCTION bookings_amount_paid_sync()');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_deposit_amount_check']);
    t.dropColumns('deposit_amount', 'balance_due_date', 'amount_paid');
  });
  await knex.schema.alterTable('settings', (t) => {
    t.dropChecks(['settings_deposit_percent_check', 'settings_balance_due_days_check', 'settings_reminder_days_check', 'settings_cancellation_policy_check']);
    t.dropColumns('deposit_percent', 'balance_due_days', 'reminder_days', 'cancellation_policy');
  });
}
