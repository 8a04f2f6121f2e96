import type { DbOrTx, Tx } from '../../db/transaction.js';
import type { BookingStatus, PaymentMethod } from '../../../../shared/domain/booking-status.js';
import type { IsoDate } from '../../../../shared/domain/dates.js';
import { prepared } from '../../db/prepared.js';

/**
 * SQL of the guest's booking page and of payment_reminders (both owned by this feature).
 * The page's read is one statement: the guest opens it on a phone, often on weak signal, and
 * a link answered by five round trips (link, booking, ledger, folio, settings) was a third of
 * the health/db ceiling.
 */

export interface GuestBookingRow {
  tokenHash: string;
  id: string;
  reference: string;
  status: BookingStatus;
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
  accommodationName: string;
  unitName: string | null;
  numberOfGuests: number;
  guestName: string;
  totalAmount: string;
  amountPaid: string;
  balanceDueDate: IsoDate | null;
  paymentMethod: PaymentMethod;
  isEntireLodgeChild: boolean;
  ledger: { type: 'payment' | 'refund'; subtype: string; status: string; amount: string; createdAt: string }[];
  folio: { description: string; amount: string }[];
}

const GUEST_BOOKING_SQL = `
  SELECT l.token_hash, b.id, b.reference, b.status, b.check_in_date, b.check_out_date,
         t.name AS accommodation_name, u.name AS unit_name, b.number_of_guests, b.guest_name,
         b.total_amount, b.amount_paid, b.balance_due_date, b.payment_method, b.is_entire_lodge_child,
         COALESCE((SELECT json_agg(json_build_object('type', p.type, 'subtype', p.subtype, 'status', p.status,
                                                    'amount', p.amount::text, 'createdAt', p.created_at) ORDER BY p.created_at, p.id)
                     FROM payment_transactions p
                    WHERE p.booking_id = b.id
                      AND ((p.type = 'payment' AND p.status = 'success') OR (p.type = 'refund' AND p.status <> 'failed'))), '[]') AS ledger,
         COALESCE((SELECT json_agg(json_build_object('description', f.description, 'amount', f.amount::text) ORDER BY f.charge_date, f.created_at)
                     FROM folio_charges f
                    WHERE f.booking_id = b.id AND f.voided_at IS NULL), '[]') AS folio
    FROM guest_booking_links l
    JOIN bookings b ON b.id = l.booking_id
    JOIN accommodation_types t ON t.id = b.accommodation_type_id
    LEFT JOIN units u ON u.id = b.unit_id
   WHERE l.token_hash = ANY(?::text[]) AND l.expires_at > ?`;

interface RawRow {
  token_hash: string;
  id: string;
  reference: string;
  status: BookingStatus;
  check_in_date: IsoDate;
  check_out_date: IsoDate;
  accommodation_name: string;
  unit_name: string | null;
  number_of_guests: number;
  guest_name: string;
  total_amount: string;
  amount_paid: string;
  balance_due_date: IsoDate | null;
  payment_method: PaymentMethod;
  is_entire_lodge_child: boolean;
  ledger: GuestBookingRow['ledger'] | string;
  folio: GuestBookingRow['folio'] | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The bookings live links' hashes open, with their ledgers and folios, in one statement,
 * answered by hash (a hash no live link has is absent): the guest pages opened together share
 * a round trip (guest-booking.service.ts).
 */
export async function findGuestBookingsByTokenHashes(db: DbOrTx, tokenHashes: readonly string[], now: Date): Promise<Map<string, GuestBookingRow>> {
  // Prepared: planning this statement took longer than running it.
  const result = await prepared('guest_bookings', db.raw<{ rows: RawRow[] }>(GUEST_BOOKING_SQL, [[...tokenHashes], now]));
  return new Map(result.rows.map((r) => [r.token_hash, toGuestBookingRow(r)]));
}

function toGuestBookingRow(r: RawRow): GuestBookingRow {
  return {
    tokenHash: r.token_hash,
    id: r.id,
    reference: r.reference,
    status: r.status,
    checkInDate: r.check_in_date,
    checkOutDate: r.check_out_date,
    accommodationName: r.accommodation_name,
    unitName: r.unit_name,
    numberOfGuests: r.number_of_guests,
    guestName: r.guest_name,
    totalAmount: r.total_amount,
    amountPaid: r.amount_paid,
    balanceDueDate: r.balance_due_date,
    paymentMethod: r.payment_method,
    isEntireLodgeChild: r.is_entire_lodge_child,
    ledger: json(r.ledger),
    folio: json(r.folio),
  };
}

// ---- payment_reminders

export type ReminderKind = 'before_due' | 'on_due';

export interface ReminderCandidate {
  bookingId: string;
  balanceDueDate: IsoDate;
}

/**
 * Bookings with a balance still owed whose due date falls in [from, to], not cancelled and
 * not an entire-lodge child (the parent carries the money).
 */
export async function listBalancesDueBetween(db: DbOrTx, from: IsoDate, to: IsoDate): Promise<ReminderCandidate[]> {
  const rows: { id: string; balance_due_date: IsoDate }[] = await db('bookings')
    .select('id', 'balance_due_date')
    .whereNotNull('balance_due_date')
    .andWhere('balance_due_date', '>=', from)
    .andWhere('balance_due_date', '<=', to)
    .andWhereNot('status', 'Cancelled')
    .andWhere('is_entire_lodge_child', false)
    .andWhereRaw('amount_paid < total_amount')
    .orderBy('balance_due_date');
  return rows.map((r) => ({ bookingId: r.id, balanceDueDate: r.balance_due_date }));
}

/** Claims one reminder: true when this call recorded it (and so must send it), false when it was sent before. */
export async function claimReminder(trx: Tx, row: { bookingId: string; kind: ReminderKind; dueDate: IsoDate; at: Date }): Promise<boolean> {
  const inserted = await trx('payment_reminders')
    .insert({ booking_id: row.bookingId, kind: row.kind, due_date: row.dueDate, sent_at: row.at })
    .onConflict(['booking_id', 'kind', 'due_date'])
    .ignore()
    .returning('booking_id');
  return inserted.length > 0;
}
