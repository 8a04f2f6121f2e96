import type { Deps } from '../../deps.js';
import type { DbOrTx, Tx } from '../../db/transaction.js';
import { addDays, compareIsoDates, todayInLodge } from '../../../../shared/domain/dates.js';
import { UPCOMING_MOVEMENT_DAYS, movementsInWindow } from '../../../../shared/domain/stay-movement.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import type { AdminBookingsQuery, Booking, GuestListItem, UpcomingArrivalsResponse } from '../../../../shared/contracts/bookings.js';
import type { PaymentsAttentionResponse } from '../../../../shared/contracts/desk-money.js';
import { balanceDueCents } from '../../../../shared/domain/deposits.js';
import * as repo from './bookings.repo.js';

/** A booking by id, through the caller's transaction when given one, or undefined. */
export function getBooking(db: DbOrTx, id: string): Promise<Booking | undefined> {
  return repo.findBookingById(db, id);
}

/** Bookings by id, through the caller's transaction when given one (the sync pull). */
export function getBookings(db: DbOrTx, ids: readonly string[]): Promise<Booking[]> {
  return repo.findBookingsByIds(db, ids);
}

/** The booking a Paystack reference was issued for. */
export function getBookingByPaystackReference(db: DbOrTx, reference: string): Promise<Booking | undefined> {
  return repo.findBookingByPaystackReference(db, reference);
}

export function listAdminBookings(deps: Deps, q: AdminBookingsQuery): Promise<Booking[]> {
  return repo.listBookings(deps.db, q);
}

/**
 * The version of everything the booking lists show (bookings and the names, phone, types
 * and units they are shown with): answers kept in memory are right while it stays the same.
 */
export function bookingsVersion(deps: Deps): Promise<string> {
  return repo.readBookingsVersion(deps.db);
}

export function listEntireLodgeBookings(deps: Deps): Promise<Booking[]> {
  return repo.listBookings(deps.db, { entireLodgeParents: true });
}

export function listGuests(deps: Deps): Promise<GuestListItem[]> {
  return repo.listGuests(deps.db);
}

/**
 * Dashboard: arrivals and departures of the next 7 lodge days, today included, as the
 * shared stay-movement rule says (the PWA's dashboard and front desk use the same rule on
 * the device's copy of the bookings, so the figures agree).
 */
export async function upcomingArrivals(deps: Deps): Promise<UpcomingArrivalsResponse> {
  const today = todayInLodge(deps.clock.now());
  const rows = await repo.listMovements(deps.db, today, addDays(today, UPCOMING_MOVEMENT_DAYS - 1));
  const stays = rows.map((r) => ({ row: r, status: r.status, checkInDate: r.check_in_date, checkOutDate: r.check_out_date, isEntireLodgeChild: r.is_entire_lodge_child }));
  const items: UpcomingArrivalsResponse['bookings'] = movementsInWindow(stays, today).map(({ type, date, booking: { row: r } }) => ({
    id: r.id,
    type,
    date,
    guestName: r.guest_name,
    unitName: r.unit_name ?? r.accommodation_type_name,
    totalAmount: centsToRand(randToCents(r.total_amount)),
    status: r.status,
  }));
  // Within a day departures come first: check-out is at 10:00, check-in at 14:00.
  items.sort(
    (a, b) =>
      compareIsoDates(a.date, b.date) ||
      (a.type === b.type ? 0 : a.type === 'departure' ? -1 : 1) ||
      a.unitName.localeCompare(b.unitName) ||
      a.guestName.localeCompare(b.guestName),
  );
  const count = (type: 'arrival' | 'departure', onlyToday: boolean) =>
    items.filter((i) => i.type === type && (!onlyToday || i.date === today)).length;
  return {
    todayArrivals: count('arrival', true),
    todayDepartures: count('departure', true),
    totalArrivals: count('arrival', false),
    totalDepartures: count('departure', false),
    bookings: items,
  };
}

/** A booking, its row locked until the caller's transaction ends (verify, webhook and refunds take turns). */
export async function lockBooking(trx: Tx, id: string): Promise<Booking | undefined> {
  const [row] = await repo.findBookingRowsForUpdate(trx, [id]);
  return row ? repo.toBooking(row) : undefined;
}

/**
 * A booking row locked by the caller's transaction, as updateBooking reads it: handed to
 * updateBooking (`locked`) so it is not read again, and handed back by it after the write.
 */
export type LockedBooking = repo.BookingRow;

/** The bookings that exist among ids, locked in id order (no deadlock between two such callers), by id. */
export async function lockBookings(trx: Tx, ids: readonly string[]): Promise<Map<string, LockedBooking>> {
  const rows = await repo.findBookingRowsForUpdate(trx, ids);
  return new Map(rows.map((r) => [r.id, r]));
}

/** A locked row as the Booking the API answers with. */
export function bookingOf(locked: LockedBooking): Booking {
  return repo.toBooking(locked);
}

export function expiredCardHoldReferences(db: DbOrTx, now: Date, limit = 50): Promise<string[]> {
  return repo.listExpiredCardHoldReferences(db, now, limit);
}

/** The dashboard's overdue balances: due before the lodge's today and still owed. */
export async function overdueBalances(deps: Pick<Deps, 'db' | 'clock'>): Promise<PaymentsAttentionResponse['overdueBalances']> {
  const rows = await repo.listOverdueBalances(deps.db, todayInLodge(deps.clock.now()));
  return rows.map((r) => ({
    bookingId: r.id,
    reference: r.reference,
    guestName: r.guest_name,
    checkInDate: r.check_in_date,
    balanceDue: centsToRand(balanceDueCents(randToCents(r.total_amount), randToCents(r.amount_paid), false)),
    balanceDueDate: r.balance_due_date,
  }));
}

export interface BalanceCandidate {
  bookingId: string;
  reference: string;
  guestName: string;
  guestLastName: string;
  totalCents: number;
  amountPaidCents: number;
  balanceCents: number;
  depositCents: number | null;
  status: Booking['status'];
}

/** Bookings with money still to come (the bank reconciliation matches credits against them). */
export async function listBalanceCandidates(db: DbOrTx): Promise<BalanceCandidate[]> {
  const rows = await repo.listBalanceCandidates(db);
  return rows.map((r) => {
    const totalCents = randToCents(r.total_amount);
    const amountPaidCents = randToCents(r.amount_paid);
    return {
      bookingId: r.id,
      reference: r.reference,
      guestName: r.guest_name,
      guestLastName: r.last_name,
      totalCents,
      amountPaidCents,
      balanceCents: totalCents - amountPaidCents,
      depositCents: r.deposit_amount == null ? null : randToCents(r.deposit_amount),
      status: r.status,
    };
  });
}

/**
 * The guest's booking with this reference and e-mail address (case-insensitive), or
 * undefined; never an entire-lodge child (the guest's booking is the parent).
 */
export function findGuestBookingByReference(db: DbOrTx, reference: string, email: string): Promise<Booking | undefined> {
  return repo.findGuestBooking(db, reference, email);
}

/** Stays on a unit arriving or leaving on `date` (the housekeeping board's day), any status. */
export function listUnitStaysMovingOn(db: DbOrTx, date: string): Promise<Booking[]> {
  return repo.listUnitStaysMovingOn(db, date);
}
