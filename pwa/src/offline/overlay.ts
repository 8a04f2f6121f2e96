import type { Unit } from '@shared/contracts/accommodations.js';
import type { Booking } from '@shared/contracts/bookings.js';
import { SyncOperationArgs, type SyncOperation } from '@shared/contracts/sync.js';
import { BOOKING_UPDATE_MESSAGES, planBookingUpdate, type BookingChange, type BookingPatch } from '@shared/domain/booking-update.js';
import { EARLY_DEPARTURE_MESSAGES } from '@shared/contracts/early-departure.js';
import { compareIsoDates, todayInLodge } from '@shared/domain/dates.js';
import { nightsToRelease } from '@shared/domain/early-departure.js';
import { randToCents } from '@shared/domain/money.js';
import { can, type Role } from '@shared/roles.js';
import type { OutboxEntry, OutboxStatus } from './db.js';

/**
 * What the screens see: the server row as last pulled, with the entries still on their way
 * (pending or sent) applied in sequence order. A pull replaces the server row; the entries
 * stay in the outbox until the server answers, so they land on top of the new row by
 * themselves ("re-apply pending entries after a pull").
 */

export type SyncRow = Booking | Unit;

/** An entry as far as applying it is concerned. */
export interface LocalEdit {
  op: SyncOperation | string;
  args: Record<string, unknown>;
}

export type ApplyResult<R> = { ok: true; row: R; noop: boolean; changed: string[] } | { ok: false; reason: string };

const BOOKING_OPS = new Set<string>(['booking.setStatus', 'booking.setSpecialRequests', 'booking.paymentReceived', 'booking.releaseNights']);

export function isBookingOp(op: string): boolean {
  return BOOKING_OPS.has(op);
}

/**
 * A charge posted to a booking's folio: queued against the booking (its entity), but it
 * changes nothing the booking row shows; the folio lays it over its own lines.
 */
export function isFolioOp(op: string): boolean {
  return op === 'folio.addCharge';
}

/** A register entry: queued against the booking, shown by the register, not on the row. */
export function isRegisterOp(op: string): boolean {
  return op === 'register.upsertEntry';
}

/**
 * An early departure's nights released: queued behind the check-out, applied by the server
 * only (the credit follows the lodge's setting and the stay's prices, which the device does
 * not hold), so until then the row shows the stay as booked and the screens say the release
 * is on its way.
 */
export function isReleaseOp(op: string): boolean {
  return op === 'booking.releaseNights';
}

/** Queued against a booking without changing what its row shows. */
function besideRow(op: string): boolean {
  return isFolioOp(op) || isRegisterOp(op) || isReleaseOp(op);
}

/**
 * The rule of one operation, applied to one row the way the server would apply it. Plain on
 * purpose (row, edit, role, clock); booking edits run the API's own planBookingUpdate.
 * `viaParent`: the edit was made to this row's entire-lodge parent. Never throws; an edit the
 * rules refuse comes back `{ ok: false, reason }` in words for the desk.
 */
export function applyEntryLocally<R extends SyncRow>(
  row: R,
  edit: LocalEdit,
  role: Role | null | undefined,
  now: Date,
  options: { viaParent?: boolean } = {},
): ApplyResult<R> {
  const op = edit.op as SyncOperation;
  const schema = SyncOperationArgs[op];
  if (!schema) return { ok: false, reason: `Unknown change: ${edit.op}` };
  const parsed = schema.safeParse(edit.args);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? 'Invalid change' };
  const isBooking = 'reference' in row;
  if (isBookingOp(op) !== isBooking) return { ok: false, reason: `${edit.op} does not apply to this record` };

  if (op === 'unit.setActive') {
    if (!can(role, 'manageAccommodations')) return { ok: false, reason: 'Only a Manager or SuperAdmin can change a unit' };
    const { isActive } = parsed.data as SyncOperationArgs['unit.setActive'];
    return changes(row, { isActive }, now);
  }

  if (op === 'unit.setHousekeeping') {
    // Every staff role, as on the server (set-housekeeping.ts): status, and the note unless omitted.
    if (!can(role, 'housekeeping')) return { ok: false, reason: "You don't have permission to do this" };
    const { status, note } = parsed.data as SyncOperationArgs['unit.setHousekeeping'];
    const patch: Partial<Unit> = { housekeepingStatus: status };
    if (note !== undefined) patch.housekeepingNote = note?.trim() || null;
    return changes(row, patch, now);
  }

  if (!can(role, 'manageBookings')) return { ok: false, reason: "You don't have permission to do this" };
  const booking = row as Booking;
  if (op === 'booking.releaseNights') {
    // The server's refusals, checked on the row as the desk sees it (the check-out queued
    // before it included), so a release that cannot apply is refused at once in its words.
    const { departureDate } = parsed.data as SyncOperationArgs['booking.releaseNights'];
    const refusal = releaseRefusal(booking, departureDate, now);
    return refusal ? { ok: false, reason: refusal } : { ok: true, row, noop: false, changed: [] };
  }
  let change: BookingChange;
  switch (op) {
    case 'booking.setStatus': {
      const { status, cancellationReason, override } = parsed.data as SyncOperationArgs['booking.setStatus'];
      change = { status, ...(cancellationReason !== undefined ? { cancellationReason } : {}), overrideEarlyCheckIn: override === true };
      break;
    }
    case 'booking.setSpecialRequests': {
      const { specialRequests } = parsed.data as SyncOperationArgs['booking.setSpecialRequests'];
      change = { specialRequests };
      break;
    }
    case 'booking.paymentReceived': {
      const { method } = parsed.data as SyncOperationArgs['booking.paymentReceived'];
      change = { paymentStatus: 'Paid', paymentMethod: method };
      break;
    }
    default:
      return { ok: false, reason: `Unknown change: ${edit.op}` };
  }
  // The same rule the API runs (shared/domain/booking-update.ts), so the desk sees at once
  // what the server will do. A child row shows its parent's edit as the server cascades it.
  const plan = planBookingUpdate(
    {
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      paymentVerified: booking.paymentVerified,
      paymentMethod: booking.paymentMethod,
      totalCents: randToCents(booking.totalAmount),
      specialRequests: booking.specialRequests,
      cancellationReason: null,
      isEntireLodgeChild: booking.isEntireLodgeChild && !options.viaParent,
      checkInDate: booking.checkInDate,
      checkedInAt: null,
      checkedOutAt: null,
      cancelledAt: null,
    },
    change,
    role,
    now,
  );
  if (plan.kind === 'refused') return { ok: false, reason: plan.reason };
  if (plan.kind === 'unchanged') return { ok: true, row, noop: true, changed: [] };
  return changes(row, visibleFields(options.viaParent ? plan.cascade : plan.patch), now);
}

/** Why the server would refuse to release this stay's remaining nights, or null (release-nights.ts). */
function releaseRefusal(booking: Booking, departureDate: string, now: Date): string | null {
  if (booking.isEntireLodgeChild) return BOOKING_UPDATE_MESSAGES.entireLodgeChild;
  if (compareIsoDates(departureDate, todayInLodge(now)) > 0) return EARLY_DEPARTURE_MESSAGES.departureInFuture;
  if (booking.status !== 'Checked-Out') return EARLY_DEPARTURE_MESSAGES.notCheckedOut;
  if (booking.originalCheckOutDate) return EARLY_DEPARTURE_MESSAGES.alreadyReleased;
  if (nightsToRelease(booking, departureDate) === 0) return EARLY_DEPARTURE_MESSAGES.nothingToRelease;
  return null;
}

/** The part of a planned patch that the Booking contract shows. */
function visibleFields(patch: BookingPatch): Partial<Booking> {
  const out: Partial<Booking> = {};
  if (patch.status !== undefined) out.status = patch.status;
  if (patch.paymentStatus !== undefined) out.paymentStatus = patch.paymentStatus;
  if (patch.cancellationReason !== undefined) out.cancellationReason = patch.cancellationReason;
  if (patch.paymentVerified !== undefined) out.paymentVerified = patch.paymentVerified;
  if (patch.paymentMethod !== undefined) out.paymentMethod = patch.paymentMethod;
  if (patch.specialRequests !== undefined) out.specialRequests = patch.specialRequests;
  return out;
}

function changes<R extends SyncRow>(row: R, patch: Record<string, unknown>, now: Date): ApplyResult<R> {
  const changed = Object.keys(patch).filter((k) => (row as Record<string, unknown>)[k] !== patch[k]);
  if (changed.length === 0) return { ok: true, row, noop: true, changed };
  return { ok: true, row: { ...row, ...patch, updatedAt: now.toISOString() }, noop: false, changed };
}

/** Entries that still change what the screens show. */
export const IN_FLIGHT: readonly OutboxStatus[] = ['pending', 'sent'];

export function isInFlight(entry: Pick<OutboxEntry, 'status'>): boolean {
  return IN_FLIGHT.includes(entry.status);
}

export interface OverlayMarks {
  /** True while any entry for this row is pending or sent. */
  pendingSync: boolean;
  /** Those entries, in sequence order. */
  pendingEntryIds: string[];
  /** Entries that no longer apply to the row as it is now (the server will answer conflict or rejected). */
  notApplied: { entryId: string; reason: string }[];
}

export type Overlaid<R extends SyncRow> = R & OverlayMarks;

/**
 * The row with its in-flight entries applied in seq order. An entire-lodge parent's status
 * and payment carry to its children as on the server, so the calendar shows them moving
 * together. Each entry is applied with the role of the person who made it.
 */
export function overlayRow<R extends SyncRow>(row: R, entries: readonly OutboxEntry[]): Overlaid<R> {
  const parentId = 'parentBookingId' in row ? row.parentBookingId : null;
  const mine = entries
    .filter((e) => isInFlight(e) && !besideRow(e.op) && (e.entityId === row.id || (parentId !== null && e.entityId === parentId && e.op !== 'booking.setSpecialRequests')))
    .sort((a, b) => a.seq - b.seq);
  let current = row;
  const notApplied: OverlayMarks['notApplied'] = [];
  for (const entry of mine) {
    const result = applyEntryLocally(current, entry, entry.madeBy?.role, new Date(entry.createdAt), { viaParent: entry.entityId !== row.id });
    if (result.ok) current = result.row;
    else notApplied.push({ entryId: entry.id, reason: result.reason });
  }
  return { ...current, pendingSync: mine.length > 0, pendingEntryIds: mine.map((e) => e.id), notApplied };
}

/** Overlays many rows at once (entries grouped once, not scanned per row). */
export function overlayRows<R extends SyncRow>(rows: readonly R[], entries: readonly OutboxEntry[]): Overlaid<R>[] {
  const byEntity = new Map<string, OutboxEntry[]>();
  for (const e of entries) {
    if (!isInFlight(e) || besideRow(e.op)) continue;
    const list = byEntity.get(e.entityId);
    if (list) list.push(e);
    else byEntity.set(e.entityId, [e]);
  }
  return rows.map((row) => {
    const parentId = 'parentBookingId' in row ? row.parentBookingId : null;
    const own = byEntity.get(row.id) ?? [];
    const fromParent = parentId ? (byEntity.get(parentId) ?? []) : [];
    return overlayRow(row, own.length || fromParent.length ? [...own, ...fromParent] : []);
  });
}
