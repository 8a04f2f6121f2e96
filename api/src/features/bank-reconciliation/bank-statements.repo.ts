import type { Knex } from 'knex';
import { centsToDecimalText, randToCents } from '../../../../shared/domain/money.js';

type Db = Knex | Knex.Transaction;

export interface NewStatementLine {
  lineNumber: number;
  date: string;
  description: string;
  amountCents: number;
  fingerprint: string;
  proposedBookingId: string | null;
  matchReason: string | null;
}

export interface StatementLineRecord {
  id: string;
  statementId: string;
  lineNumber: number;
  date: string;
  description: string;
  amountCents: number;
  fingerprint: string;
  proposedBookingId: string | null;
  matchReason: string | null;
  recordedBookingId: string | null;
}

interface LineRow {
  id: string;
  statement_id: string;
  line_number: number;
  line_date: string | Date;
  description: string;
  amount: string;
  fingerprint: string;
  proposed_booking_id: string | null;
  match_reason: string | null;
  recorded_booking_id: string | null;
}

const isoDate = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

const toLine = (r: LineRow): StatementLineRecord => ({
  id: r.id,
  statementId: r.statement_id,
  lineNumber: r.line_number,
  date: isoDate(r.line_date),
  description: r.description,
  amountCents: randToCents(r.amount),
  fingerprint: r.fingerprint,
  proposedBookingId: r.proposed_booking_id,
  matchReason: r.match_reason,
  recordedBookingId: r.recorded_booking_id,
});

export async function insertStatement(
  trx: Knex.Transaction,
  s: { bank: string; fileName: string; uploadedByUserId: string | null; lines: readonly NewStatementLine[] },
): Promise<{ statementId: string; lines: StatementLineRecord[] }> {
  const [{ id }] = await trx('bank_statements')
    .insert({ bank: s.bank, file_name: s.fileName, line_count: s.lines.length, uploaded_by_user_id: s.uploadedByUserId })
    .returning('id');
  const out: StatementLineRecord[] = [];
  for (let i = 0; i < s.lines.length; i += 500) {
    const rows: LineRow[] = await trx('bank_statement_lines')
      .insert(
        s.lines.slice(i, i + 500).map((l) => ({
          statement_id: id,
          line_number: l.lineNumber,
          line_date: l.date,
          description: l.description,
          amount: centsToDecimalText(l.amountCents),
          fingerprint: l.fingerprint,
          proposed_booking_id: l.proposedBookingId,
          match_reason: l.matchReason,
        })),
      )
      .returning('*');
    out.push(...rows.map(toLine));
  }
  out.sort((a, b) => a.lineNumber - b.lineNumber);
  return { statementId: id, lines: out };
}

/** The booking each of these fingerprints was recorded to (any statement). */
export async function findRecorded(db: Db, fingerprints: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < fingerprints.length; i += 1000) {
    const rows: { fingerprint: string; recorded_booking_id: string }[] = await db('bank_statement_lines')
      .whereIn('fingerprint', fingerprints.slice(i, i + 1000))
      .whereNotNull('recorded_booking_id')
      .select('fingerprint', 'recorded_booking_id');
    for (const r of rows) found.set(r.fingerprint, r.recorded_booking_id);
  }
  return found;
}

export async function statementExists(db: Db, id: string): Promise<boolean> {
  return !!(await db('bank_statements').where({ id }).first('id'));
}

export async function findLines(db: Db, statementId: string, ids: readonly string[]): Promise<Map<string, StatementLineRecord>> {
  const rows: LineRow[] = await db('bank_statement_lines').where({ statement_id: statementId }).whereIn('id', ids);
  return new Map(rows.map((r) => [r.id, toLine(r)]));
}

/** Marks the line recorded; false when this bank line (by fingerprint) was recorded already. */
export async function markLineRecorded(trx: Knex.Transaction, lineId: string, bookingId: string, at: Date): Promise<boolean> {
  const result = await trx.raw<{ rowCount: number }>(
    `UPDATE bank_statement_lines SET recorded_booking_id = ?, recorded_at = ?
      WHERE id = ? AND recorded_booking_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM bank_statement_lines o WHERE o.fingerprint = bank_statement_lines.fingerprint AND o.recorded_booking_id IS NOT NULL)`,
    [bookingId, at, lineId],
  );
  return result.rowCount === 1;
}
