import { nightCount } from '@shared/domain/dates.js';
import { formatStayDay } from '@shared/format.js';

/** "Fri 14 Mar - Mon 17 Mar, 3 nights". */
export function stayLabel(checkIn: string, checkOut: string): string {
  const nights = nightCount(checkIn, checkOut);
  return `${formatStayDay(checkIn)} - ${formatStayDay(checkOut)}, ${nights} ${nights === 1 ? 'night' : 'nights'}`;
}
