import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PromoCode, PromoCodeRequest, RateOverrideRequest } from './rates.js';

const TYPE = '9b2f8c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b';

function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('RateOverrideRequest', () => {
  const form = { accommodationTypeId: TYPE, startDate: '2026-12-15', endDate: '2027-01-05', weekdayRate: 1800, weekendRate: '', minLengthOfStay: 3 };

  it('accepts the form; an empty rate keeps the base (null)', () => {
    expect(RateOverrideRequest.parse(form)).toEqual({ ...form, weekendRate: null, eventId: null });
  });

  it('defaults the minimum stay to 1', () => {
    const { minLengthOfStay: _, ...withoutMinimum } = form;
    expect(RateOverrideRequest.parse(withoutMinimum).minLengthOfStay).toBe(1);
  });

  it('uses the spec messages', () => {
    expect(issues(RateOverrideRequest, { startDate: '', endDate: '', weekdayRate: -1, weekendRate: -0.5, minLengthOfStay: 0 })).toEqual([
      { path: 'accommodationTypeId', message: 'Accommodation type is required' },
      { path: 'startDate', message: 'Start date is required' },
      { path: 'endDate', message: 'End date is required' },
      { path: 'weekdayRate', message: 'Rate must be positive' },
      { path: 'weekendRate', message: 'Rate must be positive' },
      { path: 'minLengthOfStay', message: 'Minimum stay must be at least 1' },
    ]);
  });

  it('allows a one-day override but not an end before the start', () => {
    expect(RateOverrideRequest.safeParse({ ...form, endDate: '2026-12-15' }).success).toBe(true);
    expect(issues(RateOverrideRequest, { ...form, endDate: '2026-12-14' })).toEqual([
      { path: 'endDate', message: 'End date must be on or after start date' },
    ]);
  });

  it('refuses impossible dates', () => {
    expect(issues(RateOverrideRequest, { ...form, startDate: '2026-02-30' })).toEqual([
      { path: 'startDate', message: 'Date must be a valid date in the format YYYY-MM-DD' },
    ]);
  });
});

describe('PromoCodeRequest', () => {
  const form = { code: ' SUMMER10 ', discountType: 'Percentage', discountValue: 10, expiryDate: '2026-12-31', maxUses: '' };

  it('accepts the form with defaults: both flags true, active, unlimited uses', () => {
    expect(PromoCodeRequest.parse(form)).toEqual({
      code: 'SUMMER10',
      discountType: 'Percentage',
      discountValue: 10,
      expiryDate: '2026-12-31',
      applicableToAccommodation: true,
      applicableToEvents: true,
      maxUses: null,
      isActive: true,
    });
    expect(PromoCodeRequest.parse({ ...form, maxUses: '25' }).maxUses).toBe(25);
    expect(PromoCodeRequest.parse({ ...form, maxUses: 1 }).maxUses).toBe(1);
  });

  it('uses the spec messages', () => {
    expect(issues(PromoCodeRequest, { code: '', discountType: 'Fixed', discountValue: -1, expiryDate: '', maxUses: 0 })).toEqual([
      { path: 'code', message: 'Code is required' },
      { path: 'discountValue', message: 'Discount value must be positive' },
      { path: 'expiryDate', message: 'Expiry date is required' },
      { path: 'maxUses', message: 'Max uses must be at least 1' },
    ]);
    expect(issues(PromoCodeRequest, { ...form, code: 'X'.repeat(51) })).toEqual([{ path: 'code', message: 'Code too long' }]);
    expect(PromoCodeRequest.safeParse({ ...form, code: 'X'.repeat(50) }).success).toBe(true);
  });

  it('caps a percentage at 100 but not a fixed amount', () => {
    expect(issues(PromoCodeRequest, { ...form, discountValue: 100.01 })).toEqual([
      { path: 'discountValue', message: 'Percentage discount cannot be more than 100' },
    ]);
    expect(PromoCodeRequest.safeParse({ ...form, discountValue: 100 }).success).toBe(true);
    expect(PromoCodeRequest.safeParse({ ...form, discountType: 'Fixed', discountValue: 5000 }).success).toBe(true);
  });

  it('refuses other discount types and fractional max uses', () => {
    expect(issues(PromoCodeRequest, { ...form, discountType: 'BOGOF' })).toEqual([
      { path: 'discountType', message: 'Discount type must be Percentage or Fixed' },
    ]);
    expect(issues(PromoCodeRequest, { ...form, maxUses: 1.5 })).toEqual([{ path: 'maxUses', message: 'Max uses must be at least 1' }]);
  });

  it('describes a promo code answer', () => {
    const promo = {
      id: TYPE,
      code: 'SUMMER10',
      discountType: 'Fixed',
      discountValue: 250,
      expiryDate: '2026-12-31',
      applicableToAccommodation: true,
      applicableToEvents: false,
      maxUses: null,
      usedCount: 3,
      isActive: true,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      version: 1,
    };
    expect(PromoCode.parse(promo)).toEqual(promo);
  });
});
