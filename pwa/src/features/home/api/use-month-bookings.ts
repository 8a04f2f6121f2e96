import { useQuery } from '@tanstack/react-query';
import { endOfMonth, format, startOfMonth } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { Booking } from '../../../../../shared/contracts/bookings.js';
import { LODGE_TIME_ZONE } from '../../../lib/lodge-time.js';

/** This month in the lodge's calendar, as yyyy-MM-dd bounds. */
export function lodgeMonthRange(now: Date = new Date()): { startDate: string; endDate: string } {
  const local = new TZDate(now, LODGE_TIME_ZONE);
  return { startDate: format(startOfMonth(local), 'yyyy-MM-dd'), endDate: format(endOfMonth(local), 'yyyy-MM-dd') };
}

/**
 * The staff home page's 'Total Bookings - This month': bookings whose stay overlaps the
 * current month, from GET /api/admin/bookings. Entire-lodge child rows only block units;
 * they are not bookings of their own.
 */
export function useMonthBookingCount({ enabled }: { enabled: boolean }) {
  return useQuery<Booking[], Error, number>({
    queryKey: ['/api/admin/bookings', lodgeMonthRange()],
    enabled,
    select: (rows) => rows.filter((row) => !row.isEntireLodgeChild).length,
  });
}
