import { queryOptions, useQuery } from '@tanstack/react-query';
import { endOfMonth, format, startOfMonth } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { Booking } from '@shared/contracts/bookings.js';
import { monthOccupancy, monthRevenue, type MonthOccupancy, type MonthRange } from '@shared/domain/month-figures.js';
import { apiFetch } from '@/lib/api.js';
import { LODGE_TIME_ZONE } from '@/lib/lodge-time.js';
import { unitsQueryOptions } from '@/features/accommodations/api/use-units.js';

/** This month in the lodge's calendar, as yyyy-MM-dd bounds. */
export function lodgeMonthRange(now: Date = new Date()): MonthRange {
  const local = new TZDate(now, LODGE_TIME_ZONE);
  return { startDate: format(startOfMonth(local), 'yyyy-MM-dd'), endDate: format(endOfMonth(local), 'yyyy-MM-dd') };
}

/** GET /api/admin/bookings?startDate&endDate: bookings whose stay overlaps the window. */
export const getAdminBookings = (range: MonthRange, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/admin/bookings', { params: { ...range }, schema: z.array(Booking), signal });

export const monthBookingsQueryOptions = (range = lodgeMonthRange()) =>
  queryOptions({ queryKey: ['admin', 'bookings', range], queryFn: ({ signal }) => getAdminBookings(range, { signal }) });

export interface StaffMonthFigures {
  /**
   * 'Total Bookings - This month': bookings whose stay overlaps the month. Entire-lodge child
   * rows only block units; they are not bookings of their own.
   */
  bookingCount?: number;
  /** Undefined until bookings and units are read, and when there is no active unit. */
  occupancy?: MonthOccupancy & { rate: number };
  /** Rand; see monthRevenue for what counts. */
  revenue?: number;
}

/**
 * The staff home page's figures for this month, from the month's bookings and the active
 * units. A figure whose data cannot be read is left undefined (and its card out).
 */
export function useStaffMonthFigures({ enabled }: { enabled: boolean }): StaffMonthFigures {
  const range = lodgeMonthRange();
  const bookings = useQuery({ ...monthBookingsQueryOptions(range), enabled });
  const units = useQuery({ ...unitsQueryOptions(), enabled });
  if (!bookings.data) return {};
  const occupancy = units.data
    ? monthOccupancy(
        bookings.data,
        units.data.filter((unit) => unit.isActive).map((unit) => unit.id),
        range,
      )
    : undefined;
  return {
    bookingCount: bookings.data.filter((row) => !row.isEntireLodgeChild).length,
    occupancy: occupancy && occupancy.rate !== null ? { ...occupancy, rate: occupancy.rate } : undefined,
    revenue: monthRevenue(bookings.data, range),
  };
}
