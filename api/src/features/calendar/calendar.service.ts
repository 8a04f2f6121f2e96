import type { Deps } from '../../deps.js';
import { addDays } from '../../../../shared/domain/dates.js';
import type { CalendarQuery, CalendarWindow } from '../../../../shared/contracts/calendar.js';
import { listAdminTypes, listAdminUnits } from '../accommodations/accommodations-admin.service.js';
import { listAdminBookings } from '../bookings/queries.js';

/**
 * The calendar window. The three reads are independent and go out at once (three pool
 * connections, one round trip of wall time) rather than one after another.
 */
export async function calendarWindow(deps: Deps, q: CalendarQuery): Promise<CalendarWindow> {
  const end = addDays(q.start, q.days - 1);
  const [accommodationTypes, units, bookings] = await Promise.all([
    listAdminTypes(deps),
    listAdminUnits(deps),
    listAdminBookings(deps, { startDate: q.start, endDate: end, unitId: undefined, status: undefined }),
  ]);
  return { start: q.start, end, days: q.days, accommodationTypes, units, bookings };
}
