import type { Deps } from '../../deps.js';
import { inSnapshot } from '../../db/transaction.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { housekeepingStatusOn } from '../../../../shared/domain/housekeeping.js';
import { isArrivalToday, isDepartureToday } from '../../../../shared/domain/stay-movement.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import type { HousekeepingBoard, HousekeepingStay } from '../../../../shared/contracts/housekeeping.js';
import { getTypeNames, listAllUnits } from '../accommodations/queries.js';
import { listUnitStaysMovingOn } from '../bookings/queries.js';

/**
 * GET /api/admin/housekeeping?date=: every active unit with its cleaning status (Out of order
 * inside a period), note, who and when, its periods not ended by the date, and who arrives and
 * leaves there that day, so "Dirty, arrival today" is on the same line.
 *
 * Arrivals and departures are the shared stay-movement rule's, asked per unit: an entire-lodge
 * or group stay's units (its children) each count here, since each is a room to turn over
 * although the desk sees the stay once. A guest who has already checked out today still shows
 * as today's departure (status Checked-Out): that is the room the housekeeper goes to next.
 */
export async function getHousekeepingBoard(deps: Pick<Deps, 'db' | 'clock'>, date?: string): Promise<HousekeepingBoard> {
  const day = date ?? todayInLodge(deps.clock.now());
  const { units, stays, typeNames } = await inSnapshot(deps.db, async (trx) => {
    const units = (await listAllUnits(trx)).filter((u) => u.isActive);
    const [stays, typeNames] = await Promise.all([listUnitStaysMovingOn(trx, day), getTypeNames(trx, units.map((u) => u.accommodationTypeId))]);
    return { units, stays, typeNames };
  });
  const byUnit = new Map<string, { arrivals: HousekeepingStay[]; departures: HousekeepingStay[] }>();
  for (const stay of stays) {
    const question = { booking: { ...stay, isEntireLodgeChild: false }, today: day };
    const leftToday = stay.status === 'Checked-Out' && stay.checkOutDate === day;
    const arrives = isArrivalToday(question);
    const departs = isDepartureToday(question) || leftToday;
    if (!arrives && !departs) continue;
    const entry = byUnit.get(stay.unitId!) ?? { arrivals: [], departures: [] };
    if (arrives) entry.arrivals.push(stayOf(stay));
    if (departs) entry.departures.push(stayOf(stay));
    byUnit.set(stay.unitId!, entry);
  }
  return {
    date: day,
    units: units.map((u) => {
      const outOfOrder = u.outOfOrder.filter((p) => p.endDate > day);
      return {
        ...u,
        outOfOrder,
        accommodationTypeName: typeNames.get(u.accommodationTypeId) ?? '',
        statusOnDate: housekeepingStatusOn({ ...u, outOfOrder }, day),
        arrivals: byUnit.get(u.id)?.arrivals ?? [],
        departures: byUnit.get(u.id)?.departures ?? [],
      };
    }),
  };
}

const stayOf = (b: Booking): HousekeepingStay => ({ bookingId: b.id, reference: b.reference, guestName: b.guestName, status: b.status });
