import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../shared/domain/dates.js';
import { reminderKind } from './payment-reminders.job.js';

describe('reminderKind', () => {
  const due = '2026-06-30';
  it('is before_due from reminderDays before the due date until the day before it', () => {
    expect(reminderKind(due, addDays(due, -8), 7)).toBeNull();
    expect(reminderKind(due, addDays(due, -7), 7)).toBe('before_due');
    expect(reminderKind(due, addDays(due, -1), 7)).toBe('before_due');
  });
  it('is on_due on the due date, and nothing after it (an overdue balance is the dashboard\'s)', () => {
    expect(reminderKind(due, due, 7)).toBe('on_due');
    expect(reminderKind(due, addDays(due, 1), 7)).toBeNull();
  });
  it('with reminderDays 0 only the due date itself', () => {
    expect(reminderKind(due, addDays(due, -1), 0)).toBeNull();
    expect(reminderKind(due, due, 0)).toBe('on_due');
  });
});
