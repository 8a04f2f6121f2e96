import { inSavepoint, type Tx } from '../../db/transaction.js';
import { PG, pgCode, pgConstraint } from '../../errors.js';
import { generateBookingReference } from '../../../../shared/domain/reference.js';
import type { PricedType } from '../pricing/pricing.service.js';
import type { UnitSummary } from '../accommodations/queries.js';
import { groupUnavailable, unavailable } from './booking-messages.js';
import * as repo from './bookings.repo.js';

export type Placement =
  | { kind: 'unit'; type: PricedType; unitIds: string[] }
  | { kind: 'package'; type: PricedType; units: UnitSummary[] }
  /**
   * Several units of one type (unitCount of them): unitIds are the units free when asked, in
   * the order to try them; `required` is a unit that must be among them (staff chose it).
   */
  | { kind: 'group'; type: PricedType; unitIds: string[]; unitCount: number; required?: string };

type BaseInsert = Omit<repo.BookingInsert, 'reference' | 'unit_id' | 'parent_booking_id' | 'is_entire_lodge_child' | 'group_unit_count'>;

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
  if (placement.kind === 'group') return placeGroup(trx, placement, base);
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
        ...PARENT_ONLY,
        parent_booking_id: '' /* set below */,
        is_entire_lodge_child: true,
      })),
    ]);
  } catch (err) {
    if (pgCode(err) === PG.EXCLUSION_VIOLATION) throw unavailable();
    throw err;
  }
}

/**
 * A group: the parent (no unit, the money, the unit count) and one child per unit, as the
 * entire lodge's. Each child tries the next free unit in its own savepoint, so a unit taken
 * meanwhile (the exclusion constraint) moves on to the next; with too few left, the whole
 * booking is refused (409) naming how many were free.
 */
async function placeGroup(trx: Tx, placement: Extract<Placement, { kind: 'group' }>, base: BaseInsert): Promise<string> {
  const { unitCount, required } = placement;
  const shares = guestsPerUnit(base.number_of_guests, Array.from({ length: unitCount }, () => placement.type));
  const child = (reference: string, parentId: string, unitId: string, i: number): repo.BookingInsert => ({
    ...base,
    id: undefined,
    reference: `${reference}-${String(i + 1).padStart(2, '0')}`,
    unit_id: unitId,
    number_of_guests: shares[i],
    total_cents: 0,
    discount_cents: 0,
    promo_code_id: null,
    paystack_reference: null,
    ...PARENT_ONLY,
    parent_booking_id: parentId,
    is_entire_lodge_child: true,
  });
  return insertWithReference(
    trx,
    (reference) => [{ ...base, reference, unit_id: null, parent_booking_id: null, is_entire_lodge_child: false, group_unit_count: unitCount }],
    async (sp, parentId, reference) => {
      let placed = 0;
      for (const unitId of placement.unitIds) {
        if (placed === unitCount) break;
        try {
          await inSavepoint(sp, (unitSp) => repo.insertBooking(unitSp, child(reference, parentId, unitId, placed)));
          placed++;
        } catch (err) {
          if (pgCode(err) !== PG.EXCLUSION_VIOLATION) throw err;
          if (unitId === required) throw unavailable();
        }
      }
      if (placed < unitCount) throw groupUnavailable(placed);
    },
  );
}

/** The party, the special and the nights' amounts belong to the parent (it holds the money), not to each unit's row. */
const PARENT_ONLY = {
  adults: null,
  child_ages: null,
  special_offer_id: null,
  special_discount_cents: 0,
  deposit_cents: null,
  balance_due_date: null,
  amount_paid_cents: 0,
  // The stay's price, and so its nights' amounts, are the parent's.
  night_amounts: null,
} as const;

const MAX_REFERENCE_ATTEMPTS = 5;

/**
 * Inserts a booking (the first row) and its children (the rest, linked to the first) under
 * a fresh reference, in a savepoint; a reference already taken (unique index) is drawn again.
 * `more` adds rows of its own in the same savepoint (a group's children, placed one by one).
 */
export async function insertWithReference(
  trx: Tx,
  rows: (reference: string) => repo.BookingInsert[],
  more?: (sp: Tx, id: string, reference: string) => Promise<void>,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const reference = generateBookingReference();
    const [parent, ...children] = rows(reference);
    try {
      return await inSavepoint(trx, async (sp) => {
        const id = await repo.insertBooking(sp, parent);
        for (const child of children) await repo.insertBooking(sp, { ...child, parent_booking_id: id });
        if (more) await more(sp, id, reference);
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
