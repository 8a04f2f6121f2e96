import { addDays, compareIsoDates, dayOfWeek, isoDateToDayNumber, dayNumberToIsoDate, type IsoDate } from './dates.js';
import { lineMoney } from './folio.js';
import { spreadCentsByWeights, sumCents } from './money.js';
import type { BookingStatus } from './booking-status.js';

/**
 * The report figures (docs/design.md, Reports; README, Report definitions). One function per
 * figure, each over a range of Johannesburg dates with both ends included; a night belongs to
 * the date it starts on. The API reads the rows a range needs and computes every figure here,
 * so the page, the CSV and the tests all come to the same numbers.
 */

/** A range of lodge dates, first and last day both included. */
export interface ReportRange {
  from: IsoDate;
  to: IsoDate;
}

/** A unit in service now (units.is_active). */
export interface ReportUnit {
  id: string;
}

/** unit_out_of_order: [startDate, endDate), end exclusive like a check-out. */
export interface OutOfOrderPeriod {
  unitId: string;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** A booking row that holds a unit: a single stay, or a unit of an entire-lodge, group or split stay. */
export interface UnitStay {
  unitId: string;
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
  status: BookingStatus;
}

/** How a stay's money is grouped in the charts. */
export interface StayGroups {
  /** The accommodation type's name. */
  type: string;
  /** bookings.channel, null for staff bookings made before it was recorded. */
  channel: string | null;
  paymentMethod: string;
}

/**
 * A booking row that carries a stay's money: a single stay, or the parent of an entire-lodge,
 * group or split stay (its unit children carry none).
 */
export interface MoneyStay extends StayGroups {
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
  status: BookingStatus;
  /**
   * What the stay itself comes to, cents: the booking's total less the extras the guest booked
   * with it (they are folio charges, counted as extras) and less an early departure's credit.
   */
  accommodationCents: number;
  /** bookings.night_amounts: each night's quoted price (cents), null when not kept. */
  nightAmounts: readonly number[] | null;
}

/** A folio charge that is not voided, of a stay that is not cancelled. */
export interface ExtraCharge extends StayGroups {
  date: IsoDate;
  amountCents: number;
  vatInclusive: boolean;
}

/** A booking as made: a top-level booking (no parent), by when it was made. */
export interface BookingMade {
  /** The Johannesburg date bookings.created_at falls on. */
  createdDate: IsoDate;
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
  status: BookingStatus;
  /** How many bookings alike this row stands for (the API reads them grouped); 1 when unset. */
  count?: number;
}

const live = (status: BookingStatus) => status !== 'Cancelled';

/**
 * A date's day number, kept: a year's report reads thousands of rows naming a few hundred
 * dates, and parsing each one again was a tenth of a request's time.
 */
const dayNumbers = new Map<IsoDate, number>();
function day(date: IsoDate): number {
  let n = dayNumbers.get(date);
  if (n === undefined) {
    n = isoDateToDayNumber(date);
    if (dayNumbers.size >= 20_000) dayNumbers.clear();
    dayNumbers.set(date, n);
  }
  return n;
}
const daysBetween = (from: IsoDate, to: IsoDate) => day(to) - day(from);
const inRange = (date: IsoDate, range: ReportRange) => compareIsoDates(date, range.from) >= 0 && compareIsoDates(date, range.to) <= 0;

/** The days of a range (both ends included). */
export function rangeDays(range: ReportRange): number {
  return Math.max(0, daysBetween(range.from, range.to) + 1);
}

/** The same dates a year earlier (29 February becomes the 28th). */
export function sameRangeLastYear(range: ReportRange): ReportRange {
  return { from: yearEarlier(range.from), to: yearEarlier(range.to) };
}

function yearEarlier(date: IsoDate): IsoDate {
  const year = String(Number(date.slice(0, 4)) - 1).padStart(4, '0');
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${year}-${monthDay}`;
}

/**
 * The (unit, night) pairs sold in the range, as a grid of units x days (1 sold). Kept for the
 * last stays and range asked: nights sold and nights available both read it.
 */
function soldGrid(stays: readonly UnitStay[], units: readonly ReportUnit[], range: ReportRange): Uint8Array {
  const key = `${range.from}|${range.to}|${units.length}`;
  const kept = grids.get(stays);
  if (kept && kept.key === key && kept.units === units) return kept.grid;
  const unitIndex = new Map(units.map((u, i) => [u.id, i]));
  const first = day(range.from);
  const days = rangeDays(range);
  const grid = new Uint8Array(units.length * days);
  for (const stay of stays) {
    const unit = unitIndex.get(stay.unitId);
    if (unit === undefined || !live(stay.status)) continue;
    const from = Math.max(0, day(stay.checkInDate) - first);
    const to = Math.min(days, day(stay.checkOutDate) - first);
    for (let d = from; d < to; d++) grid[unit * days + d] = 1;
  }
  grids.set(stays, { key, units, grid });
  return grid;
}
const grids = new WeakMap<readonly UnitStay[], { key: string; units: readonly ReportUnit[]; grid: Uint8Array }>();

/**
 * Nights sold, per day of the range: the distinct (unit, night) pairs held by a stay that is
 * not cancelled, on a unit in service. Entire-lodge, group and split stays count each unit
 * through their unit rows (the parent holds none). A pair counts once even when two rows name
 * it (a checked-out stay and the next guest's), so occupancy never passes 100 %.
 */
export function nightsSoldByDay(stays: readonly UnitStay[], units: readonly ReportUnit[], range: ReportRange): number[] {
  const grid = soldGrid(stays, units, range);
  const days = rangeDays(range);
  const sold = new Array<number>(days).fill(0);
  for (let unit = 0; unit < units.length; unit++) for (let d = 0; d < days; d++) sold[d] += grid[unit * days + d];
  return sold;
}

/** Nights sold in the range: the sum of nightsSoldByDay. */
export function nightsSold(stays: readonly UnitStay[], units: readonly ReportUnit[], range: ReportRange): number {
  return nightsSoldByDay(stays, units, range).reduce((a, b) => a + b, 0);
}

/**
 * Nights available, per day of the range: the units in service less those out of order that
 * night. A night out of order that was sold all the same (a stay already checked out when the
 * period was written) stays available, so a sold night is always an available one.
 */
export function nightsAvailableByDay(
  units: readonly ReportUnit[],
  outOfOrder: readonly OutOfOrderPeriod[],
  stays: readonly UnitStay[],
  range: ReportRange,
): number[] {
  const unitIndex = new Map(units.map((u, i) => [u.id, i]));
  const first = day(range.from);
  const days = rangeDays(range);
  const sold = soldGrid(stays, units, range);
  const out = Array.from({ length: days }, () => new Set<number>());
  for (const period of outOfOrder) {
    const unit = unitIndex.get(period.unitId);
    if (unit === undefined) continue;
    const from = Math.max(0, day(period.startDate) - first);
    const to = Math.min(days, day(period.endDate) - first);
    for (let d = from; d < to; d++) if (!sold[unit * days + d]) out[d].add(unit);
  }
  return out.map((set) => units.length - set.size);
}

/** Nights available in the range: the sum of nightsAvailableByDay. */
export function nightsAvailable(
  units: readonly ReportUnit[],
  outOfOrder: readonly OutOfOrderPeriod[],
  stays: readonly UnitStay[],
  range: ReportRange,
): number {
  return nightsAvailableByDay(units, outOfOrder, stays, range).reduce((a, b) => a + b, 0);
}

/**
 * A stay's accommodation over its nights, cents, one per night from check-in: spread by the
 * nightly prices it was quoted with (night_amounts; after an early departure, those of the
 * nights kept), by equal weights when they were not kept. Discounts are already out of the
 * amount, so they are spread the same way. The shares add up to the amount exactly.
 */
export function stayNightCents(stay: Pick<MoneyStay, 'checkInDate' | 'checkOutDate' | 'accommodationCents' | 'nightAmounts'>): number[] {
  const nights = daysBetween(stay.checkInDate, stay.checkOutDate);
  if (nights <= 0) return [];
  const kept = stay.nightAmounts;
  const weights =
    kept && kept.length >= nights && kept.slice(0, nights).every((n) => Number.isSafeInteger(n) && n >= 0)
      ? kept.slice(0, nights)
      : Array.from({ length: nights }, () => 1);
  return spreadCentsByWeights(stay.accommodationCents, weights);
}

/** A grouping of room revenue and extras: by type, channel or payment method. */
export type ReportGroupBy = 'type' | 'channel' | 'paymentMethod';

/** The label a stay or charge is grouped under. */
export function groupKey(item: StayGroups, by: ReportGroupBy): string {
  if (by === 'type') return item.type;
  if (by === 'channel') return item.channel ?? 'Not recorded';
  return item.paymentMethod;
}

/**
 * Room revenue per day of the range, cents, optionally by group: each stay that is not
 * cancelled has its amount spread over its nights (stayNightCents), and the range takes the
 * nights that fall in it, so a stay across the range's edge counts only its nights inside.
 */
export function roomRevenueByDay(stays: readonly MoneyStay[], range: ReportRange, by?: ReportGroupBy): Map<string, number[]> {
  const first = day(range.from);
  const days = rangeDays(range);
  const groups = new Map<string, number[]>();
  for (const stay of stays) {
    if (!live(stay.status)) continue;
    const key = by ? groupKey(stay, by) : 'All';
    let row = groups.get(key);
    if (!row) groups.set(key, (row = new Array<number>(days).fill(0)));
    const offset = day(stay.checkInDate) - first;
    stayNightCents(stay).forEach((cents, night) => {
      const d = offset + night;
      if (d >= 0 && d < days) row[d] += cents;
    });
  }
  return groups;
}

/** Room revenue of the range, cents. */
export function roomRevenueCents(stays: readonly MoneyStay[], range: ReportRange): number {
  return sumCents([...roomRevenueByDay(stays, range).values()].flat());
}

/** What an extra brings in, cents: what the guest pays for it, VAT included (the folio's line). */
export function extraChargeCents(charge: ExtraCharge, vatRegistered: boolean): number {
  return lineMoney(charge.amountCents, { vatInclusive: charge.vatInclusive, date: charge.date, vatRegistered }).inclusiveCents;
}

/** Extras revenue per day of the range, cents, optionally by group: the folio charges (not voided) posted for those days. */
export function extrasRevenueByDay(charges: readonly ExtraCharge[], vatRegistered: boolean, range: ReportRange, by?: ReportGroupBy): Map<string, number[]> {
  const first = day(range.from);
  const days = rangeDays(range);
  const groups = new Map<string, number[]>();
  for (const charge of charges) {
    if (!inRange(charge.date, range)) continue;
    const key = by ? groupKey(charge, by) : 'All';
    let row = groups.get(key);
    if (!row) groups.set(key, (row = new Array<number>(days).fill(0)));
    row[day(charge.date) - first] += extraChargeCents(charge, vatRegistered);
  }
  return groups;
}

/** Extras revenue of the range, cents. */
export function extrasRevenueCents(charges: readonly ExtraCharge[], vatRegistered: boolean, range: ReportRange): number {
  return sumCents([...extrasRevenueByDay(charges, vatRegistered, range).values()].flat());
}

/** Total revenue, cents: rooms and extras. */
export function totalRevenueCents(roomCents: number, extrasCents: number): number {
  return roomCents + extrasCents;
}

/** Occupancy, 0..1: nights sold / nights available; null with nothing available. */
export function occupancy(sold: number, available: number): number | null {
  return available > 0 ? sold / available : null;
}

/** ADR (average daily rate), cents, unrounded: room revenue / nights sold; null with nothing sold. */
export function averageDailyRateCents(roomCents: number, sold: number): number | null {
  return sold > 0 ? roomCents / sold : null;
}

/** RevPAR (revenue per available room-night), cents, unrounded: room revenue / nights available. */
export function revParCents(roomCents: number, available: number): number | null {
  return available > 0 ? roomCents / available : null;
}

export interface BookingCounts {
  /** Bookings made in the range (by the date they were made), whatever became of them. */
  bookings: number;
  /** Of those, the ones cancelled since. */
  cancellations: number;
  /** cancellations / bookings, 0..1; null with no booking. */
  cancellationRate: number | null;
}

/** Bookings made in the range, how many of them were cancelled, and the rate. */
export function bookingCounts(made: readonly BookingMade[], range: ReportRange): BookingCounts {
  let bookings = 0;
  let cancellations = 0;
  for (const b of made) {
    if (!inRange(b.createdDate, range)) continue;
    bookings += b.count ?? 1;
    if (!live(b.status)) cancellations += b.count ?? 1;
  }
  return { bookings, cancellations, cancellationRate: bookings > 0 ? cancellations / bookings : null };
}

/** The mean of a measure over the stays (not cancelled) arriving in the range; null with none. */
function arrivalsMean(made: readonly BookingMade[], range: ReportRange, measure: (b: BookingMade) => number): number | null {
  let stays = 0;
  let sum = 0;
  for (const b of made) {
    if (!live(b.status) || !inRange(b.checkInDate, range)) continue;
    stays += b.count ?? 1;
    sum += measure(b) * (b.count ?? 1);
  }
  return stays > 0 ? sum / stays : null;
}

/** Average length of stay, nights, of the stays arriving in the range; null with none. */
export function averageLengthOfStay(made: readonly BookingMade[], range: ReportRange): number | null {
  return arrivalsMean(made, range, (b) => daysBetween(b.checkInDate, b.checkOutDate));
}

/** Average lead time, days from the day a stay was booked to its arrival, of the stays arriving in the range; null with none. */
export function averageLeadTime(made: readonly BookingMade[], range: ReportRange): number | null {
  return arrivalsMean(made, range, (b) => Math.max(0, daysBetween(b.createdDate, b.checkInDate)));
}

export type ReportInterval = 'day' | 'week' | 'month';

/**
 * The periods a range is cut into: days; weeks from Monday; calendar months. The first and
 * last are clipped to the range, so the periods cover it exactly, without overlap.
 */
export function reportPeriods(range: ReportRange, interval: ReportInterval): ReportRange[] {
  const periods: ReportRange[] = [];
  let from = range.from;
  while (compareIsoDates(from, range.to) <= 0) {
    let end: IsoDate;
    if (interval === 'day') end = from;
    else if (interval === 'week') end = addDays(from, (7 - dayOfWeek(from)) % 7);
    else end = lastOfMonth(from);
    if (compareIsoDates(end, range.to) > 0) end = range.to;
    periods.push({ from, to: end });
    from = addDays(end, 1);
  }
  return periods;
}

function lastOfMonth(date: IsoDate): IsoDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const next = month === 12 ? `${year + 1}-01-01` : `${date.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
  return dayNumberToIsoDate(day(next) - 1);
}

/** Sums a per-day row of a range over a period inside it. */
export function sumOverPeriod(row: readonly number[], range: ReportRange, period: ReportRange): number {
  const start = daysBetween(range.from, period.from);
  const end = daysBetween(range.from, period.to);
  let sum = 0;
  for (let d = start; d <= end; d++) sum += row[d] ?? 0;
  return sum;
}

/**
 * Pace: unit-nights on the books in a month as things stood at an instant. A stay counts when
 * it had been made by then and was not yet cancelled (cancelled after, or never); an early
 * departure had not happened yet, so the nights booked count (the original check-out).
 */
export interface PaceStay {
  unitId: string;
  checkInDate: IsoDate;
  /** The check-out as booked: original_check_out_date when an early departure shortened the stay. */
  bookedCheckOutDate: IsoDate;
  createdAt: Date;
  /** bookings.cancelled_at; null when not cancelled. */
  cancelledAt: Date | null;
}

/** Unit-nights of the month (first and last day) on the books at `asOf`. */
export function nightsOnTheBooks(stays: readonly PaceStay[], month: ReportRange, asOf: Date): number {
  const pairs = new Set<string>();
  const first = day(month.from);
  const last = day(month.to);
  for (const stay of stays) {
    if (stay.createdAt.getTime() > asOf.getTime()) continue;
    if (stay.cancelledAt && stay.cancelledAt.getTime() <= asOf.getTime()) continue;
    const from = Math.max(first, day(stay.checkInDate));
    const to = Math.min(last + 1, day(stay.bookedCheckOutDate));
    for (let d = from; d < to; d++) pairs.add(`${stay.unitId}|${d}`);
  }
  return pairs.size;
}

/** The calendar month of a date and the `count` after it, as ranges. */
export function monthsFrom(date: IsoDate, count: number): ReportRange[] {
  const months: ReportRange[] = [];
  let from = `${date.slice(0, 7)}-01`;
  for (let i = 0; i < count; i++) {
    const to = lastOfMonth(from);
    months.push({ from, to });
    from = addDays(to, 1);
  }
  return months;
}
