import type { Role } from '../roles.js';
import { checkTransition, type BookingStatus, type PaymentMethod, type PaymentStatus } from './booking-status.js';
import { todayInLodge, type IsoDate } from './dates.js';

/**
 * What a staff edit of a booking does (PUT /api/admin/bookings/:id online, the offline
 * outbox's booking edits later): plain data in, a plan or a refusal out. No database, no
 * node: the PWA runs the same function on its local rows.
 *
 * Rules, in order:
 * - Only staff edit bookings.
 * - A unit booking of an entire-lodge booking changes only through its parent (the parent
 *   takes its children along), as DELETE already insists.
 * - Refunds go through the refund action, which writes the ledger (and asks Paystack for a
 *   card payment): the plain edit never sets Refunded or Partially Refunded.
 * - The status moves as checkTransition allows for the role (only a Manager or SuperAdmin
 *   reopens a Cancelled or Checked-Out booking); the move sets or clears its timestamps.
 * - No check-in before the arrival date (the lodge's today, from `now`), unless a Manager
 *   or SuperAdmin sends the explicit override (checkTransition's date guard).
 * - Paid (or Deposit Paid) verifies the payment and confirms a Provisional booking when no
 *   status is given; any staff member, a Receptionist too, may mark a booking Paid.
 * - What is already so is "already there" (two tablets checking in one guest), not refused.
 */

export interface BookingState {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentVerified: boolean;
  paymentMethod: PaymentMethod;
  totalCents: number;
  specialRequests: string | null;
  cancellationReason: string | null;
  isEntireLodgeChild: boolean;
  checkInDate: IsoDate;
  checkedInAt: Date | string | null;
  checkedOutAt: Date | string | null;
  cancelledAt: Date | string | null;
}

export interface BookingChange {
  status?: BookingStatus;
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  specialRequests?: string | null;
  cancellationReason?: string | null;
  totalCents?: number;
  /** A Manager's or SuperAdmin's explicit override of the no-early-check-in guard. */
  overrideEarlyCheckIn?: boolean;
}

/** The columns an edit writes, by name; undefined = untouched, null = cleared. */
export interface BookingPatch {
  status?: BookingStatus;
  paymentStatus?: PaymentStatus;
  paymentVerified?: boolean;
  paymentMethod?: PaymentMethod;
  specialRequests?: string | null;
  cancellationReason?: string | null;
  totalCents?: number;
  checkedInAt?: Date | null;
  checkedOutAt?: Date | null;
  cancelledAt?: Date | null;
}

export const BOOKING_UPDATE_MESSAGES = {
  staffOnly: "You don't have permission to do this",
  entireLodgeChild: 'This unit is part of an entire-lodge booking; change the entire-lodge booking instead',
  refundThroughRefundAction:
    'Refunds are made with the Refund action, which records them in the payment ledger (and with Paystack for card payments)',
} as const;

export type BookingUpdateRefusalCode =
  | 'forbidden'
  | 'entire_lodge_child'
  | 'refund_through_refund_action'
  | 'invalid_transition'
  | 'early_check_in'
  | 'override_not_allowed';

export interface BookingUpdateRefusal {
  kind: 'refused';
  code: BookingUpdateRefusalCode;
  reason: string;
  /** The request field the refusal is about, when there is one. */
  field?: 'status' | 'paymentStatus';
}

/** Something the edit asked for that the booking already had (no change, no refusal). */
export type AlreadyThere =
  | { field: 'status'; value: BookingStatus; at: Date | string | null }
  | { field: 'paymentStatus'; value: PaymentStatus };

export interface BookingUpdateChange {
  kind: 'change';
  patch: BookingPatch;
  /** Audit: the changed fields as they were and as they become (amounts in rand cents). */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  statusMove: { from: BookingStatus; to: BookingStatus } | null;
  /** Marked Paid now: the use case records what is outstanding in the ledger. */
  becamePaid: boolean;
  /** A check-in before the arrival date that a Manager or SuperAdmin overrode (audited apart). */
  earlyCheckInOverride: boolean;
  /** What an entire-lodge parent hands to its children: status and payment, not money or notes. */
  cascade: BookingPatch;
  totalOverride: { fromCents: number; toCents: number } | null;
  already: AlreadyThere[];
}

export interface BookingUpdateUnchanged {
  kind: 'unchanged';
  already: AlreadyThere[];
}

export type BookingUpdatePlan = BookingUpdateRefusal | BookingUpdateChange | BookingUpdateUnchanged;

const REFUND_STATUSES: readonly PaymentStatus[] = ['Refunded', 'Partially Refunded'];
const PAID_STATUSES: readonly PaymentStatus[] = ['Paid', 'Deposit Paid'];

export function planBookingUpdate(
  row: BookingState,
  change: BookingChange,
  role: Role | null | undefined,
  now: Date,
): BookingUpdatePlan {
  if (!role) return { kind: 'refused', code: 'forbidden', reason: BOOKING_UPDATE_MESSAGES.staffOnly };
  if (row.isEntireLodgeChild) {
    return { kind: 'refused', code: 'entire_lodge_child', reason: BOOKING_UPDATE_MESSAGES.entireLodgeChild };
  }
  const paymentStatusChanges = change.paymentStatus !== undefined && change.paymentStatus !== row.paymentStatus;
  if (paymentStatusChanges && REFUND_STATUSES.includes(change.paymentStatus!)) {
    return {
      kind: 'refused',
      code: 'refund_through_refund_action',
      reason: BOOKING_UPDATE_MESSAGES.refundThroughRefundAction,
      field: 'paymentStatus',
    };
  }

  const patch: BookingPatch = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const already: AlreadyThere[] = [];
  const set = <K extends keyof BookingPatch>(key: K, from: BookingPatch[K], to: BookingPatch[K] | undefined) => {
    if (to === undefined || to === from) return;
    patch[key] = to;
    before[key] = from;
    after[key] = to;
  };

  const today = todayInLodge(now);
  let status = change.status;
  let becamePaid = false;
  if (change.paymentStatus !== undefined && !paymentStatusChanges) {
    already.push({ field: 'paymentStatus', value: row.paymentStatus });
  }
  if (paymentStatusChanges) {
    const to = change.paymentStatus!;
    set('paymentStatus', row.paymentStatus, to);
    const paid = PAID_STATUSES.includes(to);
    if (paid || to === 'Pending' || to === 'Failed') set('paymentVerified', row.paymentVerified, paid);
    if (paid && status === undefined && row.status === 'Provisional') status = 'Confirmed';
    becamePaid = to === 'Paid';
  }

  let statusMove: BookingUpdateChange['statusMove'] = null;
  if (status !== undefined) {
    const check = checkTransition(row.status, status, role, { today, checkInDate: row.checkInDate, override: change.overrideEarlyCheckIn === true });
    if (!check.ok) return { kind: 'refused', code: check.code ?? 'invalid_transition', reason: check.reason, field: 'status' };
    if (check.noop) {
      already.push({ field: 'status', value: row.status, at: statusTimeOf(row) });
    } else {
      statusMove = { from: row.status, to: status };
      patch.status = status;
      before.status = row.status;
      after.status = status;
      Object.assign(patch, statusTimestamps(row.status, status, now));
      if (status === 'Cancelled') patch.cancellationReason = change.cancellationReason ?? row.cancellationReason ?? null;
    }
  }
  if (change.cancellationReason !== undefined && !('cancellationReason' in patch)) {
    set('cancellationReason', row.cancellationReason, change.cancellationReason);
  }
  set('paymentMethod', row.paymentMethod, change.paymentMethod);
  set('specialRequests', row.specialRequests, change.specialRequests);
  let totalOverride: BookingUpdateChange['totalOverride'] = null;
  if (change.totalCents !== undefined && change.totalCents !== row.totalCents) {
    patch.totalCents = change.totalCents;
    before.totalCents = row.totalCents;
    after.totalCents = change.totalCents;
    totalOverride = { fromCents: row.totalCents, toCents: change.totalCents };
  }

  if (Object.keys(patch).length === 0) return { kind: 'unchanged', already };

  const cascade: BookingPatch = {};
  for (const key of ['status', 'checkedInAt', 'checkedOutAt', 'cancelledAt', 'cancellationReason', 'paymentStatus', 'paymentVerified'] as const) {
    if (key === 'cancellationReason' && !statusMove) continue;
    if (patch[key] !== undefined) (cascade as Record<string, unknown>)[key] = patch[key];
  }
  // The move passed only thanks to the override: what the guard would have refused.
  const earlyCheckInOverride =
    !!statusMove && !checkTransition(statusMove.from, statusMove.to, role, { today, checkInDate: row.checkInDate }).ok;
  return { kind: 'change', patch, before, after, statusMove, becamePaid, earlyCheckInOverride, cascade, totalOverride, already };
}

/** The timestamps a status move sets or clears (a correction undoes what the move did). */
export function statusTimestamps(from: BookingStatus, to: BookingStatus, now: Date): BookingPatch {
  const t: BookingPatch = {};
  if (to === 'Checked-In' && from !== 'Checked-Out') t.checkedInAt = now;
  if (to === 'Checked-Out') t.checkedOutAt = now;
  if (from === 'Checked-Out') t.checkedOutAt = null;
  if (from === 'Checked-In' && to === 'Confirmed') t.checkedInAt = null;
  if (to === 'Cancelled') t.cancelledAt = now;
  if (from === 'Cancelled') {
    t.cancelledAt = null;
    t.cancellationReason = null;
  }
  return t;
}

/** When the booking reached its current status, where that is recorded. */
function statusTimeOf(row: BookingState): Date | string | null {
  switch (row.status) {
    case 'Checked-In':
      return row.checkedInAt;
    case 'Checked-Out':
      return row.checkedOutAt;
    case 'Cancelled':
      return row.cancelledAt;
    default:
      return null;
  }
}
