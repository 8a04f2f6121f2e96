import { dayOfWeek, type IsoDate } from '../../../../shared/domain/dates.js';

/** Plain-text formats of the chat's answers (the PWA shows them as text, never as HTML). */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03-06' -> 'Fri 6 Mar 2026'. */
export function formatDay(date: IsoDate): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${WEEKDAYS[dayOfWeek(date)]} ${day} ${MONTHS[month - 1]} ${year}`;
}

/** Rand as the PWA writes it: 'R9,000', 'R2,450.50'. */
export function formatRand(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = cents % 100;
  return `${amount < 0 && cents > 0 ? '-' : ''}R${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
