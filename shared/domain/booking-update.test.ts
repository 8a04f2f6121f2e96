import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, PAYMENT_STATUSES, checkTransition, type BookingStatus } from './booking-status.js';
import { BOOKING_UPDATE_MESSAGES, planBookingUpdate, statusTimestamps, type BookingState } from './booking-update.js';
import { STAFF_ROLES } from '../roles.js';
import { addDays, todayInLodge } from './dates.js';

const NOW = new Date('2026-03-02T08:00:00Z');
const EARLIER = new Date('2026-03-01T12:42:00Z');

function row(over: Partial<BookingState> = {}): BookingState {
  return {
    status: 'Provisional',
    paymentStatus: 'Pending',
    paymentVerified: false,
    paymentMethod: 'EFT',
    totalCents: 200_000,
    specialRequests: null,
    cancellationReason: null,
    isEntireLodgeChild: false,
    checkInDate: todayInLodge(NOW),
    checkedInAt: null,
    checkedOutAt: null,
    cancelledAt: null,
    ...over,
  };
}

describe('planBookingUpdate: refusals', () => {
  it('refuses anyone without a staff role', () => {
    for (const role of [null, undefined]) {
      expect(planBookingUpdate(row(), { status: 'Confirmed' }, role, NOW)).toEqual({
        kind: 'refused',
        code: 'forbidden',
        reason: BOOKING_UPDATE_MESSAGES.staffOnly,
      });
    }
  });

  it('refuses every edit of an entire-lodge child, for every role, even one that would change nothing', () => {
    for (const role of STAFF_ROLES) {
      for (const change of [{ status: 'Cancelled' as const }, { paymentStatus: 'Paid' as const }, { specialRequests: 'Cot' }, { status: 'Provisional' as const }]) {
        expect(planBookingUpdate(row({ isEntireLodgeChild: true }), change, role, NOW)).toEqual({
          kind: 'refused',
          code: 'entire_lodge_child',
          reason: 'This unit is part of an entire-lodge booking; change the entire-lodge booking instead',
        });
      }
    }
  });

  it.each(['Refunded', 'Partially Refunded'] as const)('refuses setting %s for every role, pointing to the refund action', (paymentStatus) => {
    for (const role of STAFF_ROLES) {
      expect(planBookingUpdate(row({ paymentStatus: 'Paid', paymentVerified: true }), { paymentStatus }, role, NOW)).toEqual({
        kind: 'refused',
        code: 'refund_through_refund_action',
        reason: BOOKING_UPDATE_MESSAGES.refundThroughRefundAction,
        field: 'paymentStatus',
      });
    }
  });

  it('a refund status the booking already has (the edit form sends it back) is not refused', () => {
    const plan = planBookingUpdate(row({ paymentStatus: 'Refunded' }), { paymentStatus: 'Refunded', specialRequests: 'x' }, 'Receptionist', NOW);
    expect(plan).toMatchObject({ kind: 'change', patch: { specialRequests: 'x' }, already: [{ field: 'paymentStatus', value: 'Refunded' }] });
  });

  it('refuses every status move checkTransition refuses, with its reason, for every role', () => {
    for (const role of STAFF_ROLES) {
      for (const from of BOOKING_STATUSES) {
        for (const to of BOOKING_STATUSES) {
          const check = checkTransition(from, to, role);
          const plan = planBookingUpdate(row({ status: from }), { status: to }, role, NOW);
          if (check.ok) expect(plan.kind).not.toBe('refused');
          else expect(plan).toEqual({ kind: 'refused', code: 'invalid_transition', reason: check.reason, field: 'status' });
        }
      }
    }
  });

  it('only a Manager or SuperAdmin reopens a Cancelled or Checked-Out booking', () => {
    const reopen = (status: BookingStatus, to: BookingStatus, role: (typeof STAFF_ROLES)[number]) =>
      planBookingUpdate(row({ status }), { status: to }, role, NOW).kind;
    expect(reopen('Cancelled', 'Confirmed', 'Receptionist')).toBe('refused');
    expect(reopen('Checked-Out', 'Checked-In', 'Receptionist')).toBe('refused');
    for (const role of ['Manager', 'SuperAdmin'] as const) {
      expect(reopen('Cancelled', 'Confirmed', role)).toBe('change');
      expect(reopen('Cancelled', 'Provisional', role)).toBe('change');
      expect(reopen('Checked-Out', 'Checked-In', role)).toBe('change');
    }
  });
});

describe('planBookingUpdate: status moves and their timestamps', () => {
  it('check-in sets checkedInAt; check-out sets checkedOutAt', () => {
    expect(planBookingUpdate(row({ status: 'Confirmed' }), { status: 'Checked-In' }, 'Receptionist', NOW)).toEqual({
      kind: 'change',
      patch: { status: 'Checked-In', checkedInAt: NOW },
      before: { status: 'Confirmed' },
      after: { status: 'Checked-In' },
      statusMove: { from: 'Confirmed', to: 'Checked-In' },
      becamePaid: false,
      earlyCheckInOverride: false,
      cascade: { status: 'Checked-In', checkedInAt: NOW },
      totalOverride: null,
      already: [],
    });
    expect(planBookingUpdate(row({ status: 'Checked-In', checkedInAt: EARLIER }), { status: 'Checked-Out' }, 'Receptionist', NOW)).toMatchObject({
      patch: { status: 'Checked-Out', checkedOutAt: NOW },
    });
  });

  it('cancelling sets cancelledAt and the reason given, or keeps the one recorded', () => {
    expect(planBookingUpdate(row(), { status: 'Cancelled', cancellationReason: 'Plans changed' }, 'Receptionist', NOW)).toMatchObject({
      patch: { status: 'Cancelled', cancelledAt: NOW, cancellationReason: 'Plans changed' },
      cascade: { status: 'Cancelled', cancelledAt: NOW, cancellationReason: 'Plans changed' },
    });
    expect(planBookingUpdate(row({ cancellationReason: 'Noted earlier' }), { status: 'Cancelled' }, 'Receptionist', NOW)).toMatchObject({
      patch: { cancellationReason: 'Noted earlier' },
    });
    expect(planBookingUpdate(row(), { status: 'Cancelled' }, 'Receptionist', NOW)).toMatchObject({ patch: { cancellationReason: null } });
  });

  it('reopening clears what the cancellation or check-out set; undoing a check-in clears checkedInAt', () => {
    expect(planBookingUpdate(row({ status: 'Cancelled', cancelledAt: EARLIER, cancellationReason: 'x' }), { status: 'Confirmed' }, 'Manager', NOW)).toMatchObject({
      patch: { status: 'Confirmed', cancelledAt: null, cancellationReason: null },
      cascade: { status: 'Confirmed', cancelledAt: null, cancellationReason: null },
    });
    expect(planBookingUpdate(row({ status: 'Checked-Out', checkedInAt: EARLIER, checkedOutAt: EARLIER }), { status: 'Checked-In' }, 'Manager', NOW)).toMatchObject({
      patch: { status: 'Checked-In', checkedOutAt: null },
    });
    const undo = planBookingUpdate(row({ status: 'Checked-In', checkedInAt: EARLIER }), { status: 'Confirmed' }, 'Receptionist', NOW);
    expect(undo).toMatchObject({ patch: { status: 'Confirmed', checkedInAt: null } });
  });

  it('statusTimestamps: every pair', () => {
    expect(statusTimestamps('Provisional', 'Checked-In', NOW)).toEqual({ checkedInAt: NOW });
    expect(statusTimestamps('Checked-Out', 'Checked-In', NOW)).toEqual({ checkedOutAt: null });
    expect(statusTimestamps('Confirmed', 'Provisional', NOW)).toEqual({});
    expect(statusTimestamps('Cancelled', 'Provisional', NOW)).toEqual({ cancelledAt: null, cancellationReason: null });
  });
});

describe('planBookingUpdate: already there', () => {
  it('checking in a booking already Checked-In is unchanged, saying since when', () => {
    expect(planBookingUpdate(row({ status: 'Checked-In', checkedInAt: EARLIER }), { status: 'Checked-In' }, 'Receptionist', NOW)).toEqual({
      kind: 'unchanged',
      already: [{ field: 'status', value: 'Checked-In', at: EARLIER }],
    });
  });

  it.each([
    ['Checked-Out', 'checkedOutAt'],
    ['Cancelled', 'cancelledAt'],
  ] as const)('the same holds for %s (time from %s), for a Receptionist too', (status, key) => {
    expect(planBookingUpdate(row({ status, [key]: EARLIER }), { status }, 'Receptionist', NOW)).toEqual({
      kind: 'unchanged',
      already: [{ field: 'status', value: status, at: EARLIER }],
    });
  });

  it('Provisional and Confirmed have no time of their own', () => {
    expect(planBookingUpdate(row({ status: 'Confirmed' }), { status: 'Confirmed' }, 'Receptionist', NOW)).toEqual({
      kind: 'unchanged',
      already: [{ field: 'status', value: 'Confirmed', at: null }],
    });
  });

  it('Paid again is already there, and records nothing a second time', () => {
    expect(planBookingUpdate(row({ status: 'Confirmed', paymentStatus: 'Paid', paymentVerified: true }), { paymentStatus: 'Paid' }, 'Receptionist', NOW)).toEqual({
      kind: 'unchanged',
      already: [{ field: 'paymentStatus', value: 'Paid' }],
    });
  });

  it('values equal to the stored ones change nothing', () => {
    expect(planBookingUpdate(row({ specialRequests: 'Cot' }), { specialRequests: 'Cot', totalCents: 200_000, paymentMethod: 'EFT' }, 'Manager', NOW)).toEqual({
      kind: 'unchanged',
      already: [],
    });
  });
});

describe('planBookingUpdate: payment', () => {
  it('a Receptionist marks a Provisional booking Paid: verified, confirmed, payment to record', () => {
    expect(planBookingUpdate(row(), { paymentStatus: 'Paid' }, 'Receptionist', NOW)).toEqual({
      kind: 'change',
      patch: { paymentStatus: 'Paid', paymentVerified: true, status: 'Confirmed' },
      before: { paymentStatus: 'Pending', paymentVerified: false, status: 'Provisional' },
      after: { paymentStatus: 'Paid', paymentVerified: true, status: 'Confirmed' },
      statusMove: { from: 'Provisional', to: 'Confirmed' },
      becamePaid: true,
      earlyCheckInOverride: false,
      cascade: { status: 'Confirmed', paymentStatus: 'Paid', paymentVerified: true },
      totalOverride: null,
      already: [],
    });
  });

  it('Deposit Paid verifies and confirms but records no payment; a status given with it wins', () => {
    expect(planBookingUpdate(row(), { paymentStatus: 'Deposit Paid' }, 'Receptionist', NOW)).toMatchObject({
      patch: { paymentStatus: 'Deposit Paid', paymentVerified: true, status: 'Confirmed' },
      becamePaid: false,
    });
    expect(planBookingUpdate(row(), { paymentStatus: 'Paid', status: 'Checked-In' }, 'Receptionist', NOW)).toMatchObject({
      patch: { paymentStatus: 'Paid', status: 'Checked-In', checkedInAt: NOW },
      becamePaid: true,
    });
  });

  it('Paid on a booking already past Provisional leaves its status', () => {
    expect(planBookingUpdate(row({ status: 'Checked-In' }), { paymentStatus: 'Paid' }, 'Receptionist', NOW)).toMatchObject({
      patch: { paymentStatus: 'Paid', paymentVerified: true },
      statusMove: null,
    });
  });

  it('Pending and Failed clear the verification', () => {
    for (const to of ['Pending', 'Failed'] as const) {
      expect(planBookingUpdate(row({ status: 'Confirmed', paymentStatus: 'Paid', paymentVerified: true }), { paymentStatus: to }, 'Manager', NOW)).toMatchObject({
        patch: { paymentStatus: to, paymentVerified: false },
        becamePaid: false,
      });
    }
  });

  it('every payment status a staff member may set is planned, never refused', () => {
    for (const to of PAYMENT_STATUSES.filter((s) => s !== 'Refunded' && s !== 'Partially Refunded')) {
      expect(planBookingUpdate(row(), { paymentStatus: to }, 'Receptionist', NOW).kind).not.toBe('refused');
    }
  });
});

describe('planBookingUpdate: fields', () => {
  it('a new total is an override; method, requests and reason are plain changes that children do not take', () => {
    expect(
      planBookingUpdate(row({ status: 'Cancelled', cancellationReason: 'a' }), { totalCents: 150_000, paymentMethod: 'Cash', specialRequests: 'Cot', cancellationReason: 'b' }, 'Receptionist', NOW),
    ).toEqual({
      kind: 'change',
      patch: { cancellationReason: 'b', paymentMethod: 'Cash', specialRequests: 'Cot', totalCents: 150_000 },
      before: { cancellationReason: 'a', paymentMethod: 'EFT', specialRequests: null, totalCents: 200_000 },
      after: { cancellationReason: 'b', paymentMethod: 'Cash', specialRequests: 'Cot', totalCents: 150_000 },
      statusMove: null,
      becamePaid: false,
      earlyCheckInOverride: false,
      cascade: {},
      totalOverride: { fromCents: 200_000, toCents: 150_000 },
      already: [],
    });
  });

  it('special requests can be cleared', () => {
    expect(planBookingUpdate(row({ specialRequests: 'Cot' }), { specialRequests: null }, 'Receptionist', NOW)).toMatchObject({
      patch: { specialRequests: null },
    });
  });
});

describe('planBookingUpdate: the arrival date guards check-in', () => {
  // The dates are counted from the clock (NOW), as the lodge's day.
  const today = todayInLodge(NOW);
  const tomorrow = addDays(today, 1);

  it('refuses a check-in before the arrival date, for every role, with the date in the message', () => {
    for (const role of STAFF_ROLES) {
      expect(planBookingUpdate(row({ status: 'Confirmed', checkInDate: tomorrow }), { status: 'Checked-In' }, role, NOW)).toEqual({
        kind: 'refused',
        code: 'early_check_in',
        reason: `This guest arrives on ${tomorrow}: a booking cannot be checked in before its arrival date unless a Manager overrides`,
        field: 'status',
      });
    }
  });

  it('a Manager or SuperAdmin overrides it explicitly, and the plan says so; a Receptionist may not', () => {
    for (const role of ['Manager', 'SuperAdmin'] as const) {
      expect(
        planBookingUpdate(row({ status: 'Confirmed', checkInDate: tomorrow }), { status: 'Checked-In', overrideEarlyCheckIn: true }, role, NOW),
      ).toMatchObject({ kind: 'change', patch: { status: 'Checked-In', checkedInAt: NOW }, earlyCheckInOverride: true });
    }
    expect(
      planBookingUpdate(row({ status: 'Confirmed', checkInDate: tomorrow }), { status: 'Checked-In', overrideEarlyCheckIn: true }, 'Receptionist', NOW),
    ).toEqual({
      kind: 'refused',
      code: 'override_not_allowed',
      reason: 'Only a Manager or SuperAdmin can check a guest in before the arrival date',
      field: 'status',
    });
  });

  it('checks in on the arrival date and after it (a late guest), with no override recorded', () => {
    for (const checkInDate of [today, addDays(today, -1)]) {
      expect(planBookingUpdate(row({ status: 'Confirmed', checkInDate }), { status: 'Checked-In' }, 'Receptionist', NOW)).toMatchObject({
        kind: 'change',
        earlyCheckInOverride: false,
      });
    }
  });

  it('an override on the arrival date is not an override; reopening a checked-out stay is not date-bound', () => {
    expect(
      planBookingUpdate(row({ status: 'Confirmed', checkInDate: today }), { status: 'Checked-In', overrideEarlyCheckIn: true }, 'Manager', NOW),
    ).toMatchObject({ kind: 'change', earlyCheckInOverride: false });
    expect(planBookingUpdate(row({ status: 'Checked-Out', checkInDate: tomorrow }), { status: 'Checked-In' }, 'Manager', NOW)).toMatchObject({
      kind: 'change',
      earlyCheckInOverride: false,
    });
  });
});
