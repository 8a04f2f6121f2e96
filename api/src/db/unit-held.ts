import { BLOCKING_STATUSES } from '../../../shared/domain/booking-status.js';

/**
 * SQL for "a live booking holds this unit on some night of [checkIn, checkOut)": the same
 * rule as the bookings_no_double_booking exclusion constraint (blocking statuses, half-open
 * ranges, so a check-out day can be the next check-in). Every query that asks whether a unit
 * is free uses this one fragment, so none can drift from what the database enforces.
 * Written as the constraint's own range overlap, so the constraint's GiST index (unit, stay,
 * live statuses only) answers it directly; as two date comparisons the planner walked every
 * earlier stay of the unit through the dates index. A stay whose check-out is not after its
 * check-in (refused before it gets here) is an empty range: held by nothing. The statuses
 * are constants in the text (the index's own condition), so a prepared query's generic plan
 * can still use that partial index.
 */
export function unitHeldSql(unitIdColumn: string, checkIn: string, checkOut: string): { sql: string; bindings: string[] } {
  return {
    sql: `EXISTS (
      SELECT 1 FROM bookings b
       WHERE b.unit_id = ${unitIdColumn}
         AND b.status IN (${BLOCKING_STATUSES.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')})
         AND daterange(b.check_in_date, b.check_out_date, '[)') && daterange(?::date, GREATEST(?::date, ?::date), '[)'))`,
    bindings: [checkIn, checkIn, checkOut],
  };
}
