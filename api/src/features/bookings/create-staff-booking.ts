import type { Deps } from '../../deps.js';
import { inSavepoint, inTransaction, type Tx, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { PG, ValidationError, pgCode, pgConstraint } from '../../errors.js';
import type { BookingStatus, PaymentMethod, PaymentStatus } from '../../../../shared/domain/booking-status.js';
import { quotedNightAmounts, type StayQuote } from '../../../../shared/domain/pricing.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { depositPlan } from '../../../../shared/domain/deposits.js';
import type { AdminCreateBookingRequest, Booking, StaffPackageBookingRequest } from '../../../../shared/contracts/bookings.js';
import { assertUnitCountFits, nightAmountsNow, quoteForType, quoteRefusal } from '../pricing/pricing.service.js';
import { getSettings, type LodgeSettings } from '../settings/settings.service.js';
import { recordLedgerEntries } from '../payments/ledger.service.js';
import { recordAudit } from '../audit/record-audit.js';
import { BOOKING_SERVICE_MESSAGES as M } from './booking-messages.js';
import { assertCapacity, assertPackage, assertPartyFits, requireBookingTarget, resolveGroupUnits, resolvePackageUnits, resolveUnit } from './booking-target.js';
import { placeBooking, type Placement } from './place-booking.js';
import { takePromoUse } from './promo-use.js';
import { discountEntries, staffPaymentEntry } from './booking-ledger.js';
import { enqueueReceivedEmail, type GuestLinkConfig } from './booking-emails.js';
import { hoursFrom, type GuestDetails } from './create-guest-booking.js';
import { auditView } from './audit-view.js';
import { guestCountOf, partyAndSpecialColumns } from './booking-party.js';
import type { PartyInput } from '../../../../shared/domain/party-pricing.js';
import type { StaffBookingChannel } from '../../../../shared/domain/booking-channel.js';
import * as repo from './bookings.repo.js';

/**
 * The admin's package booking (POST /api/bookings with isPackageBooking): the staff total is
 * accepted (an override of the computed one is audit-logged) and the payment status set.
 */
export async function createStaffPackageBooking(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  user: SessionUser,
  input: StaffPackageBookingRequest,
  opts: TxOptions = {},
): Promise<Booking> {
  const target = requireBookingTarget(input);
  if (target.kind !== 'package') {
    throw new ValidationError(`accommodationTypeId: ${M.notAPackage}`, 'validation_error', { accommodationTypeId: M.notAPackage });
  }
  const now = deps.clock.now();
  const paymentStatus = input.paymentStatus ?? 'Pending';
  const lifecycle = staffLifecycle(paymentStatus);
  const party = { adults: input.adults, childAges: input.childAges };
  const guests = guestCountOf(input.numberOfGuests, party);
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const settings = await getSettings(trx);
    const { type, result } = await quoteForType(trx, now, {
      accommodationTypeId: target.packageTypeId,
      checkIn: input.checkInDate,
      checkOut: input.checkOutDate,
      promoCode: input.promoCode,
      typeField: 'accommodationTypeId',
      party,
    });
    assertPackage(type, 'accommodationTypeId');
    await assertUnitCountFits(trx, type, input.unitCount ?? 1);
    const quote = staffQuote(result, input.totalAmount);
    assertCapacity(type, guests);
    const units = await resolvePackageUnits(trx, type);

    return createStaffBookingInTrx(trx, now, user, settings, deps.config, {
      placement: { kind: 'package', type, units },
      quote,
      totalCents: input.totalAmount !== undefined ? randToCents(input.totalAmount) : quote!.totalCents,
      paymentStatus,
      lifecycle,
      paymentMethod: input.paymentMethod,
      guest: input.guestData,
      checkInDate: input.checkInDate,
      checkOutDate: input.checkOutDate,
      numberOfGuests: guests,
      party,
      specialRequests: input.specialRequests ?? null,
      channel: input.channel ?? null,
    });
  });
}

/**
 * POST /api/admin/bookings: one unit, no fallback to another (staff chose it); with unitCount
 * (a group), that unit and unitCount - 1 more free units of its type. A request
 * carrying an id already stored is a replay (the front desk's offline outbox): the stored
 * booking is answered, nothing is created twice.
 */
export async function createStaffBooking(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  user: SessionUser,
  input: AdminCreateBookingRequest,
  opts: TxOptions = {},
): Promise<{ booking: Booking; created: boolean }> {
  const now = deps.clock.now();
  const lifecycle = staffLifecycle(input.paymentStatus);
  const party = { adults: input.adults, childAges: input.childAges };
  const guests = guestCountOf(input.numberOfGuests, party);
  const create = (trx: Tx) =>
    inSavepoint(trx, async (sp): Promise<{ booking: Booking; created: boolean }> => {
      if (input.id) {
        const existing = await repo.findBookingById(sp, input.id);
        if (existing) return { booking: existing, created: false };
      }
      const settings = await getSettings(sp);
      const unit = await resolveUnit(sp, input.unitId);
      const unitCount = input.unitCount ?? 1;
      const { type, result } = await quoteForType(sp, now, {
        accommodationTypeId: unit.accommodationTypeId,
        checkIn: input.checkInDate,
        checkOut: input.checkOutDate,
        unitCount,
        party,
      });
      const quote = staffQuote(result, input.totalAmount);
      const placement: Placement =
        unitCount > 1 ? await resolveGroupUnits(sp, type, unitCount, input, unit.id) : { kind: 'unit', type, unitIds: [unit.id] };
      assertPartyFits(placement, guests);
      const booking = await createStaffBookingInTrx(sp, now, user, settings, deps.config, {
        id: input.id,
        placement,
        quote,
        totalCents: randToCents(input.totalAmount),
        paymentStatus: input.paymentStatus,
        lifecycle,
        paymentMethod: input.paymentMethod,
        guest: input.guestData,
        checkInDate: input.checkInDate,
        checkOutDate: input.checkOutDate,
        numberOfGuests: guests,
        party,
        specialRequests: input.specialRequests ?? null,
        channel: input.channel ?? null,
      });
      return { booking, created: true };
    });
  return inTransaction(deps.db, opts.trx, async (trx) => {
    try {
      return await create(trx);
    } catch (err) {
      // Two replays of one offline booking raced: the other one stored it (the savepoint
      // rolled back, so the transaction can still read it).
      if (input.id && pgCode(err) === PG.UNIQUE_VIOLATION && pgConstraint(err) === 'bookings_pkey') {
        const existing = await repo.findBookingById(trx, input.id);
        if (existing) return { booking: existing, created: false };
      }
      throw err;
    }
  });
}

interface StaffLifecycle {
  status: BookingStatus;
  verified: boolean;
  hold: boolean;
}

function staffLifecycle(paymentStatus: PaymentStatus): StaffLifecycle {
  switch (paymentStatus) {
    case 'Pending':
      return { status: 'Provisional', verified: false, hold: true };
    case 'Paid':
    case 'Deposit Paid':
      return { status: 'Confirmed', verified: true, hold: false };
    default:
      throw new ValidationError(`paymentStatus: ${M.staffPaymentStatus}`, 'validation_error', { paymentStatus: M.staffPaymentStatus });
  }
}

/** Staff may book below a minimum stay when they set the total themselves; otherwise the refusal stands. */
function staffQuote(result: Awaited<ReturnType<typeof quoteForType>>['result'], staffTotal: number | undefined): StayQuote | null {
  if (result.ok) return result.quote;
  if (result.code === 'minimum_stay' && staffTotal !== undefined) return null;
  throw quoteRefusal(result);
}

interface StaffBookingSpec {
  id?: string;
  placement: Placement;
  quote: StayQuote | null;
  totalCents: number;
  paymentStatus: PaymentStatus;
  lifecycle: StaffLifecycle;
  paymentMethod: PaymentMethod;
  /** A walk-in or phone guest may have no e-mail (null): then nothing is e-mailed. */
  guest: Omit<GuestDetails, 'email'> & { email: string | null };
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  party: PartyInput;
  specialRequests: string | null;
  /** How it came (Walk-in, Phone, E-mail); null when the request did not say. */
  channel: StaffBookingChannel | null;
}

async function createStaffBookingInTrx(
  trx: Tx,
  now: Date,
  user: SessionUser,
  settings: LodgeSettings,
  config: GuestLinkConfig,
  s: StaffBookingSpec,
): Promise<Booking> {
  const guest = await repo.upsertGuest(trx, s.guest);
  if (s.quote?.promoCodeId) await takePromoUse(trx, s.quote.promoCodeId);
  const holdExpiresAt = s.lifecycle.hold ? hoursFrom(now, settings.eftHoldDurationHours) : null;
  const plan = depositPlan(s.totalCents, s.checkInDate, todayInLodge(now), settings);
  // Staff taking the money at the desk: all of it (Paid), or the deposit (Deposit Paid) while
  // the balance stays owed.
  const takenCents =
    s.paymentStatus === 'Paid' && s.totalCents > 0
      ? s.totalCents
      : s.paymentStatus === 'Deposit Paid' && plan.dueNowCents < s.totalCents && plan.dueNowCents > 0
        ? plan.dueNowCents
        : 0;
  // The nights as quoted; a stay booked below its minimum stay (no quote) by the rates as they stand.
  const nightAmounts = s.quote
    ? quotedNightAmounts(s.quote)
    : ((await nightAmountsNow(trx, now, { accommodationTypeId: s.placement.type.id, checkIn: s.checkInDate, checkOut: s.checkOutDate, party: s.party })) ?? null);
  const id = await placeBooking(trx, s.placement, {
    id: s.id,
    accommodation_type_id: s.placement.type.id,
    guest_id: guest.id,
    guest_name: `${guest.firstName} ${guest.lastName}`,
    guest_email: guest.email,
    check_in_date: s.checkInDate,
    check_out_date: s.checkOutDate,
    number_of_guests: s.numberOfGuests,
    status: s.lifecycle.status,
    total_cents: s.totalCents,
    discount_cents: s.quote?.promoDiscountCents ?? 0,
    payment_status: s.paymentStatus,
    payment_method: s.paymentMethod,
    payment_verified: s.lifecycle.verified,
    paystack_reference: null,
    promo_code_id: s.quote?.promoCodeId ?? null,
    special_requests: s.specialRequests,
    hold_expires_at: holdExpiresAt,
    source: 'staff',
    channel: s.channel,
    created_by_user_id: user.id,
    deposit_cents: plan.dueNowCents,
    balance_due_date: plan.balanceDueDate,
    amount_paid_cents: takenCents,
    night_amounts: nightAmounts,
    ...partyAndSpecialColumns(s.quote, s.party),
  });
  const ledger = s.quote ? discountEntries(id, s.quote, false, 0) : [];
  if (takenCents > 0) ledger.push(staffPaymentEntry(id, s.paymentMethod, takenCents, user));
  await recordLedgerEntries(trx, ledger);

  const booking = (await repo.findBookingById(trx, id))!;
  await recordAudit(trx, { actor: user, action: 'booking.create', entityType: 'booking', entityId: id, after: auditView(booking) });
  if (!s.quote || s.quote.totalCents !== s.totalCents) {
    await recordAudit(trx, {
      actor: user,
      action: 'booking.total_override',
      entityType: 'booking',
      entityId: id,
      before: { computedTotal: s.quote ? centsToRand(s.quote.totalCents) : null },
      after: { totalAmount: centsToRand(s.totalCents) },
      note: s.quote ? 'Staff total differs from the computed rate' : 'Booked below the minimum stay at a staff total',
    });
  }
  if (holdExpiresAt && s.paymentMethod === 'EFT') {
    await enqueueReceivedEmail(trx, settings, booking, 'EFT', holdExpiresAt, config);
  }
  return booking;
}
