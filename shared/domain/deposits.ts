import { addDays, compareIsoDates, type IsoDate } from './dates.js';
import { percentOfCents } from './money.js';
import type { PaymentStatus } from './booking-status.js';
import { paymentStatusAfterRefund } from './payment-ledger.js';

/**
 * Deposits and balances. A booking made before its balance-due date (check-in less the
 * lodge's balanceDueDays) pays a deposit now (depositPercent of the total, rounded half up to
 * the cent) and the rest by that date; a booking made on or after it pays in full now.
 * depositPercent 100 is "always in full" (the lodge's behaviour before deposits).
 */

export interface DepositSettings {
  /** 1 to 100. */
  depositPercent: number;
  /** Days before check-in the balance is due, 0 to 180. */
  balanceDueDays: number;
}

export interface DepositPlan {
  /** What is due when the booking is made (the card charge, what the EFT hold covers). */
  dueNowCents: number;
  /** The date the rest is due; null when everything is due now. */
  balanceDueDate: IsoDate | null;
}

export function depositPlan(totalCents: number, checkInDate: IsoDate, today: IsoDate, settings: DepositSettings): DepositPlan {
  const dueDate = addDays(checkInDate, -settings.balanceDueDays);
  if (settings.depositPercent >= 100 || totalCents <= 0 || compareIsoDates(today, dueDate) >= 0) {
    return { dueNowCents: totalCents, balanceDueDate: null };
  }
  const deposit = percentOfCents(totalCents, settings.depositPercent);
  if (deposit >= totalCents) return { dueNowCents: totalCents, balanceDueDate: null };
  return { dueNowCents: deposit, balanceDueDate: dueDate };
}

/**
 * The one rule for a booking's payment status from its ledger: refunds under way or done
 * make it Refunded or Partially Refunded; otherwise Paid once the money held covers the
 * total, Deposit Paid while a balance is left, and the status it had (Pending, Failed) while
 * nothing has been paid.
 */
export function paymentStatusFromLedger(
  totalCents: number,
  ledger: { totalPaidCents: number; totalRefundedCents: number },
  current: PaymentStatus,
): PaymentStatus {
  if (ledger.totalRefundedCents > 0) return paymentStatusAfterRefund(ledger.totalPaidCents, ledger.totalRefundedCents);
  if (ledger.totalPaidCents >= totalCents && ledger.totalPaidCents > 0) return 'Paid';
  if (totalCents === 0 && current === 'Pending') return current;
  if (ledger.totalPaidCents > 0) return 'Deposit Paid';
  return current === 'Paid' || current === 'Deposit Paid' ? 'Pending' : current;
}

/** What is left to pay: the total less the money held, never below 0 (nothing for a cancelled stay). */
export function balanceDueCents(totalCents: number, amountPaidCents: number, cancelled: boolean): number {
  if (cancelled) return 0;
  return Math.max(0, totalCents - amountPaidCents);
}

/** A balance that is still owed after its due date (the dashboard's overdue list). */
export function isBalanceOverdue(balanceCents: number, balanceDueDate: IsoDate | null, today: IsoDate): boolean {
  return balanceCents > 0 && balanceDueDate !== null && compareIsoDates(today, balanceDueDate) > 0;
}
