import type { Knex } from 'knex';
import { centsToDecimalText, centsToRand, randToCents } from '../../../../shared/domain/money.js';
import type { LedgerEntry, LedgerEntryStatus, LedgerEntryType } from '../../../../shared/domain/payment-ledger.js';
import type { BookingStatus, PaymentMethod, PaymentStatus } from '../../../../shared/domain/booking-status.js';
import type { PaymentTransaction } from '../../../../shared/contracts/payments.js';
import type { LodgeDetails } from '../email/email.templates.js';

type Db = Knex | Knex.Transaction;

// ---- settings (the payment provider's keys and the lodge details the e-mails carry)

export interface PaymentSettings {
  publicKey: string | null;
  secretKey: string | null;
  allowCardPayments: boolean;
  lodge: LodgeDetails;
}

export async function getPaymentSettings(db: Db): Promise<PaymentSettings> {
  const row = await db('settings')
    .where({ id: 1 })
    .first(
      'paystack_public_key',
      'paystack_secret_key',
      'allow_card_payments',
      'lodge_name',
      'contact_email',
      'contact_phone',
      'address',
    );
  if (!row) throw new Error('settings row missing: migrations not run?');
  const key = (v: string | null) => (v && v.trim() ? v.trim() : null);
  return {
    publicKey: key(row.paystack_public_key),
    secretKey: key(row.paystack_secret_key),
    allowCardPayments: row.allow_card_payments,
    lodge: {
      lodgeName: row.lodge_name,
      contactEmail: row.contact_email,
      contactPhone: row.contact_phone,
      address: row.address,
    },
  };
}

// ---- bookings, as the payment side sees them

interface PaymentBookingRow {
  id: string;
  reference: string;
  unit_id: string | null;
  parent_booking_id: string | null;
  guest_name: string;
  guest_email: string;
  check_in_date: string;
  check_out_date: string;
  number_of_guests: number;
  status: BookingStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  payment_verified: boolean;
  paystack_reference: string | null;
  total_amount: string;
  hold_expires_at: Date | null;
  cancelled_at: Date | null;
  version: number;
  accommodation_name: string;
}

export interface PaymentBooking {
  id: string;
  reference: string;
  unitId: string | null;
  parentBookingId: string | null;
  guestName: string;
  guestEmail: string;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  paymentVerified: boolean;
  paystackReference: string | null;
  totalCents: number;
  holdExpiresAt: Date | null;
  cancelledAt: Date | null;
  version: number;
  /** The unit's name, or the type's for a booking without a unit (the entire lodge). */
  accommodationName: string;
}

const toPaymentBooking = (r: PaymentBookingRow): PaymentBooking => ({
  id: r.id,
  reference: r.reference,
  unitId: r.unit_id,
  parentBookingId: r.parent_booking_id,
  guestName: r.guest_name,
  guestEmail: r.guest_email,
  checkInDate: r.check_in_date,
  checkOutDate: r.check_out_date,
  numberOfGuests: r.number_of_guests,
  status: r.status,
  paymentStatus: r.payment_status,
  paymentMethod: r.payment_method,
  paymentVerified: r.payment_verified,
  paystackReference: r.paystack_reference,
  totalCents: randToCents(r.total_amount),
  holdExpiresAt: r.hold_expires_at ? new Date(r.hold_expires_at) : null,
  cancelledAt: r.cancelled_at ? new Date(r.cancelled_at) : null,
  version: r.version,
  accommodationName: r.accommodation_name,
});

/**
 * One booking by id or by its Paystack reference. forUpdate locks the row until the
 * transaction ends: verify, the webhook and refunds for one booking take turns.
 */
export async function findPaymentBooking(
  db: Db,
  by: { id: string } | { paystackReference: string },
  opts: { forUpdate?: boolean } = {},
): Promise<PaymentBooking | undefined> {
  const q = db('bookings as b')
    .leftJoin('units as u', 'u.id', 'b.unit_id')
    .join('accommodation_types as t', 't.id', 'b.accommodation_type_id')
    .select<PaymentBookingRow[]>(
      'b.id',
      'b.reference',
      'b.unit_id',
      'b.parent_booking_id',
      'b.guest_name',
      'b.guest_email',
      'b.check_in_date',
      'b.check_out_date',
      'b.number_of_guests',
      'b.status',
      'b.payment_status',
      'b.payment_method',
      'b.payment_verified',
      'b.paystack_reference',
      'b.total_amount',
      'b.hold_expires_at',
      'b.cancelled_at',
      'b.version',
      db.raw('coalesce(u.name, t.name) as accommodation_name'),
    );
  if ('id' in by) q.where('b.id', by.id);
  else q.where('b.paystack_reference', by.paystackReference);
  if (opts.forUpdate) q.forUpdate('b');
  const row = await q.first();
  return row ? toPaymentBooking(row) : undefined;
}

/** Sets the Paystack reference of a booking that has none yet; false when it already had one. */
export async function setPaystackReference(db: Db, bookingId: string, reference: string): Promise<boolean> {
  const n = await db('bookings').where({ id: bookingId }).whereNull('paystack_reference').update({ paystack_reference: reference });
  return n === 1;
}

/**
 * Cancels a booking that is still Provisional and unpaid, with its entire-lodge children:
 * the units are free again at once. The number of rows cancelled (0: it had moved on).
 */
export async function cancelUnpaidProvisional(db: Db, bookingId: string, reason: string, at: Date): Promise<number> {
  return db('bookings')
    .where((q) => q.where('id', bookingId).orWhere('parent_booking_id', bookingId))
    .andWhere({ status: 'Provisional', payment_status: 'Pending' })
    .update({ status: 'Cancelled', cancelled_at: at, cancellation_reason: reason, hold_expires_at: null });
}

/**
 * A verified payment confirms a booking that is `fromStatus` (Provisional, or Cancelled for a
 * late payment), with its entire-lodge children. Reinstating a Cancelled booking can hit the
 * exclusion constraint (23P01) when its unit has been taken meanwhile: run it in a savepoint.
 */
export async function confirmPaidBooking(db: Db, bookingId: string, fromStatus: BookingStatus): Promise<number> {
  return db('bookings')
    .where((q) => q.where('id', bookingId).orWhere('parent_booking_id', bookingId))
    .andWhere('status', fromStatus)
    .update({
      status: 'Confirmed',
      payment_status: 'Paid',
      payment_verified: true,
      hold_expires_at: null,
      ...(fromStatus === 'Cancelled' ? { cancelled_at: null, cancellation_reason: null } : {}),
    });
}

/** Records that the money arrived without touching the booking's status. */
export async function markBookingPaid(db: Db, bookingId: string): Promise<void> {
  await db('bookings')
    .where((q) => q.where('id', bookingId).orWhere('parent_booking_id', bookingId))
    .update({ payment_status: 'Paid', payment_verified: true });
}

export async function setPaymentStatus(db: Db, bookingId: string, paymentStatus: PaymentStatus): Promise<void> {
  await db('bookings')
    .where((q) => q.where('id', bookingId).orWhere('parent_booking_id', bookingId))
    .update({ payment_status: paymentStatus });
}

// ---- the payment ledger

interface LedgerRow {
  id: string;
  booking_id: string;
  type: LedgerEntryType;
  subtype: string;
  status: LedgerEntryStatus;
  amount: string;
  currency: string;
  description: string;
  gateway_reference: string | null;
  reason: string | null;
  provider_data: unknown;
  created_by_user_id: string | null;
  created_at: Date;
  version: number;
}

export interface LedgerRecord extends LedgerEntry {
  id: string;
  bookingId: string;
  subtype: string;
  currency: string;
  description: string;
  gatewayReference: string | null;
  reason: string | null;
  providerData: unknown;
  createdByUserId: string | null;
  createdAt: Date;
  version: number;
}

const toLedgerRecord = (r: LedgerRow): LedgerRecord => ({
  id: r.id,
  bookingId: r.booking_id,
  type: r.type,
  subtype: r.subtype,
  status: r.status,
  amountCents: randToCents(r.amount),
  currency: r.currency,
  description: r.description,
  gatewayReference: r.gateway_reference,
  reason: r.reason,
  providerData: r.provider_data,
  createdByUserId: r.created_by_user_id,
  createdAt: new Date(r.created_at),
  version: r.version,
});

/** A ledger row as the API sends it: rand, signed. */
export const toPaymentTransaction = (e: LedgerRecord): PaymentTransaction => ({
  id: e.id,
  type: e.type,
  subtype: e.subtype,
  status: e.status,
  description: e.description,
  gatewayReference: e.gatewayReference,
  amount: centsToRand(e.amountCents),
  createdAt: e.createdAt.toISOString(),
});

export interface NewLedgerEntry {
  bookingId: string;
  type: LedgerEntryType;
  subtype: string;
  status: LedgerEntryStatus;
  /** Signed cents. */
  amountCents: number;
  description: string;
  gatewayReference?: string | null;
  reason?: string | null;
  providerData?: unknown;
  createdByUserId?: string | null;
}

/**
 * Inserts a ledger row. undefined when a row with the same gateway reference and type exists
 * already (the partial unique indexes): verify and the webhook racing for one charge record it
 * once, whoever comes second gets nothing back.
 */
export async function insertLedgerEntry(db: Db, e: NewLedgerEntry): Promise<LedgerRecord | undefined> {
  const result = await db.raw<{ rows: LedgerRow[] }>(
    `INSERT INTO payment_transactions
       (booking_id, type, subtype, status, amount, currency, description, gateway_reference, reason, provider_data, created_by_user_id)
     VALUES (?, ?, ?, ?, ?, 'ZAR', ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING
     RETURNING *`,
    [
      e.bookingId,
      e.type,
      e.subtype,
      e.status,
      centsToDecimalText(e.amountCents),
      e.description,
      e.gatewayReference ?? null,
      e.reason ?? null,
      e.providerData === undefined ? null : JSON.stringify(e.providerData),
      e.createdByUserId ?? null,
    ],
  );
  const row = result.rows[0];
  return row ? toLedgerRecord(row) : undefined;
}

export async function listLedger(db: Db, bookingId: string): Promise<LedgerRecord[]> {
  const rows = await db<LedgerRow>('payment_transactions')
    .where({ booking_id: bookingId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return rows.map(toLedgerRecord);
}

export async function findPaymentEntryByGatewayReference(db: Db, reference: string): Promise<LedgerRecord | undefined> {
  const row = await db<LedgerRow>('payment_transactions').where({ type: 'payment', gateway_reference: reference }).first();
  return row ? toLedgerRecord(row) : undefined;
}

export async function findRefundEntryById(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<LedgerRecord | undefined> {
  const q = db<LedgerRow>('payment_transactions').where({ id, type: 'refund' });
  if (opts.forUpdate) q.forUpdate();
  const row = await q.first();
  return row ? toLedgerRecord(row) : undefined;
}

export async function findRefundEntryByGatewayReference(
  db: Db,
  refundId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<LedgerRecord | undefined> {
  const q = db<LedgerRow>('payment_transactions').where({ type: 'refund', gateway_reference: refundId });
  if (opts.forUpdate) q.forUpdate();
  const row = await q.first();
  return row ? toLedgerRecord(row) : undefined;
}

/**
 * A refund event that carries no refund id we know: the oldest refund still open for that
 * Paystack transaction with that amount.
 */
export async function findOpenRefundEntryForTransaction(
  db: Db,
  transactionReference: string,
  amountCents: number,
  opts: { forUpdate?: boolean } = {},
): Promise<LedgerRecord | undefined> {
  const q = db<LedgerRow>('payment_transactions as r')
    .select('r.*')
    .where('r.type', 'refund')
    .whereIn('r.status', ['pending', 'processing', 'needs-attention'])
    .andWhere('r.amount', centsToDecimalText(-amountCents))
    .whereExists((sub) =>
      sub
        .select(db.raw('1'))
        .from('payment_transactions as p')
        .whereRaw('p.booking_id = r.booking_id')
        .andWhere('p.type', 'payment')
        .andWhere('p.gateway_reference', transactionReference),
    )
    .orderBy([{ column: 'r.created_at' }, { column: 'r.id' }]);
  if (opts.forUpdate) q.forUpdate('r');
  const row = await q.first();
  return row ? toLedgerRecord(row as LedgerRow) : undefined;
}

export async function updateLedgerEntry(
  db: Db,
  id: string,
  patch: { status?: LedgerEntryStatus; gatewayReference?: string | null; providerData?: unknown },
): Promise<LedgerRecord> {
  const [row] = await db<LedgerRow>('payment_transactions')
    .where({ id })
    .update({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.gatewayReference !== undefined ? { gateway_reference: patch.gatewayReference } : {}),
      ...(patch.providerData !== undefined ? { provider_data: JSON.stringify(patch.providerData) as unknown } : {}),
    })
    .returning('*');
  return toLedgerRecord(row as LedgerRow);
}
