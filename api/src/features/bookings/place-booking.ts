import { inSavepoint, type Tx } from '../../db/transaction.js';
import { PG, pgCode, pgConstraint } from '../../errors.js';
import { generateBookingReference } from '../../../../shared/domain/reference.js';
import type { PricedType } from '../pricing/pricing.service.js';
import type { UnitSummary } from '../accommodations/queries.js';
import { unavailable } from './booking-messages.js';
import * as repo from './bookings.repo.js';

export type Placement =
  | { kind: 'unit'; type: PricedType; unitIds: string[] }
  | { kind: 'package'; type: PricedType; units: UnitSummary[] };

type BaseInsert = Omit<repo.BookingInsert, 'reference' | 'unit_id' | 'parent_booking_id' | 'is_entire_lodge_child'>;

/**
 * Inserts the booking. A unit booking tries its candidate units in turn, each in a
 * savepoint: the exclusion constraint (23P01) rejecting one unit moves on to the next, and
 * only when every one is taken is the answer 409. An entire-lodge booking is a parent (no
 * unit, holds the money) and one child per unit (amount 0); any child clashing fails it all.
 */
export async function placeBooking(trx: Tx, placement: Placement, base: BaseInsert): Promise<string> {
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
async function insertWithReference(trx: Tx, rows: (reference: string) => repo.BookingInsert[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const [parent, ...children] = rows(generateBookingReference());
    try {
      return await inSavepoint(trx, async (sp) => {
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
export function guestsPerUnit(total: number, units: Pick<UnitSummary, 'capacity'>[]): number[] {
  let left = total - units.length;
  return units.map((u) => {
    const extra = Math.max(0, Math.min(u.capacity - 1, left));
    left -= extra;
    return 1 + extra;
  });
}
