import { describe, expect, it } from 'vitest';
import { discountEntries, staffPaymentEntry } from './booking-ledger.js';
import type { StayQuote } from '../../../../shared/domain/pricing.js';

const quote = { promoDiscountCents: 20_000, cardDiscountCents: 9_000, promoCode: 'SAFARI10' } as StayQuote;

describe('discountEntries', () => {
  it('a card booking records the promo and the card discount, negative', () => {
    expect(discountEntries('b1', quote, true, 5)).toEqual([
      { bookingId: 'b1', type: 'discount', subtype: 'promo', status: 'success', amountCents: -20_000, description: 'Promo code SAFARI10' },
      { bookingId: 'b1', type: 'discount', subtype: 'card_discount', status: 'success', amountCents: -9_000, description: 'Card payment discount (5%)' },
    ]);
  });

  it('an EFT booking records no card discount; no discount records nothing', () => {
    expect(discountEntries('b1', quote, false, 5).map((e) => e.subtype)).toEqual(['promo']);
    expect(discountEntries('b1', { ...quote, promoDiscountCents: 0, cardDiscountCents: 0 }, true, 5)).toEqual([]);
  });
});

describe('staffPaymentEntry', () => {
  it.each([
    ['EFT', 'eft', 'EFT payment received'],
    ['Cash', 'cash', 'Cash payment received'],
    ['Card', 'card-manual', 'Card payment recorded by staff'],
  ] as const)('%s is recorded as %s', (method, subtype, description) => {
    expect(staffPaymentEntry('b1', method, 150_000, { id: 'u1' })).toEqual({
      bookingId: 'b1',
      type: 'payment',
      subtype,
      status: 'success',
      amountCents: 150_000,
      description,
      createdByUserId: 'u1',
    });
  });
});
