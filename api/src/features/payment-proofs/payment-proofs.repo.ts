import type { Knex } from 'knex';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { balanceDueCents } from '../../../../shared/domain/deposits.js';
import type { BookingProof, PaymentsAttentionResponse } from '../../../../shared/contracts/desk-money.js';
import type { ProofContentType } from './proof-file.js';

type Db = Knex | Knex.Transaction;

/** SQL of payment_proofs (owned by the payment-proofs feature). */

interface ProofRow {
  id: string;
  booking_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  status: 'to_check' | 'checked';
  checked_at: Date | null;
  created_at: Date;
  checked_by?: string | null;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

const toProof = (r: ProofRow): BookingProof => ({
  id: r.id,
  fileName: r.file_name,
  contentType: r.content_type,
  sizeBytes: Number(r.size_bytes),
  status: r.status,
  uploadedAt: iso(r.created_at)!,
  checkedAt: iso(r.checked_at),
  checkedBy: r.checked_by ?? null,
});

// The file's bytes stay out of every list: only the download reads them.
const LIST_COLUMNS = ['p.id', 'p.booking_id', 'p.file_name', 'p.content_type', 'p.size_bytes', 'p.status', 'p.checked_at', 'p.created_at'];

export async function insertProof(
  trx: Knex.Transaction,
  row: { bookingId: string; fileName: string; contentType: ProofContentType; content: Buffer; sha256: string; at: Date },
): Promise<BookingProof> {
  const [r] = await trx('payment_proofs')
    .insert({
      booking_id: row.bookingId,
      file_name: row.fileName,
      content_type: row.contentType,
      size_bytes: row.content.length,
      content: row.content,
      sha256: row.sha256,
      created_at: row.at,
    })
    .returning(['id', 'booking_id', 'file_name', 'content_type', 'size_bytes', 'status', 'checked_at', 'created_at']);
  return toProof(r as ProofRow);
}

export async function countProofs(db: Db, bookingId: string): Promise<number> {
  const row = await db('payment_proofs').where({ booking_id: bookingId }).count<{ n: string | number }[]>('* as n').first();
  return Number(row?.n ?? 0);
}

/** A booking's proofs, oldest first, with the name of whoever checked each. */
export async function listProofs(db: Db, bookingId: string): Promise<BookingProof[]> {
  const rows: ProofRow[] = await db('payment_proofs as p')
    .leftJoin('users as u', 'u.id', 'p.checked_by_user_id')
    .select([...LIST_COLUMNS, 'u.username as checked_by'])
    .where('p.booking_id', bookingId)
    .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }]);
  return rows.map(toProof);
}

export async function findProof(db: Db, bookingId: string, proofId: string, opts: { forUpdate?: boolean } = {}): Promise<BookingProof | undefined> {
  const q = db('payment_proofs as p').select(LIST_COLUMNS).where({ 'p.id': proofId, 'p.booking_id': bookingId });
  if (opts.forUpdate) q.forUpdate();
  const row: ProofRow | undefined = await q.first();
  return row ? toProof(row) : undefined;
}

export async function findProofFile(db: Db, bookingId: string, proofId: string): Promise<{ fileName: string; contentType: string; content: Buffer } | undefined> {
  const row = await db('payment_proofs').select('file_name', 'content_type', 'content').where({ id: proofId, booking_id: bookingId }).first();
  return row ? { fileName: row.file_name, contentType: row.content_type, content: Buffer.from(row.content) } : undefined;
}

export async function markChecked(trx: Knex.Transaction, proofId: string, userId: string, at: Date): Promise<void> {
  await trx('payment_proofs').where({ id: proofId }).update({ status: 'checked', checked_by_user_id: userId, checked_at: at });
}

/** Every proof still to check, oldest first, with its booking's reference, guest and balance. */
export async function listProofsToCheck(db: Db): Promise<PaymentsAttentionResponse['proofsToCheck']> {
  const rows: {
    id: string;
    booking_id: string;
    file_name: string;
    created_at: Date;
    reference: string;
    guest_name: string;
    total_amount: string;
    amount_paid: string;
    status: string;
    is_entire_lodge_child: boolean;
  }[] = await db('payment_proofs as p')
    .join('bookings as b', 'b.id', 'p.booking_id')
    .select('p.id', 'p.booking_id', 'p.file_name', 'p.created_at', 'b.reference', 'b.guest_name', 'b.total_amount', 'b.amount_paid', 'b.status', 'b.is_entire_lodge_child')
    .where('p.status', 'to_check')
    .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }]);
  return rows.map((r) => ({
    proofId: r.id,
    bookingId: r.booking_id,
    reference: r.reference,
    guestName: r.guest_name,
    fileName: r.file_name,
    uploadedAt: iso(r.created_at)!,
    balanceDue: r.is_entire_lodge_child ? 0 : centsToRand(balanceDueCents(randToCents(r.total_amount), randToCents(r.amount_paid), r.status === 'Cancelled')),
  }));
}
