import { BLOCKING_STATUSES } from '../../../shared/domain/booking-status.js';

/**
 * SQL for "this unit is not free on some night of [checkIn, checkOut)": a live booking holds
 * it (the same rule as the bookings_no_double_booking exclusion constraint: blocking statuses,
 * half-open ranges, so a check-out day can be the next check-in), or it is out of order then
 * (unit_out_of_order, which the bookings_unit_in_service trigger enforces the same way). Every query that asks whether a unit
 * is free uses this one fragment, so none can drift from what the database enforces.
 * Written as the constraint's own range overlap, so the constraint's GiST index (unit, stay,
 * live statuses only) answers it directly; as two date comparisons the planner walked every
 * earlier stay of the unit through the dates index. A stay whose check-out is not after its
 * check-in (refused before it gets here) is an empty range: held by nothing. The statuses
 * are constants in the text (the index's own condition), so a prepared query's generic plan
 * can still use that partial index.
 */
export function unitHeldSql(unitIdColumn: string, checkIn: string, checkOut: string, exceptStayId?: string): { sql: string; bindings: string[] } {
  // A room move asks about the nights its own stay may already hold (a segment moved back
  // onto its neighbour's unit): the stay's rows (the booking and its children) do not count.
  const except = exceptStayId === undefined ? '' : ' AND b.id <> ? AND b.parent_booking_id IS DISTINCT FROM ?';
  return {
    sql: heldSql(unitIdColumn, "daterange(?::date, GREATEST(?::date, ?::date), '[)')", except),
    bindings: [checkIn, checkIn, checkOut, ...(exceptStayId === undefined ? [] : [exceptStayId, exceptStayId]), checkIn, checkIn, checkOut],
  };
}

/**
 * unitHeldSql for a stay whose dates are columns of the query (`checkInColumn`,
 * `checkOutColumn`) rather than parameters: a statement that asks about many stays at once
 * (availability's batched read). No bindings.
 */
export function unitHeldForColumnsSql(unitIdColumn: string, checkInColumn: string, checkOutColumn: string): string {
  return heldSql(unitIdColumn, `daterange(${checkInColumn}, GREATEST(${checkInColumn}, ${checkOutColumn}), '[)')`, '');
}

function heldSql(unitIdColumn: string, stayRange: string, except: string): string {
  return `(EXISTS (
      SELECT 1 FROM bookings b
       WHERE b.unit_id = ${unitIdColumn}
         AND b.status IN (${BLOCKING_STATUSES.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')})
         AND daterange(b.check_in_date, b.check_out_date, '[)') && ${stayRange}${except})
      OR EXISTS (
      SELECT 1 FROM unit_out_of_order o
       WHERE o.unit_id = ${unitIdColumn}
         AND daterange(o.start_date, o.end_date, '[)') && ${stayRange}))`;
}
