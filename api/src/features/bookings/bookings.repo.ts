import type { Knex } from 'knex';
import type { BookingPatch } from '../../../../shared/domain/booking-update.js';
import type { Booking, GuestListItem } from '../../../../shared/contracts/bookings.js';
import { BLOCKING_STATUSES, type BookingStatus, type PaymentMethod, type PaymentStatus } from '../../../../shared/domain/booking-status.js';
import { unitHeldSql } from '../../db/unit-held.js';
import { prepared } from '../../db/prepared.js';
import { centsToDecimalText, centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { balanceDueCents } from '../../../../shared/domain/deposits.js';
import type { BookingChannel } from '../../../../shared/domain/booking-channel.js';

type Db = Knex | Knex.Transaction;

export interface BookingRow {
  id: string;
  reference: string;
  unit_id: string | null;
  accommodation_type_id: string;
  guest_id: string;
  guest_name: string;
  /** null: a walk-in or phone guest without an address. */
  guest_email: string | null;
  check_in_date: string;
  check_out_date: string;
  number_of_guests: number;
  status: BookingStatus;
  total_amount: string;
  discount_amount: string;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  payment_verified: boolean;
  paystack_reference: string | null;
  promo_code_id: string | null;
  special_requests: string | null;
  hold_expires_at: Date | null;
  parent_booking_id: string | null;
  is_entire_lodge_child: boolean;
  /** The parent of a group booking: how many units it holds; null otherwise. */
  group_unit_count: number | null;
  source: 'guest' | 'staff';
  created_by_user_id: string | null;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  cancelled_at: Date | null;
  cancellation_reason: string | null;
  promo_use_returned_at: Date | null;
  /** The party priced (per person sharing, or named by the request); null before it was kept. */
  adults: number | null;
  child_ages: number[] | null;
  special_offer_id: string | null;
  special_discount_amount: string;
  /** Due at booking (null: all of it, as before deposits). */
  deposit_amount: string | null;
  /** When the rest is due; null when nothing was left for later. */
  balance_due_date: string | null;
  /** The ledger's money held (kept by a trigger on payment_transactions). */
  amount_paid: string;
  channel: BookingChannel | null;
  /** The parent of a stay split over units (its children are the segments). */
  is_split_stay: boolean;
  /** Set when an early departure released the remaining nights: the check-out booked. */
  original_check_out_date: string | null;
  early_departure_credit: string;
  /** Each night's accommodation price as quoted (cents); null on older bookings. */
  night_amounts: number[] | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  // joined
  unit_name?: string | null;
  accommodation_type_name?: string;
  guest_phone?: string | null;
  special_offer_name?: string | null;
  created_by_name?: string | null;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A bookings row (joined with unit, type and guest names) as the shared Booking contract. */
export const toBooking = (r: BookingRow): Booking => ({
  id: r.id,
  reference: r.reference,
  unitId: r.unit_id,
  unitName: r.unit_name ?? null,
  accommodationTypeId: r.accommodation_type_id,
  accommodationTypeName: r.accommodation_type_name ?? '',
  guestId: r.guest_id,
  guestName: r.guest_name,
  // A stay a channel's calendar blocked has no guest e-mail (docs/design.md, 19).
  guestEmail: r.guest_email,
  guestPhone: r.guest_phone ?? null,
  channel: r.channel,
  createdByName: r.created_by_name ?? null,
  checkInDate: r.check_in_date,
  checkOutDate: r.check_out_date,
  numberOfGuests: r.number_of_guests,
  status: r.status,
  totalAmount: centsToRand(randToCents(r.total_amount)),
  discountAmount: centsToRand(randToCents(r.discount_amount)),
  paymentStatus: r.payment_status,
  paymentMethod: r.payment_method,
  paymentVerified: r.payment_verified,
  paystackReference: r.paystack_reference,
  promoCodeId: r.promo_code_id,
  specialRequests: r.special_requests,
  cancellationReason: r.cancellation_reason,
  holdExpiresAt: iso(r.hold_expires_at),
  parentBookingId: r.parent_booking_id,
  isEntireLodgeChild: r.is_entire_lodge_child,
  // Only on a group's parent, so every other booking is answered exactly as before groups.
  ...(r.group_unit_count ? { unitCount: r.group_unit_count } : {}),
  ...(r.is_split_stay ? { isSplitStay: true } : {}),
  ...(r.original_check_out_date
    ? { originalCheckOutDate: r.original_check_out_date, earlyDepartureCredit: centsToRand(randToCents(r.early_departure_credit)) }
    : {}),
  // The party and the special only where they were kept, so other bookings answer as before.
  ...(r.adults != null ? { adults: r.adults, childAges: r.child_ages ?? [] } : {}),
  ...(r.special_offer_id
    ? {
        specialOfferId: r.special_offer_id,
        specialOfferName: r.special_offer_name ?? null,
        specialDiscountAmount: centsToRand(randToCents(r.special_discount_amount)),
      }
    : {}),
  ...moneyHeld(r),
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  version: r.version,
});

/** Paid, the balance (the one rule: balanceDueCents) and its due date. */
function moneyHeld(r: BookingRow): Pick<Booking, 'amountPaid' | 'balanceDue' | 'balanceDueDate' | 'depositAmount'> {
  const paidCents = randToCents(r.amount_paid ?? '0');
  // Released nights credited after an early departure are owed no more.
  const owedCents = randToCents(r.total_amount) - randToCents(r.early_departure_credit ?? '0');
  const balance = r.is_entire_lodge_child ? 0 : balanceDueCents(owedCents, paidCents, r.status === 'Cancelled');
  return {
    amountPaid: centsToRand(paidCents),
    balanceDue: centsToRand(balance),
    balanceDueDate: r.balance_due_date ?? null,
    depositAmount: r.deposit_amount == null ? null : centsToRand(randToCents(r.deposit_amount)),
  };
}

function bookingsQuery(db: Db) {
  return db('bookings as b')
    .leftJoin('units as u', 'u.id', 'b.unit_id')
    .join('accommodation_types as t', 't.id', 'b.accommodation_type_id')
    .join('guests as g', 'g.id', 'b.guest_id')
    .leftJoin('users as cu', 'cu.id', 'b.created_by_user_id')
    .select(
      'b.*',
      'u.name as unit_name',
      't.name as accommodation_type_name',
      'g.phone as guest_phone',
      db.raw("CASE WHEN cu.id IS NULL THEN NULL ELSE cu.first_name || ' ' || cu.last_name END AS created_by_name"),
      // The special's name as the booking shows it (null once the special is deleted: the id is set null too).
      db.raw('(SELECT so.name FROM special_offers so WHERE so.id = b.special_offer_id) AS special_offer_name'),
    );
}

export async function findBookingById(db: Db, id: string): Promise<Booking | undefined> {
  const row: BookingRow | undefined = await bookingsQuery(db).where('b.id', id).first();
  return row ? toBooking(row) : undefined;
}

/** Bookings by id (the sync pull's page), in no particular order. */
export async function findBookingsByIds(db: Db, ids: readonly string[]): Promise<Booking[]> {
  if (ids.length === 0) return [];
  const rows: BookingRow[] = await bookingsQuery(db).whereIn('b.id', ids);
  return rows.map(toBooking);
}

/**
 * The guest's booking with this reference and e-mail (case-insensitive), or undefined.
 * Entire-lodge children are never answered: the guest's booking is the parent.
 */
export async function findGuestBooking(db: Db, reference: string, email: string): Promise<Booking | undefined> {
  const row: BookingRow | undefined = await bookingsQuery(db)
    .where('b.reference', reference)
    .andWhereRaw('lower(b.guest_email) = ?', [email.toLowerCase()])
    .andWhere('b.is_entire_lodge_child', false)
    .first();
  return row ? toBooking(row) : undefined;
}

/** The raw row, locked for the rest of the transaction (a status change reads then writes). */
export async function findBookingRowForUpdate(trx: Knex.Transaction, id: string): Promise<BookingRow | undefined> {
  return trx<BookingRow>('bookings').where({ id }).forUpdate().first();
}

/**
 * Rows with the names the answer shows, the bookings rows locked for the rest of the
 * transaction, in id order: two transactions locking overlapping sets this way queue
 * instead of deadlocking. One round trip gives a use case what it reads and answers with.
 */
export async function findBookingRowsForUpdate(trx: Knex.Transaction, ids: readonly string[]): Promise<BookingRow[]> {
  if (ids.length === 0) return [];
  return bookingsQuery(trx).whereIn('b.id', ids).orderBy('b.id').forUpdate('b');
}

export interface BookingFilter {
  startDate?: string;
  endDate?: string;
  unitId?: string;
  status?: BookingStatus;
  /** Only entire-lodge parents (no unit, no parent, not a group). */
  entireLodgeParents?: boolean;
}

/** Bookings whose stay overlaps the window: check-in <= endDate and check-out > startDate. */
export async function listBookings(db: Db, f: BookingFilter): Promise<Booking[]> {
  const q = bookingsQuery(db).orderBy([
    { column: 'b.check_in_date' },
    { column: 'b.created_at' },
    { column: 'b.reference' },
  ]);
  if (f.startDate && f.endDate) {
    // The same condition as a range overlap, so bookings_stay_idx (GiST) can answer it.
    q.whereRaw(`daterange(b.check_in_date, b.check_out_date, '[)') && daterange(?::date, ?::date, '[]')`, [f.startDate, f.endDate]);
  } else {
    if (f.startDate) q.where('b.check_out_date', '>', f.startDate);
    if (f.endDate) q.where('b.check_in_date', '<=', f.endDate);
  }
  if (f.unitId) q.where('b.unit_id', f.unitId);
  if (f.status) q.where('b.status', f.status);
  if (f.entireLodgeParents) q.whereNull('b.unit_id').whereNull('b.parent_booking_id').whereNull('b.group_unit_count');
  const rows: BookingRow[] = await q;
  return rows.map(toBooking);
}

export type BookingInsert = {
  id?: string;
  reference: string;
  unit_id: string | null;
  accommodation_type_id: string;
  guest_id: string;
  guest_name: string;
  guest_email: string | null;
  check_in_date: string;
  check_out_date: string;
  number_of_guests: number;
  status: BookingStatus;
  total_cents: number;
  discount_cents: number;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  payment_verified: boolean;
  paystack_reference: string | null;
  promo_code_id: string | null;
  special_requests: string | null;
  hold_expires_at: Date | null;
  parent_booking_id: string | null;
  is_entire_lodge_child: boolean;
  /** Set on the parent of a group booking only (2 or more). */
  group_unit_count?: number | null;
  source: 'guest' | 'staff';
  created_by_user_id: string | null;
  /** A guest's hashed client address (guest-limits.ts); null for staff. */
  hold_source?: string | null;
  /** The party priced: kept for per person types and whenever the request named it. */
  adults?: number | null;
  child_ages?: readonly number[] | null;
  /** The special that applied, and its discount (a booking's total never follows a later change). */
  special_offer_id?: string | null;
  special_discount_cents?: number;
  /** Due at booking (depositPlan's dueNow); null or absent: all of it (entire-lodge children too). */
  deposit_cents?: number | null;
  /** When the rest is due; null when nothing is left for later. */
  balance_due_date?: string | null;
  /**
   * Money taken as the booking is made (staff at the desk), written with the ledger rows that
   * hold it, so the ledger's trigger agrees and the new booking stays at version 1.
   */
  amount_paid_cents?: number;
  /** How it came; absent: `Website` for a guest's own booking, not recorded for staff. */
  channel?: BookingChannel | null;
  /** Each night's accommodation price as quoted (cents), for spreading amounts over the nights. */
  night_amounts?: readonly number[] | null;
  /** The parent of a split stay (no unit; its children are the segments). */
  is_split_stay?: boolean;
  /** A split stay's segment written by a room move keeps its stay's check-in and check-out moments. */
  checked_in_at?: Date | null;
  checked_out_at?: Date | null;
};

/**
 * Unpaid holds still running (Provisional, payment pending, hold not yet over) for a guest's
 * e-mail address and for a client address hash: what GUEST_HOLD_LIMIT caps.
 */
export async function countActiveHolds(db: Db, by: { email: string; source: string; now: Date }): Promise<{ byEmail: number; bySource: number }> {
  const active = (q: Knex.QueryBuilder) =>
    q
      .where({ status: 'Provisional', payment_status: 'Pending', is_entire_lodge_child: false })
      .andWhere('hold_expires_at', '>', by.now);
  // One after the other: inside the caller's transaction they share one connection.
  const email = await active(db('bookings')).andWhereRaw('lower(guest_email) = lower(?)', [by.email]).count<{ c: string }[]>('* as c').first();
  const source = await active(db('bookings')).andWhere('hold_source', by.source).count<{ c: string }[]>('* as c').first();
  return { byEmail: Number(email?.c ?? 0), bySource: Number(source?.c ?? 0) };
}

/** Inserts one booking; the exclusion constraint (23P01) and unique indexes (23505) throw. */
export async function insertBooking(db: Db, b: BookingInsert): Promise<string> {
  const { total_cents, discount_cents, id, child_ages, special_discount_cents, deposit_cents, amount_paid_cents, channel, night_amounts, ...rest } = b;
  const rows: { id: string }[] = await db('bookings')
    .insert({
      ...(id ? { id } : {}),
      ...rest,
      channel: channel !== undefined ? channel : rest.source === 'guest' && !rest.is_entire_lodge_child ? 'Website' : null,
      ...(night_amounts != null ? { night_amounts: JSON.stringify(night_amounts) } : {}),
      total_amount: centsToDecimalText(total_cents),
      discount_amount: centsToDecimalText(discount_cents),
      // jsonb: the driver would send a JS array as a PostgreSQL array, so send JSON text.
      ...(child_ages != null ? { child_ages: JSON.stringify(child_ages) } : {}),
      ...(special_discount_cents ? { special_discount_amount: centsToDecimalText(special_discount_cents) } : {}),
      ...(deposit_cents != null ? { deposit_amount: centsToDecimalText(deposit_cents) } : {}),
      ...(amount_paid_cents ? { amount_paid: centsToDecimalText(amount_paid_cents) } : {}),
    })
    .returning('id');
  return rows[0].id;
}

/** What the bookings use cases write: the domain's patch, and the hold. */
/**
 * amountPaidCents: only with the ledger row that makes it true, written in the same
 * transaction (the ledger's trigger then agrees and leaves the row alone).
 */
export type BookingWrite = BookingPatch & { holdExpiresAt?: Date | null; amountPaidCents?: number };

const COLUMNS: Record<Exclude<keyof BookingWrite, 'totalCents' | 'amountPaidCents'>, string> = {
  status: 'status',
  paymentStatus: 'payment_status',
  paymentVerified: 'payment_verified',
  paymentMethod: 'payment_method',
  specialRequests: 'special_requests',
  cancellationReason: 'cancellation_reason',
  checkedInAt: 'checked_in_at',
  checkedOutAt: 'checked_out_at',
  cancelledAt: 'cancelled_at',
  holdExpiresAt: 'hold_expires_at',
};

function toColumns(patch: BookingWrite): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (key === 'totalCents') row.total_amount = centsToDecimalText(value as number);
    else if (key === 'amountPaidCents') row.amount_paid = centsToDecimalText(value as number);
    else row[COLUMNS[key as keyof typeof COLUMNS]] = value;
  }
  return row;
}

/** Conditional on the version read: 0 when someone changed the row in between. */
export async function updateBooking(db: Db, id: string, version: number, patch: BookingWrite): Promise<number> {
  return db('bookings').where({ id, version }).update(toColumns(patch));
}

/**
 * The same, answering the row as written (the triggers' new version and stamps included),
 * or undefined when someone changed it in between; it has no joined names.
 */
export async function updateBookingReturning(db: Db, id: string, version: number, patch: BookingWrite): Promise<BookingRow | undefined> {
  const rows: BookingRow[] = await db('bookings').where({ id, version }).update(toColumns(patch)).returning('*');
  return rows[0];
}

export async function updateChildren(db: Db, parentId: string, patch: BookingWrite): Promise<number> {
  const columns = toColumns(patch);
  if (Object.keys(columns).length === 0) return 0;
  return db('bookings').where({ parent_booking_id: parentId }).update(columns);
}

/**
 * An early departure's release (docs/design.md, The desk's day: early departures): the stay
 * ends at `checkOut`, the check-out booked is kept in original_check_out_date and the credit
 * for the released nights recorded, if the row is still at `version` (undefined otherwise).
 */
export async function releaseNights(
  db: Db,
  id: string,
  version: number,
  release: { checkOut: string; creditCents: number },
): Promise<BookingRow | undefined> {
  const rows: BookingRow[] = await db('bookings')
    .where({ id, version })
    .update({
      original_check_out_date: db.raw('check_out_date'),
      check_out_date: release.checkOut,
      early_departure_credit: centsToDecimalText(release.creditCents),
    })
    .returning('*');
  return rows[0];
}

/**
 * The units of a stay cut where the stay now ends (an early departure): a unit booking ending
 * after `checkOut` ends there, keeping the check-out it had as original_check_out_date; one
 * starting on or after it (a later segment of a split stay) is removed (the sync pull's
 * deletion marker is written by trigger). Returns the ids of those removed.
 */
export async function cutChildrenAt(db: Db, parentId: string, checkOut: string): Promise<{ shortened: number; removed: string[] }> {
  const removed: { id: string }[] = await db('bookings').where({ parent_booking_id: parentId }).where('check_in_date', '>=', checkOut).delete().returning('id');
  const shortened = await db('bookings')
    .where({ parent_booking_id: parentId })
    .where('check_out_date', '>', checkOut)
    .update({
      original_check_out_date: db.raw('COALESCE(original_check_out_date, check_out_date)'),
      check_out_date: checkOut,
    });
  return { shortened, removed: removed.map((r) => r.id) };
}

/** Sets the Paystack reference of a booking that has none yet; false when it already had one. */
export async function setPaystackReference(db: Db, bookingId: string, reference: string): Promise<boolean> {
  const n = await db('bookings').where({ id: bookingId }).whereNull('paystack_reference').update({ paystack_reference: reference });
  return n === 1;
}

/**
 * Marks the booking's promo use as given back, once: the promo code's id when this call
 * marked it, null when there is no code or it was given back before.
 */
export async function markPromoUseReturned(db: Db, bookingId: string, at: Date): Promise<string | null> {
  const rows: { promo_code_id: string }[] = await db('bookings')
    .where({ id: bookingId })
    .whereNotNull('promo_code_id')
    .whereNull('promo_use_returned_at')
    .update({ promo_use_returned_at: at })
    .returning('promo_code_id');
  return rows[0]?.promo_code_id ?? null;
}

export async function clearPromoUseReturned(db: Db, bookingId: string): Promise<void> {
  await db('bookings').where({ id: bookingId }).update({ promo_use_returned_at: null });
}

/** A booking by its Paystack reference. */
export async function findBookingByPaystackReference(db: Db, reference: string): Promise<Booking | undefined> {
  const row: BookingRow | undefined = await bookingsQuery(db).where('b.paystack_reference', reference).first();
  return row ? toBooking(row) : undefined;
}

/**
 * Deletes a booking (its children and ledger rows go by cascade). The sync pull's deletion
 * markers are written by a trigger on bookings (migration 20261122000500), cascades included.
 */
export async function deleteBookingWithChildren(db: Db, id: string): Promise<number> {
  return db('bookings').where({ id }).delete();
}

/**
 * The version of what the booking lists show (migration 20261124000100_bookings_version):
 * it grows with every committed change to bookings, units, types, package inclusions or
 * guests.
 */
export async function readBookingsVersion(db: Db): Promise<string> {
  const row: { version: string | number | null } | undefined = await prepared('bookings_version', db('bookings_version').first(db.raw('sum(version)::text AS version')));
  return String(row?.version ?? 0);
}

// ---- units free for a stay

/**
 * Active units of a type, the ones free for the stay first (the requested unit first among
 * them), so a booking usually succeeds on its first try. The exclusion constraint still
 * decides: this order is only a good guess.
 */
export async function listCandidateUnits(
  db: Db,
  typeId: string,
  checkIn: string,
  checkOut: string,
  preferredUnitId: string | null,
): Promise<string[]> {
  const held = unitHeldSql('u.id', checkIn, checkOut);
  const res = await db.raw<{ rows: { id: string }[] }>(
    `SELECT u.id FROM units u
      WHERE u.is_active AND u.accommodation_type_id = ?
      ORDER BY ${held.sql}, (u.id = ?) DESC, u.sort_order, u.name`,
    [typeId, ...held.bindings, preferredUnitId ?? '00000000-0000-0000-0000-000000000000'],
  );
  return res.rows.map((r) => r.id);
}

/**
 * Every active unit of a type, in one fixed order (sort order, name, id), each saying whether
 * a live booking holds it for the stay. A group booking tries the free ones in this order:
 * two groups racing for the same units then wait on each other in the same order, never in
 * a circle (which would be a deadlock rather than a clean 409).
 */
export async function listUnitsForGroup(db: Db, typeId: string, checkIn: string, checkOut: string): Promise<{ id: string; held: boolean }[]> {
  const held = unitHeldSql('u.id', checkIn, checkOut);
  const res = await db.raw<{ rows: { id: string; held: boolean }[] }>(
    `SELECT u.id, ${held.sql} AS held FROM units u
      WHERE u.is_active AND u.accommodation_type_id = ?
      ORDER BY u.sort_order, u.name, u.id`,
    [...held.bindings, typeId],
  );
  return res.rows;
}

// ---- room moves and split stays

/**
 * A stay's rows (forUpdate: locked for a room move): the parent (or single booking) first, then its
 * children in id order: the order updateBooking takes them in (the parent, then the children
 * it updates), so a move and a status change of the same stay queue instead of deadlocking.
 */
export async function findStayRows(db: Db, stayId: string, opts: { forUpdate?: boolean } = {}): Promise<{ stay: BookingRow; children: BookingRow[] } | undefined> {
  const lock = (q: Knex.QueryBuilder) => (opts.forUpdate ? q.forUpdate('b') : q);
  const stay: BookingRow | undefined = await lock(bookingsQuery(db).where('b.id', stayId)).first();
  if (!stay) return undefined;
  const children: BookingRow[] = await lock(bookingsQuery(db).where('b.parent_booking_id', stayId).orderBy('b.id'));
  return { stay, children };
}

/** Removes a stay's children (a split stay's segments before they are written again); their ids. */
export async function deleteChildren(db: Db, parentId: string): Promise<string[]> {
  const rows: { id: string }[] = await db('bookings').where({ parent_booking_id: parentId }).delete().returning('id');
  return rows.map((r) => r.id);
}

/**
 * Where a stay is now: on one unit (unitId, its type) or split (unitId null, is_split_stay),
 * and its total and nights' amounts when a move repriced it; undefined when the row is no
 * longer at `version`.
 */
export async function placeStay(
  db: Db,
  id: string,
  version: number,
  place: { unitId: string | null; accommodationTypeId: string; totalCents?: number; nightAmounts?: readonly number[] },
): Promise<BookingRow | undefined> {
  const rows: BookingRow[] = await db('bookings')
    .where({ id, version })
    .update({
      unit_id: place.unitId,
      accommodation_type_id: place.accommodationTypeId,
      is_split_stay: place.unitId === null,
      ...(place.totalCents !== undefined ? { total_amount: centsToDecimalText(place.totalCents) } : {}),
      ...(place.nightAmounts !== undefined ? { night_amounts: JSON.stringify(place.nightAmounts) } : {}),
    })
    .returning('*');
  return rows[0];
}

/**
 * The reference a guest knows of the live stay holding the unit on one of the nights
 * [checkIn, checkOut) (a unit booking of a shared stay answers with its parent's), other than
 * the stay `exceptStayId`; undefined when none does.
 */
export async function findHoldingReference(db: Db, unitId: string, checkIn: string, checkOut: string, exceptStayId: string): Promise<string | undefined> {
  const row: { reference: string } | undefined = await db('bookings as b')
    .leftJoin('bookings as p', 'p.id', 'b.parent_booking_id')
    .where('b.unit_id', unitId)
    .whereIn('b.status', BLOCKING_STATUSES)
    .whereRaw(`daterange(b.check_in_date, b.check_out_date, '[)') && daterange(?::date, ?::date, '[)')`, [checkIn, checkOut])
    .whereNot('b.id', exceptStayId)
    .whereRaw('b.parent_booking_id IS DISTINCT FROM ?', [exceptStayId])
    .orderBy('b.check_in_date')
    .first(db.raw('COALESCE(p.reference, b.reference) AS reference'));
  return row?.reference;
}

/**
 * Active units of every type but the packages, each free on all the nights [checkIn,
 * checkOut) by the held rule (the stay's own rows aside), in the lodge's order: where a
 * room move can go.
 */
export async function listUnitsFreeForMove(
  db: Db,
  checkIn: string,
  checkOut: string,
  stayId: string,
): Promise<{ id: string; name: string; accommodation_type_id: string; accommodation_type_name: string }[]> {
  const held = unitHeldSql('u.id', checkIn, checkOut, stayId);
  const res = await db.raw<{ rows: { id: string; name: string; accommodation_type_id: string; accommodation_type_name: string }[] }>(
    `SELECT u.id, u.name, u.accommodation_type_id, t.name AS accommodation_type_name
       FROM units u JOIN accommodation_types t ON t.id = u.accommodation_type_id
      WHERE u.is_active AND t.is_active AND NOT t.is_package AND NOT ${held.sql}
      ORDER BY t.sort_order, t.name, u.sort_order, u.name, u.id`,
    held.bindings,
  );
  return res.rows;
}

// ---- guests

export interface GuestRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
}

interface GuestUpsert {
  firstName: string;
  lastName: string;
  /** null: a walk-in or phone guest without an address, found again by phone. */
  email: string | null;
  phone?: string | null;
  address?: string | null;
  userId?: string | null;
}

/**
 * One guest per e-mail address (unique index on lower(email)): a returning guest's record
 * is reused and takes the latest names; phone and address are kept when not given again.
 * A guest without an address is one record per phone (guests.phone_key, unique among guests
 * without an e-mail), so two walk-ins with one phone racing each other share the record: the
 * second insert meets the first's row in the index and updates it instead.
 */
export async function upsertGuest(db: Db, g: GuestUpsert): Promise<GuestRecord> {
  const conflict = g.email === null
    ? `ON CONFLICT (phone_key) WHERE email IS NULL AND phone_key IS NOT NULL DO UPDATE
        SET first_name = EXCLUDED.first_name,
            last_name = EXCLUDED.last_name,
            phone = EXCLUDED.phone,
            address = COALESCE(EXCLUDED.address, guests.address)`
    : `ON CONFLICT ((lower(email))) DO UPDATE
        SET first_name = EXCLUDED.first_name,
            last_name = EXCLUDED.last_name,
            phone = COALESCE(EXCLUDED.phone, guests.phone),
            address = COALESCE(EXCLUDED.address, guests.address),
            user_id = COALESCE(guests.user_id, EXCLUDED.user_id)`;
  const res = await db.raw<{ rows: Record<string, any>[] }>(
    `INSERT INTO guests (first_name, last_name, email, phone, address, user_id)
     VALUES (?, ?, ?, ?, ?, ?)
     ${conflict}
     RETURNING id, first_name, last_name, email, phone, address`,
    [g.firstName, g.lastName, g.email, g.phone ?? null, g.address ?? null, g.userId ?? null],
  );
  const r = res.rows[0];
  return { id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, phone: r.phone, address: r.address };
}

export async function listGuests(db: Db): Promise<GuestListItem[]> {
  const rows: Record<string, any>[] = await db('guests as g')
    .leftJoin('bookings as b', function () {
      this.on('b.guest_id', 'g.id').andOnVal('b.is_entire_lodge_child', false);
    })
    .groupBy('g.id')
    .orderBy([{ column: 'g.last_name' }, { column: 'g.first_name' }])
    .select('g.*', db.raw('count(b.id)::int AS booking_count'), db.raw('max(b.check_in_date) AS last_check_in_date'));
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    bookingCount: r.booking_count,
    lastCheckInDate: r.last_check_in_date ?? null,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

// ---- housekeeping

/** Stays on a unit checking in or out on `date`, whatever their status (the board's rule decides). */
export async function listUnitStaysMovingOn(db: Db, date: string): Promise<Booking[]> {
  const rows: BookingRow[] = await bookingsQuery(db)
    .whereNotNull('b.unit_id')
    .where((q) => q.where('b.check_in_date', date).orWhere('b.check_out_date', date))
    .orderBy([{ column: 'b.check_in_date' }, { column: 'b.reference' }]);
  return rows.map(toBooking);
}

/** The units an entire-lodge, group or split stay's children hold. */
export async function listChildUnitIds(db: Db, parentId: string): Promise<string[]> {
  const rows: { unit_id: string }[] = await db('bookings').where({ parent_booking_id: parentId }).whereNotNull('unit_id').distinct('unit_id');
  return rows.map((r) => r.unit_id);
}

// ---- dashboard

export interface MovementRow {
  id: string;
  check_in_date: string;
  check_out_date: string;
  guest_name: string;
  unit_name: string | null;
  accommodation_type_name: string;
  total_amount: string;
  status: BookingStatus;
  is_entire_lodge_child: boolean;
}

/**
 * Bookings checking in or out in [from, to] (inclusive), whatever their status: which of
 * them are arrivals or departures is the shared stay-movement rule's to say, not SQL's.
 */
export async function listMovements(db: Db, from: string, to: string): Promise<MovementRow[]> {
  return db('bookings as b')
    .leftJoin('units as u', 'u.id', 'b.unit_id')
    .join('accommodation_types as t', 't.id', 'b.accommodation_type_id')
    .where((q) => q.whereBetween('b.check_in_date', [from, to]).orWhereBetween('b.check_out_date', [from, to]))
    .select(
      'b.id',
      'b.check_in_date',
      'b.check_out_date',
      'b.guest_name',
      'u.name as unit_name',
      't.name as accommodation_type_name',
      'b.total_amount',
      'b.status',
      'b.is_entire_lodge_child',
    );
}

// ---- hold expiry

/**
 * Provisional, unpaid bookings whose hold has run out (top-level only: an entire-lodge
 * parent takes its children with it). SKIP LOCKED: an instance passes over rows another one
 * is expiring, or that a payment is confirming right now.
 */
export async function claimExpiredHolds(trx: Knex.Transaction, now: Date, limit: number): Promise<BookingRow[]> {
  return trx<BookingRow>('bookings as b')
    .join('accommodation_types as t', 't.id', 'b.accommodation_type_id')
    .leftJoin('units as u', 'u.id', 'b.unit_id')
    .where('b.status', 'Provisional')
    .andWhere('b.payment_status', 'Pending')
    .andWhere('b.hold_expires_at', '<=', now)
    .whereNull('b.parent_booking_id')
    .orderBy('b.hold_expires_at')
    .limit(limit)
    .select('b.*', 't.name as accommodation_type_name', 'u.name as unit_name')
    .forUpdate('b')
    .skipLocked();
}

/** Paystack references of unpaid card holds that have run out (the reconciliation asks Paystack about them). */
export async function listExpiredCardHoldReferences(db: Knex | Knex.Transaction, now: Date, limit: number): Promise<string[]> {
  const rows = await db('bookings')
    .where({ status: 'Provisional', payment_status: 'Pending', payment_method: 'Card' })
    .andWhere('hold_expires_at', '<=', now)
    .whereNotNull('paystack_reference')
    .whereNull('parent_booking_id')
    .orderBy('hold_expires_at')
    .limit(limit)
    .select<{ paystack_reference: string }[]>('paystack_reference');
  return rows.map((r) => r.paystack_reference);
}

/**
 * Balances overdue on the lodge's today: due before it, money still owed (total above what
 * the ledger holds), not cancelled; entire-lodge children owe nothing of their own. Oldest
 * due date first.
 */
export async function listOverdueBalances(
  db: Db,
  today: string,
): Promise<{ id: string; reference: string; guest_name: string; check_in_date: string; total_amount: string; amount_paid: string; balance_due_date: string }[]> {
  return db('bookings')
    .select('id', 'reference', 'guest_name', 'check_in_date', 'total_amount', 'amount_paid', 'balance_due_date')
    .whereNotNull('balance_due_date')
    .andWhere('balance_due_date', '<', today)
    .andWhereNot('status', 'Cancelled')
    .andWhere('is_entire_lodge_child', false)
    .andWhereRaw('total_amount > amount_paid')
    .orderBy([{ column: 'balance_due_date' }, { column: 'reference' }]);
}

// ---- bank reconciliation

export interface BalanceCandidateRow {
  id: string;
  reference: string;
  guest_name: string;
  last_name: string;
  total_amount: string;
  amount_paid: string;
  deposit_amount: string | null;
  status: BookingStatus;
}

/** Bookings still owed money (not Cancelled, not an entire-lodge child), for matching bank credits. */
export async function listBalanceCandidates(db: Db): Promise<BalanceCandidateRow[]> {
  return db('bookings as b')
    .join('guests as g', 'g.id', 'b.guest_id')
    .whereNot('b.status', 'Cancelled')
    .andWhere('b.is_entire_lodge_child', false)
    .andWhereRaw('b.total_amount > b.amount_paid')
    .select('b.id', 'b.reference', 'b.guest_name', 'g.last_name', 'b.total_amount', 'b.amount_paid', 'b.deposit_amount', 'b.status');
}

/** The accommodation type of a unit (a channel's block is booked as the unit's type). */
export async function unitTypeId(db: Db, unitId: string): Promise<string | undefined> {
  const row: { accommodation_type_id: string } | undefined = await db('units').where({ id: unitId }).first('accommodation_type_id');
  return row?.accommodation_type_id;
}

/**
 * The first live stay holding the unit on a night of [checkIn, checkOut), other than
 * `exceptId` (a block being moved), by the same overlap rule as the exclusion constraint.
 */
export async function liveStayInTheWay(
  db: Db,
  unitId: string,
  checkIn: string,
  checkOut: string,
  exceptId: string | null,
): Promise<{ id: string; reference: string; guest_name: string } | undefined> {
  const q = db('bookings')
    .where({ unit_id: unitId })
    .whereIn('status', [...BLOCKING_STATUSES])
    .whereRaw("daterange(check_in_date, check_out_date, '[)') && daterange(?::date, ?::date, '[)')", [checkIn, checkOut])
    .orderBy([{ column: 'check_in_date' }, { column: 'id' }]);
  if (exceptId) q.whereNot({ id: exceptId });
  return q.first('id', 'reference', 'guest_name');
}

/** Which of these bookings are live (hold their unit). */
export async function liveBookingIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows: { id: string }[] = await db('bookings').whereIn('id', [...ids]).whereIn('status', [...BLOCKING_STATUSES]).select('id');
  return new Set(rows.map((r) => r.id));
}

/** Moves a channel's block to new dates; the exclusion constraint and the out-of-order trigger (23P01) throw. */
export async function moveChannelBlockDates(db: Db, id: string, checkIn: string, checkOut: string): Promise<void> {
  await db('bookings').where({ id }).update({ check_in_date: checkIn, check_out_date: checkOut });
}

/** Cancels a channel's block (its event left the feed, or the feed was removed); false when it was not live. */
export async function cancelChannelBlock(db: Db, id: string, now: Date, reason: string): Promise<boolean> {
  const n = await db('bookings')
    .where({ id })
    .whereIn('status', [...BLOCKING_STATUSES])
    .update({ status: 'Cancelled', cancelled_at: now, cancellation_reason: reason });
  return n > 0;
}
