import { format, parse } from 'date-fns';

/**
 * The date display formats (docs/product.md, Constants and formats) for YYYY-MM-DD values. A
 * calendar date has no time zone, so it is read as a local date and shown as written.
 */
const parseIso = (iso: string) => parse(iso, 'yyyy-MM-dd', new Date());

/** 'Nov 05' */
export const formatMonthDay = (iso: string) => format(parseIso(iso), 'MMM dd');
/** 'Nov 05, 2026' */
export const formatMonthDayYear = (iso: string) => format(parseIso(iso), 'MMM dd, yyyy');
/** 'Thursday, Nov 05' */
export const formatWeekdayDate = (iso: string) => format(parseIso(iso), 'EEEE, MMM dd');
/** 'Thu' */
export const formatWeekdayShort = (iso: string) => format(parseIso(iso), 'EEE');
/** '5' */
export const formatDayOfMonth = (iso: string) => format(parseIso(iso), 'd');
