import type { Booking } from '@shared/contracts/bookings.js';
import type { BookingStatus } from '@shared/domain/booking-status.js';
import { formatMonthDay, formatMonthDayYear, bookingPlaceLabel } from '@shared/format.js';
import { bookedValue } from '@shared/domain/month-figures.js';
import { toCsv } from '@/lib/csv.js';
import { channelLabel, takenByLabel, type BookingChannel } from '@shared/domain/booking-channel.js';
import { BOOKING_REFERENCE_PREFIX } from '@shared/domain/reference.js';

export type StatusFilter = BookingStatus | 'all';
/** A channel, every channel, or 'none': a staff booking from before channels were recorded. */
export type ChannelFilter = BookingChannel | 'all' | 'none';
export type SortKey = 'id' | 'guestName' | 'unitName' | 'checkInDate' | 'checkOutDate' | 'totalAmount' | 'status';
export type SortDir = 'asc' | 'desc';

/** The id as the table shows it (its first 8 characters: docs/product.md, Booking Management). */
export const shortId = (id: string) => id.slice(0, 8);

/** A stay's dates as the table shows them: 'Nov 05 – Nov 07, 2026'. */
export const stayDates = (b: Pick<Booking, 'checkInDate' | 'checkOutDate'>) => `${formatMonthDay(b.checkInDate)} – ${formatMonthDayYear(b.checkOutDate)}`;

const lettersAndDigits = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const PREFIX_CODE = lettersAndDigits(BOOKING_REFERENCE_PREFIX);

/** A reference's letters and digits after the 'WL-' prefix, lower case: 'WL-7KQ3XM' -> '7kq3xm'. */
function referenceCode(text: string): string {
  const compact = lettersAndDigits(text);
  return compact.startsWith(PREFIX_CODE) ? compact.slice(PREFIX_CODE.length) : compact;
}

/**
 * Status filter, then a case-insensitive search in guest name, guest e-mail, booking id or
 * booking reference. Guests quote the reference ('WL-7KQ3XM'), so it matches with or
 * without the prefix and with a space or no dash ('wl 7kq3xm', '7KQ3'); the prefix alone
 * matches no reference (every booking has it).
 */
export function filterBookings<B extends Booking>(rows: readonly B[], status: StatusFilter, search: string, channel: ChannelFilter = 'all'): B[] {
  const q = search.trim().toLowerCase();
  const code = referenceCode(q);
  return rows.filter(
    (b) =>
      (status === 'all' || b.status === status) &&
      (channel === 'all' || (b.channel ?? 'none') === channel) &&
      (!q ||
        b.guestName.toLowerCase().includes(q) ||
        (b.guestEmail ?? '').toLowerCase().includes(q) ||
        (b.guestPhone ?? '').toLowerCase().includes(q) ||
        b.id.toLowerCase().includes(q) ||
        (code !== '' && referenceCode(b.reference).includes(code))),
  );
}

/** Sorted copy; ties keep check-in then id order so a page never shuffles between renders. */
export function sortBookings<B extends Booking>(rows: readonly B[], key: SortKey, dir: SortDir): B[] {
  const sign = dir === 'asc' ? 1 : -1;
  const value = (b: B) => (key === 'unitName' ? bookingPlaceLabel(b) : b[key]);
  return rows.slice().sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * c || a.checkInDate.localeCompare(b.checkInDate) || a.id.localeCompare(b.id);
  });
}

/**
 * Entire-lodge parents (no unit of their own) apart from unit bookings; children hidden. A
 * group's parent (several units of one type) is listed with the unit bookings, as its type
 * and unit count, and so is a split stay's parent (a room move from a date).
 */
export function splitPackages<B extends Booking>(rows: readonly B[]): { unitBookings: B[]; packageBookings: B[] } {
  const visible = rows.filter((b) => !b.isEntireLodgeChild);
  const isLodge = (b: B) => b.unitId === null && !b.unitCount && !b.isSplitStay;
  return { unitBookings: visible.filter((b) => !isLodge(b)), packageBookings: visible.filter(isLodge) };
}

/** The units a parent booking (entire lodge, group or split stay) holds: its children's unit names, in order. */
export function childUnitNames(rows: readonly Booking[], parentId: string): string[] {
  return rows
    .filter((b) => b.parentBookingId === parentId && b.unitName)
    .map((b) => b.unitName!)
    .sort((a, b) => a.localeCompare(b));
}

export interface BookingSummary {
  total: number;
  confirmed: number;
  /** Booked value: the totals of the bookings that are not Cancelled (shared bookedValue). */
  revenue: number;
  /** revenue / bookings not cancelled, rounded to whole rand; 0 for none. */
  average: number;
}

/**
 * The summary cards over the filtered list. Total Bookings counts every booking shown; the
 * money leaves cancelled ones out (they bring in nothing), and the average is over the
 * bookings that count, so a cancellation does not drag it down.
 */
export function bookingSummary(rows: readonly Pick<Booking, 'status' | 'totalAmount'>[]): BookingSummary {
  const revenue = bookedValue(rows);
  const standing = rows.filter((b) => b.status !== 'Cancelled').length;
  return {
    total: rows.length,
    confirmed: rows.filter((b) => b.status === 'Confirmed').length,
    revenue,
    average: standing ? Math.round(revenue / standing) : 0,
  };
}

export const CSV_HEADER = [
  'Booking ID',
  'Reference',
  'Guest',
  'Email',
  'Unit',
  'Check-in',
  'Check-out',
  'Guests',
  'Total',
  'Status',
  'Payment Status',
  'Payment Method',
  'Phone',
  'Channel',
  'Taken by',
] as const;

export function bookingsCsv(rows: readonly Booking[]): string {
  return toCsv(
    CSV_HEADER,
    rows.map((b) => [
      shortId(b.id),
      b.reference,
      b.guestName,
      b.guestEmail,
      bookingPlaceLabel(b),
      b.checkInDate,
      b.checkOutDate,
      b.numberOfGuests,
      b.totalAmount.toFixed(2),
      b.status,
      b.paymentStatus,
      b.paymentMethod,
      // A walk-in without an e-mail leaves Email empty; the phone is how the lodge reaches them.
      b.guestPhone ?? '',
      channelLabel(b.channel),
      takenByLabel(b),
    ]),
  );
}
