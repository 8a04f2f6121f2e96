import { describe, expect, it } from 'vitest';
import {
  checkRefundAmount,
  paymentStatusAfterRefund,
  refundInvalidAmountClientMessage,
  refundableCents,
  summariseLedger,
  type LedgerEntry,
} from './payment-ledger.js';

const paid: LedgerEntry = { type: 'payment', status: 'success', amountCents: 332_500 };
const promo: LedgerEntry = { type: 'discount', status: 'success', amountCents: -35_000 };
const cardDiscount: LedgerEntry = { type: 'discount', status: 'success', amountCents: -17_500 };

describe('summariseLedger', () => {
  it('adds successful payments, live refunds and discounts', () => {
    const entries: LedgerEntry[] = [
      paid,
      promo,
      cardDiscount,
      { type: 'refund', status: 'success', amountCents: -10_000 },
      { type: 'refund', status: 'pending', amountCents: -5_000 },
      { type: 'refund', status: 'failed', amountCents: -99_999 },
      { type: 'payment', status: 'failed', amountCents: 332_500 },
      { type: 'payment', status: 'pending', amountCents: 1_000 },
    ];
    expect(summariseLedger(entries)).toEqual({
      totalPaidCents: 332_500,
      totalRefundedCents: 15_000,
      totalDiscountsCents: 52_500,
      netAmountCents: 317_500,
    });
  });

  it('is all zeros for an empty ledger', () => {
    expect(summariseLedger([])).toEqual({ totalPaidCents: 0, totalRefundedCents: 0, totalDiscountsCents: 0, netAmountCents: 0 });
  });
});

describe('checkRefundAmount', () => {
  const summary = summariseLedger([paid, { type: 'refund', status: 'success', amountCents: -32_500 }]); // R3000 left

  it('refunds everything still refundable when no amount is given', () => {
    expect(refundableCents(summary)).toBe(300_000);
    expect(checkRefundAmount(summary)).toEqual({ ok: true, amountCents: 300_000, isFullRefund: true });
  });

  it('accepts a partial amount up to what is left', () => {
    expect(checkRefundAmount(summary, 100)).toEqual({ ok: true, amountCents: 100, isFullRefund: false });
    expect(checkRefundAmount(summary, 300_000)).toEqual({ ok: true, amountCents: 300_000, isFullRefund: true });
  });

  it('refuses more than was paid less earlier refunds, naming the limit', () => {
    expect(checkRefundAmount(summary, 300_001)).toEqual({
      ok: false,
      message: 'Refund amount cannot be more than R3,000, the amount paid less earlier refunds',
    });
  });

  it('refuses zero and negative amounts', () => {
    expect(checkRefundAmount(summary, 0)).toEqual({ ok: false, message: 'Refund amount must be greater than R0' });
    expect(checkRefundAmount(summary, -100).ok).toBe(false);
  });

  it('refuses when nothing was paid, or everything was refunded already', () => {
    expect(checkRefundAmount(summariseLedger([]))).toEqual({
      ok: false,
      message: 'No payment has been received for this booking, so there is nothing to refund',
    });
    const refunded = summariseLedger([paid, { type: 'refund', status: 'processing', amountCents: -332_500 }]);
    expect(checkRefundAmount(refunded, 100)).toEqual({ ok: false, message: 'This booking has already been fully refunded' });
  });
});

describe('paymentStatusAfterRefund', () => {
  it('is Refunded once everything paid is refunded, otherwise Partially Refunded', () => {
    expect(paymentStatusAfterRefund(332_500, 332_500)).toBe('Refunded');
    expect(paymentStatusAfterRefund(332_500, 100)).toBe('Partially Refunded');
  });
});

describe('refundInvalidAmountClientMessage', () => {
  it('words the admin dialog message as the spec does', () => {
    expect(refundInvalidAmountClientMessage(3325)).toBe('Invalid Amount - Please enter a valid amount between R1 and R3325');
  });
});
