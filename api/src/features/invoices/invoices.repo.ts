import type { Knex } from 'knex';
import type { InvoiceKind } from '../../../../shared/contracts/invoices.js';

type Db = Knex | Knex.Transaction;

export interface InvoiceRow {
  id: string;
  booking_id: string;
  kind: InvoiceKind;
  sequence: number;
  number: string;
  issue_date: string;
  issued_at: Date;
  booking_reference: string;
  lodge_name: string;
  lodge_legal_name: string | null;
  lodge_address: string | null;
  lodge_vat_number: string | null;
  vat_registered: boolean;
  guest_name: string;
  guest_email: string | null;
  guest_address: string | null;
  net_amount: string;
  vat_amount: string;
  total_amount: string;
  credited_invoice_id: string | null;
  reason: string | null;
  created_by_user_id: string | null;
  created_by_name: string | null;
  /** Joined: the credited invoice's number (credit notes). */
  credited_invoice_number: string | null;
  /** Joined: what its credit notes add up to (invoices). */
  credited_total: string;
}

export interface InvoiceLineRow {
  invoice_id: string;
  position: number;
  folio_key: string | null;
  description: string;
  quantity: string;
  unit_amount: string;
  amount: string;
  vat_amount: string;
}

export type NewInvoice = Omit<InvoiceRow, 'id' | 'issued_at' | 'sequence' | 'number' | 'credited_invoice_number' | 'credited_total'>;
export type NewInvoiceLine = Omit<InvoiceLineRow, 'invoice_id' | 'position'>;

const PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/**
 * The next number of a series, taken in the caller's transaction: the counter row stays
 * locked until it commits (concurrent issues wait their turn) and a rollback undoes the
 * increment, so numbers run without gaps or duplicates.
 */
async function takeNumber(trx: Knex.Transaction, series: InvoiceKind): Promise<{ sequence: number; number: string }> {
  const result = await trx.raw<{ rows: { last_number: number }[] }>(
    'UPDATE document_counters SET last_number = last_number + 1 WHERE series = ? RETURNING last_number',
    [series],
  );
  const sequence = Number(result.rows[0].last_number);
  return { sequence, number: `${PREFIX[series]}-${String(sequence).padStart(6, '0')}` };
}

/** Inserts a document with its lines (numbered 1..n) under the next number of its series. */
export async function insertInvoice(trx: Knex.Transaction, invoice: NewInvoice, lines: readonly NewInvoiceLine[]): Promise<string> {
  const { sequence, number } = await takeNumber(trx, invoice.kind);
  const [row]: { id: string }[] = await trx('invoices')
    .insert({ ...invoice, sequence, number })
    .returning('id');
  await trx('invoice_lines').insert(
    lines.map((line, i) => ({ ...line, invoice_id: row.id, booking_id: invoice.booking_id, kind: invoice.kind, position: i + 1 })),
  );
  return row.id;
}

function selectInvoices(db: Db) {
  return db('invoices as i')
    .leftJoin('invoices as c', 'c.id', 'i.credited_invoice_id')
    .select(
      'i.*',
      db.raw("to_char(i.issue_date, 'YYYY-MM-DD') as issue_date"),
      'c.number as credited_invoice_number',
      db.raw("(SELECT coalesce(sum(n.total_amount), 0) FROM invoices n WHERE n.credited_invoice_id = i.id AND n.kind = 'credit_note') as credited_total"),
    );
}

export async function findInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  const row: InvoiceRow | undefined = await selectInvoices(db).where('i.id', id).first();
  return row;
}

export async function listInvoiceLines(db: Db, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db<InvoiceLineRow>('invoice_lines')
    .where({ invoice_id: invoiceId })
    .orderBy('position')
    .select('invoice_id', 'position', 'folio_key', 'description', 'quantity', 'unit_amount', 'amount', 'vat_amount');
}

/** Documents by issue date (inclusive), or one booking's; invoices before credit notes, each by number. */
export async function listInvoices(db: Db, filter: { from?: string; to?: string; bookingId?: string }): Promise<InvoiceRow[]> {
  const q = selectInvoices(db).orderBy([
    { column: 'i.issue_date' },
    { column: 'i.kind', order: 'desc' },
    { column: 'i.sequence' },
  ]);
  if (filter.from) q.where('i.issue_date', '>=', filter.from);
  if (filter.to) q.where('i.issue_date', '<=', filter.to);
  if (filter.bookingId) q.where('i.booking_id', filter.bookingId);
  return q;
}

/**
 * The folio keys a booking's documents cover already: its invoices' lines, and the lines a
 * credit note took in on its own (an early departure's credit of invoiced nights), which no
 * invoice may then take again.
 */
export async function documentedKeys(db: Db, bookingId: string): Promise<Set<string>> {
  const rows: { folio_key: string }[] = await db('invoice_lines')
    .where({ booking_id: bookingId })
    .whereNotNull('folio_key')
    .distinct('folio_key');
  return new Set(rows.map((r) => r.folio_key));
}

/** The invoice line that covers a folio key of a booking, with its invoice's id. */
export async function findInvoicedLine(db: Db, bookingId: string, folioKey: string): Promise<InvoiceLineRow | undefined> {
  const row: InvoiceLineRow | undefined = await db('invoice_lines')
    .where({ booking_id: bookingId, kind: 'invoice', folio_key: folioKey })
    .first('invoice_id', 'position', 'folio_key', 'description', 'quantity', 'unit_amount', 'amount', 'vat_amount');
  return row;
}

/** The guest's postal address (the guest record the booking was made with). */
export async function guestAddress(db: Db, guestId: string): Promise<string | null> {
  const row: { address: string | null } | undefined = await db('guests').where({ id: guestId }).first('address');
  return row?.address ?? null;
}

export async function bookingHasInvoices(db: Db, bookingId: string): Promise<boolean> {
  const row = await db('invoices').where({ booking_id: bookingId }).first('id');
  return !!row;
}
