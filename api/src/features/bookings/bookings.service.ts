import type { Knex } from 'knex';
import type { Deps } from '../../deps.js';
import type { SessionUser } from '../../http/types.js';
import { ConflictError, ForbiddenError, NotFoundError, PG, UnprocessableError, ValidationError, pgCode, pgConstraint, unknownId } from '../../http/errors.js';
import { can } from '../../../../shared/roles.js';
import { addDays, compareIsoDates, todayInLodge } from '../../../../shared/domain/dates.js';
import {
  checkTransition,
  type BookingStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../../shared/domain/booking-status.js';
import { PROMO_MESSAGES, type StayQuote } from '../../../../shared/domain/pricing.js';
import { generateBookingReference } from '../../../../shared/domain/reference.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import type {
  AdminBookingsQuery,
  AdminCreateBookingRequest,
  Booking,
  BookingTarget,
  CreateBookingRequest,
  GuestListItem,
  UpcomingArrivalsResponse,
  UpdateBookingRequest,
} from '../../../../shared/contracts/bookings.js';
import { consumePromoUse, priceStay, quoteForType, quoteRefusal, type PricedType } from '../pricing/pricing.service.js';
import { enqueueEmail } from '../email/email.service.js';
import { bookingCancelled, bookingReceivedCard, bookingReceivedEft, type BookingForEmail, type LodgeDetails } from '../email/email.templates.js';
import { recordAudit } from '../audit/audit.repo.js';
import * as repo from './bookings.repo.js';

export const BOOKING_SERVICE_MESSAGES = {
  unavailable: 'This accommodation is not available for the selected dates',
  unitNotFound: 'Unit not found',
  bookingNotFound: 'Booking not found',
  entireLodgeNotFound: 'Entire-lodge booking not found',
  notAPackage: 'This accommodation type is not a package',
  pastCheckIn: 'Check-in date cannot be in the past',
  eftDisabled: 'EFT payments are not available at the moment. Please pay by card.',
  cardDisabled: 'Card payments are not available at the moment.',
  cardThroughPayments: 'Card bookings are paid in the card payment window (POST /api/payments/initialize)',
  staffPaymentStatus: 'Payment status must be Pending or Paid for a new booking',
  refundsOnly: 'Only a Manager or SuperAdmin can mark a booking as refunded',
  childDelete: 'This unit is part of an entire-lodge booking; delete the entire-lodge booking instead',
  stale: 'This booking was changed by someone else. Reload it and try again.',
} as const;

const M = BOOKING_SERVICE_MESSAGES;

/** 409 with the record as it is now, so the client can show it (routes add `current` to the body). */
export class StaleBookingError extends ConflictError {
  constructor(readonly current: Booking) {
    super(M.stale, 'stale_version');
  }
}

const unavailable = () => new ConflictError(M.unavailable, 'unavailable');

type Trx = Knex.Transaction;

// ---------------------------------------------------------------------------------------
// Reading

/** A booking by id (through a transaction when given one), or undefined. */
export function getBookingById(from: Pick<Deps, 'db'> | Knex | Trx, id: string): Promise<Booking | undefined> {
  // A knex instance and a transaction are callable; deps is a plain object.
  const db = typeof from === 'function' ? from : from.db;
  return repo.findBookingById(db, id);
}

export function listAdminBookings(deps: Deps, q: AdminBookingsQuery): Promise<Booking[]> {
  return repo.listBookings(deps.db, q);
}

export function listEntireLodgeBookings(deps: Deps): Promise<Booking[]> {
  return repo.listBookings(deps.db, { entireLodgeParents: true });
}

export function listGuests(deps: Deps): Promise<GuestListItem[]> {
  return repo.listGuests(deps.db);
}

/** Dashboard: arrivals and departures of the next 7 lodge days, today included. */
export async function upcomingArrivals(deps: Deps): Promise<UpcomingArrivalsResponse> {
  const today = todayInLodge(deps.clock.now());
  const last = addDays(today, 6);
  const rows = await repo.listMovements(deps.db, today, last);
  const inWindow = (d: string) => compareIsoDates(d, today) >= 0 && compareIsoDates(d, last) <= 0;
  const items: UpcomingArrivalsResponse['bookings'] = [];
  for (const r of rows) {
    const common = {
      id: r.id,
      guestName: r.guest_name,
      unitName: r.unit_name ?? r.accommodation_type_name,
      totalAmount: centsToRand(randToCents(r.total_amount)),
      status: r.status,
    };
    if (inWindow(r.check_in_date)) items.push({ ...common, type: 'arrival', date: r.check_in_date });
    if (inWindow(r.check_out_date)) items.push({ ...common, type: 'departure', date: r.check_out_date });
  }
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

// ---------------------------------------------------------------------------------------
// Creating

export interface GuestDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  address?: string | null;
}

export interface GuestBookingInput {
  target: BookingTarget;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  guest: GuestDetails;
  paymentMethod: 'Card' | 'EFT';
  promoCode?: string;
  specialRequests?: string | null;
  /** The logged-in guest account booking, if any: linked to the guest record. */
  userId?: string | null;
}

export interface GuestBookingOptions {
  holdExpiresAt: Date;
  paystackReference?: string;
  /** Queue the "booking received" e-mail. Default: true for EFT, false for Card. */
  sendReceivedEmail?: boolean;
}

/**
 * A guest's booking (EFT from POST /api/bookings; Card from the payments feature), in one
 * transaction: the server's own price (the client's total is never read), the guest record,
 * the promo use, the booking on the requested unit or any free unit of its type (the
 * exclusion constraint decides, never a pre-check alone), discount ledger rows and the
 * "booking received" e-mail. Card bookings cost the card total.
 */
export async function createGuestBooking(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: GuestBookingInput,
  opts: GuestBookingOptions,
): Promise<{ booking: Booking; quote: StayQuote }> {
  const now = deps.clock.now();
  assertNotInPast(input.checkInDate, now);
  return deps.db.transaction(async (trx) => {
    const settings = await repo.getBookingSettings(trx);
    if (input.paymentMethod === 'EFT' && !settings.allowEftPayments) throw new UnprocessableError(M.eftDisabled, 'eft_disabled');
    if (input.paymentMethod === 'Card' && !settings.allowCardPayments) throw new UnprocessableError(M.cardDisabled, 'card_disabled');

    const placement = await placeGuestTarget(trx, now, input);
    const { type, quote } = placement;
    assertCapacity(type, input.numberOfGuests);

    const guest = await repo.upsertGuest(trx, { ...input.guest, userId: input.userId ?? null });
    if (quote.promoCodeId) await usePromo(trx, quote.promoCodeId);

    const isCard = input.paymentMethod === 'Card';
    const totalCents = isCard ? quote.cardTotalCents : quote.totalCents;
    const id = await placeBooking(trx, placement, {
      accommodation_type_id: type.id,
      guest_id: guest.id,
      guest_name: `${guest.firstName} ${guest.lastName}`,
      guest_email: guest.email,
      check_in_date: input.checkInDate,
      check_out_date: input.checkOutDate,
      number_of_guests: input.numberOfGuests,
      status: 'Provisional',
      total_cents: totalCents,
      discount_cents: quote.promoDiscountCents + (isCard ? quote.cardDiscountCents : 0),
      payment_status: 'Pending',
      payment_method: input.paymentMethod,
      payment_verified: false,
      paystack_reference: opts.paystackReference ?? null,
      promo_code_id: quote.promoCodeId ?? null,
      special_requests: input.specialRequests ?? null,
      hold_expires_at: opts.holdExpiresAt,
      source: 'guest',
      created_by_user_id: null,
    });

    await repo.insertLedgerEntries(trx, discountEntries(id, quote, isCard, settings.cardPaymentDiscount));
    const booking = (await repo.findBookingById(trx, id))!;
    if (opts.sendReceivedEmail ?? input.paymentMethod === 'EFT') {
      await enqueueReceivedEmail(trx, settings, booking, input.paymentMethod, opts.holdExpiresAt);
    }
    return { booking, quote };
  });
}

/** POST /api/bookings for a guest: an EFT booking held for settings.eftHoldDurationHours. */
export async function createEftBooking(deps: Deps, input: CreateBookingRequest, user: SessionUser | null): Promise<Booking> {
  if (input.paymentMethod !== 'EFT') {
    throw new ValidationError(`paymentMethod: ${M.cardThroughPayments}`, 'validation_error', { paymentMethod: M.cardThroughPayments });
  }
  const target = targetOf(input);
  const settings = await repo.getBookingSettings(deps.db);
  if (!settings.allowEftPayments) throw new UnprocessableError(M.eftDisabled, 'eft_disabled');
  const holdExpiresAt = hoursFrom(deps.clock.now(), settings.eftHoldDurationHours);
  const { booking } = await createGuestBooking(
    deps,
    {
      target,
      checkInDate: input.checkInDate,
      checkOutDate: input.checkOutDate,
      numberOfGuests: input.numberOfGuests,
      guest: input.guestData,
      paymentMethod: 'EFT',
      promoCode: input.promoCode,
      specialRequests: input.specialRequests,
      userId: user && !user.role ? user.id : null,
    },
    { holdExpiresAt },
  );
  return booking;
}

/**
 * The admin's package booking (POST /api/bookings with isPackageBooking): the staff total is
 * accepted (an override of the computed one is audit-logged) and the payment status set.
 */
export async function createStaffPackageBooking(deps: Deps, user: SessionUser, input: CreateBookingRequest): Promise<Booking> {
  const target = targetOf(input);
  if (target.kind !== 'package') {
    throw new ValidationError(`accommodationTypeId: ${M.notAPackage}`, 'validation_error', { accommodationTypeId: M.notAPackage });
  }
  const now = deps.clock.now();
  const paymentStatus = input.paymentStatus ?? 'Pending';
  const lifecycle = staffLifecycle(paymentStatus);
  return deps.db.transaction(async (trx) => {
    const settings = await repo.getBookingSettings(trx);
    const { type, result } = await quoteForType(trx, now, {
      accommodationTypeId: target.packageTypeId,
      checkIn: input.checkInDate,
      checkOut: input.checkOutDate,
      promoCode: input.promoCode,
      typeField: 'accommodationTypeId',
    });
    if (!type.isPackage) {
      throw new ValidationError(`accommodationTypeId: ${M.notAPackage}`, 'validation_error', { accommodationTypeId: M.notAPackage });
    }
    const quote = staffQuote(result, input.totalAmount);
    assertCapacity(type, input.numberOfGuests);
    const units = await repo.listPackageUnits(trx, type.id);
    if (units.length === 0) throw unavailable();

    const booking = await createStaffBookingInTrx(trx, deps, user, settings, {
      placement: { kind: 'package', type, units },
      quote,
      totalCents: input.totalAmount !== undefined ? randToCents(input.totalAmount) : quote!.totalCents,
      paymentStatus,
      lifecycle,
      paymentMethod: input.paymentMethod,
      guest: input.guestData,
      checkInDate: input.checkInDate,
      checkOutDate: input.checkOutDate,
      numberOfGuests: input.numberOfGuests,
      specialRequests: input.specialRequests ?? null,
      now,
    });
    return booking;
  });
}

/**
 * POST /api/admin/bookings: one unit, no fallback to another (staff chose it). A request
 * carrying an id already stored is a replay (the front desk's offline outbox): the stored
 * booking is answered, nothing is created twice.
 */
export async function createStaffBooking(
  deps: Deps,
  user: SessionUser,
  input: AdminCreateBookingRequest,
): Promise<{ booking: Booking; created: boolean }> {
  const now = deps.clock.now();
  const lifecycle = staffLifecycle(input.paymentStatus);
  try {
    return await deps.db.transaction(async (trx) => {
      if (input.id) {
        const existing = await repo.findBookingById(trx, input.id);
        if (existing) return { booking: existing, created: false };
      }
      const settings = await repo.getBookingSettings(trx);
      const unit = await repo.findUnit(trx, input.unitId);
      if (!unit) throw unknownId('unitId', M.unitNotFound);
      const { type, result } = await quoteForType(trx, now, {
        accommodationTypeId: unit.accommodationTypeId,
        checkIn: input.checkInDate,
        checkOut: input.checkOutDate,
      });
      const quote = staffQuote(result, input.totalAmount);
      assertCapacity(type, input.numberOfGuests);
      const booking = await createStaffBookingInTrx(trx, deps, user, settings, {
        id: input.id,
        placement: { kind: 'unit', type, unitIds: [unit.id] },
        quote,
        totalCents: randToCents(input.totalAmount),
        paymentStatus: input.paymentStatus,
        lifecycle,
        paymentMethod: input.paymentMethod,
        guest: input.guestData,
        checkInDate: input.checkInDate,
        checkOutDate: input.checkOutDate,
        numberOfGuests: input.numberOfGuests,
        specialRequests: input.specialRequests ?? null,
        now,
      });
      return { booking, created: true };
    });
  } catch (err) {
    // Two replays of one offline booking raced: the other one stored it.
    if (input.id && pgCode(err) === PG.UNIQUE_VIOLATION && pgConstraint(err) === 'bookings_pkey') {
      const existing = await repo.findBookingById(deps.db, input.id);
      if (existing) return { booking: existing, created: false };
    }
    throw err;
  }
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
  guest: GuestDetails;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  specialRequests: string | null;
  now: Date;
}

async function createStaffBookingInTrx(
  trx: Trx,
  deps: Pick<Deps, 'clock'>,
  user: SessionUser,
  settings: repo.BookingSettings,
  s: StaffBookingSpec,
): Promise<Booking> {
  const guest = await repo.upsertGuest(trx, s.guest);
  if (s.quote?.promoCodeId) await usePromo(trx, s.quote.promoCodeId);
  const holdExpiresAt = s.lifecycle.hold ? hoursFrom(deps.clock.now(), settings.eftHoldDurationHours) : null;
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
    created_by_user_id: user.id,
  });
  const ledger = s.quote ? discountEntries(id, s.quote, false, 0) : [];
  if (s.paymentStatus === 'Paid' && s.totalCents > 0) ledger.push(staffPaymentEntry(id, s.paymentMethod, s.totalCents, user));
  await repo.insertLedgerEntries(trx, ledger);

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
    await enqueueReceivedEmail(trx, settings, booking, 'EFT', holdExpiresAt);
  }
  return booking;
}

type Placement =
  | { kind: 'unit'; type: PricedType; unitIds: string[] }
  | { kind: 'package'; type: PricedType; units: repo.UnitSummary[] };

async function placeGuestTarget(trx: Trx, now: Date, input: GuestBookingInput): Promise<Placement & { quote: StayQuote }> {
  const stay = { checkIn: input.checkInDate, checkOut: input.checkOutDate, promoCode: input.promoCode };
  if (input.target.kind === 'unit') {
    const unit = await repo.findUnit(trx, input.target.unitId);
    if (!unit) throw unknownId('unitId', M.unitNotFound);
    const { type, quote } = await priceStay(trx, now, { ...stay, accommodationTypeId: unit.accommodationTypeId });
    if (!type.isActive) throw unavailable();
    const unitIds = await repo.listCandidateUnits(trx, type.id, input.checkInDate, input.checkOutDate, unit.id);
    if (unitIds.length === 0) throw unavailable();
    return { kind: 'unit', type, unitIds, quote };
  }
  const { type, quote } = await priceStay(trx, now, { ...stay, accommodationTypeId: input.target.packageTypeId, typeField: 'packageTypeId' });
  if (!type.isPackage) throw new ValidationError(`packageTypeId: ${M.notAPackage}`, 'validation_error', { packageTypeId: M.notAPackage });
  if (!type.isActive) throw unavailable();
  const units = await repo.listPackageUnits(trx, type.id);
  if (units.length === 0) throw unavailable();
  return { kind: 'package', type, units, quote };
}

type BaseInsert = Omit<repo.BookingInsert, 'reference' | 'unit_id' | 'parent_booking_id' | 'is_entire_lodge_child'>;

/**
 * Inserts the booking. A unit booking tries its candidate units in turn, each in a
 * savepoint: the exclusion constraint (23P01) rejecting one unit moves on to the next, and
 * only when every one is taken is the answer 409. An entire-lodge booking is a parent (no
 * unit, holds the money) and one child per unit (amount 0); any child clashing fails it all.
 */
async function placeBooking(trx: Trx, placement: Placement, base: BaseInsert): Promise<string> {
  if (placement.kind === 'unit') {
    for (const unitId of placement.unitIds) {
      try {
        return await insertWithReference(trx, (reference) => [{ ...base, reference, unit_id: unitId, parent_booking_id: null, is_entire_lodge_child: false }]);
      } catch (err) {
        if (pgCode(err) === PG.EXCLUSION_VIOLATION) continue;
        throw err;
      }
    }
    throw unavailable();
  }
  const shares = guestsPerUnit(base.number_of_guests, placement.units);
  try {
    return await insertWithReference(trx, (reference) => [
      { ...base, reference, unit_id: null, parent_booking_id: null, is_entire_lodge_child: false },
      ...placement.units.map((u, i) => ({
        ...base,
        id: undefined,
        reference: `${reference}-${String(i + 1).padStart(2, '0')}`,
        unit_id: u.id,
        accommodation_type_id: u.accommodationTypeId,
        number_of_guests: shares[i],
        total_cents: 0,
        discount_cents: 0,
        promo_code_id: null,
        paystack_reference: null,
        parent_booking_id: '' /* set below */,
        is_entire_lodge_child: true,
      })),
    ]);
  } catch (err) {
    if (pgCode(err) === PG.EXCLUSION_VIOLATION) throw unavailable();
    throw err;
  }
}

const MAX_REFERENCE_ATTEMPTS = 5;

/**
 * Inserts a booking (the first row) and its children (the rest, linked to the first) under
 * a fresh reference, in a savepoint; a reference already taken (unique index) is drawn again.
 */
async function insertWithReference(trx: Trx, rows: (reference: string) => repo.BookingInsert[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const [parent, ...children] = rows(generateBookingReference());
    try {
      return await trx.transaction(async (sp) => {
        const id = await repo.insertBooking(sp, parent);
        for (const child of children) await repo.insertBooking(sp, { ...child, parent_booking_id: id });
        return id;
      });
    } catch (err) {
      const takenReference = pgCode(err) === PG.UNIQUE_VIOLATION && pgConstraint(err) === 'bookings_reference_unique';
      if (takenReference && attempt < MAX_REFERENCE_ATTEMPTS) continue;
      throw err;
    }
  }
}

/**
 * The party spread over the units: at least 1 in each (a booking has a guest), the rest
 * filling units up to their type's capacity, so the shares add up to the party whenever it
 * is at least one per unit.
 */
function guestsPerUnit(total: number, units: repo.UnitSummary[]): number[] {
  let left = total - units.length;
  return units.map((u) => {
    const extra = Math.max(0, Math.min(u.capacity - 1, left));
    left -= extra;
    return 1 + extra;
  });
}

async function usePromo(trx: Trx, promoId: string): Promise<void> {
  let ok: boolean;
  try {
    ok = await consumePromoUse(trx, promoId);
  } catch (err) {
    // The check constraint is the last defence; the conditional update should catch it first.
    if (pgCode(err) === PG.CHECK_VIOLATION) ok = false;
    else throw err;
  }
  if (!ok) throw new UnprocessableError(PROMO_MESSAGES['used up'], 'invalid_promo', { promoCode: PROMO_MESSAGES['used up'] });
}

function discountEntries(bookingId: string, quote: StayQuote, isCard: boolean, cardPercent: number): repo.LedgerInsert[] {
  const entries: repo.LedgerInsert[] = [];
  if (quote.promoDiscountCents > 0) {
    entries.push({
      booking_id: bookingId,
      type: 'discount',
      subtype: 'promo',
      status: 'success',
      amount_cents: -quote.promoDiscountCents,
      description: `Promo code ${quote.promoCode}`,
    });
  }
  if (isCard && quote.cardDiscountCents > 0) {
    entries.push({
      booking_id: bookingId,
      type: 'discount',
      subtype: 'card_discount',
      status: 'success',
      amount_cents: -quote.cardDiscountCents,
      description: `Card payment discount (${cardPercent}%)`,
    });
  }
  return entries;
}

/** A payment staff record by hand (EFT seen in the bank, cash at the desk, a card machine). */
function staffPaymentEntry(bookingId: string, method: PaymentMethod, amountCents: number, user: SessionUser): repo.LedgerInsert {
  const subtype = method === 'EFT' ? 'eft' : method === 'Cash' ? 'cash' : 'card-manual';
  const description =
    method === 'EFT' ? 'EFT payment received' : method === 'Cash' ? 'Cash payment received' : 'Card payment recorded by staff';
  return {
    booking_id: bookingId,
    type: 'payment',
    subtype,
    status: 'success',
    amount_cents: amountCents,
    description,
    created_by_user_id: user.id,
  };
}

// ---------------------------------------------------------------------------------------
// Changing

/**
 * PUT /api/admin/bookings/:id. The row is locked while it is read and written; `version`
 * (when sent) must be the one the client read. Status moves follow checkTransition for the
 * user's role; marking Paid verifies the payment, confirms a Provisional booking and records
 * the payment in the ledger; an entire-lodge parent takes its children along.
 */
export async function updateBooking(deps: Deps, user: SessionUser, id: string, input: UpdateBookingRequest): Promise<Booking> {
  const role = user.role;
  if (!role) throw new ForbiddenError("You don't have permission to do this", 'forbidden');
  if ((input.paymentStatus === 'Refunded' || input.paymentStatus === 'Partially Refunded') && !can(role, 'refunds')) {
    throw new ForbiddenError(M.refundsOnly, 'forbidden');
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const row = await repo.findBookingRowForUpdate(trx, id);
    if (!row) throw new NotFoundError(M.bookingNotFound, 'not_found');
    if (input.version !== undefined && input.version !== row.version) {
      throw new StaleBookingError((await repo.findBookingById(trx, id))!);
    }

    const patch: Record<string, unknown> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const change = (field: string, column: string, from: unknown, to: unknown, stored: unknown = to) => {
      if (to === undefined || to === from) return;
      patch[column] = stored;
      before[field] = from;
      after[field] = to;
    };

    let status = input.status;
    let becamePaid = false;
    if (input.paymentStatus !== undefined && input.paymentStatus !== row.payment_status) {
      change('paymentStatus', 'payment_status', row.payment_status, input.paymentStatus);
      const paid = input.paymentStatus === 'Paid' || input.paymentStatus === 'Deposit Paid';
      if (paid || input.paymentStatus === 'Pending' || input.paymentStatus === 'Failed') {
        change('paymentVerified', 'payment_verified', row.payment_verified, paid);
      }
      if (paid && status === undefined && row.status === 'Provisional') status = 'Confirmed';
      becamePaid = input.paymentStatus === 'Paid';
    }

    const statusPatch: Record<string, unknown> = {};
    if (status !== undefined && status !== row.status) {
      const check = checkTransition(row.status, status, role);
      if (!check.ok) throw new UnprocessableError(check.reason, 'invalid_transition', { status: check.reason });
      Object.assign(statusPatch, statusTimestamps(row.status, status, now));
      statusPatch.status = status;
      if (status === 'Cancelled') {
        statusPatch.cancellation_reason = input.cancellationReason ?? row.cancellation_reason ?? null;
      }
      before.status = row.status;
      after.status = status;
      Object.assign(patch, statusPatch);
    }
    if (input.cancellationReason !== undefined && patch.cancellation_reason === undefined) {
      change('cancellationReason', 'cancellation_reason', row.cancellation_reason, input.cancellationReason);
    }
    change('paymentMethod', 'payment_method', row.payment_method, input.paymentMethod);
    change('specialRequests', 'special_requests', row.special_requests, input.specialRequests);
    const oldTotalCents = randToCents(row.total_amount);
    const newTotalCents = input.totalAmount !== undefined ? randToCents(input.totalAmount) : oldTotalCents;
    if (newTotalCents !== oldTotalCents) {
      change('totalAmount', 'total_amount', centsToRand(oldTotalCents), centsToRand(newTotalCents), centsToRand(newTotalCents).toFixed(2));
    }

    if (Object.keys(patch).length === 0) return (await repo.findBookingById(trx, id))!;

    try {
      await trx.transaction(async (sp) => {
        await repo.updateBookingRow(sp, id, row.version, patch);
        if (row.unit_id === null) {
          const cascade: Record<string, unknown> = { ...statusPatch };
          if (patch.payment_status !== undefined) cascade.payment_status = patch.payment_status;
          if (patch.payment_verified !== undefined) cascade.payment_verified = patch.payment_verified;
          if (Object.keys(cascade).length) await repo.updateChildren(sp, id, cascade);
        }
      });
    } catch (err) {
      // Reopening a booking whose unit was taken in the meantime.
      if (pgCode(err) === PG.EXCLUSION_VIOLATION) throw unavailable();
      throw err;
    }

    if (becamePaid) {
      const outstanding = newTotalCents - (await repo.netPaidCents(trx, id));
      const method = (input.paymentMethod ?? row.payment_method) as PaymentMethod;
      if (outstanding > 0) await repo.insertLedgerEntries(trx, [staffPaymentEntry(id, method, outstanding, user)]);
    }
    await recordAudit(trx, { actor: user, action: 'booking.update', entityType: 'booking', entityId: id, before, after });
    if (after.totalAmount !== undefined) {
      await recordAudit(trx, {
        actor: user,
        action: 'booking.total_override',
        entityType: 'booking',
        entityId: id,
        before: { totalAmount: before.totalAmount },
        after: { totalAmount: after.totalAmount },
      });
    }
    const updated = (await repo.findBookingById(trx, id))!;
    // The guest hears of a cancellation by staff (children are covered by their parent's mail).
    if (after.status === 'Cancelled' && !updated.isEntireLodgeChild) {
      const settings = await repo.getBookingSettings(trx);
      const rendered = bookingCancelled({
        lodge: lodgeDetailsOf(settings),
        booking: bookingForEmail(updated),
        reason: (patch.cancellation_reason ?? row.cancellation_reason ?? null) as string | null,
      });
      await enqueueEmail(trx, {
        to: updated.guestEmail,
        ...rendered,
        bookingId: id,
        // Per version: a booking reopened and cancelled again is a new message.
        dedupeKey: `booking-cancelled:${id}:${updated.version}`,
      });
    }
    return updated;
  });
}

/** The timestamps a status move sets or clears (a correction undoes what the move did). */
function statusTimestamps(from: BookingStatus, to: BookingStatus, now: Date): Record<string, unknown> {
  const t: Record<string, unknown> = {};
  if (to === 'Checked-In' && from !== 'Checked-Out') t.checked_in_at = now;
  if (to === 'Checked-Out') t.checked_out_at = now;
  if (from === 'Checked-Out') t.checked_out_at = null;
  if (from === 'Checked-In' && to === 'Confirmed') t.checked_in_at = null;
  if (to === 'Cancelled') t.cancelled_at = now;
  if (from === 'Cancelled') {
    t.cancelled_at = null;
    t.cancellation_reason = null;
  }
  return t;
}

/** DELETE /api/admin/bookings/:id (and the entire-lodge variant): children and ledger rows go with it. */
export async function deleteBooking(deps: Deps, user: SessionUser, id: string, opts: { entireLodgeOnly?: boolean } = {}): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const row = await repo.findBookingRowForUpdate(trx, id);
    const isParent = !!row && row.unit_id === null && row.parent_booking_id === null;
    if (!row || (opts.entireLodgeOnly && !isParent)) {
      throw new NotFoundError(opts.entireLodgeOnly ? M.entireLodgeNotFound : M.bookingNotFound, 'not_found');
    }
    if (row.is_entire_lodge_child && !opts.entireLodgeOnly) throw new ConflictError(M.childDelete, 'entire_lodge_child');
    const snapshot = auditView((await repo.findBookingById(trx, id))!);
    await repo.deleteBookingWithChildren(trx, id);
    await recordAudit(trx, {
      actor: user,
      action: 'booking.delete',
      entityType: 'booking',
      entityId: id,
      before: snapshot,
      note: isParent ? 'Entire-lodge booking deleted with its unit bookings' : undefined,
    });
  });
}

// ---------------------------------------------------------------------------------------
// Helpers

function targetOf(input: CreateBookingRequest): BookingTarget {
  if (input.unitId) return { kind: 'unit', unitId: input.unitId };
  if (input.packageTypeId) return { kind: 'package', packageTypeId: input.packageTypeId };
  if (input.isPackageBooking && input.accommodationTypeId) return { kind: 'package', packageTypeId: input.accommodationTypeId };
  // The contract's refinement makes this unreachable; kept as a 400, never a 500.
  throw new ValidationError('unitId: unitId or packageTypeId is required', 'validation_error', { unitId: 'unitId or packageTypeId is required' });
}

function assertNotInPast(checkInDate: string, now: Date): void {
  if (compareIsoDates(checkInDate, todayInLodge(now)) < 0) {
    throw new ValidationError(`checkInDate: ${M.pastCheckIn}`, 'validation_error', { checkInDate: M.pastCheckIn });
  }
}

function assertCapacity(type: PricedType, guests: number): void {
  if (guests > type.capacity) {
    const message = `${type.name} sleeps at most ${type.capacity} ${type.capacity === 1 ? 'guest' : 'guests'}`;
    throw new UnprocessableError(message, 'over_capacity', { numberOfGuests: message });
  }
}

function hoursFrom(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 3_600_000);
}

function auditView(b: Booking) {
  return {
    reference: b.reference,
    unitId: b.unitId,
    accommodationTypeId: b.accommodationTypeId,
    guestName: b.guestName,
    guestEmail: b.guestEmail,
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    status: b.status,
    totalAmount: b.totalAmount,
    paymentStatus: b.paymentStatus,
    paymentMethod: b.paymentMethod,
  };
}

export function lodgeDetailsOf(s: repo.BookingSettings): LodgeDetails {
  return { lodgeName: s.lodgeName, contactEmail: s.contactEmail, contactPhone: s.contactPhone, address: s.address };
}

export function bookingForEmail(b: Booking): BookingForEmail {
  return {
    reference: b.reference,
    guestName: b.guestName,
    accommodationName: b.accommodationTypeName,
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    numberOfGuests: b.numberOfGuests,
    totalCents: randToCents(b.totalAmount),
  };
}

async function enqueueReceivedEmail(
  trx: Trx,
  settings: repo.BookingSettings,
  booking: Booking,
  method: 'Card' | 'EFT',
  holdExpiresAt: Date,
): Promise<void> {
  const lodge = lodgeDetailsOf(settings);
  const rendered =
    method === 'EFT'
      ? bookingReceivedEft({
          lodge,
          bank: {
            bankName: settings.bankName,
            accountHolder: settings.accountHolder,
            accountNumber: settings.accountNumber,
            branchCode: settings.branchCode,
          },
          booking: bookingForEmail(booking),
          holdExpiresAt,
        })
      : bookingReceivedCard({ lodge, booking: bookingForEmail(booking), holdExpiresAt });
  await enqueueEmail(trx, {
    to: booking.guestEmail,
    ...rendered,
    bookingId: booking.id,
    dedupeKey: `booking-received:${booking.id}`,
  });
}
