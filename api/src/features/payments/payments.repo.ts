import type { Knex } from 'knex';
import { centsToDecimalText, centsToRand, randToCents } from '../../../../shared/domain/money.js';
import type { LedgerEntry, LedgerEntryStatus, LedgerEntryType } from '../../../../shared/domain/payment-ledger.js';
import type { PaymentTransaction } from '../../../../shared/contracts/payments.js';

type Db = Knex | Knex.Transaction;

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
 * Paystack transaction with that amount. A booking with several card charges has a refund row
 * per charge, each naming its transaction; a row naming none (recorded before refunds named
 * their charge) may still match.
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
    .andWhere((w) =>
      w.whereRaw(`r.provider_data->>'transactionReference' = ?`, [transactionReference]).orWhereRaw(`r.provider_data->>'transactionReference' IS NULL`),
    )
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

// ---- EFT refunds owed (a guest cancelled a booking paid by EFT; the lodge pays it by hand)

export const EFT_OWED_SUBTYPE = 'eft-owed';

/** Refunds owed by EFT and not yet paid, oldest first, with their booking's reference and guest. */
export async function listEftRefundsOwed(
  db: Db,
): Promise<{ id: string; booking_id: string; reference: string; guest_name: string; amount: string; created_at: Date }[]> {
  return db('payment_transactions as r')
    .join('bookings as b', 'b.id', 'r.booking_id')
    .select('r.id', 'r.booking_id', 'b.reference', 'b.guest_name', 'r.amount', 'r.created_at')
    .where({ 'r.type': 'refund', 'r.subtype': EFT_OWED_SUBTYPE, 'r.status': 'pending' })
    .orderBy([{ column: 'r.created_at' }, { column: 'r.id' }]);
}
