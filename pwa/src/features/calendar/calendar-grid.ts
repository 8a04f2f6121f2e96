import type { AccommodationType, Unit } from '@shared/contracts/accommodations.js';
import type { Booking } from '@shared/contracts/bookings.js';
import { isBlockingStatus } from '@shared/domain/booking-status.js';
import { addDays, daysBetween, daysInWindow, type IsoDate } from '@shared/domain/dates.js';
import { isCheckInDay } from '@shared/domain/stay-movement.js';
import { centsToRand, randToCents, sumCents } from '@shared/domain/money.js';
import { formatMonthDay, formatMonthDayYear } from '@shared/format.js';

/** A 14-day window, moved 14 days at a time (docs/product.md, Booking Calendar). */
export const WINDOW_DAYS = 14;

type GridBooking = Pick<Booking, 'id' | 'unitId' | 'checkInDate' | 'checkOutDate' | 'status'>;

export function windowDays(start: IsoDate): IsoDate[] {
  return daysInWindow(start, WINDOW_DAYS);
}

/** The last date shown (start + 13). */
export function windowEnd(start: IsoDate): IsoDate {
  return addDays(start, WINDOW_DAYS - 1);
}

/** 'Nov 22 - Dec 05, 2026': short start date, dash, end date with year. */
export function windowTitle(start: IsoDate): string {
  return `${formatMonthDay(start)} - ${formatMonthDayYear(windowEnd(start))}`;
}

/** A booking holds its unit on a night from check-in up to the night before check-out. */
function holdsNight(b: Pick<Booking, 'checkInDate' | 'checkOutDate'>, night: IsoDate): boolean {
  return b.checkInDate <= night && b.checkOutDate > night;
}

export interface Bar<B> {
  booking: B;
  /** 0-based column of the first night shown. */
  startCol: number;
  /** Nights shown (at least 1). */
  span: number;
  /** The stay began before the window / goes on after it. */
  continuesBefore: boolean;
  continuesAfter: boolean;
  /** 0-based line within the unit row; overlapping bars (a conflict) get separate lines. */
  lane: number;
}

export interface UnitRow<B> {
  unit: Pick<Unit, 'id' | 'name'>;
  bars: Bar<B>[];
  lanes: number;
}

export interface TypeRow<B> {
  type: Pick<AccommodationType, 'id' | 'name'>;
  /** Active units of the type. */
  total: number;
  /** Per day of the window: active units of the type taken that night. */
  booked: number[];
  units: UnitRow<B>[];
}

/**
 * The bars of one unit in the window, Cancelled left out, each placed on the first free line
 * (bookings sorted by check-in) so two overlapping stays are both seen.
 */
export function unitBars<B extends GridBooking>(unitId: string, bookings: readonly B[], start: IsoDate): { bars: Bar<B>[]; lanes: number } {
  const end = addDays(start, WINDOW_DAYS);
  const mine = bookings
    .filter((b) => b.unitId === unitId && b.status !== 'Cancelled' && b.checkInDate < end && b.checkOutDate > start)
    .sort((a, b) => a.checkInDate.localeCompare(b.checkInDate) || a.checkOutDate.localeCompare(b.checkOutDate));
  const laneEnds: number[] = [];
  const bars = mine.map((booking) => {
    const from = Math.max(0, daysBetween(start, booking.checkInDate));
    const to = Math.min(WINDOW_DAYS, daysBetween(start, booking.checkOutDate));
    const span = Math.max(1, to - from);
    let lane = laneEnds.findIndex((e) => e <= from);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = from + span;
    return {
      booking,
      startCol: from,
      span,
      continuesBefore: booking.checkInDate < start,
      continuesAfter: booking.checkOutDate > end,
      lane,
    };
  });
  return { bars, lanes: Math.max(1, laneEnds.length) };
}

/**
 * One row per active type that has units (a package type such as the entire lodge has none
 * of its own: its children's bars show on the units they hold), in the given order; booked
 * counts per day over the type's active units, Cancelled ignored.
 */
export function typeRows<B extends GridBooking>(
  types: readonly Pick<AccommodationType, 'id' | 'name' | 'isActive'>[],
  units: readonly Pick<Unit, 'id' | 'name' | 'accommodationTypeId' | 'isActive'>[],
  bookings: readonly B[],
  start: IsoDate,
): TypeRow<B>[] {
  const days = windowDays(start);
  return types
    .filter((t) => t.isActive)
    .map((type) => {
      const mine = units.filter((u) => u.accommodationTypeId === type.id && u.isActive);
      const ids = new Set(mine.map((u) => u.id));
      const live = bookings.filter((b) => b.status !== 'Cancelled' && b.unitId !== null && ids.has(b.unitId));
      const booked = days.map((night) => new Set(live.filter((b) => holdsNight(b, night)).map((b) => b.unitId)).size);
      return {
        type: { id: type.id, name: type.name },
        total: mine.length,
        booked,
        units: mine.map((unit) => ({ unit: { id: unit.id, name: unit.name }, ...unitBars(unit.id, bookings, start) })),
      };
    })
    .filter((row) => row.total > 0);
}

export interface Conflicts {
  /** Distinct bookings in at least one overlapping pair. */
  bookingCount: number;
  /** Names of the units with an overlap, sorted. */
  unitNames: string[];
}

/**
 * docs/product.md, Booking Calendar: only Confirmed, Provisional and Checked-In bookings count; two
 * bookings of the same unit with overlapping dates are a conflict.
 */
export function findConflicts(bookings: readonly (GridBooking & { unitName: string | null })[]): Conflicts {
  const byUnit = new Map<string, (GridBooking & { unitName: string | null })[]>();
  for (const b of bookings) {
    if (!b.unitId || !isBlockingStatus(b.status)) continue;
    byUnit.set(b.unitId, [...(byUnit.get(b.unitId) ?? []), b]);
  }
  const involved = new Set<string>();
  const names = new Set<string>();
  for (const rows of byUnit.values()) {
    for (let i = 0; i < rows.length; i++) {
      for (let j = i + 1; j < rows.length; j++) {
        const [a, b] = [rows[i], rows[j]];
        if (a.checkInDate < b.checkOutDate && b.checkInDate < a.checkOutDate) {
          involved.add(a.id);
          involved.add(b.id);
          names.add(a.unitName ?? b.unitName ?? a.unitId!);
        }
      }
    }
  }
  return { bookingCount: involved.size, unitNames: [...names].sort((x, y) => x.localeCompare(y)) };
}

export interface CalendarSummary {
  /** Booked unit-nights of the window / (active units x 14), whole percent; null without units. */
  occupancyPercent: number | null;
  /**
   * Sum of totalAmount of the stays beginning today, still expected or already in (the
   * stay-movement rule's isCheckInDay: entire-lodge children left out, the parent carries the price).
   */
  todaysRevenue: number;
  checkInsToday: number;
}

export function calendarSummary(
  rows: readonly TypeRow<unknown>[],
  bookings: readonly Pick<Booking, 'checkInDate' | 'checkOutDate' | 'status' | 'totalAmount' | 'isEntireLodgeChild'>[],
  today: IsoDate,
): CalendarSummary {
  const capacity = rows.reduce((n, r) => n + r.total, 0) * WINDOW_DAYS;
  const booked = rows.reduce((n, r) => n + r.booked.reduce((a, b) => a + b, 0), 0);
  const arriving = bookings.filter((booking) => isCheckInDay({ booking, today }));
  return {
    occupancyPercent: capacity ? Math.round((booked / capacity) * 100) : null,
    todaysRevenue: centsToRand(sumCents(arriving.map((b) => randToCents(b.totalAmount)))),
    checkInsToday: arriving.length,
  };
}

/** Where a bar stands in a split stay (a room move from a date): its place and its neighbours' units. */
export interface SplitLink {
  /** 1-based place among the stay's segments, and how many there are. */
  part: number;
  parts: number;
  reference: string;
  previousUnit: string | null;
  nextUnit: string | null;
}

type LinkBooking = Pick<Booking, 'id' | 'parentBookingId' | 'unitName' | 'checkInDate' | 'reference' | 'status'> & { isSplitStay?: boolean };

/**
 * The segments of the split stays among `bookings` (a split stay's parent has isSplitStay and
 * no unit; its children hold the units, consecutive), by segment id, so the calendar can draw
 * them joined: the same mark and the unit each continues in.
 */
export function splitLinks(bookings: readonly LinkBooking[]): Map<string, SplitLink> {
  const parents = new Map(bookings.filter((b) => b.isSplitStay).map((b) => [b.id, b]));
  const byParent = new Map<string, LinkBooking[]>();
  for (const b of bookings) {
    if (!b.parentBookingId || !parents.has(b.parentBookingId) || b.status === 'Cancelled') continue;
    byParent.set(b.parentBookingId, [...(byParent.get(b.parentBookingId) ?? []), b]);
  }
  const links = new Map<string, SplitLink>();
  for (const [parentId, segments] of byParent) {
    const sorted = [...segments].sort((a, b) => a.checkInDate.localeCompare(b.checkInDate));
    sorted.forEach((s, i) =>
      links.set(s.id, {
        part: i + 1,
        parts: sorted.length,
        reference: parents.get(parentId)!.reference,
        previousUnit: i > 0 ? sorted[i - 1].unitName : null,
        nextUnit: i < sorted.length - 1 ? sorted[i + 1].unitName : null,
      }),
    );
  }
  return links;
}
