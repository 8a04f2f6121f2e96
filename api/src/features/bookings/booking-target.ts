import type { Tx } from '../../db/transaction.js';
import { UnprocessableError, ValidationError, unknownId } from '../../errors.js';
import { BOOKING_MESSAGES, bookingTargetOf, guestsRangeMessage, type BookingTarget } from '../../../../shared/contracts/bookings.js';
import type { StayQuote } from '../../../../shared/domain/pricing.js';
import type { QuoteWithExtras } from '../../../../shared/domain/guest-extras.js';
import type { GuestExtraChoice } from '../../../../shared/contracts/guest-extras.js';
import type { PartyInput } from '../../../../shared/domain/party-pricing.js';
import { assertUnitCountFits, priceStay, type PricedType } from '../pricing/pricing.service.js';
import { getPackageUnits, getUnitSummary, type UnitSummary } from '../accommodations/queries.js';
import { BOOKING_SERVICE_MESSAGES as M, groupUnavailable, unavailable } from './booking-messages.js';
import type { Placement } from './place-booking.js';
import * as repo from './bookings.repo.js';
import { guestCountOf } from './booking-party.js';

/**
 * The one booking-target resolver: what a request books (a unit, or a package by type), and
 * the rows behind it. Every endpoint that books goes through here, so a missing or unknown
 * target answers the same everywhere: 400 naming the field.
 */

type TargetFields = Parameters<typeof bookingTargetOf>[0];

/** The request's target, or 400 naming unitId (the contracts' refinement usually says so first). */
export function requireBookingTarget(body: TargetFields): BookingTarget {
  const target = bookingTargetOf(body);
  if (target) return target;
  const message = BOOKING_MESSAGES.unitOrPackageRequired;
  throw new ValidationError(`unitId: ${message}`, 'validation_error', { unitId: message });
}

/** A unit by id from the request body; 400 naming the field when it names nothing. */
export async function resolveUnit(trx: Tx, unitId: string, field = 'unitId'): Promise<UnitSummary> {
  const unit = await getUnitSummary(trx, unitId);
  if (!unit) throw unknownId(field, M.unitNotFound);
  return unit;
}

/** 400 naming the field when the type is not a package. */
export function assertPackage(type: PricedType, field: string): void {
  if (!type.isPackage) throw new ValidationError(`${field}: ${M.notAPackage}`, 'validation_error', { [field]: M.notAPackage });
}

/** Every active unit an entire-lodge booking takes; 409 when the package has none. */
export async function resolvePackageUnits(trx: Tx, type: PricedType): Promise<UnitSummary[]> {
  const units = await getPackageUnits(trx, type.id);
  if (units.length === 0) throw unavailable();
  return units;
}

/**
 * The party fits what is booked: a group's bound is the type's capacity times its units, a
 * range like the one-unit form's 1 to 8 (so 400 naming numberOfGuests, as that range is);
 * one unit or the entire lodge keep the capacity rule (422).
 */
export function assertPartyFits(placement: Placement, guests: number): void {
  if (placement.kind !== 'group') return assertCapacity(placement.type, guests);
  const bound = placement.type.capacity * placement.unitCount;
  if (guests > bound) {
    const message = guestsRangeMessage(bound);
    throw new ValidationError(`numberOfGuests: ${message}`, 'validation_error', { numberOfGuests: message });
  }
}

/**
 * The units a group of unitCount units of this type can take: the free ones, in the fixed
 * order the placement tries them (place-booking.ts). 400 naming unitCount when the type has
 * fewer active units; 409 naming how many are free when fewer are free. `required` (a unit
 * staff chose) must be free, and is among the first tried.
 */
export async function resolveGroupUnits(
  trx: Tx,
  type: PricedType,
  unitCount: number,
  stay: { checkInDate: string; checkOutDate: string },
  required?: string,
): Promise<Extract<Placement, { kind: 'group' }>> {
  await assertUnitCountFits(trx, type, unitCount);
  const units = await repo.listUnitsForGroup(trx, type.id, stay.checkInDate, stay.checkOutDate);
  const free = units.filter((u) => !u.held).map((u) => u.id);
  if (required && !free.includes(required)) throw unavailable();
  if (free.length < unitCount) throw groupUnavailable(free.length);
  // The chosen unit and the first others make the group; the rest stand by, in order.
  const first = required ? [required, ...free.filter((id) => id !== required).slice(0, unitCount - 1)] : free.slice(0, unitCount);
  const ordered = free.filter((id) => first.includes(id));
  return { kind: 'group', type, unitCount, required, unitIds: [...ordered, ...free.filter((id) => !first.includes(id))] };
}

export function assertCapacity(type: PricedType, guests: number): void {
  if (guests > type.capacity) {
    const message = `${type.name} sleeps at most ${type.capacity} ${type.capacity === 1 ? 'guest' : 'guests'}`;
    throw new UnprocessableError(message, 'over_capacity', { numberOfGuests: message });
  }
}

/**
 * A guest's target, priced (the server's own price) and placed: the requested unit first,
 * then any free unit of its type; or every unit of a package.
 */
interface GuestTargetInput {
  target: BookingTarget;
  checkInDate: string;
  checkOutDate: string;
  promoCode?: string;
  /** Units of the type booked together (a group); default 1. */
  unitCount?: number;
  numberOfGuests: number;
  extras?: readonly GuestExtraChoice[];
  /** Where the extras sit in the request (400s name `<extrasField>.<i>.extraId`). */
  extrasField?: string;
  /** Who stays, as the request said (absent: 2 adults); the price checks the units can take it. */
  party?: PartyInput;
}

export async function placeGuestTarget(
  trx: Tx,
  now: Date,
  input: GuestTargetInput,
): Promise<Placement & { quote: StayQuote | QuoteWithExtras }> {
  const unitCount = input.unitCount ?? 1;
  const stay = {
    checkIn: input.checkInDate,
    checkOut: input.checkOutDate,
    promoCode: input.promoCode,
    unitCount,
    party: input.party,
    extras: input.extras?.length ? { choices: input.extras, guests: guestCountOf(input.numberOfGuests, input.party), field: input.extrasField } : undefined,
  };
  if (input.target.kind === 'unit') {
    const unit = await resolveUnit(trx, input.target.unitId);
    const { type, quote } = await priceStay(trx, now, { ...stay, accommodationTypeId: unit.accommodationTypeId });
    if (!type.isActive) throw unavailable();
    if (unitCount > 1) return { ...(await resolveGroupUnits(trx, type, unitCount, input)), quote };
    const unitIds = await repo.listCandidateUnits(trx, type.id, input.checkInDate, input.checkOutDate, unit.id);
    if (unitIds.length === 0) throw unavailable();
    return { kind: 'unit', type, unitIds, quote };
  }
  const { type, quote } = await priceStay(trx, now, { ...stay, accommodationTypeId: input.target.packageTypeId, typeField: 'packageTypeId' });
  assertPackage(type, 'packageTypeId');
  await assertUnitCountFits(trx, type, unitCount);
  if (!type.isActive) throw unavailable();
  return { kind: 'package', type, units: await resolvePackageUnits(trx, type), quote };
}
