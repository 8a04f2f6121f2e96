import { describe, expect, it } from 'vitest';
import { quoteStay } from '../domain/pricing.js';
import { CalculateRateRequest, CalculateRateResponse, toCalculateRateResponse } from './pricing.js';

const TYPE = '9b2f8c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b';

describe('CalculateRateRequest (POST /api/calculate-rate)', () => {
  it('accepts the call with an optional promo code', () => {
    expect(CalculateRateRequest.parse({ accommodationTypeId: TYPE, checkIn: '2026-12-30', checkOut: '2027-01-02', promoCode: 'SUMMER10' })).toEqual({
      accommodationTypeId: TYPE,
      checkIn: '2026-12-30',
      checkOut: '2027-01-02',
      promoCode: 'SUMMER10',
    });
    expect(CalculateRateRequest.parse({ accommodationTypeId: TYPE, checkIn: '2026-12-30', checkOut: '2027-01-02', promoCode: '' }).promoCode).toBeUndefined();
  });

  it('refuses check-out before check-in with the spec message', () => {
    const result = CalculateRateRequest.safeParse({ accommodationTypeId: TYPE, checkIn: '2026-12-30', checkOut: '2026-12-01' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['checkOut', 'Check-out date must be after check-in date']]);
  });
});

describe('toCalculateRateResponse', () => {
  const result = quoteStay({
    type: { baseWeekdayRateCents: 100_000, baseWeekendRateCents: 150_050 },
    overrides: [],
    checkIn: '2026-12-30',
    checkOut: '2027-01-02',
    promo: {
      code: 'x',
      rule: { id: 'p', code: 'SUMMER10', discountType: 'Percentage', percent: 10, isActive: true, expiryDate: '2026-12-31', maxUses: null, usedCount: 0, applicableToAccommodation: true },
    },
    cardDiscountPercent: 5,
    today: '2026-12-01',
  });
  if (!result.ok) throw new Error('quote failed');

  it('gives money in rand and names each night', () => {
    const answer = toCalculateRateResponse(result.quote);
    expect(answer).toEqual({
      totalAmount: 3150.45,
      cardTotal: 2993,
      amountDue: 3150.45,
      breakdown: {
        nights: [
          { date: '2026-12-30', kind: 'weekday', rate: 1000 },
          { date: '2026-12-31', kind: 'weekday', rate: 1000 },
          { date: '2027-01-01', kind: 'weekend', rate: 1500.5 },
        ],
        nightCount: 3,
        subtotal: 3500.5,
        promoDiscount: 350.05,
        cardDiscount: 157.45,
        totalAmount: 3150.45,
        cardTotal: 2993,
        minimumStay: 1,
        promoCode: 'SUMMER10',
      },
    });
    expect(CalculateRateResponse.parse(answer)).toEqual(answer);
  });

  it('names the card total as the amount due for Card', () => {
    expect(toCalculateRateResponse(result.quote, 'Card').amountDue).toBe(2993);
  });
});
