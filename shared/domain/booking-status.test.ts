import { describe, expect, it } from 'vitest';
import {
  BLOCKING_STATUSES,
  BOOKING_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  allowedNextStatuses,
  checkTransition,
  isBlockingStatus,
  isBookingStatus,
  offersEarlyCheckIn,
  paymentMethodFromAdminForm,
  paymentStatusFromAdminForm,
  type BookingStatus,
} from './booking-status.js';
import { STAFF_ROLES } from '../roles.js';
import { addDays, todayInLodge } from './dates.js';

const ok = { ok: true, noop: false };

describe('checkTransition: moves any staff member makes', () => {
  it.each<[BookingStatus, BookingStatus]>([
    ['Provisional', 'Confirmed'],
    ['Provisional', 'Checked-In'],
    ['Provisional', 'Cancelled'],
    ['Confirmed', 'Checked-In'],
    ['Confirmed', 'Cancelled'],
    ['Confirmed', 'Provisional'],
    ['Checked-In', 'Checked-Out'],
    ['Checked-In', 'Confirmed'],
  ])('%s -> %s is allowed for every staff role and the system', (from, to) => {
    for (const role of STAFF_ROLES) expect(checkTransition(from, to, role)).toEqual(ok);
    expect(checkTransition(from, to, 'system')).toEqual(ok);
  });
});

describe('checkTransition: reopening', () => {
  it.each<[BookingStatus, BookingStatus]>([
    ['Cancelled', 'Provisional'],
    ['Cancelled', 'Confirmed'],
    ['Checked-Out', 'Checked-In'],
  ])('%s -> %s is allowed for a Manager and a SuperAdmin', (from, to) => {
    expect(checkTransition(from, to, 'Manager')).toEqual(ok);
    expect(checkTransition(from, to, 'SuperAdmin')).toEqual(ok);
  });

  it('refuses a Receptionist reopening a cancelled booking, naming who may', () => {
    expect(checkTransition('Cancelled', 'Confirmed', 'Receptionist')).toEqual({
      ok: false,
      reason: 'Only a Manager or SuperAdmin can reopen a Cancelled booking',
    });
  });

  it('refuses a Receptionist reopening a checked-out stay', () => {
    expect(checkTransition('Checked-Out', 'Checked-In', 'Receptionist')).toEqual({
      ok: false,
      reason: 'Only a Manager or SuperAdmin can reopen a Checked-Out booking',
    });
  });

  it('never lets the system reopen', () => {
    expect(checkTransition('Cancelled', 'Confirmed', 'system').ok).toBe(false);
  });
});

describe('checkTransition: refused moves', () => {
  it.each<[BookingStatus, BookingStatus]>([
    ['Provisional', 'Checked-Out'],
    ['Confirmed', 'Checked-Out'],
    ['Checked-In', 'Cancelled'],
    ['Checked-In', 'Provisional'],
    ['Cancelled', 'Checked-In'],
    ['Cancelled', 'Checked-Out'],
    ['Checked-Out', 'Cancelled'],
    ['Checked-Out', 'Confirmed'],
    ['Checked-Out', 'Provisional'],
  ])('%s -> %s is refused even for a SuperAdmin', (from, to) => {
    expect(checkTransition(from, to, 'SuperAdmin')).toEqual({ ok: false, reason: `A ${from} booking cannot be changed to ${to}` });
  });

  it('refuses anyone without a role', () => {
    expect(checkTransition('Provisional', 'Confirmed', null)).toEqual({ ok: false, reason: 'Only staff can change a booking status' });
    expect(checkTransition('Provisional', 'Confirmed', undefined).ok).toBe(false);
  });
});

describe('checkTransition: same status', () => {
  it.each(BOOKING_STATUSES)('%s -> %s is a no-op for everyone', (status) => {
    expect(checkTransition(status, status, 'Receptionist')).toEqual({ ok: true, noop: true });
  });
});

describe('allowedNextStatuses', () => {
  it('offers the current status first, then the allowed moves', () => {
    expect(allowedNextStatuses('Provisional', 'Receptionist')).toEqual(['Provisional', 'Confirmed', 'Checked-In', 'Cancelled']);
    expect(allowedNextStatuses('Checked-In', 'Receptionist')).toEqual(['Checked-In', 'Confirmed', 'Checked-Out']);
  });
  it('offers reopening to a Manager only', () => {
    expect(allowedNextStatuses('Cancelled', 'Receptionist')).toEqual(['Cancelled']);
    expect(allowedNextStatuses('Cancelled', 'Manager')).toEqual(['Cancelled', 'Provisional', 'Confirmed']);
  });
});

describe('statuses', () => {
  it('blocks a unit while Provisional, Confirmed or Checked-In', () => {
    expect(BLOCKING_STATUSES).toEqual(['Provisional', 'Confirmed', 'Checked-In']);
    expect(BOOKING_STATUSES.filter(isBlockingStatus)).toEqual(['Provisional', 'Confirmed', 'Checked-In']);
  });

  it('lists the payment statuses and methods the database allows', () => {
    expect(PAYMENT_STATUSES).toEqual(['Pending', 'Paid', 'Deposit Paid', 'Refunded', 'Partially Refunded', 'Failed']);
    expect(PAYMENT_METHODS).toEqual(['Card', 'EFT', 'Cash']);
  });

  it('recognises booking statuses', () => {
    expect(isBookingStatus('Checked-In')).toBe(true);
    expect(isBookingStatus('checked-in')).toBe(false);
    expect(isBookingStatus(undefined)).toBe(false);
  });
});

describe('admin form mappings', () => {
  it('maps the create form methods: credit_card -> Card, eft -> EFT, cash -> Card', () => {
    expect(paymentMethodFromAdminForm('credit_card', 'create')).toBe('Card');
    expect(paymentMethodFromAdminForm('eft', 'create')).toBe('EFT');
    expect(paymentMethodFromAdminForm('cash', 'create')).toBe('Card');
  });

  it('keeps Cash on the edit form and passes canonical values through', () => {
    expect(paymentMethodFromAdminForm('cash', 'edit')).toBe('Cash');
    expect(paymentMethodFromAdminForm('Cash', 'create')).toBe('Cash');
    expect(paymentMethodFromAdminForm('EFT', 'edit')).toBe('EFT');
    expect(paymentMethodFromAdminForm('Card', 'edit')).toBe('Card');
  });

  it('sends paid and deposit_paid as Paid, pending as Pending', () => {
    expect(paymentStatusFromAdminForm('paid')).toBe('Paid');
    expect(paymentStatusFromAdminForm('deposit_paid')).toBe('Paid');
    expect(paymentStatusFromAdminForm('pending')).toBe('Pending');
    expect(paymentStatusFromAdminForm('Deposit Paid')).toBe('Deposit Paid');
    expect(paymentStatusFromAdminForm('Refunded')).toBe('Refunded');
  });
});

describe("checkTransition: the 'payment' actor", () => {
  it('a verified payment may reinstate a Cancelled booking as Confirmed, and nothing else a reopen needs', () => {
    expect(checkTransition('Cancelled', 'Confirmed', 'payment')).toEqual({ ok: true, noop: false });
    expect(checkTransition('Provisional', 'Confirmed', 'payment')).toEqual({ ok: true, noop: false });
    expect(checkTransition('Cancelled', 'Provisional', 'payment')).toEqual({ ok: false, reason: 'Only a Manager or SuperAdmin can reopen a Cancelled booking' });
    expect(checkTransition('Checked-Out', 'Checked-In', 'payment')).toEqual({ ok: false, reason: 'Only a Manager or SuperAdmin can reopen a Checked-Out booking' });
    expect(checkTransition('Cancelled', 'Confirmed', 'system')).toEqual({ ok: false, reason: 'Only a Manager or SuperAdmin can reopen a Cancelled booking' });
  });
});

describe('checkTransition: the arrival date', () => {
  const today = todayInLodge(new Date());
  const tomorrow = addDays(today, 1);

  it('refuses a check-in before the arrival date for every role unless a Manager or SuperAdmin overrides', () => {
    for (const role of STAFF_ROLES) {
      expect(checkTransition('Confirmed', 'Checked-In', role, { today, checkInDate: tomorrow })).toEqual({
        ok: false,
        code: 'early_check_in',
        reason: `This guest arrives on ${tomorrow}: a booking cannot be checked in before its arrival date unless a Manager overrides`,
      });
    }
    expect(checkTransition('Provisional', 'Checked-In', 'Manager', { today, checkInDate: tomorrow, override: true })).toEqual(ok);
    expect(checkTransition('Confirmed', 'Checked-In', 'SuperAdmin', { today, checkInDate: tomorrow, override: true })).toEqual(ok);
    expect(checkTransition('Confirmed', 'Checked-In', 'Receptionist', { today, checkInDate: tomorrow, override: true })).toEqual({
      ok: false,
      code: 'override_not_allowed',
      reason: 'Only a Manager or SuperAdmin can check a guest in before the arrival date',
    });
  });

  it('allows it from the arrival date on, and the picker offers it only then', () => {
    expect(checkTransition('Confirmed', 'Checked-In', 'Receptionist', { today, checkInDate: today })).toEqual(ok);
    expect(checkTransition('Confirmed', 'Checked-In', 'Receptionist', { today, checkInDate: addDays(today, -1) })).toEqual(ok);
    expect(allowedNextStatuses('Confirmed', 'Receptionist', { today, checkInDate: tomorrow })).toEqual(['Confirmed', 'Provisional', 'Cancelled']);
    expect(allowedNextStatuses('Confirmed', 'Receptionist', { today, checkInDate: today })).toEqual([
      'Confirmed',
      'Provisional',
      'Checked-In',
      'Cancelled',
    ]);
  });
});

describe('offersEarlyCheckIn', () => {
  const today = todayInLodge(new Date());
  const later = { today, checkInDate: addDays(today, 3) };

  it('offers a Manager or SuperAdmin the early check-in of a guest still to arrive', () => {
    for (const role of ['Manager', 'SuperAdmin'] as const) {
      expect(offersEarlyCheckIn('Provisional', role, later)).toBe(true);
      expect(offersEarlyCheckIn('Confirmed', role, later)).toBe(true);
    }
  });

  it('never offers it to a Receptionist, nor to nobody', () => {
    expect(offersEarlyCheckIn('Confirmed', 'Receptionist', later)).toBe(false);
    expect(offersEarlyCheckIn('Confirmed', null, later)).toBe(false);
  });

  it('is not offered from the arrival date on (the plain check-in is), nor from a status that cannot check in', () => {
    expect(offersEarlyCheckIn('Confirmed', 'Manager', { today, checkInDate: today })).toBe(false);
    expect(offersEarlyCheckIn('Confirmed', 'Manager', { today, checkInDate: addDays(today, -1) })).toBe(false);
    for (const status of ['Checked-In', 'Checked-Out', 'Cancelled'] as const) expect(offersEarlyCheckIn(status, 'Manager', later)).toBe(false);
  });
});
