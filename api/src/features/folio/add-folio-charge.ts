import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { nightCount, todayInLodge } from '../../../../shared/domain/dates.js';
import { randToCents } from '../../../../shared/domain/money.js';
import { chargeAmountCents, pricingCountsPeople } from '../../../../shared/domain/folio.js';
import { FOLIO_MESSAGES, type AddFolioChargeRequest, type FolioCharge } from '../../../../shared/contracts/folio.js';
import { lockBooking } from '../bookings/queries.js';
import { getExtraForCharge } from '../extras/extras.service.js';
import { recordAudit } from '../audit/record-audit.js';
import { folioBookingOf } from './folio.service.js';
import * as repo from './folio.repo.js';

export interface AddFolioChargeResult {
  charge: FolioCharge;
  /** False when the charge's id was posted before (a retry or a replayed sync entry): nothing new was written. */
  created: boolean;
}

/**
 * Posts an extra to a booking's folio (the front desk online, and the sync push's
 * folio.addCharge offline, in its transaction). Priced from the catalogue as it is now, so a
 * later price change never reprices it; children at the child price (the price when there is
 * none). The charge goes to the stay's folio: a unit of an entire-lodge stay charges its
 * parent. The id may be the client's: a second post of the same id answers the first charge.
 */
export async function addFolioCharge(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: SessionUser,
  bookingId: string,
  input: AddFolioChargeRequest,
  opts: TxOptions = {},
): Promise<AddFolioChargeResult> {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const target = await folioBookingOf(trx, bookingId);
    // Locked: a cancellation racing the charge either comes first (and the charge is refused)
    // or waits for it.
    const booking = await lockBooking(trx, target.id);
    if (!booking) throw new NotFoundError(FOLIO_MESSAGES.bookingNotFound, 'not_found');

    if (input.chargeId) {
      const existing = await repo.findCharge(trx, input.chargeId);
      if (existing) {
        if (existing.bookingId !== booking.id) throw new ConflictError(FOLIO_MESSAGES.chargeOfOtherBooking, 'charge_of_other_booking');
        return { charge: existing, created: false };
      }
    }
    if (booking.status === 'Cancelled') throw new ConflictError(FOLIO_MESSAGES.bookingCancelled, 'booking_cancelled');

    const extra = await getExtraForCharge(trx, input.extraId);
    if (!extra) throw new NotFoundError(FOLIO_MESSAGES.extraNotFound, 'extra_not_found');
    if (!extra.isActive) throw new ConflictError(FOLIO_MESSAGES.extraInactive, 'extra_inactive');

    const perPerson = pricingCountsPeople(extra.pricing);
    const adults = perPerson ? (input.adults ?? (input.children === undefined ? booking.numberOfGuests : 0)) : 0;
    const children = perPerson ? (input.children ?? 0) : 0;
    if (perPerson && adults + children === 0) {
      throw new ValidationError(`adults: ${FOLIO_MESSAGES.peopleRequired}`, 'validation_error', { adults: FOLIO_MESSAGES.peopleRequired });
    }
    const nights = Math.max(1, nightCount(booking.checkInDate, booking.checkOutDate));
    const unitPriceCents = randToCents(extra.price);
    const childUnitPriceCents = randToCents(extra.childPrice ?? extra.price);
    const amountCents = chargeAmountCents(extra.pricing, unitPriceCents, childUnitPriceCents, {
      quantity: input.quantity,
      adults,
      children,
      nights,
    });

    const id = input.chargeId ?? randomUUID();
    const inserted = await repo.insertChargeIfNew(trx, {
      id,
      bookingId: booking.id,
      extraId: extra.id,
      description: extra.name,
      pricing: extra.pricing,
      unitPriceCents,
      childUnitPriceCents,
      quantity: input.quantity,
      adults,
      children,
      nights,
      amountCents,
      vatInclusive: extra.vatInclusive,
      date: input.date ?? todayInLodge(deps.clock.now()),
      note: input.note ?? null,
      source: 'desk',
      createdByUserId: user.id,
    });
    const charge = (await repo.findCharge(trx, id))!;
    // Posted by another request with the same id between our look and our insert.
    if (!inserted) {
      if (charge.bookingId !== booking.id) throw new ConflictError(FOLIO_MESSAGES.chargeOfOtherBooking, 'charge_of_other_booking');
      return { charge, created: false };
    }
    await recordAudit(trx, {
      actor: user,
      action: 'folio.charge',
      entityType: 'booking',
      entityId: booking.id,
      after: { chargeId: id, extra: extra.name, quantity: charge.quantity, adults, children, amount: charge.amount, date: charge.date },
    });
    return { charge, created: true };
  });
}
