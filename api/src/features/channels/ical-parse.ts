import ical, { type VEvent } from 'node-ical';
import { addDays, isValidIsoDate, lodgeDateOf } from '../../../../shared/domain/dates.js';
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
 * How far ahead a recurring event is expanded, and at most how many of its occurrences: channels
 * publish a year or two ahead; an owner's "closed every Monday" without an end must not become
 * thousands of blocks.
 */
const RECURRENCE_HORIZON_DAYS = 3 * 366;
const MAX_OCCURRENCES = 500;

/**
 * The events of an iCalendar text (RFC 5545, read by node-ical). Channels write all-day
 * events (DTSTART;VALUE=DATE = the check-in, DTEND = the check-out); a timed event counts from
 * the lodge day it starts to the lodge day it ends, at least one night. An event without a UID
 * or dates, a cancelled one, one that ends before `from` (a stay long gone) or lies outside
 * the years the lodge books in is left out.
 *
 * A recurring event (RRULE, with its EXDATEs and RECURRENCE-ID overrides, expanded by node-ical)
 * is one event per occurrence from `from` on, up to RECURRENCE_HORIZON_DAYS ahead and
 * MAX_OCCURRENCES of them; each occurrence's UID is the event's with `#` and the date the
 * occurrence was scheduled for, so an override that moves it moves the same block.
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
  /** Adds one event; whether it was kept. */
  const add = (uid: string, item: { status?: unknown; summary?: unknown }, startValue: unknown, endValue: unknown): boolean => {
    if (!uid || seen.has(uid) || String(item.status ?? '').toUpperCase() === 'CANCELLED') return false;
    const start = dayOf(startValue);
    let end = endValue ? dayOf(endValue) : undefined;
    if (!start) return false;
    if (!end || end <= start) end = nextDay(start);
    if (end <= from || start < FIRST_DATE || end > LAST_DATE) return false;
    seen.add(uid);
    events.push({ uid: uid.slice(0, 500), summary: summaryOf(item.summary), start, end });
    return true;
  };
  for (const item of Object.values(parsed)) {
    if (!item || item.type !== 'VEVENT') continue;
    const uid = typeof item.uid === 'string' ? item.uid.trim() : '';
    const occurrences = item.rrule && uid ? expand(item, from) : undefined;
    if (!occurrences) {
      add(uid, item, item.start, item.end);
      continue;
    }
    let kept = 0;
    for (const occurrence of occurrences) {
      if (kept >= MAX_OCCURRENCES) break;
      const scheduled = dayOf(occurrence.isOverride ? occurrence.event.recurrenceid : occurrence.start);
      if (scheduled && add(`${uid}#${scheduled}`, occurrence.event, occurrence.start, occurrence.end)) kept++;
    }
  }
  return events.sort((a, b) => (a.start === b.start ? a.uid.localeCompare(b.uid) : a.start < b.start ? -1 : 1));
}

/** Rules a lodge's calendar can mean: a rule repeating within a day is read as its first occurrence only. */
const EXPANDED_FREQUENCIES = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);

/**
 * A recurring event's occurrences from the day before `from` (the lodge's day may start before
 * UTC's) to the horizon; undefined when its rule repeats within a day (an hourly rule over
 * three years would be a million occurrences, and no lodge means one) or cannot be expanded.
 */
function expand(event: VEvent, from: string) {
  const frequency = String((event.rrule as { options?: { freq?: unknown } } | undefined)?.options?.freq ?? '').toUpperCase();
  if (!EXPANDED_FREQUENCIES.has(frequency)) return undefined;
  try {
    return ical.expandRecurringEvent(event, {
      from: new Date(`${addDays(from, -1)}T00:00:00Z`),
      to: new Date(`${addDays(from, RECURRENCE_HORIZON_DAYS)}T00:00:00Z`),
      expandOngoing: true,
    });
  } catch {
    return undefined;
  }
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
