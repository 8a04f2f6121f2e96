import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { PaymentTransaction } from '@shared/contracts/payments.js';
import type { PaymentStatus } from '@shared/domain/booking-status.js';
import { toCsv } from '@/lib/csv.js';
import { LODGE_TIME_ZONE } from '@/lib/lodge-time.js';

export interface BadgeColours {
  bg: string;
  fg: string;
}

const GREEN = { bg: '#dcfce7', fg: '#14532d' };
const YELLOW = { bg: '#fef9c3', fg: '#713f12' };
const RED = { bg: '#fee2e2', fg: '#7f1d1d' };
const ORANGE = { bg: '#ffedd5', fg: '#7c2d12' };
const GREY = { bg: '#e5e7eb', fg: '#1f2937' };

/**
 * The payment badge (docs/product.md, Statuses): paid/completed green, pending yellow,
 * failed/refunded red, partial refund orange, anything else grey. Booking payment statuses
 * and ledger row statuses share it; a ledger row's 'success' is Paystack's word for
 * completed. Dark text on a light fill of the same hue keeps 4.5:1 contrast.
 */
export function paymentBadgeColours(status: string | null | undefined): BadgeColours {
  switch ((status ?? 'pending').toLowerCase().replace(/[\s-]+/g, '_')) {
    case 'paid':
    case 'completed':
    case 'success':
      return GREEN;
    case 'pending':
      return YELLOW;
    case 'failed':
    case 'refunded':
      return RED;
    case 'partial_refund':
    case 'partially_refunded':
      return ORANGE;
    default:
      return GREY;
  }
}

/** A missing payment status reads as Pending (docs/product.md, Statuses). */
export const paymentStatusLabel = (status: PaymentStatus | null | undefined): PaymentStatus => status ?? 'Pending';

const TYPE_LABELS: Record<PaymentTransaction['type'], string> = { payment: 'Payment', refund: 'Refund', discount: 'Discount' };
const STATUS_LABELS: Record<PaymentTransaction['status'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  success: 'Completed',
  failed: 'Failed',
  'needs-attention': 'Needs attention',
};
const SUBTYPE_LABELS: Record<string, string> = { card: 'Card', eft: 'EFT', cash: 'Cash', promo: 'Promo code', card_discount: 'Card discount' };

export const transactionTypeLabel = (t: PaymentTransaction) => TYPE_LABELS[t.type];
export const transactionStatusLabel = (t: PaymentTransaction) => STATUS_LABELS[t.status];
export const transactionMethodLabel = (t: PaymentTransaction) => SUBTYPE_LABELS[t.subtype] ?? t.subtype;

/** 'Nov 05, 14:30' in lodge time (docs/product.md, Constants and formats: 'MMM dd, HH:mm'). */
export function formatTransactionTime(iso: string): string {
  return format(new TZDate(new Date(iso).getTime(), LODGE_TIME_ZONE), 'MMM dd, HH:mm');
}

export const TRANSACTIONS_CSV_HEADER = ['Date (SAST)', 'Type', 'Method', 'Status', 'Description', 'Gateway Reference', 'Amount (R)'] as const;

/** The transactions list as CSV; amounts signed as on screen (money out negative), in rand. */
export function transactionsCsv(transactions: readonly PaymentTransaction[]): string {
  return toCsv(
    TRANSACTIONS_CSV_HEADER,
    transactions.map((t) => [
      format(new TZDate(new Date(t.createdAt).getTime(), LODGE_TIME_ZONE), 'yyyy-MM-dd HH:mm'),
      transactionTypeLabel(t),
      transactionMethodLabel(t),
      transactionStatusLabel(t),
      t.description,
      t.gatewayReference,
      // A number, not text: a spreadsheet sums it, and the formula guard leaves numbers alone.
      t.amount,
    ]),
  );
}
