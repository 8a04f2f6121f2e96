import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { NotICalendarError, parseFeedEvents } from './ical-parse.js';

/** iCalendar dates (YYYYMMDD) of lodge dates counted from today. */
const today = todayInLodge(new Date());
const day = (n: number) => addDays(today, n);
const ics = (n: number) => day(n).replaceAll('-', '');
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Feed//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const vevent = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

describe('parseFeedEvents', () => {
  it('reads all-day events as nights from check-in to check-out, and leaves out cancelled and past ones', () => {
    const text = calendar(
      vevent(['UID:a1@airbnb', `DTSTART;VALUE=DATE:${ics(10)}`, `DTEND;VALUE=DATE:${ics(13)}`, 'SUMMARY:Reserved']),
      vevent(['UID:gone@airbnb', `DTSTART;VALUE=DATE:${ics(-10)}`, `DTEND;VALUE=DATE:${ics(-8)}`, 'SUMMARY:Reserved']),
      vevent(['UID:off@airbnb', 'STATUS:CANCELLED', `DTSTART;VALUE=DATE:${ics(20)}`, `DTEND;VALUE=DATE:${ics(21)}`]),
    );
    expect(parseFeedEvents(text, today)).toEqual([{ uid: 'a1@airbnb', summary: 'Reserved', start: day(10), end: day(13) }]);
  });

  it('expands a recurring event: one event per occurrence, less its EXDATE, an override moved, each with its own UID', () => {
    // Every 7 days from day 14 for 4 times: 14, 21 (excluded), 28 (moved to 29..32), 35.
    const text = calendar(
      vevent(['UID:owner@calendar', `DTSTART;VALUE=DATE:${ics(14)}`, `DTEND;VALUE=DATE:${ics(16)}`, 'RRULE:FREQ=DAILY;INTERVAL=7;COUNT=4', `EXDATE;VALUE=DATE:${ics(21)}`, 'SUMMARY:Owner stays']),
      vevent(['UID:owner@calendar', `RECURRENCE-ID;VALUE=DATE:${ics(28)}`, `DTSTART;VALUE=DATE:${ics(29)}`, `DTEND;VALUE=DATE:${ics(32)}`, 'SUMMARY:Owner stays longer']),
    );
    expect(parseFeedEvents(text, today)).toEqual([
      { uid: `owner@calendar#${day(14)}`, summary: 'Owner stays', start: day(14), end: day(16) },
      { uid: `owner@calendar#${day(28)}`, summary: 'Owner stays longer', start: day(29), end: day(32) },
      { uid: `owner@calendar#${day(35)}`, summary: 'Owner stays', start: day(35), end: day(37) },
    ]);
  });

  it('expands a rule with no end from the first date asked, at most 500 occurrences', () => {
    const text = calendar(vevent(['UID:daily@owner', `DTSTART;VALUE=DATE:${ics(-100)}`, `DTEND;VALUE=DATE:${ics(-99)}`, 'RRULE:FREQ=DAILY', 'SUMMARY:Closed']));
    const events = parseFeedEvents(text, today);
    expect(events).toHaveLength(500);
    expect(events[0]).toEqual({ uid: `daily@owner#${day(0)}`, summary: 'Closed', start: day(0), end: day(1) });
    expect(events[499]).toEqual({ uid: `daily@owner#${day(499)}`, summary: 'Closed', start: day(499), end: day(500) });
  });

  it('reads a rule repeating within a day as its first occurrence only', () => {
    const text = calendar(vevent(['UID:hourly@owner', `DTSTART:${ics(3)}T080000Z`, `DTEND:${ics(3)}T090000Z`, 'RRULE:FREQ=HOURLY', 'SUMMARY:Every hour']));
    expect(parseFeedEvents(text, today)).toEqual([{ uid: 'hourly@owner', summary: 'Every hour', start: day(3), end: day(4) }]);
  });

  it('refuses what is not an iCalendar file', () => {
    expect(() => parseFeedEvents('<html>Log in</html>', today)).toThrow(NotICalendarError);
  });
});
