import type { Deps } from '../../deps.js';
import { inSavepoint, type Tx } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError, PG, UnprocessableError, ValidationError, pgCode, pgConstraint, unknownId } from '../../errors.js';
import { isBlockingStatus } from '../../../../shared/domain/booking-status.js';
import { addDays, nightCount, todayInLodge } from '../../../../shared/domain/dates.js';
import { centsToRand, randToCents, sumCents } from '../../../../shared/domain/money.js';
import { moveNights, sameSegments, segmentStatus, type StaySegment } from '../../../../shared/domain/stay-segments.js';
import { ROOM_MOVE_MESSAGES as R, type MoveBookingRequest, type MoveOptions, type MoveOptionsQuery } from '../../../../shared/contracts/room-move.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { getUnitSummary, getUnits } from '../accommodations/queries.js';
import { nightAmountsNow } from '../pricing/pricing.service.js';
import { getSettings } from '../settings/settings.service.js';
import { recordAudit } from '../audit/record-audit.js';
import { markUnitsDirtyAfterGuestLeft } from '../housekeeping/set-housekeeping.js';
import { noteFreedNights } from '../waitlist/freed-nights.js';
import { BOOKING_SERVICE_MESSAGES as M, StaleBookingError, unavailable } from './booking-messages.js';
import { enqueueRoomMovedEmail } from './booking-emails.js';
import * as repo from './bookings.repo.js';

export interface MoveBookingResult {
  booking: Booking;
  segments: Booking[];
  removedIds: string[];
  previousTotal?: number;
}

/** A segment with the type of its unit (a unit booking carries its unit's type). */
type TypedSegment = StaySegment & { accommodationTypeId: string };

interface StayToMove {
  stay: repo.BookingRow;
  children: repo.BookingRow[];
  segments: TypedSegment[];
  /** The nights the request names: the stay's, or the segment's when a segment was named. */
  range: { checkInDate: string; checkOutDate: string };
}

/**
 * POST /api/admin/bookings/:id/move (docs/design.md, The desk's day: room moves and split
 * stays). The stay (or, for a split stay's segment, that segment) moves to `unitId`; from
 * `fromDate` only the nights from that date do, and the stay becomes (or stays) a split stay:
 * a parent holding the guest, the money and the reference, and one child per unit,
 * consecutive. Neighbouring segments on one unit are joined, and a stay back on one unit is a
 * single booking again. One transaction under the stay's row locks; the exclusion constraint
 * and the out-of-order trigger decide whether the unit is free (409 naming the clashing
 * booking, nothing changed). The price stays unless `reprice`; the guest with an e-mail hears
 * of it; audited.
 */
export async function moveBooking(deps: Pick<Deps, 'db' | 'clock'>, user: SessionUser, id: string, input: MoveBookingRequest): Promise<MoveBookingResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const target = await lockStay(trx, id);
    const { stay, segments, range } = target;
    const unit = await getUnitSummary(trx, input.unitId);
    if (!unit) throw unknownId('unitId', R.unitNotFound);

    const moveFrom = input.fromDate ?? range.checkInDate;
    if (input.fromDate !== undefined && !(range.checkInDate < input.fromDate && input.fromDate < range.checkOutDate)) {
      throw new ValidationError(`fromDate: ${R.fromDateOutside}`, 'validation_error', { fromDate: R.fromDateOutside });
    }
    const after = moveNights(segments, { unitId: unit.id, checkInDate: moveFrom, checkOutDate: range.checkOutDate });
    if (sameSegments(after, segments)) throw new ConflictError(R.sameUnit, 'same_unit', { unitId: R.sameUnit });
    if (!unit.isActive) throw new ConflictError(R.inactiveUnit, 'unit_inactive', { unitId: R.inactiveUnit });

    const typeOf = new Map(segments.map((s) => [s.unitId, s.accommodationTypeId]));
    typeOf.set(unit.id, unit.accommodationTypeId);
    const price = input.reprice ? await repriced(trx, now, stay, segments, { checkInDate: moveFrom, checkOutDate: range.checkOutDate, typeId: unit.accommodationTypeId }) : undefined;

    // Every old segment is removed and the new ones written (the sync pull serves both).
    let removedIds: string[] = [];
    let written: repo.BookingRow | undefined;
    try {
      // In a savepoint, so a refusal below leaves the transaction as it was (nothing changed).
      written = await inSavepoint(trx, async (sp) => {
        // The old segments go first and the stay lets go of its unit, so the stay never
        // clashes with itself; the new segments then claim their nights.
        removedIds = await repo.deleteChildren(sp, stay.id);
        const single = after.length === 1;
        const row = await repo.placeStay(sp, stay.id, stay.version, {
          unitId: single ? after[0].unitId : null,
          accommodationTypeId: single ? typeOf.get(after[0].unitId)! : stay.accommodation_type_id,
          ...(price ? { totalCents: price.totalCents, nightAmounts: price.nightAmounts } : {}),
        });
        if (!row || single) return row;
        for (const [i, s] of after.entries()) {
          await repo.insertBooking(sp, segmentInsert(stay, s, typeOf.get(s.unitId)!, i, now));
        }
        return row;
      });
    } catch (err) {
      if (pgCode(err) !== PG.EXCLUSION_VIOLATION) throw err;
      throw await takenError(trx, err, unit.id, moveFrom, range.checkOutDate, stay.id);
    }
    // Locked rows do not move, so only a row changed before the lock was taken gets here.
    if (!written) throw new StaleBookingError((await repo.findBookingById(trx, stay.id))!);

    // The stay as it now reads, with the names the answer shows.
    const moved = (await repo.findStayRows(trx, stay.id))!;
    const booking = repo.toBooking(moved.stay);
    const segmentRows = moved.children.sort((a, b) => a.check_in_date.localeCompare(b.check_in_date));

    const names = new Map((await getUnits(trx, [...new Set([...segments, ...after].map((s) => s.unitId))])).map((u) => [u.id, u.name]));
    // A guest in house who sleeps elsewhere from tonight has left a room to be cleaned.
    const vacated = stay.status === 'Checked-In' ? vacatedUnit(segments, after, todayInLodge(now)) : undefined;
    if (vacated) {
      await markUnitsDirtyAfterGuestLeft(trx, user, [vacated], now, `Guest moved to ${names.get(unitForNight(after, todayInLodge(now)) ?? '') ?? 'another unit'} (${stay.reference})`);
    }
    // The nights moved leave their old units: when those were of another type, that type may
    // now have room for a waiting guest (the waitlist job checks its availability, so a move
    // within one type tells nobody).
    if (isBlockingStatus(stay.status)) await noteFreedNights(trx, { start: moveFrom, end: range.checkOutDate }, 'room-move');
    const describe = (list: readonly StaySegment[]) => list.map((s) => ({ unit: names.get(s.unitId) ?? s.unitId, checkInDate: s.checkInDate, checkOutDate: s.checkOutDate }));
    await recordAudit(trx, {
      actor: user,
      action: 'booking.move',
      entityType: 'booking',
      entityId: stay.id,
      before: { segments: describe(segments), ...(price ? { totalAmount: centsToRand(randToCents(stay.total_amount)) } : {}) },
      after: { segments: describe(after), ...(price ? { totalAmount: centsToRand(price.totalCents) } : {}) },
      note: `${names.get(unit.id)} from ${moveFrom}${id !== stay.id ? ' (a segment of the split stay)' : ''}${input.reprice ? '; repriced' : '; price kept'}`,
    });
    await enqueueRoomMovedEmail(
      trx,
      await getSettings(trx),
      booking,
      describe(after).map((s) => ({ unitName: s.unit, checkInDate: s.checkInDate, checkOutDate: s.checkOutDate })),
      price ? randToCents(stay.total_amount) : undefined,
    );
    return {
      booking,
      segments: segmentRows.map(repo.toBooking),
      removedIds,
      ...(price ? { previousTotal: centsToRand(randToCents(stay.total_amount)) } : {}),
    };
  });
}

/**
 * GET /api/admin/bookings/:id/move-options: the nights a move would take (the stay's or the
 * segment's, from fromDate when given) and the active units free for all of them.
 */
export async function moveOptions(deps: Pick<Deps, 'db'>, id: string, query: MoveOptionsQuery): Promise<MoveOptions> {
  return deps.db.transaction(async (trx) => {
    const { stay, range } = await lockStay(trx, id, { readOnly: true });
    if (query.fromDate !== undefined && !(range.checkInDate < query.fromDate && query.fromDate < range.checkOutDate)) {
      throw new ValidationError(`fromDate: ${R.fromDateOutside}`, 'validation_error', { fromDate: R.fromDateOutside });
    }
    const checkInDate = query.fromDate ?? range.checkInDate;
    const units = await repo.listUnitsFreeForMove(trx, checkInDate, range.checkOutDate, stay.id);
    return {
      checkInDate,
      checkOutDate: range.checkOutDate,
      units: units.map((u) => ({ id: u.id, name: u.name, accommodationTypeId: u.accommodation_type_id, accommodationTypeName: u.accommodation_type_name })),
    };
  });
}

/**
 * The stay `id` belongs to (itself, or a split stay's parent for a segment), locked, with
 * the refusals every move shares: not found, not live, the entire lodge, a group.
 */
async function lockStay(trx: Tx, id: string, opts: { readOnly?: boolean } = {}): Promise<StayToMove> {
  const named = await repo.findBookingById(trx, id);
  if (!named) throw new NotFoundError(M.bookingNotFound, 'not_found');
  const stayId = named.parentBookingId ?? named.id;
  const locked = await repo.findStayRows(trx, stayId, { forUpdate: !opts.readOnly });
  const target = locked && (locked.stay.id === id ? locked.stay : locked.children.find((c) => c.id === id));
  if (!locked || !target) throw new NotFoundError(M.bookingNotFound, 'not_found');
  const { stay, children } = locked;
  if (!stay.is_split_stay && stay.unit_id === null) {
    if (stay.group_unit_count) throw new UnprocessableError(R.group, 'group_booking');
    throw new UnprocessableError(R.entireLodge, 'entire_lodge');
  }
  // A segment the guest has left (Checked-Out inside a stay still in) is history, not moved.
  if (!isBlockingStatus(stay.status) || !isBlockingStatus(target.status)) throw new ConflictError(R.notLive, 'not_live');
  const segments: TypedSegment[] = stay.is_split_stay
    ? children
        .map((c) => ({ unitId: c.unit_id!, checkInDate: c.check_in_date, checkOutDate: c.check_out_date, accommodationTypeId: c.accommodation_type_id }))
        .sort((a, b) => a.checkInDate.localeCompare(b.checkInDate))
    : [{ unitId: stay.unit_id!, checkInDate: stay.check_in_date, checkOutDate: stay.check_out_date, accommodationTypeId: stay.accommodation_type_id }];
  return { stay, children, segments, range: { checkInDate: target.check_in_date, checkOutDate: target.check_out_date } };
}

/** A split stay's segment: the guest and the status of its stay, no money (the parent's), its own reference. */
function segmentInsert(stay: repo.BookingRow, s: StaySegment, accommodationTypeId: string, i: number, now: Date): repo.BookingInsert {
  const today = todayInLodge(now);
  const status = segmentStatus(stay.status, s, today);
  return {
    reference: `${stay.reference}-${String(i + 1).padStart(2, '0')}`,
    unit_id: s.unitId,
    accommodation_type_id: accommodationTypeId,
    guest_id: stay.guest_id,
    guest_name: stay.guest_name,
    guest_email: stay.guest_email,
    check_in_date: s.checkInDate,
    check_out_date: s.checkOutDate,
    number_of_guests: stay.number_of_guests,
    status,
    total_cents: 0,
    discount_cents: 0,
    payment_status: stay.payment_status,
    payment_method: stay.payment_method,
    payment_verified: stay.payment_verified,
    paystack_reference: null,
    promo_code_id: null,
    special_requests: null,
    hold_expires_at: null,
    parent_booking_id: stay.id,
    is_entire_lodge_child: true,
    source: stay.source,
    created_by_user_id: stay.created_by_user_id,
    channel: stay.channel,
    checked_in_at: stay.checked_in_at,
    checked_out_at: status === 'Checked-Out' ? (stay.checked_out_at ?? now) : stay.checked_out_at,
  };
}

/**
 * The total when the moved nights are priced at the new unit's type: the stay's total less
 * what those nights were quoted at, plus what the new type's rates make them now. Discounts
 * given on the stay (promo, card, a special) stay the amounts they were: they are not worked
 * out again on the new rates. 422 when either side cannot be priced.
 */
async function repriced(
  trx: Tx,
  now: Date,
  stay: repo.BookingRow,
  segments: readonly TypedSegment[],
  moved: { checkInDate: string; checkOutDate: string; typeId: string },
): Promise<{ totalCents: number; nightAmounts: number[] }> {
  const party = stay.adults != null ? { adults: stay.adults, childAges: stay.child_ages ?? [] } : undefined;
  const nights = nightCount(stay.check_in_date, stay.check_out_date);
  let before = Array.isArray(stay.night_amounts) && stay.night_amounts.length === nights ? [...stay.night_amounts] : undefined;
  if (!before) {
    const parts = [];
    for (const s of segments) parts.push(await nightAmountsNow(trx, now, { accommodationTypeId: s.accommodationTypeId, checkIn: s.checkInDate, checkOut: s.checkOutDate, party }));
    before = parts.every((p) => p !== undefined) ? parts.flat() as number[] : undefined;
  }
  const fresh = await nightAmountsNow(trx, now, { accommodationTypeId: moved.typeId, checkIn: moved.checkInDate, checkOut: moved.checkOutDate, party });
  if (!before || before.length !== nights || !fresh) throw new UnprocessableError(R.cannotReprice, 'cannot_reprice', { reprice: R.cannotReprice });
  const offset = nightCount(stay.check_in_date, moved.checkInDate);
  const old = before.slice(offset, offset + fresh.length);
  const nightAmounts = [...before.slice(0, offset), ...fresh, ...before.slice(offset + fresh.length)];
  const totalCents = Math.max(0, randToCents(stay.total_amount) - sumCents(old) + sumCents(fresh));
  return { totalCents, nightAmounts };
}

/**
 * The 409 for a unit the database refused: out of order (the trigger's period, its dates in
 * its message), or the live stay that holds it (read after the savepoint's rollback: the
 * winner of a race has committed by then, which is why this statement waited).
 */
async function takenError(trx: Tx, err: unknown, unitId: string, checkIn: string, checkOut: string, stayId: string): Promise<ConflictError> {
  if (pgConstraint(err) === 'bookings_unit_out_of_order') {
    const dates = /from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec((err as Error).message);
    const message = R.outOfOrder(dates?.[1] ?? checkIn, dates?.[2] ?? checkOut);
    return new ConflictError(message, 'out_of_order', { unitId: message });
  }
  const reference = await repo.findHoldingReference(trx, unitId, checkIn, checkOut, stayId);
  if (!reference) return unavailable();
  const message = R.taken(reference);
  return new ConflictError(message, 'unavailable', { unitId: message }, { clashingReference: reference });
}

/** The unit that holds `night` (a stay's night: check-in <= night < check-out), if any. */
function unitForNight(segments: readonly StaySegment[], night: string): string | undefined {
  return segments.find((s) => s.checkInDate <= night && night < s.checkOutDate)?.unitId;
}

/**
 * The unit a guest in house slept in last and no longer sleeps in after the move: the unit of
 * tonight (or, on the last morning, of last night) before, when tonight's unit is another now.
 */
function vacatedUnit(before: readonly StaySegment[], after: readonly StaySegment[], today: string): string | undefined {
  const lastNight = addDays(today, -1);
  const was = unitForNight(before, today) ?? unitForNight(before, lastNight);
  const now = unitForNight(after, today) ?? unitForNight(after, lastNight);
  return was !== undefined && was !== now ? was : undefined;
}
