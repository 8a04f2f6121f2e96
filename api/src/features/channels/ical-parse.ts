import ical from 'node-ical';
import { isValidIsoDate, lodgeDateOf } from '../../../../shared/domain/dates.js';
import { CHANNEL_MESSAGES } from '../../../../shared/contracts/channels.js';
import { FIRST_DATE, LAST_DATE } from '../../../../shared/contracts/common.js';

/** One event of a channel's calendar, as the lodge books it: nights [start, end). */
export interface FeedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
}

/** The answer was not an iCalendar file (an HTML login page, JSON, an error text). */
export class NotICalendarError extends Error {
  constructor() {
    super(CHANNEL_MESSAGES.notICalendar);
  }
}

/**
 * The events of an iCalendar text (RFC 5545, read by node-ical). Channels write all-day
 * events (DTSTART;VALUE=DATE = the check-in, DTEND = the check-out); a timed event counts from
 * the lodge day it starts to the lodge day it ends, at least one night. An event without a UID
 * or dates, a cancelled one, one that ends before `from` (a stay long gone) or lies outside
 * the years the lodge books in is left out.
 * Two events with one UID (recurrence overrides) keep the first.
 */
export function parseFeedEvents(text: string, from: string): FeedEvent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new NotICalendarError();
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(text);
  } catch {
    throw new NotICalendarError();
  }
  const seen = new Set<string>();
  const events: FeedEvent[] = [];
  for (const item of Object.values(parsed)) {
    if (!item || item.type !== 'VEVENT') continue;
    const uid = typeof item.uid === 'string' ? item.uid.trim() : '';
    if (!uid || seen.has(uid) || String(item.status ?? '').toUpperCase() === 'CANCELLED') continue;
    const start = dayOf(item.start);
    let end = item.end ? dayOf(item.end) : undefined;
    if (!start) continue;
    if (!end || end <= start) end = nextDay(start);
    if (end <= from || start < FIRST_DATE || end > LAST_DATE) continue;
    seen.add(uid);
    events.push({ uid: uid.slice(0, 500), summary: summaryOf(item.summary), start, end });
  }
  return events.sort((a, b) => (a.start === b.start ? a.uid.localeCompare(b.uid) : a.start < b.start ? -1 : 1));
}

type IcalDate = Date & { dateOnly?: boolean };

/**
 * node-ical makes a date-only value local midnight of that date (the process' zone), so its
 * local fields are the date; a date-time is an instant, whose lodge day is what counts.
 */
function dayOf(value: unknown): string | undefined {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return undefined;
  const d = value as IcalDate;
  const iso = d.dateOnly
    ? `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    : lodgeDateOf(d);
  return isValidIsoDate(iso) ? iso : undefined;
}

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A summary may come as text or with parameters ({ val }). */
function summaryOf(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value === 'object' && value && 'val' in value ? String((value as { val: unknown }).val) : '';
  return text.trim().slice(0, 200);
}
