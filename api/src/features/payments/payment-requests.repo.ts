import type { DbOrTx, Tx } from '../../db/transaction.js';
import { centsToDecimalText, randToCents } from '../../../../shared/domain/money.js';

/**
 * SQL of payment_requests: a card charge for part of a booking (the guest paying a balance),
 * by its own Paystack reference. The booking's first charge keeps bookings.paystack_reference.
 */

export interface PaymentRequest {
  id: string;
  bookingId: string;
  reference: string;
  amountCents: number;
  source: 'guest-balance';
  createdAt: Date;
}

export async function insertPaymentRequest(trx: Tx, row: { bookingId: string; reference: string; amountCents: number; source: 'guest-balance' }): Promise<PaymentRequest> {
  const [r] = await trx('payment_requests')
    .insert({ booking_id: row.bookingId, reference: row.reference, amount: centsToDecimalText(row.amountCents), source: row.source })
    .returning('*');
  return toPaymentRequest(r);
}

export async function findPaymentRequest(db: DbOrTx, reference: string): Promise<PaymentRequest | undefined> {
  const r = await db('payment_requests').where({ reference }).first();
  return r ? toPaymentRequest(r) : undefined;
}

function toPaymentRequest(r: { id: string; booking_id: string; reference: string; amount: string; source: 'guest-balance'; created_at: Date }): PaymentRequest {
  return { id: r.id, bookingId: r.booking_id, reference: r.reference, amountCents: randToCents(r.amount), source: r.source, createdAt: new Date(r.created_at) };
}
