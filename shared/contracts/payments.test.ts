import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  InitializePaymentRequest,
  InitializePaymentResponse,
  PaymentHistoryQuery,
  PaymentHistoryResponse,
  RefundRequest,
  VerifyPaymentRequest,
} from './payments.js';
import { bookingTargetOf } from './bookings.js';

const UNIT = '9b2f8c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b';
const BOOKING = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const guestData = { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.com', phone: '082 555 0101', address: '' };

function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('InitializePaymentRequest (POST /api/payments/initialize)', () => {
  const bookingData = {
    unitId: UNIT,
    checkInDate: '2026-12-30',
    checkOutDate: '2027-01-02',
    totalAmount: 3325,
    paymentMethod: 'Card',
    specialRequests: '',
  };

  it("accepts the spec client's call", () => {
    const body = InitializePaymentRequest.parse({ bookingData, guestData });
    expect(body.bookingData).toMatchObject({ unitId: UNIT, numberOfGuests: 2, paymentMethod: 'Card', specialRequests: null });
    expect(body.guestData.phone).toBe('082 555 0101');
    expect(bookingTargetOf(body.bookingData)).toEqual({ kind: 'unit', unitId: UNIT });
  });

  it('defaults the method to Card and refuses EFT', () => {
    const { paymentMethod: _, ...withoutMethod } = bookingData;
    expect(InitializePaymentRequest.parse({ bookingData: withoutMethod, guestData }).bookingData.paymentMethod).toBe('Card');
    expect(issues(InitializePaymentRequest, { bookingData: { ...bookingData, paymentMethod: 'EFT' }, guestData })).toEqual([
      { path: 'bookingData.paymentMethod', message: 'Card payments need paymentMethod Card' },
    ]);
  });

  it('refuses check-out before check-in on bookingData.checkOutDate', () => {
    expect(issues(InitializePaymentRequest, { bookingData: { ...bookingData, checkOutDate: '2026-12-29' }, guestData })).toEqual([
      { path: 'bookingData.checkOutDate', message: 'Check-out date must be after check-in date' },
    ]);
  });

  it('needs booking and guest details', () => {
    expect(issues(InitializePaymentRequest, {})).toEqual([
      { path: 'bookingData', message: 'Booking details are required' },
      { path: 'guestData', message: 'Guest details are required' },
    ]);
    expect(issues(InitializePaymentRequest, { bookingData, guestData: { ...guestData, email: 'x' } })).toEqual([
      { path: 'guestData.email', message: 'Valid email is required' },
    ]);
  });

  it('describes the answer the popup needs', () => {
    const answer = { access_code: 'ac_1', reference: 'WL-7KQ3XM-abc', public_key: 'pk_test_1' };
    expect(InitializePaymentResponse.parse(answer)).toEqual(answer);
    expect(InitializePaymentResponse.safeParse({ access_code: 'ac_1' }).success).toBe(false);
  });
});

describe('VerifyPaymentRequest', () => {
  it('takes a Paystack reference', () => {
    expect(VerifyPaymentRequest.parse({ reference: ' WL-7KQ3XM-abc ' })).toEqual({ reference: 'WL-7KQ3XM-abc' });
    expect(issues(VerifyPaymentRequest, {})).toEqual([{ path: 'reference', message: 'Payment reference is required' }]);
    expect(issues(VerifyPaymentRequest, { reference: '../../etc' })).toEqual([{ path: 'reference', message: 'Invalid payment reference' }]);
  });
});

describe('RefundRequest (POST /api/admin/payments/refund)', () => {
  it('takes a full refund without an amount', () => {
    expect(RefundRequest.parse({ bookingId: BOOKING, reason: 'Guest cancelled' })).toEqual({
      bookingId: BOOKING,
      amount: undefined,
      reason: 'Guest cancelled',
    });
    expect(RefundRequest.parse({ bookingId: BOOKING, amount: null }).amount).toBeUndefined();
    expect(RefundRequest.parse({ bookingId: BOOKING, amount: '' }).amount).toBeUndefined();
  });

  it('takes a partial amount above zero', () => {
    expect(RefundRequest.parse({ bookingId: BOOKING, amount: 500.5 }).amount).toBe(500.5);
    expect(RefundRequest.parse({ bookingId: BOOKING, amount: '1' }).amount).toBe(1);
    for (const amount of [0, -5, 'abc']) {
      expect(issues(RefundRequest, { bookingId: BOOKING, amount })).toEqual([
        { path: 'amount', message: 'Refund amount must be greater than R0' },
      ]);
    }
  });

  it('needs the booking', () => {
    expect(issues(RefundRequest, {})).toEqual([{ path: 'bookingId', message: 'Booking is required' }]);
  });
});

describe('payment history', () => {
  it('needs a booking id', () => {
    expect(PaymentHistoryQuery.parse({ bookingId: BOOKING })).toEqual({ bookingId: BOOKING });
    expect(issues(PaymentHistoryQuery, { bookingId: 'x' })).toEqual([{ path: 'bookingId', message: 'Must be a valid id' }]);
  });

  it('describes the answer', () => {
    const answer = {
      summary: { totalPaid: 3325, totalRefunded: 500, totalDiscounts: 175, netAmount: 2825 },
      transactions: [
        { id: 't1', type: 'payment', subtype: 'card', status: 'success', description: 'Card payment', gatewayReference: 'WL-7KQ3XM-abc', amount: 3325, createdAt: '2026-12-01T10:00:00.000Z' },
        { id: 't2', type: 'refund', subtype: 'card', status: 'pending', description: 'Refund', gatewayReference: null, amount: -500, createdAt: '2026-12-02T10:00:00.000Z' },
      ],
    };
    expect(PaymentHistoryResponse.parse(answer)).toEqual(answer);
    expect(PaymentHistoryResponse.safeParse({ ...answer, transactions: [{ ...answer.transactions[0], type: 'gift' }] }).success).toBe(false);
  });
});
