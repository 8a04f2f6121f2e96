import { describe, expect, it } from 'vitest';
import type { RateOverride } from '@shared/contracts/rates.js';
import { addDays, dayOfWeek } from '@shared/domain/dates.js';
import { makeAccommodationType } from '@/offline/test-support.js';
import { checkPromoCodeForm, checkRateOverrideForm, emptyPromoCodeForm, emptyRateOverrideForm, previewOverride, promoShowsActive, promoStatusLabel } from './rate-forms.js';

const type = makeAccommodationType({ id: '11111111-0000-4000-8000-000000000001', baseWeekdayRate: 1000, baseWeekendRate: 1500 });
const monday = (() => {
  let d = addDays(new Date().toISOString().slice(0, 10), 30);
  while (dayOfWeek(d) !== 1) d = addDays(d, 1);
  return d;
})();
const saved: RateOverride = {
  id: '44444444-0000-4000-8000-000000000001',
  accommodationTypeId: type.id,
  startDate: monday,
  endDate: addDays(monday, 6),
  weekdayRate: 1200,
  weekendRate: null,
  minLengthOfStay: 1,
  eventId: null,
  createdAt: '2020-01-01T08:00:00.000Z',
  updatedAt: '2020-01-01T08:00:00.000Z',
  version: 3,
};
const now = new Date();

describe('override preview', () => {
  it('editing an override: before uses the saved version, after the form in its place (a week: 5 weekday, 2 weekend nights)', () => {
    const form = { ...emptyRateOverrideForm(), accommodationTypeId: type.id, startDate: monday, endDate: addDays(monday, 9), weekdayRate: '900', weekendRate: '2000' };
    expect(previewOverride({ form, editingId: saved.id, type, overrides: [saved], now })).toEqual({
      checkIn: monday,
      checkOut: addDays(monday, 7),
      nights: 7,
      weekendNights: 2,
      before: 5 * 1200 + 2 * 1500,
      after: 5 * 900 + 2 * 2000,
    });
  });

  it('a minimum stay longer than the dates makes the sample stay that long', () => {
    const form = { ...emptyRateOverrideForm(), accommodationTypeId: type.id, startDate: monday, endDate: monday, weekdayRate: '800', minLengthOfStay: '3' };
    expect(previewOverride({ form, type, overrides: [], now })).toMatchObject({ nights: 3, before: 3000, after: 800 + 2 * 1000 });
  });

  it('nothing to show without a type, with the end before the start, or with a bad rate', () => {
    const base = { ...emptyRateOverrideForm(), accommodationTypeId: type.id, startDate: monday, endDate: addDays(monday, 1) };
    expect(previewOverride({ form: base, type: undefined, overrides: [], now })).toBeUndefined();
    expect(previewOverride({ form: { ...base, endDate: addDays(monday, -1) }, type, overrides: [], now })).toBeUndefined();
    expect(previewOverride({ form: { ...base, weekendRate: '-1' }, type, overrides: [], now })).toBeUndefined();
  });
});

describe('form checks', () => {
  it('an override with empty rates keeps the base rates (null) and a minimum stay of 1', () => {
    const form = { ...emptyRateOverrideForm(), accommodationTypeId: type.id, startDate: monday, endDate: monday };
    expect(checkRateOverrideForm(form, 3)).toEqual({
      ok: true,
      body: { accommodationTypeId: type.id, startDate: monday, endDate: monday, weekdayRate: null, weekendRate: null, minLengthOfStay: 1, eventId: null, version: 3 },
    });
    expect(checkRateOverrideForm({ ...form, endDate: addDays(monday, -1) })).toEqual({ ok: false, errors: { endDate: 'End date must be on or after start date' } });
  });

  it('a promo: more than 100 percent is refused, empty max uses is unlimited', () => {
    const form = { ...emptyPromoCodeForm(), code: 'SAVE', discountValue: '101', expiryDate: monday };
    expect(checkPromoCodeForm(form)).toEqual({ ok: false, errors: { discountValue: 'Percentage discount cannot be more than 100' } });
    expect(checkPromoCodeForm({ ...form, discountType: 'Fixed' })).toMatchObject({ ok: true, body: { maxUses: null, discountType: 'Fixed' } });
  });

  it('a promo shows Active through its expiry day, Inactive the day after or when switched off', () => {
    expect(promoShowsActive({ isActive: true, expiryDate: monday }, monday)).toBe(true);
    expect(promoShowsActive({ isActive: true, expiryDate: monday }, addDays(monday, 1))).toBe(false);
    expect(promoShowsActive({ isActive: false, expiryDate: monday }, addDays(monday, -9))).toBe(false);
  });

  it('a promo whose uses are all taken shows Used up, one use left shows Active, unlimited never runs out', () => {
    const live = { isActive: true, expiryDate: addDays(monday, 30) };
    expect(promoStatusLabel({ ...live, maxUses: 5, usedCount: 5 }, monday)).toBe('Used up');
    expect(promoStatusLabel({ ...live, maxUses: 5, usedCount: 6 }, monday)).toBe('Used up');
    expect(promoStatusLabel({ ...live, maxUses: 5, usedCount: 4 }, monday)).toBe('Active');
    expect(promoStatusLabel({ ...live, maxUses: null, usedCount: 900 }, monday)).toBe('Active');
    expect(promoStatusLabel({ ...live, isActive: false, maxUses: null, usedCount: 0 }, monday)).toBe('Inactive');
    expect(promoStatusLabel({ isActive: true, expiryDate: addDays(monday, -1), maxUses: 3, usedCount: 1 }, monday)).toBe('Inactive');
  });
});
