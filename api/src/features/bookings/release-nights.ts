import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../../errors.js';
import { compareIsoDates, nightCount, todayInLodge } from '../../../../shared/domain/dates.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { FOLIO_LINE_KEYS } from '../../../../shared/domain/folio.js';
import { BOOKING_UPDATE_MESSAGES } from '../../../../shared/domain/booking-update.js';
import { releasedCheckOut, releasedNightsCreditCents } from '../../../../shared/domain/early-departure.js';
import { EARLY_DEPARTURE_MESSAGES as E, type ReleaseNightsRequest } from '../../../../shared/contracts/early-departure.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { getSettings } from '../settings/settings.service.js';
import { nightAmountsNow } from '../pricing/pricing.service.js';
import { buildFolio, stayChargeCents } from '../folio/folio.service.js';
import { creditReleasedNights } from '../invoices/invoices.service.js';
import { recordAudit } from '../audit/record-audit.js';
import { BOOKING_SERVICE_MESSAGES as M, StaleBookingError } from './booking-messages.js';
import type { LockedBooking } from './queries.js';
import type { UpdateBookingOptions } from './update-booking.js';
import * as repo from './bookings.repo.js';
import { noteFreedNights } from '../waitlist/freed-nights.js';

export interface ReleaseNightsResult {
  booking: Booking;
  nightsReleased: number;
  creditCents: number;
  creditNote: { id: string; number: string } | null;
  /** The row now, still locked (the sync push's next entry reads it). */
  locked: LockedBooking;
}

/**
 * POST /api/admin/bookings/:id/release-nights, and the desk's `booking.releaseNights` replayed
 * (docs/design.md, The desk's day: early departures). A checked-out guest who left before the
 * check-out date: the stay is shortened to the day they left (never below its first night), the
 * check-out booked is kept, and the freed nights can be booked at once. By the lodge's setting
 * the folio credits the released nights' share of the stay ('none') or keeps charging them
 * ('full', credit 0). A stay already invoiced gets a credit note for the credit rather than a
 * changed document. An entire-lodge, group or split stay's units are cut at the same day.
 * Refused (409) when the stay is not checked out, was released already or has no night left
 * to release; the unit of an entire-lodge stay is released through its parent (422).
 */
export async function releaseRemainingNights(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: SessionUser,
  id: string,
  input: ReleaseNightsRequest,
  opts: UpdateBookingOptions = {},
): Promise<ReleaseNightsResult> {
  const now = deps.clock.now();
  return inTransaction(deps.db, opts.trx, async (trx) => {
    // Bad input whatever the booking: nobody has left on a day still to come.
    if (compareIsoDates(input.departureDate, todayInLodge(now)) > 0) {
      throw new ValidationError(`departureDate: ${E.departureInFuture}`, 'validation_error', { departureDate: E.departureInFuture });
    }
    const row = opts.locked ?? (await repo.findBookingRowsForUpdate(trx, [id]))[0];
    if (!row) throw new NotFoundError(M.bookingNotFound, 'not_found');
    if (row.parent_booking_id) throw new UnprocessableError(BOOKING_UPDATE_MESSAGES.entireLodgeChild, 'entire_lodge_child');
    if (row.status !== 'Checked-Out') throw new ConflictError(E.notCheckedOut, 'not_checked_out');
    if (row.original_check_out_date) throw new ConflictError(E.alreadyReleased, 'already_released');
    const booked = { checkInDate: row.check_in_date, checkOutDate: row.check_out_date };
    const checkOut = releasedCheckOut(booked, input.departureDate);
    if (checkOut === null) throw new ConflictError(E.nothingToRelease, 'nothing_to_release');
    const nightsReleased = nightCount(checkOut, row.check_out_date);

    const settings = await getSettings(trx);
    const creditCents =
      settings.earlyDepartureCharge === 'none'
        ? releasedNightsCreditCents({
            stayCents: await stayChargeCents(trx, id),
            nightWeights: await nightWeights(trx, now, row),
            keptNights: nightCount(row.check_in_date, checkOut),
          })
        : 0;

    const written = await repo.releaseNights(trx, id, row.version, { checkOut, creditCents });
    // Locked rows do not move, so only a caller's out-of-date `locked` gets here.
    if (!written) throw new StaleBookingError((await repo.findBookingById(trx, id))!);
    const isParent = row.unit_id === null;
    const cut = isParent ? await repo.cutChildrenAt(trx, id, checkOut) : { shortened: 0, removed: [] };
    await noteFreedNights(trx, { start: checkOut, end: row.check_out_date }, 'early-departure');

    // The folio's credit line as it reads now: a stay already invoiced gets a credit note for
    // exactly that line (amount and VAT), so the issued invoice stays as it was.
    let creditNote: ReleaseNightsResult['creditNote'] = null;
    if (creditCents > 0) {
      const line = (await buildFolio(trx, id)).lines.find((l) => l.key === FOLIO_LINE_KEYS.earlyDeparture)!;
      const note = await creditReleasedNights(
        trx,
        user,
        id,
        { folioKey: line.key, description: line.description, amountCents: -randToCents(line.amount), vatCents: -randToCents(line.vat), reason: line.description },
        now,
      );
      if (note) creditNote = { id: note.id, number: note.number };
    }

    await recordAudit(trx, {
      actor: user,
      action: 'booking.release_nights',
      entityType: 'booking',
      entityId: id,
      before: { checkOutDate: row.check_out_date },
      after: {
        checkOutDate: checkOut,
        originalCheckOutDate: row.check_out_date,
        nightsReleased,
        earlyDepartureCredit: centsToRand(creditCents),
        ...(creditNote ? { creditNote: creditNote.number } : {}),
        ...(isParent ? { unitsShortened: cut.shortened, segmentsRemoved: cut.removed.length } : {}),
      },
      note: `Left on ${input.departureDate}; ${settings.earlyDepartureCharge === 'none' ? 'released nights credited' : 'released nights still charged (Lodge Settings)'}`,
    });
    // The names the answer shows are the ones joined when the row was locked.
    const locked: LockedBooking = { ...written, unit_name: row.unit_name, accommodation_type_name: row.accommodation_type_name, guest_phone: row.guest_phone, created_by_name: row.created_by_name, special_offer_name: row.special_offer_name };
    return { booking: repo.toBooking(locked), nightsReleased, creditCents, creditNote, locked };
  });
}

/**
 * Each night's weight for spreading the stay's amount: the night amounts quoted when it was
 * booked, or (older bookings, kept before the amounts were) the nights' rates priced now;
 * equal nights when neither can be had.
 */
async function nightWeights(db: DbOrTx, now: Date, row: repo.BookingRow): Promise<number[]> {
  const nights = nightCount(row.check_in_date, row.check_out_date);
  const kept = row.night_amounts;
  if (Array.isArray(kept) && kept.length === nights && kept.every((n) => Number.isSafeInteger(n) && n >= 0)) return kept;
  const priced = await nightAmountsNow(db, now, {
    accommodationTypeId: row.accommodation_type_id,
    checkIn: row.check_in_date,
    checkOut: row.check_out_date,
    party: row.adults != null ? { adults: row.adults, childAges: row.child_ages ?? [] } : undefined,
  });
  return priced && priced.length === nights ? priced : Array.from({ length: nights }, () => 1);
}
