import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITY_TYPES, actionLabel, auditChanges } from './audit-diff.js';

describe('auditChanges', () => {
  it('lists only the fields an update changed, without version bookkeeping', () => {
    expect(
      auditChanges(
        { allowCardPayments: true, eftHoldDurationHours: 48, bankName: 'FNB', version: 3, updatedAt: 'a' },
        { allowCardPayments: false, eftHoldDurationHours: 24, bankName: 'FNB', version: 4, updatedAt: 'b' },
      ),
    ).toEqual([
      { field: 'Allow card payments', before: 'Yes', after: 'No' },
      { field: 'EFT hold duration hours', before: '48', after: '24' },
    ]);
  });

  it('shows every field of a created or deleted record on its side', () => {
    expect(auditChanges(null, { name: 'Star Gazing', description: null, images: [] })).toEqual([
      { field: 'Name', before: '—', after: 'Star Gazing' },
      { field: 'Description', before: '—', after: '—' },
      { field: 'Images', before: '—', after: '—' },
    ]);
    expect(auditChanges({ code: 'SUMMER', includedAccommodationTypes: ['a', 'b'] }, null)).toEqual([
      { field: 'Code', before: 'SUMMER', after: '—' },
      { field: 'Included accommodation types', before: 'a, b', after: '—' },
    ]);
  });

  it('reads the deposit settings and the cancellation policy in words', () => {
    expect(
      auditChanges(
        { depositPercent: 100, balanceDueDays: 30, cancellationPolicy: [{ daysBeforeArrival: 30, refundPercent: 100 }, { daysBeforeArrival: 0, refundPercent: 0 }] },
        { depositPercent: 30, balanceDueDays: 30, cancellationPolicy: [{ daysBeforeArrival: 14, refundPercent: 50 }] },
      ),
    ).toEqual([
      { field: 'Deposit percent', before: '100', after: '30' },
      {
        field: 'Cancellation policy',
        before: 'Cancel 30 or more days before arrival: everything you have paid is refunded. Cancel fewer than 30 days before arrival: no refund.',
        after: 'Cancel 14 or more days before arrival: 50% of what you have paid is refunded. Cancel fewer than 14 days before arrival: no refund.',
      },
    ]);
  });

  it('reads a type’s pricing model and child policy in words', () => {
    expect(
      auditChanges(
        { pricingModel: 'per_unit', childPolicy: [], singleSupplementPercent: 0, mealPlan: null, maxAdults: null },
        {
          pricingModel: 'per_person_sharing',
          childPolicy: [
            { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
            { fromAge: 6, toAge: 11, percentOfAdult: 50 },
          ],
          singleSupplementPercent: 40,
          mealPlan: 'Fully inclusive',
          maxAdults: 3,
        },
      ),
    ).toEqual([
      { field: 'Pricing model', before: 'Per unit', after: 'Per person sharing' },
      { field: 'Child policy', before: '—', after: '0–5: not accepted; 6–11: 50 %' },
      { field: 'Single supplement percent', before: '0', after: '40' },
      { field: 'Meal plan', before: '—', after: 'Fully inclusive' },
      { field: 'Max adults', before: '—', after: '3' },
    ]);
  });

  it('shows a special offer created, and names its record kind', () => {
    expect(
      auditChanges(null, { name: 'Stay 4, pay 3', accommodationTypeNames: ['Tamboti Family Suite'], stayNights: 4, payNights: 3, bookTo: null, combinableWithPromo: false, isActive: true }),
    ).toEqual([
      { field: 'Name', before: '—', after: 'Stay 4, pay 3' },
      { field: 'Accommodation type names', before: '—', after: 'Tamboti Family Suite' },
      { field: 'Stay nights', before: '—', after: '4' },
      { field: 'Pay nights', before: '—', after: '3' },
      { field: 'Book to', before: '—', after: '—' },
      { field: 'Combinable with promo', before: '—', after: 'No' },
      { field: 'Is active', before: '—', after: 'Yes' },
    ]);
    expect(AUDIT_ENTITY_TYPES.find(([type]) => type === 'special_offer')?.[1]).toBe('Special offer');
  });

  it('has nothing to show without before and after', () => {
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('names actions in words', () => {
    expect(actionLabel('staff.reset_password')).toBe('Staff reset password');
    expect(actionLabel('settings.update')).toBe('Settings update');
    // The register's actions (and any new one, by its name).
    expect(
      ['register.entry.captured', 'register.entry.updated', 'register.idCopy.viewed', 'register.signature.viewed', 'register.pdf.downloaded', 'register.purged', 'guest.erased', 'register.somethingNew'].map(actionLabel),
    ).toEqual([
      'Register entry captured',
      'Register entry updated',
      'ID copy viewed',
      'Signature viewed',
      'Register PDF downloaded',
      'Register purged after retention',
      'Guest personal data erased',
      'Register something new',
    ]);
    expect(auditChanges({ registerRetentionMonths: 24, registerCheckInRule: 'warn' }, { registerRetentionMonths: 36, registerCheckInRule: 'refuse' })).toEqual([
      { field: 'Register retention (months)', before: '24', after: '36' },
      { field: 'Check-in with the register incomplete', before: 'Allow with a warning', after: 'Refuse' },
    ]);
  });

  it('names a waitlist removal and its record kind', () => {
    expect(actionLabel('waitlist.remove')).toBe('Removed from the waitlist');
    expect(AUDIT_ENTITY_TYPES).toContainEqual(['waitlist_entry', 'Waitlist request']);
  });

  it('reads the early departure setting and a release of nights in words', () => {
    expect(actionLabel('booking.release_nights')).toBe('Remaining nights released (early departure)');
    expect(actionLabel('booking.channel_block')).toBe("Blocked by a channel's calendar");
    expect(actionLabel('channel_feed.create')).toBe('Channel feed added');
    expect(auditChanges({ earlyDepartureCharge: 'none' }, { earlyDepartureCharge: 'full' })).toEqual([
      { field: 'Early departures', before: 'Credit the nights not stayed', after: 'Keep charging the nights booked' },
    ]);
    expect(
      auditChanges(
        { checkOutDate: '2026-03-06' },
        { checkOutDate: '2026-03-04', originalCheckOutDate: '2026-03-06', nightsReleased: 2, earlyDepartureCredit: 3600 },
      ),
    ).toEqual([
      { field: 'Check out date', before: '2026-03-06', after: '2026-03-04' },
      { field: 'Check-out booked', before: '—', after: '2026-03-06' },
      { field: 'Nights released', before: '—', after: '2' },
      { field: 'Early departure credit', before: '—', after: '3600' },
    ]);
  });
});
