import { format, parseISO } from 'date-fns';
import { nightCount } from '@shared/domain/dates.js';

/** "Fri 14 Mar" (a calendar date: read and shown in the device's own zone, so it never shifts). */
export function dayLabel(iso: string): string {
  return format(parseISO(iso), 'EEE d MMM');
}

/** "Fri 14 Mar - Mon 17 Mar, 3 nights". */
export function stayLabel(checkIn: string, checkOut: string): string {
  const nights = nightCount(checkIn, checkOut);
  return `${dayLabel(checkIn)} - ${dayLabel(checkOut)}, ${nights} ${nights === 1 ? 'night' : 'nights'}`;
}
