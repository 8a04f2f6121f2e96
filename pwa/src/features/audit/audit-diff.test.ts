import { describe, expect, it } from 'vitest';
import { actionLabel, auditChanges } from './audit-diff.js';

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

  it('has nothing to show without before and after', () => {
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('names actions in words', () => {
    expect(actionLabel('staff.reset_password')).toBe('Staff reset password');
    expect(actionLabel('settings.update')).toBe('Settings update');
  });
});
