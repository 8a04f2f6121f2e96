import type { Knex } from 'knex';

/**
 * The register of lodgers (Immigration Act s40, regulation 36), kept within POPIA.
 *
 * register_attachments: a signature image or an ID copy, by the id the device (or the guest's
 * phone) made for it. The bytes are kept encrypted (AES-256-GCM envelope, key derived from
 * SETTINGS_KEY) in `content`; `sha256` is of the plain bytes, so a second upload of the same id
 * can be told apart from a different file under a reused id. Purged files keep their row with
 * `content` NULL and `purged_at` set, so an entry still says a file existed.
 *
 * register_entries: one per adult guest of a stay, by the id the client made (a retry or the
 * desk's replay of the same entry writes the same row). `captured_by` is 'guest' or 'staff'
 * (then `captured_by_user_id` names who). `deidentified_at` is set by the retention purge or an
 * erasure: the personal fields are blanked and the files deleted, the row (booking, counts,
 * dates) stays so the register still shows that someone stayed.
 *
 * settings: how many months after a stay the register is kept (at least the law's 24), and
 * whether the desk may check a guest in with the register incomplete ('warn', the default, lists
 * it on the dashboard) or not ('refuse').
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('settings', (t) => {
    t.smallint('register_retention_months').notNullable().defaultTo(24);
    t.text('register_check_in_rule').notNullable().defaultTo('warn');
    t.check('register_retention_months BETWEEN 24 AND 120', [], 'settings_register_retention_months_check');
    t.check("register_check_in_rule IN ('warn', 'refuse')", [], 'settings_register_check_in_rule_check');
  });

  await knex.schema.createTable('register_attachments', (t) => {
    t.uuid('id').primary();
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('content_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.text('sha256').notNullable();
    t.specificType('content', 'bytea').nullable();
    t.uuid('uploaded_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('purged_at', { useTz: true }).nullable();
    t.check("kind IN ('signature', 'id-copy')", [], 'register_attachments_kind_check');
    t.check(
      "content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')",
      [],
      'register_attachments_content_type_check',
    );
    t.check('size_bytes BETWEEN 1 AND 10485760', [], 'register_attachments_size_check');
    t.check('(content IS NULL) = (purged_at IS NOT NULL)', [], 'register_attachments_purged_check');
    t.index(['booking_id']);
  });

  await knex.schema.createTable('register_entries', (t) => {
    t.uuid('id').primary();
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.text('full_names').notNullable();
    t.text('surname').notNullable();
    t.text('id_type').notNullable();
    t.text('id_number').notNullable();
    t.text('nationality').notNullable();
    t.text('residence_status').notNullable();
    t.text('home_address').notNullable();
    t.uuid('signature_attachment_id').nullable().references('id').inTable('register_attachments').onDelete('SET NULL');
    t.uuid('id_copy_attachment_id').nullable().references('id').inTable('register_attachments').onDelete('SET NULL');
    t.timestamp('captured_at', { useTz: true }).notNullable();
    t.text('captured_by').notNullable();
    t.uuid('captured_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('deidentified_at', { useTz: true }).nullable();
    t.integer('version').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("id_type IN ('SA ID', 'Passport', 'Other')", [], 'register_entries_id_type_check');
    t.check(
      "residence_status IN ('Citizen', 'Permanent resident', 'Visitor', 'Work or study permit', 'Other')",
      [],
      'register_entries_residence_status_check',
    );
    t.check("captured_by IN ('guest', 'staff')", [], 'register_entries_captured_by_check');
    t.check("captured_by = 'guest' OR captured_by_user_id IS NOT NULL OR deidentified_at IS NOT NULL", [], 'register_entries_staff_check');
    t.index(['booking_id']);
  });
  // The purge looks for entries not yet de-identified; the inspection list searches by ID number.
  await knex.raw('CREATE INDEX register_entries_live_idx ON register_entries (booking_id) WHERE deidentified_at IS NULL');
  await knex.raw('CREATE INDEX register_entries_id_number_idx ON register_entries (id_number)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('register_entries');
  await knex.schema.dropTable('register_attachments');
  await knex.schema.alterTable('settings', (t) => {
    t.dropChecks(['settings_register_retention_months_check', 'settings_register_check_in_rule_check']);
    t.dropColumns('register_retention_months', 'register_check_in_rule');
  });
}
