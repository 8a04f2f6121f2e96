import { describe, expect, it } from 'vitest';
import { editFormOf, isEmptyPlan, needsNetwork, planEdit } from './edit-booking.js';

const before = editFormOf({ status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'EFT', totalAmount: 4200, specialRequests: null });

describe('planEdit', () => {
  it('sends status and special requests through the outbox and the rest online', () => {
    const plan = planEdit(before, { ...before, status: 'Checked-In', specialRequests: ' Late arrival ', paymentMethod: 'Cash', totalAmount: '4100.5' });
    expect(plan).toEqual({ status: 'Checked-In', specialRequests: 'Late arrival', online: { paymentMethod: 'Cash', totalAmount: 4100.5 } });
    expect(needsNetwork(plan as never)).toBe(true);
  });

  it('needs no network for offline-safe edits only, and is empty when nothing changed', () => {
    const plan = planEdit(before, { ...before, specialRequests: 'Cot please' });
    expect(plan).toEqual({ specialRequests: 'Cot please', online: {} });
    expect(needsNetwork(plan as never)).toBe(false);
    expect(isEmptyPlan(planEdit(before, { ...before, totalAmount: '4200 ' }) as never)).toBe(true);
  });

  it('refuses a total that is not an amount', () => {
    expect(planEdit(before, { ...before, totalAmount: '-5' })).toEqual({ error: 'Amount must be a positive number' });
    expect(planEdit(before, { ...before, totalAmount: '' })).toEqual({ error: 'Amount must be a positive number' });
  });
});
