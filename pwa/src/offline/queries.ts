import type { AccommodationType, Unit } from '@shared/contracts/accommodations.js';
import type { Booking } from '@shared/contracts/bookings.js';
import type { BookingStatus } from '@shared/domain/booking-status.js';
import { isArrivalToday, isDepartureToday, isInHouse, type StayQuestion } from '@shared/domain/stay-movement.js';
import { OUTCOME_LOG_SIZE, db, fromStoredBooking, getState, type OutboxEntry, type OutcomeLogEntry, type StoredBooking } from './db.js';
import { nightsToRelease } from '@shared/domain/early-departure.js';
import { housekeepingStatusOn, type HousekeepingStatus } from '@shared/domain/housekeeping.js';
import { phoneKey } from '@shared/domain/phone.js';
import { isInFlight, isReleaseOp, overlayRows, type Overlaid } from './overlay.js';

/**
 * The reads behind the hooks, as plain async functions (each runs inside useLiveQuery, which
 * re-runs it when a table it read changes: the outbox included, so an edit shows at once).
 * Status filters apply to the overlaid row: a booking checked in on this device counts as
 * Checked-In before the server knows.
 */

export type DeskBooking = Overlaid<Booking>;
export type DeskUnit = Overlaid<Unit>;

export interface BookingFilter {
  /** Stays overlapping [from, to]: check-in <= to and check-out > from (as the admin API). */
  from?: string;
  to?: string;
  status?: BookingStatus | readonly BookingStatus[];
  unitId?: string;
  /** Entire-lodge children (one per unit); the calendar wants them, lists usually not. Default true. */
  includeChildren?: boolean;
}

async function inFlight(): Promise<OutboxEntry[]> {
  return (await db.outbox.toArray()).filter(isInFlight);
}

function overlayBookings(rows: readonly StoredBooking[], entries: readonly OutboxEntry[]): DeskBooking[] {
  return overlayRows(rows.map(fromStoredBooking), entries);
}

/** Rows whose status may (after the overlay) be one of `statuses`: by the index, plus rows with edits on the way. */
async function statusCandidates(statuses: readonly BookingStatus[], entries: readonly OutboxEntry[]): Promise<StoredBooking[]> {
  const byStatus = await db.bookings.where('status').anyOf([...statuses]).toArray();
  const ids = [...new Set(entries.map((e) => e.entityId))];
  if (!ids.length) return byStatus;
  const [edited, children] = await Promise.all([
    db.bookings.bulkGet(ids),
    db.bookings.where('parentBookingId').anyOf(ids).toArray(),
  ]);
  const all = new Map(byStatus.map((b) => [b.id, b]));
  for (const b of [...edited, ...children]) if (b) all.set(b.id, b);
  return [...all.values()];
}

const byCheckIn = (a: Booking, b: Booking) => a.checkInDate.localeCompare(b.checkInDate) || a.reference.localeCompare(b.reference);
const byGuest = (a: Booking, b: Booking) => a.guestName.localeCompare(b.guestName) || a.reference.localeCompare(b.reference);

export async function queryBookings(filter: BookingFilter = {}): Promise<DeskBooking[]> {
  const entries = await inFlight();
  const statuses = filter.status === undefined ? undefined : typeof filter.status === 'string' ? [filter.status] : filter.status;
  let rows: StoredBooking[];
  if (filter.to !== undefined) rows = await db.bookings.where('checkInDate').belowOrEqual(filter.to).toArray();
  else if (filter.from !== undefined) rows = await db.bookings.where('checkOutDate').above(filter.from).toArray();
  else if (filter.unitId !== undefined) rows = await db.bookings.where('unitId').equals(filter.unitId).toArray();
  else if (statuses) rows = await statusCandidates(statuses, entries);
  else rows = await db.bookings.toArray();
  const matching = rows.filter(
    (b) =>
      (filter.from === undefined || b.checkOutDate > filter.from) &&
      (filter.to === undefined || b.checkInDate <= filter.to) &&
      (filter.unitId === undefined || b.unitId === filter.unitId) &&
      (filter.includeChildren !== false || !b.isEntireLodgeChild),
  );
  return overlayBookings(matching, entries)
    .filter((b) => !statuses || statuses.includes(b.status))
    .sort(byCheckIn);
}

export async function queryBooking(id: string): Promise<DeskBooking | null> {
  const stored = await db.bookings.get(id);
  if (!stored) return null;
  const ids = stored.parentBookingId ? [id, stored.parentBookingId] : [id];
  const entries = (await db.outbox.where('entityId').anyOf(ids).toArray()).filter(isInFlight);
  return overlayBookings([stored], entries)[0];
}

/** A release of an early departure's nights on its way to the server (docs/design.md, The desk's day). */
export interface PendingRelease {
  entryId: string;
  /** The lodge's date the guest left on, as queued. */
  departureDate: string;
  /** The nights it releases, counted on the stay as the device has it. */
  nights: number;
}

/** The release queued for this booking (or the stay it belongs to) and not yet answered, or null. */
export async function queryPendingRelease(bookingId: string): Promise<PendingRelease | null> {
  const stored = await db.bookings.get(bookingId);
  if (!stored) return null;
  const stayId = stored.parentBookingId ?? bookingId;
  const stay = stayId === bookingId ? stored : await db.bookings.get(stayId);
  const entry = (await db.outbox.where('entityId').equals(stayId).toArray()).find((e) => isReleaseOp(e.op) && isInFlight(e));
  if (!entry || !stay) return null;
  const departureDate = String(entry.args.departureDate);
  return { entryId: entry.id, departureDate, nights: nightsToRelease(stay, departureDate) };
}

/** The front desk's day, by the shared stay-movement rule (the dashboard and the API use it too). */
export interface TodayBoard {
  /** Due to check in today and not yet in. */
  arrivals: DeskBooking[];
  /** Due to check out today and in house. */
  departures: DeskBooking[];
  /** Checked-In, whatever the dates. */
  inHouse: DeskBooking[];
}

/**
 * The front desk's day, as edits on the way leave it. The indexes only gather candidates
 * (checking in or out today, or possibly Checked-In); the rule decides, on the overlaid rows.
 */
export async function queryTodayBoard(todayIso: string): Promise<TodayBoard> {
  const entries = await inFlight();
  const [arriving, leaving, staying] = await Promise.all([
    db.bookings.where('checkInDate').equals(todayIso).toArray(),
    db.bookings.where('checkOutDate').equals(todayIso).toArray(),
    statusCandidates(['Checked-In'], entries),
  ]);
  const desk = (rows: StoredBooking[], rule: (question: StayQuestion) => boolean) =>
    overlayBookings(rows, entries)
      .filter((booking) => rule({ booking, today: todayIso }))
      .sort(byGuest);
  return {
    arrivals: desk(arriving, isArrivalToday),
    departures: desk(leaving, isDepartureToday),
    inHouse: desk(staying, isInHouse),
  };
}

export const SEARCH_LIMIT = 50;

/**
 * Bookings whose guest name or reference contains the text, case-insensitive; newest stay
 * first, at most SEARCH_LIMIT. Entire-lodge children are left out. Empty text finds nothing.
 */
export async function searchBookings(text: string): Promise<DeskBooking[]> {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const phone = phoneQuery(q);
  const rows = await db.bookings
    .filter(
      (b) =>
        !b.isEntireLodgeChild &&
        (b.guestNameLower.includes(q) || b.referenceLower.includes(q) || (phone !== null && (phoneKey(b.guestPhone) ?? '').includes(phone))),
    )
    .toArray();
  rows.sort((a, b) => b.checkInDate.localeCompare(a.checkInDate) || a.reference.localeCompare(b.reference));
  return overlayBookings(rows.slice(0, SEARCH_LIMIT), await inFlight());
}

/**
 * What a search typed as a phone number (digits, spaces, +, - and brackets, at least three
 * digits) looks for in a guest's phone, as phoneKey writes it: "+27 82 123" and "082 123" both
 * find "082 123 4567", as the walk-in's guest is found again by phone. Null for anything else.
 */
function phoneQuery(q: string): string | null {
  if (!/^[+0-9\s()-]+$/.test(q)) return null;
  const digits = q.replace(/[^0-9]/g, '');
  if (digits.length < 3) return null;
  return q.startsWith('+27') ? `0${digits.slice(2)}` : digits;
}

export async function queryUnits(): Promise<DeskUnit[]> {
  const [units, entries] = await Promise.all([db.units.toArray(), inFlight()]);
  return overlayRows(units, entries).sort((a, b) => a.name.localeCompare(b.name));
}

export async function queryAccommodationTypes(): Promise<AccommodationType[]> {
  return (await db.accommodationTypes.toArray()).sort((a, b) => a.name.localeCompare(b.name));
}

export interface OutboxView {
  /** Still to send or being sent, in order. */
  pending: OutboxEntry[];
  /** Waiting for a person: apply mine again, or drop mine. */
  conflicts: OutboxEntry[];
  rejected: OutboxEntry[];
}

export async function queryOutbox(): Promise<OutboxView> {
  const all = await db.outbox.orderBy('seq').toArray();
  return {
    pending: all.filter(isInFlight),
    conflicts: all.filter((e) => e.status === 'conflict'),
    rejected: all.filter((e) => e.status === 'rejected'),
  };
}

/** The outcome log, newest first. */
export async function queryOutcomes(): Promise<OutcomeLogEntry[]> {
  return db.outcomes.orderBy('id').reverse().limit(OUTCOME_LOG_SIZE).toArray();
}

export interface StoredSyncStatus {
  pendingCount: number;
  /** Conflicts and rejections: both wait for a person. */
  conflictCount: number;
  lastPullAt: string | null;
  lastPushAt: string | null;
  pausedForAuth: boolean;
  evictedAt: string | null;
}

export async function queryStoredStatus(): Promise<StoredSyncStatus> {
  const [pendingCount, conflictCount, lastPullAt, lastPushAt, pausedForAuth, evictedAt] = await Promise.all([
    db.outbox.where('status').anyOf(['pending', 'sent']).count(),
    db.outbox.where('status').anyOf(['conflict', 'rejected']).count(),
    getState('lastPullAt'),
    getState('lastPushAt'),
    getState('pausedForAuth'),
    getState('evictedAt'),
  ]);
  return {
    pendingCount,
    conflictCount,
    lastPullAt: lastPullAt ?? null,
    lastPushAt: lastPushAt ?? null,
    pausedForAuth: pausedForAuth ?? false,
    evictedAt: evictedAt ?? null,
  };
}

/** One unit on the housekeeping board as the device knows it (docs/design.md, The desk's day: housekeeping). */
export interface DeskHousekeepingUnit {
  unit: DeskUnit;
  typeName: string;
  /** Out of order inside a period, else the cleaning status (with the edits on the way). */
  statusOnDate: HousekeepingStatus;
  /** The periods not ended by the day. */
  outOfOrder: DeskUnit['outOfOrder'];
  arrivals: DeskBooking[];
  departures: DeskBooking[];
}

/**
 * The housekeeping board from the device's store: every active unit with its cleaning status
 * as the outbox leaves it, and who arrives and leaves there on `todayIso` by the shared
 * stay-movement rule, asked per unit (a group's units each count, as on the server). A
 * check-out queued here shows its unit Dirty at once, as the server will set it, unless a
 * status set on the unit after that check-out says otherwise.
 */
export async function queryHousekeepingBoard(todayIso: string): Promise<DeskHousekeepingUnit[]> {
  const entries = await inFlight();
  const editedIds = [...new Set(entries.map((e) => e.entityId))];
  const [units, types, arriving, leaving, edited, editedChildren] = await Promise.all([
    db.units.toArray(),
    db.accommodationTypes.toArray(),
    db.bookings.where('checkInDate').equals(todayIso).toArray(),
    db.bookings.where('checkOutDate').equals(todayIso).toArray(),
    db.bookings.bulkGet(editedIds),
    db.bookings.where('parentBookingId').anyOf(editedIds).toArray(),
  ]);
  const rows = new Map<string, StoredBooking>();
  for (const b of [...arriving, ...leaving, ...edited, ...editedChildren]) if (b?.unitId) rows.set(b.id, b);
  const stays = overlayBookings([...rows.values()], entries);
  const seqOf = new Map(entries.map((e) => [e.id, e.seq]));
  const typeNames = new Map(types.map((t) => [t.id, t.name]));

  return overlayRows(units.filter((u) => u.isActive), entries)
    .map((unit) => {
      const here = stays.filter((s) => s.unitId === unit.id);
      // The last check-out queued here for a stay on this unit, and the last status set on it.
      const checkOutSeq = Math.max(
        0,
        ...here
          .filter((s) => s.status === 'Checked-Out' && s.pendingSync)
          .flatMap((s) => s.pendingEntryIds.filter((id) => entries.find((e) => e.id === id)?.args.status === 'Checked-Out').map((id) => seqOf.get(id) ?? 0)),
      );
      const statusSeq = Math.max(0, ...unit.pendingEntryIds.map((id) => seqOf.get(id) ?? 0));
      const shown: DeskUnit = checkOutSeq > statusSeq ? { ...unit, housekeepingStatus: 'Dirty', pendingSync: true } : unit;
      const outOfOrder = unit.outOfOrder.filter((p) => p.endDate > todayIso);
      // Each unit's own stay counts, an entire-lodge or group child's too (a room to turn over).
      const asked = (booking: DeskBooking): StayQuestion => ({ booking: { ...booking, isEntireLodgeChild: false }, today: todayIso });
      const leftToday = (b: DeskBooking) => b.status === 'Checked-Out' && b.checkOutDate === todayIso;
      return {
        unit: shown,
        typeName: typeNames.get(unit.accommodationTypeId) ?? '',
        statusOnDate: housekeepingStatusOn({ housekeepingStatus: shown.housekeepingStatus, outOfOrder }, todayIso),
        outOfOrder,
        arrivals: here.filter((b) => isArrivalToday(asked(b))).sort(byGuest),
        departures: here.filter((b) => isDepartureToday(asked(b)) || leftToday(b)).sort(byGuest),
      };
    })
    .sort((a, b) => a.typeName.localeCompare(b.typeName) || a.unit.name.localeCompare(b.unit.name));
}
