import type { Booking } from '@shared/contracts/bookings.js';
import { addDays, daysInWindow, type IsoDate } from '@shared/domain/dates.js';
import { UPCOMING_MOVEMENT_DAYS, movementsInWindow, type MovementType } from '@shared/domain/stay-movement.js';
import { bookedValue, monthOccupancy, type MonthRange } from '@shared/domain/month-figures.js';
import { toCsv } from '@/lib/csv.js';
import { formatWeekdayDate, bookingPlaceLabel } from '@shared/format.js';

/** docs/product.md, Dashboard and Constants and formats. */
export const RECENT_ACTIVITY_COUNT = 4;
export const OVERVIEW_TYPE_COUNT = 6;
export const OCCUPANCY_CHART_DAYS = 30;

type FigureRow = Pick<Booking, 'status' | 'totalAmount' | 'isEntireLodgeChild' | 'unitId' | 'checkInDate' | 'checkOutDate'>;

export interface DashboardFigures {
  total: number;
  confirmed: number;
  /**
   * This month's occupancy: unit-nights sold / unit-nights available (active units x nights
   * of the month), a whole percent; 0 when there is no active unit. The spec's 'confirmed of
   * all bookings' measured how many bookings are confirmed, not how full the lodge is.
   */
  occupancyPercent: number;
  bookedUnitNights: number;
  availableUnitNights: number;
  /** Booked value, rand: the totals of every booking that is not Cancelled. */
  revenue: number;
}

/** The lodge's calendar month holding `today`, first and last dates included. */
export function monthOf(today: IsoDate): MonthRange {
  const startDate = `${today.slice(0, 8)}01`;
  const nextMonth = addDays(startDate, 32).slice(0, 8) + '01';
  return { startDate, endDate: addDays(nextMonth, -1) };
}

/**
 * The four cards over the bookings as the list shows them: entire-lodge children are left
 * out of the count and the money (their parent carries the group and its price, so nothing
 * is counted twice), but hold their units for occupancy. A cancelled booking stays in Total
 * Bookings (it was booked) but brings in nothing, so Revenue leaves it out.
 */
export function dashboardFigures(bookings: readonly FigureRow[], activeUnitIds: readonly string[], today: IsoDate): DashboardFigures {
  const rows = bookings.filter((b) => !b.isEntireLodgeChild);
  const occupancy = monthOccupancy(bookings, activeUnitIds, monthOf(today));
  return {
    total: rows.length,
    confirmed: rows.filter((b) => b.status === 'Confirmed').length,
    occupancyPercent: occupancy.rate === null ? 0 : Math.round(occupancy.rate * 100),
    bookedUnitNights: occupancy.bookedUnitNights,
    availableUnitNights: occupancy.availableUnitNights,
    revenue: bookedValue(rows),
  };
}

export interface UpcomingDay<B> {
  date: IsoDate;
  /** 'Today', 'Tomorrow', then 'Thursday, Nov 26'. */
  label: string;
  arrivals: B[];
  departures: B[];
}

type MovementRow = Pick<Booking, 'status' | 'checkInDate' | 'checkOutDate' | 'isEntireLodgeChild' | 'guestName'>;

/** 'Today', 'Tomorrow', or the weekday and date. */
export function dayLabel(date: IsoDate, today: IsoDate): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return formatWeekdayDate(date);
}

/**
 * The arrivals and departures of the next `days` days from today by day, as the shared
 * stay-movement rule says (the API's upcoming arrivals and the front desk use the same one);
 * days with neither are left out.
 */
export function upcomingMovements<B extends MovementRow>(bookings: readonly B[], today: IsoDate, days = UPCOMING_MOVEMENT_DAYS): UpcomingDay<B>[] {
  const movements = movementsInWindow(bookings, today, days);
  const byName = (a: B, b: B) => a.guestName.localeCompare(b.guestName);
  const on = (date: IsoDate, type: MovementType) =>
    movements
      .filter((m) => m.date === date && m.type === type)
      .map((m) => m.booking)
      .sort(byName);
  return daysInWindow(today, days)
    .map((date) => ({ date, label: dayLabel(date, today), arrivals: on(date, 'arrival'), departures: on(date, 'departure') }))
    .filter((day) => day.arrivals.length > 0 || day.departures.length > 0);
}

/** The newest bookings first (by creation), children left out. */
export function recentBookings<B extends Pick<Booking, 'createdAt' | 'isEntireLodgeChild' | 'id'>>(bookings: readonly B[], count = RECENT_ACTIVITY_COUNT): B[] {
  return bookings
    .filter((b) => !b.isEntireLodgeChild)
    .slice()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
    .slice(0, count);
}

export interface OccupancyPoint {
  date: IsoDate;
  /** Whole percent of active units taken that night. */
  percent: number;
}

type NightRow = Pick<Booking, 'status' | 'checkInDate' | 'checkOutDate' | 'unitId'>;

/**
 * Occupancy per night for the chart: active units taken by a booking that is not Cancelled
 * (a night belongs to a stay from check-in up to the day before check-out) / active units.
 * A unit is counted once per night however many rows name it, so it never passes 100 %.
 */
export function nightlyOccupancy(bookings: readonly NightRow[], activeUnitIds: readonly string[], start: IsoDate, days = OCCUPANCY_CHART_DAYS): OccupancyPoint[] {
  const units = new Set(activeUnitIds);
  return daysInWindow(start, days).map((date) => {
    const taken = new Set<string>();
    for (const b of bookings) {
      if (b.status === 'Cancelled' || !b.unitId || !units.has(b.unitId)) continue;
      if (b.checkInDate <= date && b.checkOutDate > date) taken.add(b.unitId);
    }
    return { date, percent: units.size ? Math.round((taken.size / units.size) * 100) : 0 };
  });
}

/** The arrivals and departures list as CSV, day by day (arrivals first), for the desk's printout. */
export function upcomingCsv(days: readonly UpcomingDay<Booking>[]): string {
  const line = (date: IsoDate, kind: string, b: Booking) => [date, kind, b.guestName, b.guestEmail, bookingPlaceLabel(b), b.numberOfGuests, b.reference, b.status];
  return toCsv(
    ['Date', 'Movement', 'Guest', 'Email', 'Unit', 'Guests', 'Reference', 'Status'],
    days.flatMap((d) => [...d.arrivals.map((b) => line(d.date, 'Arrival', b)), ...d.departures.map((b) => line(d.date, 'Departure', b))]),
  );
}

export interface QuickStats {
  /** Today's arrivals (the stay-movement rule): due to check in today and not yet in. */
  arrivingToday: number;
  /** Whole percent of active units taken tonight. */
  occupancyTonight: number;
}

/** The sidebar's quick stats, computed instead of the spec's placeholders (12 today, 85 %). */
export function quickStats(bookings: readonly (MovementRow & NightRow)[], activeUnitIds: readonly string[], today: IsoDate): QuickStats {
  const todays = upcomingMovements(bookings, today, 1)[0];
  return {
    arrivingToday: todays?.arrivals.length ?? 0,
    occupancyTonight: nightlyOccupancy(bookings, activeUnitIds, today, 1)[0]?.percent ?? 0,
  };
}
