import type { Knex } from 'knex';

/**
 * Tax invoices and credit notes (VAT Act section 20).
 *
 * - document_counters: one row per numbering series ('invoice', 'credit_note'). A number is
 *   taken with UPDATE ... RETURNING in the issuing transaction, so the row stays locked until
 *   that transaction ends: concurrent issues queue behind each other, and a rollback gives
 *   the number back (a sequence would skip it, and SARS expects no gaps).
 * - invoices: an issued document with snapshots of everything it shows (the lodge's legal
 *   name, address and VAT number, the guest's name and address, the totals), so a later edit
 *   of the settings or the booking never changes an issued invoice.
 * - invoice_lines: its lines. `folio_key` is the folio line an invoice line covers; a unique
 *   index keeps a folio line on one invoice of its booking only (credit notes are exempt:
 *   they take back money of lines already invoiced).
 * - Triggers refuse every UPDATE and DELETE of invoices and invoice_lines: an issued
 *   document never changes; a mistake is corrected by a credit note.
 * - email_outbox.attachment_invoice_id: the invoice or credit note a message carries as a
 *   PDF, rendered when it is sent.
 *
 * Self-contained: imports nothing but knex types.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE document_counters (
      series text PRIMARY KEY CONSTRAINT document_counters_series_check CHECK (series IN ('invoice', 'credit_note')),
      last_number integer NOT NULL DEFAULT 0 CONSTRAINT document_counters_last_number_check CHECK (last_number >= 0)
    )`);
  await knex.raw(`INSERT INTO document_counters (series, last_number) VALUES ('invoice', 0), ('credit_note', 0)`);

  await knex.raw(`
    CREATE TABLE invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE RESTRICT,
      kind text NOT NULL CONSTRAINT invoices_kind_check CHECK (kind IN ('invoice', 'credit_note')),
      sequence integer NOT NULL CONSTRAINT invoices_sequence_check CHECK (sequence >= 1),
      number text NOT NULL CONSTRAINT invoices_number_unique UNIQUE,
      issue_date date NOT NULL,
      issued_at timestamptz NOT NULL DEFAULT now(),
      booking_reference text NOT NULL,
      lodge_name text NOT NULL,
      lodge_legal_name text,
      lodge_address text,
      lodge_vat_number text,
      vat_registered boolean NOT NULL,
      guest_name text NOT NULL,
      guest_email text NOT NULL,
      guest_address text,
      net_amount numeric(12,2) NOT NULL,
      vat_amount numeric(12,2) NOT NULL,
      total_amount numeric(12,2) NOT NULL,
      credited_invoice_id uuid REFERENCES invoices(id) ON DELETE RESTRICT,
      reason text,
      created_by_user_id uuid,
      created_by_name text,
      CONSTRAINT invoices_kind_sequence_unique UNIQUE (kind, sequence),
      CONSTRAINT invoices_id_booking_kind_unique UNIQUE (id, booking_id, kind),
      CONSTRAINT invoices_number_format_check CHECK (
        (kind = 'invoice' AND number = 'INV-' || lpad(sequence::text, 6, '0'))
        OR (kind = 'credit_note' AND number = 'CN-' || lpad(sequence::text, 6, '0'))
        OR sequence > 999999),
      CONSTRAINT invoices_totals_check CHECK (total_amount = net_amount + vat_amount),
      CONSTRAINT invoices_vat_check CHECK (vat_registered OR vat_amount = 0),
      CONSTRAINT invoices_vat_number_check CHECK (NOT vat_registered OR lodge_vat_number IS NOT NULL),
      CONSTRAINT invoices_credit_note_check CHECK (
        (kind = 'invoice' AND credited_invoice_id IS NULL)
        OR (kind = 'credit_note' AND credited_invoice_id IS NOT NULL AND reason IS NOT NULL AND total_amount > 0))
    )`);
  await knex.raw('CREATE INDEX invoices_booking_idx ON invoices (booking_id, issued_at)');
  await knex.raw('CREATE INDEX invoices_issue_date_idx ON invoices (issue_date, kind, sequence)');
  await knex.raw('CREATE INDEX invoices_credited_idx ON invoices (credited_invoice_id) WHERE credited_invoice_id IS NOT NULL');

  await knex.raw(`
    CREATE TABLE invoice_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      invoice_id uuid NOT NULL,
      booking_id uuid NOT NULL,
      kind text NOT NULL,
      position integer NOT NULL CONSTRAINT invoice_lines_position_check CHECK (position >= 1),
      folio_key text,
      description text NOT NULL CONSTRAINT invoice_lines_description_check CHECK (length(btrim(description)) >= 1),
      quantity numeric(10,2) NOT NULL,
      unit_amount numeric(12,2) NOT NULL,
      amount numeric(12,2) NOT NULL,
      vat_amount numeric(12,2) NOT NULL,
      CONSTRAINT invoice_lines_invoice_fk FOREIGN KEY (invoice_id, booking_id, kind)
        REFERENCES invoices (id, booking_id, kind) ON DELETE RESTRICT,
      CONSTRAINT invoice_lines_position_unique UNIQUE (invoice_id, position)
    )`);
  // A folio line is invoiced once per booking, whatever happens at the same time.
  await knex.raw(
    `CREATE UNIQUE INDEX invoice_lines_folio_key_once ON invoice_lines (booking_id, folio_key)
      WHERE kind = 'invoice' AND folio_key IS NOT NULL`,
  );

  await knex.raw(`
    CREATE FUNCTION refuse_issued_document_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'an issued invoice or credit note never changes (% on %)', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'object_not_in_prerequisite_state';
    END
    $$`);
  for (const table of ['invoices', 'invoice_lines']) {
    await knex.raw(
      `CREATE TRIGGER ${table}_immutable BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_issued_document_change()`,
    );
  }

  await knex.raw('ALTER TABLE email_outbox ADD COLUMN attachment_invoice_id uuid REFERENCES invoices(id) ON DELETE RESTRICT');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE email_outbox DROP COLUMN attachment_invoice_id');
  await knex.raw('DROP TABLE invoice_lines');
  await knex.raw('DROP TABLE invoices');
  await knex.raw('DROP FUNCTION refuse_issued_document_change()');
  await knex.raw('DROP TABLE document_counters');
}
