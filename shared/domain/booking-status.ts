import type { Role } from '../roles.js';
import { compareIsoDates, type IsoDate } from './dates.js';

/**
 * Booking and payment statuses, and the server's booking-status transition rules
 * (docs/design.md, Booking and payment lifecycle). Decisions, and why:
 * - Forward moves any staff member makes at the desk: Provisional -> Confirmed | Checked-In
 *   (a walk-in paying on arrival) | Cancelled; Confirmed -> Checked-In | Cancelled;
 *   Checked-In -> Checked-Out.
 * - Corrections any staff member may make, because the booking still holds its unit so
 *   nothing can clash: Confirmed -> Provisional (a payment marked received by mistake) and
 *   Checked-In -> Confirmed (the wrong booking checked in).
 * - Cancelled and Checked-Out are final. Only a Manager or SuperAdmin reopens them:
 *   Cancelled -> Provisional | Confirmed (the unit must still be free: the database's
 *   exclusion constraint answers 409 otherwise) and Checked-Out -> Checked-In.
 * - Not allowed at all: skipping check-in (Provisional/Confirmed -> Checked-Out), cancelling
 *   a stay in progress (Checked-In -> Cancelled: check the guest out instead), and
 *   Cancelled -> Checked-In/Checked-Out or Checked-Out -> anything but Checked-In.
 * - The same status is a no-op, allowed for everyone (a repeated offline change).
 * - Dates (when the caller gives them, as every staff path does): no check-in before the
 *   arrival date (a guest was once checked in six days early by a slip of the finger). A
 *   Manager or SuperAdmin may override it explicitly (a guest who really came early); the
 *   override is asked for, never implied by the role, so a manager's slip is caught too.
 *   Reopening a checked-out stay is not a check-in and is not date-bound.
 */

export const BOOKING_STATUSES = ['Provisional', 'Confirmed', 'Checked-In', 'Checked-Out', 'Cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses that hold a unit (the exclusion constraint's WHERE clause). */
export const BLOCKING_STATUSES = ['Provisional', 'Confirmed', 'Checked-In'] as const satisfies readonly BookingStatus[];

export function isBlockingStatus(status: BookingStatus): boolean {
  return (BLOCKING_STATUSES as readonly BookingStatus[]).includes(status);
}

/** Roles that may reopen a Cancelled or Checked-Out booking. */
export const REOPEN_ROLES = ['SuperAdmin', 'Manager'] as const satisfies readonly Role[];

/**
 * Who changes the status: a staff role, or the server itself. 'system' (hold expiry
 * cancelling, a failed card checkout releasing its booking) may do what any staff member may
 * do, but never reopens. 'payment' (a verified card payment) may do what 'system' may, and
 * also reinstate a booking cancelled meanwhile (Cancelled -> Confirmed): the money arrived,
 * and the exclusion constraint still decides whether the unit is free.
 */
export type StatusActor = Role | 'system' | 'payment';

type TransitionKind = 'staff' | 'reopen';

const TRANSITIONS: Record<BookingStatus, Partial<Record<BookingStatus, TransitionKind>>> = {
  Provisional: { Confirmed: 'staff', 'Checked-In': 'staff', Cancelled: 'staff' },
  Confirmed: { 'Checked-In': 'staff', Cancelled: 'staff', Provisional: 'staff' },
  'Checked-In': { 'Checked-Out': 'staff', Confirmed: 'staff' },
  'Checked-Out': { 'Checked-In': 'reopen' },
  Cancelled: { Provisional: 'reopen', Confirmed: 'reopen' },
};

/**
 * The refusal's kind: 'early_check_in' is the one a Manager or SuperAdmin may override,
 * so a client offers the override for it and for nothing else.
 */
export type TransitionRefusalCode = 'invalid_transition' | 'early_check_in' | 'override_not_allowed';

export type TransitionCheck = { ok: true; noop: boolean } | { ok: false; reason: string; code?: TransitionRefusalCode };

/** The lodge's day and the stay's arrival date, for the date guard. */
export interface TransitionDates {
  /** The lodge's date ('YYYY-MM-DD' in Johannesburg, todayInLodge), never the device's. */
  today: IsoDate;
  checkInDate: IsoDate;
  /** A Manager or SuperAdmin checking a guest in before the arrival date on purpose. */
  override?: boolean;
}

export const EARLY_CHECK_IN_MESSAGES = {
  early: (checkInDate: IsoDate) =>
    `This guest arrives on ${checkInDate}: a booking cannot be checked in before its arrival date unless a Manager overrides`,
  overrideNotAllowed: 'Only a Manager or SuperAdmin can check a guest in before the arrival date',
} as const;

export function checkTransition(
  from: BookingStatus,
  to: BookingStatus,
  actor: StatusActor | null | undefined,
  dates?: TransitionDates,
): TransitionCheck {
  if (!actor) return { ok: false, reason: 'Only staff can change a booking status' };
  if (from === to) return { ok: true, noop: true };
  const kind = TRANSITIONS[from][to];
  if (!kind) return { ok: false, reason: `A ${from} booking cannot be changed to ${to}` };
  if (kind === 'reopen' && !canReopen(actor) && !(actor === 'payment' && from === 'Cancelled' && to === 'Confirmed')) {
    return { ok: false, reason: `Only a Manager or SuperAdmin can reopen a ${from} booking` };
  }
  if (dates && to === 'Checked-In' && kind === 'staff' && isBeforeArrival(dates)) {
    if (!dates.override) return { ok: false, reason: EARLY_CHECK_IN_MESSAGES.early(dates.checkInDate), code: 'early_check_in' };
    if (!canReopen(actor)) return { ok: false, reason: EARLY_CHECK_IN_MESSAGES.overrideNotAllowed, code: 'override_not_allowed' };
  }
  return { ok: true, noop: false };
}

/** Today is before the stay's arrival date. */
export function isBeforeArrival({ today, checkInDate }: Pick<TransitionDates, 'today' | 'checkInDate'>): boolean {
  return compareIsoDates(today, checkInDate) < 0;
}

function canReopen(actor: StatusActor): boolean {
  return (REOPEN_ROLES as readonly string[]).includes(actor);
}

/**
 * The statuses a status picker should offer (the current one first). With the dates, a
 * check-in before the arrival date is not offered (the override is a separate, explicit step).
 */
export function allowedNextStatuses(from: BookingStatus, actor: StatusActor, dates?: Omit<TransitionDates, 'override'>): BookingStatus[] {
  return [from, ...BOOKING_STATUSES.filter((to) => to !== from && checkTransition(from, to, actor, dates).ok)];
}

/**
 * The explicit "Early check-in" step a client offers: a check-in the date guard refuses
 * (the guest arrives later) that this actor may override, i.e. a Manager or SuperAdmin and a
 * booking still waiting to check in. A Receptionist is never offered it.
 */
export function offersEarlyCheckIn(from: BookingStatus, actor: StatusActor | null | undefined, dates: Omit<TransitionDates, 'override'>): boolean {
  const plain = checkTransition(from, 'Checked-In', actor, dates);
  return !plain.ok && plain.code === 'early_check_in' && checkTransition(from, 'Checked-In', actor, { ...dates, override: true }).ok;
}

export function isBookingStatus(value: unknown): value is BookingStatus {
  return (BOOKING_STATUSES as readonly unknown[]).includes(value);
}

export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Deposit Paid', 'Refunded', 'Partially Refunded', 'Failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['Card', 'EFT', 'Cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a guest may choose (docs/product.md, Guest booking). */
export const GUEST_PAYMENT_METHODS = ['Card', 'EFT'] as const satisfies readonly PaymentMethod[];

/** The admin create form's method values (docs/product.md, Statuses). */
export type AdminFormPaymentMethod = 'credit_card' | 'eft' | 'cash';

/**
 * Admin form value to stored method (docs/product.md, Statuses): credit_card -> Card,
 * eft -> EFT, cash -> Card on the create form; the edit form also offers Cash, kept as
 * Cash. Already-canonical values pass through.
 */
export function paymentMethodFromAdminForm(value: AdminFormPaymentMethod | PaymentMethod, form: 'create' | 'edit'): PaymentMethod {
  switch (value) {
    case 'credit_card':
    case 'Card':
      return 'Card';
    case 'eft':
    case 'EFT':
      return 'EFT';
    case 'cash':
      return form === 'create' ? 'Card' : 'Cash';
    case 'Cash':
      return 'Cash';
  }
}

/** The admin create form's payment status values (docs/product.md, Statuses). */
export type AdminFormPaymentStatus = 'paid' | 'deposit_paid' | 'pending';

/** paid and deposit_paid are both sent as 'Paid'; pending as 'Pending'. Canonical values pass through. */
export function paymentStatusFromAdminForm(value: AdminFormPaymentStatus | PaymentStatus): PaymentStatus {
  switch (value) {
    case 'paid':
    case 'deposit_paid':
      return 'Paid';
    case 'pending':
      return 'Pending';
    default:
      return value;
  }
}
