import { centsToRand, sumCents } from './money.js';
import { formatRand } from '../format.js';
import type { PaymentStatus } from './booking-status.js';

/**
 * The payment ledger (payment_transactions): every payment, refund and discount of a
 * booking is one row with a signed amount (positive money in, negative money out or given
 * up). These rules read it for the history summary and to bound refunds.
 */

export const LEDGER_ENTRY_TYPES = ['payment', 'refund', 'discount'] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

export const LEDGER_ENTRY_STATUSES = ['pending', 'processing', 'success', 'failed', 'needs-attention'] as const;
export type LedgerEntryStatus = (typeof LEDGER_ENTRY_STATUSES)[number];

export interface LedgerEntry {
  type: LedgerEntryType;
  status: LedgerEntryStatus;
  /** Signed cents: payments positive, refunds and discounts negative. */
  amountCents: number;
}

export interface LedgerSummary {
  totalPaidCents: number;
  totalRefundedCents: number;
  totalDiscountsCents: number;
  /** Paid less refunded. */
  netAmountCents: number;
}

/**
 * Only successful payments count as paid. A refund counts from the moment it is asked for
 * (pending, processing, needs-attention or done) until it has failed: money promised back
 * must not be refunded twice.
 */
export function summariseLedger(entries: readonly LedgerEntry[]): LedgerSummary {
  const totalPaidCents = sumCents(entries.filter((e) => e.type === 'payment' && e.status === 'success').map((e) => e.amountCents));
  const totalRefundedCents = sumCents(
    entries.filter((e) => e.type === 'refund' && e.status !== 'failed').map((e) => Math.abs(e.amountCents)),
  );
  const totalDiscountsCents = sumCents(
    entries.filter((e) => e.type === 'discount' && e.status !== 'failed').map((e) => Math.abs(e.amountCents)),
  );
  return { totalPaidCents, totalRefundedCents, totalDiscountsCents, netAmountCents: totalPaidCents - totalRefundedCents };
}

export function refundableCents(summary: LedgerSummary): number {
  return Math.max(0, summary.totalPaidCents - summary.totalRefundedCents);
}

export const REFUND_MESSAGES = {
  nothingPaid: 'No payment has been received for this booking, so there is nothing to refund',
  fullyRefunded: 'This booking has already been fully refunded',
  notPositive: 'Refund amount must be greater than R0',
} as const;

export function refundTooLargeMessage(refundableCentsLeft: number): string {
  return `Refund amount cannot be more than ${formatRand(centsToRand(refundableCentsLeft))}, the amount paid less earlier refunds`;
}

/** What the admin refund dialog says for a partial amount out of range (docs/product.md, Payments and refunds). */
export function refundInvalidAmountClientMessage(bookingTotal: number | string): string {
  return `Invalid Amount - Please enter a valid amount between R1 and R${bookingTotal}`;
}

export type RefundCheck = { ok: true; amountCents: number; isFullRefund: boolean } | { ok: false; message: string };

/** A requested refund (undefined: refund everything still refundable) against the ledger. */
export function checkRefundAmount(summary: LedgerSummary, requestedCents?: number): RefundCheck {
  const left = refundableCents(summary);
  if (summary.totalPaidCents <= 0) return { ok: false, message: REFUND_MESSAGES.nothingPaid };
  if (left === 0) return { ok: false, message: REFUND_MESSAGES.fullyRefunded };
  if (requestedCents === undefined) return { ok: true, amountCents: left, isFullRefund: true };
  if (!Number.isSafeInteger(requestedCents) || requestedCents <= 0) return { ok: false, message: REFUND_MESSAGES.notPositive };
  if (requestedCents > left) return { ok: false, message: refundTooLargeMessage(left) };
  return { ok: true, amountCents: requestedCents, isFullRefund: requestedCents === left };
}

/** The booking's payment status once refunds of `totalRefundedCents` are under way. */
export function paymentStatusAfterRefund(totalPaidCents: number, totalRefundedCents: number): PaymentStatus {
  return totalRefundedCents >= totalPaidCents ? 'Refunded' : 'Partially Refunded';
}
