import type { Booking } from '@shared/contracts/bookings.js';
import { formatRandToCent, formatStayDate } from '@shared/format.js';

export interface MoneyLine {
  term: 'Paid' | 'Balance' | 'Balance due';
  value: string;
}

/**
 * What a booking with a deposit or a balance shows staff besides its total: what has been
 * paid, what is left and by when. Nothing for a booking paid in one go (or one stored on the
 * device before the server told it these figures), so those screens read as before.
 */
export function bookingMoneyLines(b: Pick<Booking, 'totalAmount' | 'amountPaid' | 'balanceDue' | 'balanceDueDate' | 'depositAmount'>): MoneyLine[] {
  if (b.amountPaid === undefined || b.balanceDue === undefined) return [];
  const hasDeposit = b.depositAmount != null && b.depositAmount < b.totalAmount;
  if (b.balanceDue <= 0 && !hasDeposit) return [];
  const lines: MoneyLine[] = [
    { term: 'Paid', value: formatRandToCent(b.amountPaid) },
    { term: 'Balance', value: formatRandToCent(b.balanceDue) },
  ];
  if (b.balanceDue > 0 && b.balanceDueDate) lines.push({ term: 'Balance due', value: formatStayDate(b.balanceDueDate) });
  return lines;
}
