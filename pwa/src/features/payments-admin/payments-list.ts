import type { Booking } from '@shared/contracts/bookings.js';
import type { PaymentStatus } from '@shared/domain/booking-status.js';

/** 'awaiting': money still owed on a live booking (what "Payment received" is for). */
export type PaymentFilter = PaymentStatus | 'all' | 'awaiting';

const AWAITING: readonly PaymentStatus[] = ['Pending', 'Failed'];

export const isAwaitingPayment = (b: Pick<Booking, 'paymentStatus' | 'status'>) =>
  AWAITING.includes(b.paymentStatus ?? 'Pending') && b.status !== 'Cancelled';

/**
 * The bookings the payments page lists: entire-lodge children (amount 0, paid through their
 * parent) left out, then the payment filter and a case-insensitive search in guest name,
 * e-mail, reference or id; newest check-in first.
 */
export function filterPayments<B extends Booking>(rows: readonly B[], filter: PaymentFilter, search: string): B[] {
  const q = search.trim().toLowerCase();
  return rows
    .filter((b) => !b.isEntireLodgeChild)
    .filter((b) => (filter === 'all' ? true : filter === 'awaiting' ? isAwaitingPayment(b) : (b.paymentStatus ?? 'Pending') === filter))
    .filter(
      (b) =>
        !q ||
        b.guestName.toLowerCase().includes(q) ||
        (b.guestEmail ?? '').toLowerCase().includes(q) ||
        b.reference.toLowerCase().includes(q) ||
        b.id.toLowerCase().includes(q),
    )
    .sort((a, b) => b.checkInDate.localeCompare(a.checkInDate) || a.id.localeCompare(b.id));
}

export interface PaymentCounts {
  awaiting: number;
  paid: number;
  partiallyRefunded: number;
  refunded: number;
}

export function paymentCounts(rows: readonly Booking[]): PaymentCounts {
  const visible = rows.filter((b) => !b.isEntireLodgeChild);
  const count = (s: PaymentStatus) => visible.filter((b) => b.paymentStatus === s).length;
  return { awaiting: visible.filter(isAwaitingPayment).length, paid: count('Paid'), partiallyRefunded: count('Partially Refunded'), refunded: count('Refunded') };
}
