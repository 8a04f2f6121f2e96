import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { PaymentTransaction } from '@shared/contracts/payments.js';
import { toCsv } from '@/lib/csv.js';
import { LODGE_TIME_ZONE } from '@/lib/lodge-time.js';

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
