import { addDays, todayInLodge, type IsoDate } from '@shared/domain/dates.js';
import { monthsFrom } from '@shared/domain/reports.js';

/** The report page's range presets, in the order the picker shows them. */
export const REPORT_PRESETS = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'next-30-days', label: 'Next 30 days' },
  { value: 'year-to-date', label: 'Year to date' },
  { value: 'last-12-months', label: 'Last 12 months' },
  { value: 'custom', label: 'Custom' },
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number]['value'];

export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

/**
 * A preset's dates at the lodge on `now` (both ends included): this and last calendar month,
 * today and the 29 days after it, 1 January to today, and the 12 months to today (the day
 * after the same date last year). Custom keeps the dates the user typed.
 */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, now: Date): DateRange {
  const today = todayInLodge(now);
  const [thisMonth] = monthsFrom(today, 1);
  switch (preset) {
    case 'this-month':
      return thisMonth;
    case 'last-month':
      return monthsFrom(addDays(thisMonth.from, -1), 1)[0];
    case 'next-30-days':
      return { from: today, to: addDays(today, 29) };
    case 'year-to-date':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last-12-months': {
      const yearAgo = `${String(Number(today.slice(0, 4)) - 1)}-${today.slice(5) === '02-29' ? '02-28' : today.slice(5)}`;
      return { from: addDays(yearAgo, 1), to: today };
    }
  }
}
