import { describe, expect, it } from 'vitest';
import type { PaymentTransaction } from '@shared/contracts/payments.js';
import { paymentBadgeColours } from '@/components/payment-status-badge.js';
import { transactionsCsv } from './payment-words.js';

const GREEN = { bg: '#dcfce7', fg: '#14532d' };
const YELLOW = { bg: '#fef9c3', fg: '#713f12' };
const RED = { bg: '#fee2e2', fg: '#7f1d1d' };
const ORANGE = { bg: '#ffedd5', fg: '#7c2d12' };
const GREY = { bg: '#e5e7eb', fg: '#1f2937' };

describe('payment badge colours (docs/product.md, Statuses)', () => {
  it('paid/completed green, pending yellow, failed/refunded red, partial refund orange, other grey', () => {
    expect(['Paid', 'completed', 'success'].map(paymentBadgeColours)).toEqual([GREEN, GREEN, GREEN]);
    expect(paymentBadgeColours('Pending')).toEqual(YELLOW);
    expect(['Failed', 'Refunded'].map(paymentBadgeColours)).toEqual([RED, RED]);
    expect(['Partially Refunded', 'partial_refund'].map(paymentBadgeColours)).toEqual([ORANGE, ORANGE]);
    expect(['Deposit Paid', 'processing', 'needs-attention'].map(paymentBadgeColours)).toEqual([GREY, GREY, GREY]);
  });

  it('a missing status is Pending: yellow', () => {
    expect(paymentBadgeColours(null)).toEqual(YELLOW);
    expect(paymentBadgeColours(undefined)).toEqual(YELLOW);
  });
});

const tx = (overrides: Partial<PaymentTransaction>): PaymentTransaction => ({
  id: 't1',
  type: 'payment',
  subtype: 'card',
  status: 'success',
  description: 'Card payment',
  gatewayReference: 'LDG-1',
  amount: 3000,
  createdAt: '2026-03-02T08:05:00.000Z',
  ...overrides,
});

describe('transactions', () => {
  it('exports the list as CSV, amounts signed, a formula-looking description defused', () => {
    const csv = transactionsCsv([
      tx({}),
      tx({ id: 't2', type: 'refund', status: 'pending', description: 'Partial refund via Paystack', gatewayReference: null, amount: -500.5, createdAt: '2026-03-03T09:00:00.000Z' }),
      tx({ id: 't3', type: 'discount', subtype: 'promo', description: '=SUM(A1)', gatewayReference: null, amount: -250 }),
    ]);
    expect(csv).toBe(
      [
        'Date (SAST),Type,Method,Status,Description,Gateway Reference,Amount (R)',
        '2026-03-02 10:05,Payment,Card,Completed,Card payment,LDG-1,3000',
        '2026-03-03 11:00,Refund,Card,Pending,Partial refund via Paystack,,-500.5',
        "2026-03-02 10:05,Discount,Promo code,Completed,'=SUM(A1),,-250",
        '',
      ].join('\r\n'),
    );
  });
});
