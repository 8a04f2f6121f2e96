import type { Tx } from '../../db/transaction.js';
import { UnprocessableError, ValidationError, unknownId } from '../../errors.js';
import { BOOKING_MESSAGES, bookingTargetOf, type BookingTarget } from '../../../../shared/contracts/bookings.js';
import type { StayQuote } from '../../../../shared/domain/pricing.js';
import type { QuoteWithExtras } from '../../../../shared/domain/guest-extras.js';
import type { GuestExtraChoice } from '../../../../shared/contracts/guest-extras.js';
import { priceStay, type PricedType } from '../pricing/pricing.service.js';
import { getPackageUnits, getUnitSummary, type UnitSummary } from '../accommodations/queries.js';
import { BOOKING_SERVICE_MESSAGES as M, unavailable } from './booking-messages.js';
import type { Placement } from './place-booking.js';
import * as repo from './bookings.repo.js';

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
  numberOfGuests: number;
  extras?: readonly GuestExtraChoice[];
  /** Where the extras sit in the request (400s name `<extrasField>.<i>.extraId`). */
  extrasField?: string;
}

export async function placeGuestTarget(
  trx: Tx,
  now: Date,
  input: GuestTargetInput,
): Promise<Placement & { quote: StayQuote | QuoteWithExtras }> {
  const stay = {
    checkIn: input.checkInDate,
    checkOut: input.checkOutDate,
    promoCode: input.promoCode,
    extras: input.extras?.length ? { choices: input.extras, guests: input.numberOfGuests, field: input.extrasField } : undefined,
  };
  if (input.target.kind === 'unit') {
    const unit = await resolveUnit(trx, input.target.unitId);
    const { type, quote } = await priceStay(trx, now, { ...stay, accommodationTypeId: unit.accommodationTypeId });
    if (!type.isActive) throw unavailable();
    const unitIds = await repo.listCandidateUnits(trx, type.id, input.checkInDate, input.checkOutDate, unit.id);
    if (unitIds.length === 0) throw unavailable();
    return { kind: 'unit', type, unitIds, quote };
  }
  const { type, quote } = await priceStay(trx, now, { ...stay, accommodationTypeId: input.target.packageTypeId, typeField: 'packageTypeId' });
  assertPackage(type, 'packageTypeId');
  if (!type.isActive) throw unavailable();
  return { kind: 'package', type, units: await resolvePackageUnits(trx, type), quote };
}
