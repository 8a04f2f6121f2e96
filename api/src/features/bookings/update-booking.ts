import type { Deps } from '../../deps.js';
import { inSavepoint, inTransaction, type Tx, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, ForbiddenError, NotFoundError, PG, UnprocessableError, pgCode } from '../../errors.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { isBlockingStatus, type PaymentMethod } from '../../../../shared/domain/booking-status.js';
import {
  planBookingUpdate,
  type AlreadyThere,
  type BookingChange,
  type BookingState,
  type BookingUpdateRefusal,
} from '../../../../shared/domain/booking-update.js';
import type { Booking, UpdateBookingRequest } from '../../../../shared/contracts/bookings.js';
import { getSettings } from '../settings/settings.service.js';
import { registerRefusesCheckIn } from '../lodger-register/queries.js';
import { REGISTER_MESSAGES } from '../../../../shared/contracts/lodger-register.js';
import { ledgerSummary, recordLedgerEntries } from '../payments/ledger.service.js';
import { markUnitsDirtyAfterCheckOut } from '../housekeeping/set-housekeeping.js';
import { recordAudit } from '../audit/record-audit.js';
import { BOOKING_SERVICE_MESSAGES as M, StaleBookingError, unavailable } from './booking-messages.js';
import { staffPaymentEntry } from './booking-ledger.js';
import { enqueueCancelledEmail, enqueuePaymentReceivedEmail } from './booking-emails.js';
import { retakePromoUse, returnPromoUseIfUnpaid } from './promo-use.js';
import type { LockedBooking } from './queries.js';
import * as repo from './bookings.repo.js';
import { noteFreedNights } from '../waitlist/freed-nights.js';

export interface UpdateBookingResult {
  booking: Booking;
  /** False when the booking already was what the edit asked for. */
  changed: boolean;
  /** What the edit asked for that the booking already had (e.g. checked in by another tablet). */
  already: AlreadyThere[];
  /** The row now, still locked: the `locked` of the caller's next edit of it in this transaction. */
  locked: LockedBooking;
}

export interface UpdateBookingOptions extends TxOptions {
  /** The row as the caller's transaction locked it (lockBookings), current: not read again. */
  locked?: LockedBooking;
}

/**
 * PUT /api/admin/bookings/:id (and, later, an offline edit replayed by the sync push in its
 * own transaction). The row is locked while it is read and written; `version` (when sent)
 * must be the one the client read. planBookingUpdate decides what the edit does; this writes
 * it: an entire-lodge parent takes its children along, Paid records the outstanding amount in
 * the ledger (Deposit Paid what is still owed of the deposit; refused when all was due at once), a cancellation before payment gives the promo use back, and the guest hears of
 * a cancellation.
 */
export async function updateBooking(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  user: SessionUser,
  id: string,
  input: UpdateBookingRequest,
  opts: UpdateBookingOptions = {},
): Promise<UpdateBookingResult> {
  const now = deps.clock.now();
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const row = opts.locked ?? (await repo.findBookingRowsForUpdate(trx, [id]))[0];
    if (!row) throw new NotFoundError(M.bookingNotFound, 'not_found');
    if (input.version !== undefined && input.version !== row.version) {
      throw new StaleBookingError(repo.toBooking(row));
    }

    const plan = planBookingUpdate(stateOf(row), changeOf(input), user.role, now);
    if (plan.kind === 'refused') throw refusalError(plan);
    if (plan.kind === 'unchanged') {
      return { booking: repo.toBooking(row), changed: false, already: plan.already, locked: row };
    }
    // Not yet, rather than never (as an early check-in): the same move is allowed once every
    // adult is in the register. Only when the lodge's rule says refuse.
    if (plan.statusMove?.to === 'Checked-In' && (await registerRefusesCheckIn(trx, { id: row.id, adults: row.adults, numberOfGuests: row.number_of_guests }))) {
      throw new ConflictError(REGISTER_MESSAGES.registerIncompleteRefused, 'register_incomplete', { status: REGISTER_MESSAGES.registerIncompleteRefused });
    }
    const depositTaken = plan.patch.paymentStatus === 'Deposit Paid';
    const totalBefore = plan.patch.totalCents ?? randToCents(row.total_amount);
    const depositCents = row.deposit_amount == null ? null : randToCents(row.deposit_amount);
    if (depositTaken && (depositCents === null || depositCents >= totalBefore)) {
      throw new UnprocessableError(M.noDeposit, 'no_deposit', { paymentStatus: M.noDeposit });
    }

    // Money staff take now (Paid: whatever is still owed; Deposit Paid: what is still owed of
    // the deposit) is written with the booking's own change, amount_paid included, so the
    // ledger's trigger finds nothing to change and the booking moves one version, not two.
    let received: { method: PaymentMethod; amountCents: number } | null = null;
    let amountPaidCents: number | undefined;
    if (plan.becamePaid || depositTaken) {
      const owedCents = depositTaken ? depositCents! : totalBefore;
      const heldCents = (await ledgerSummary(trx, id)).netAmountCents;
      const outstanding = owedCents - heldCents;
      if (outstanding > 0) {
        received = { method: (plan.patch.paymentMethod ?? row.payment_method) as PaymentMethod, amountCents: outstanding };
        amountPaidCents = heldCents + outstanding;
      }
    }

    const isParent = row.unit_id === null && row.parent_booking_id === null;
    const write = async (db: Tx) => {
      const written = await repo.updateBookingReturning(db, id, row.version, amountPaidCents === undefined ? plan.patch : { ...plan.patch, amountPaidCents });
      if (isParent) await repo.updateChildren(db, id, plan.cascade);
      return written;
    };
    // Only a booking coming back to a status that holds its unit can clash with another
    // booking (the exclusion constraint); only then is a savepoint worth its round trips, so
    // that refusal leaves the caller's transaction usable.
    const reopening = !!plan.statusMove && !isBlockingStatus(plan.statusMove.from) && isBlockingStatus(plan.statusMove.to);
    let written: repo.BookingRow | undefined;
    try {
      written = reopening ? await inSavepoint(trx, write) : await write(trx);
    } catch (err) {
      // Reopening a booking whose unit was taken in the meantime.
      if (pgCode(err) === PG.EXCLUSION_VIOLATION) throw unavailable();
      throw err;
    }
    // Locked rows do not move, so only a caller's out-of-date `locked` gets here.
    if (!written) throw new StaleBookingError((await repo.findBookingById(trx, id))!);
    // The names the answer shows are the ones joined when the row was locked.
    let locked: LockedBooking = { ...written, unit_name: row.unit_name, accommodation_type_name: row.accommodation_type_name, guest_phone: row.guest_phone };

    // The guest has left: the rooms they slept in need cleaning (a shared stay's every unit).
    if (plan.statusMove?.to === 'Checked-Out') {
      const unitIds = row.unit_id ? [row.unit_id] : await repo.listChildUnitIds(trx, id);
      await markUnitsDirtyAfterCheckOut(trx, user, unitIds, now, row.reference);
    }
    if (plan.statusMove?.to === 'Cancelled') await returnPromoUseIfUnpaid(trx, id, now);
    // A live stay cancelled gives its nights back: the waitlist hears of them after commit.
    if (plan.statusMove?.to === 'Cancelled' && isBlockingStatus(plan.statusMove.from)) {
      await noteFreedNights(trx, { start: row.check_in_date, end: row.check_out_date }, 'cancellation');
    }
    if (plan.statusMove?.from === 'Cancelled') await retakePromoUse(trx, row);
    // Giving a promo use back or taking it again writes the row a second time.
    if (plan.statusMove?.to === 'Cancelled' || plan.statusMove?.from === 'Cancelled') {
      locked = (await repo.findBookingRowsForUpdate(trx, [id]))[0];
    }
    if (received) await recordLedgerEntries(trx, [staffPaymentEntry(id, received.method, received.amountCents, user)]);

    await recordAudit(trx, {
      actor: user,
      action: 'booking.update',
      entityType: 'booking',
      entityId: id,
      before: inRand(plan.before),
      after: inRand(plan.after),
    });
    if (plan.earlyCheckInOverride) {
      await recordAudit(trx, {
        actor: user,
        action: 'booking.early_check_in_override',
        entityType: 'booking',
        entityId: id,
        before: { status: row.status, checkInDate: row.check_in_date },
        after: { status: 'Checked-In', reason: input.overrideReason ?? null },
      });
    }
    if (plan.totalOverride) {
      await recordAudit(trx, {
        actor: user,
        action: 'booking.total_override',
        entityType: 'booking',
        entityId: id,
        before: { totalAmount: centsToRand(plan.totalOverride.fromCents) },
        after: { totalAmount: centsToRand(plan.totalOverride.toCents) },
      });
    }
    const updated = repo.toBooking(locked);
    if (plan.statusMove?.to === 'Cancelled') {
      await enqueueCancelledEmail(trx, await getSettings(trx), updated, plan.patch.cancellationReason ?? null);
    }
    // Money received at the desk (EFT, cash, card there): the guest hears of it as a card
    // payment's guest does (the EFT confirmation page promises this e-mail).
    if (received) await enqueuePaymentReceivedEmail(trx, await getSettings(trx), updated, received.method, received.amountCents, deps.config);
    return { booking: updated, changed: true, already: plan.already, locked };
  });
}

function stateOf(row: repo.BookingRow): BookingState {
  return {
    status: row.status,
    paymentStatus: row.payment_status,
    paymentVerified: row.payment_verified,
    paymentMethod: row.payment_method,
    totalCents: randToCents(row.total_amount),
    specialRequests: row.special_requests,
    cancellationReason: row.cancellation_reason,
    isEntireLodgeChild: row.is_entire_lodge_child,
    checkInDate: row.check_in_date,
    checkedInAt: row.checked_in_at,
    checkedOutAt: row.checked_out_at,
    cancelledAt: row.cancelled_at,
  };
}

function changeOf(input: UpdateBookingRequest): BookingChange {
  return {
    status: input.status,
    paymentStatus: input.paymentStatus,
    paymentMethod: input.paymentMethod,
    specialRequests: input.specialRequests,
    cancellationReason: input.cancellationReason,
    totalCents: input.totalAmount !== undefined ? randToCents(input.totalAmount) : undefined,
    overrideEarlyCheckIn: input.override === true,
  };
}

function refusalError(r: BookingUpdateRefusal): ForbiddenError | ConflictError | UnprocessableError {
  const fields = r.field ? { [r.field]: r.reason } : undefined;
  if (r.code === 'forbidden') return new ForbiddenError(r.reason, 'forbidden');
  if (r.code === 'override_not_allowed') return new ForbiddenError(r.reason, r.code, fields);
  // Not yet, rather than never: the same move is allowed from the arrival date.
  if (r.code === 'early_check_in') return new ConflictError(r.reason, r.code, fields);
  return new UnprocessableError(r.reason, r.code, r.field ? { [r.field]: r.reason } : undefined);
}

/** The audit log keeps amounts in rand, as the API shows them. */
function inRand(fields: Record<string, unknown>): Record<string, unknown> {
  const { totalCents, ...rest } = fields;
  return totalCents === undefined ? rest : { ...rest, totalAmount: centsToRand(totalCents as number) };
}
