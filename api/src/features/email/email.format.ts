import { format, parseISO, differenceInCalendarDays } from 'date-fns';
import { TZDate } from '@date-fns/tz';

import { LODGE_TIME_ZONE } from '../../../../shared/domain/dates.js';

// Guests read every time in the lodge's time (LODGE_TIME_ZONE), whatever zone the server runs in.

/** Integer cents as rand: 245000 -> 'R 2,450.00'; negative -> '-R 2,450.00'. */
export function formatRand(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`formatRand expects integer cents, got ${cents}`);
  const abs = Math.abs(cents);
  const rands = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}R ${rands}.${rest}`;
}

/** A moment in the lodge's time: '23 Nov 2026, 14:30 SAST' (Johannesburg has no DST). */
export function formatLodgeDateTime(moment: Date): string {
  return `${format(new TZDate(moment.getTime(), LODGE_TIME_ZONE), 'd MMM yyyy, HH:mm')} SAST`;
}

/** A calendar date 'YYYY-MM-DD' (no zone: a check-in day is the same day everywhere): 'Mon 23 Nov 2026'. */
export function formatStayDate(ymd: string): string {
  return format(parseISO(ymd), 'EEE d MMM yyyy');
}

export function nightsBetween(checkInDate: string, checkOutDate: string): number {
  return differenceInCalendarDays(parseISO(checkOutDate), parseISO(checkInDate));
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}
