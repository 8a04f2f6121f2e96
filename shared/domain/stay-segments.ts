import type { BookingStatus } from './booking-status.js';
import type { IsoDate } from './dates.js';

/**
 * A stay's segments: the units it holds, consecutive in time (docs/design.md, The desk's day:
 * room moves and split stays). A stay on one unit is one segment; a split stay's segments are
 * its parent's children. The room move's arithmetic lives here so the API and the desk's
 * dialog agree on what a move does.
 */
export interface StaySegment {
  unitId: string;
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
}

/**
 * The segments after the nights [move.checkInDate, move.checkOutDate) go to move.unitId: each
 * segment is cut around those nights, the moved nights become one segment on the new unit,
 * and neighbours on the same unit are joined (a stay moved back is one segment again).
 */
export function moveNights(segments: readonly StaySegment[], move: StaySegment): StaySegment[] {
  const kept: StaySegment[] = [];
  for (const s of segments) {
    const beforeEnd = s.checkOutDate < move.checkInDate ? s.checkOutDate : move.checkInDate;
    if (s.checkInDate < beforeEnd) kept.push({ unitId: s.unitId, checkInDate: s.checkInDate, checkOutDate: beforeEnd });
    const afterStart = s.checkInDate > move.checkOutDate ? s.checkInDate : move.checkOutDate;
    if (afterStart < s.checkOutDate) kept.push({ unitId: s.unitId, checkInDate: afterStart, checkOutDate: s.checkOutDate });
  }
  const all = [...kept, { ...move }].sort((a, b) => a.checkInDate.localeCompare(b.checkInDate));
  const joined: StaySegment[] = [];
  for (const s of all) {
    const last = joined.at(-1);
    if (last && last.unitId === s.unitId && last.checkOutDate === s.checkInDate) last.checkOutDate = s.checkOutDate;
    else joined.push(s);
  }
  return joined;
}

/** Whether two lists of segments hold the same units on the same nights. */
export function sameSegments(a: readonly StaySegment[], b: readonly StaySegment[]): boolean {
  return a.length === b.length && a.every((s, i) => s.unitId === b[i].unitId && s.checkInDate === b[i].checkInDate && s.checkOutDate === b[i].checkOutDate);
}

/**
 * A segment's status under its stay's: a checked-in guest has left a segment that ended on or
 * before today (it is Checked-Out, so its unit shows as left and free); every other segment
 * has the stay's status, as a group's units do.
 */
export function segmentStatus(stayStatus: BookingStatus, segment: Pick<StaySegment, 'checkOutDate'>, today: IsoDate): BookingStatus {
  return stayStatus === 'Checked-In' && segment.checkOutDate <= today ? 'Checked-Out' : stayStatus;
}
