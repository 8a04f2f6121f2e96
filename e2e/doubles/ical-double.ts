import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A channel's calendar feed on 127.0.0.1 (Booking.com's or Airbnb's export of one unit), for
 * the specs of the channel calendars: one .ics at /feed.ics made of the events set, all-day,
 * as the channels write them. The server's ICAL_ALLOWED_HOSTS names 127.0.0.1 (e2e/serve.ts).
 */
export interface ICalEvent {
  uid: string;
  /** Check-in and check-out, YYYY-MM-DD. */
  start: string;
  end: string;
  summary: string;
}

export interface ICalDouble {
  /** The feed's address. */
  url: string;
  setEvents(events: ICalEvent[]): void;
  /** How many times the feed was fetched. */
  fetches(): number;
  close(): Promise<void>;
}

const day = (iso: string) => iso.replaceAll('-', '');

export function icsOf(events: ICalEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Channel double//EN', 'CALSCALE:GREGORIAN'];
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:20260101T000000Z`, `DTSTART;VALUE=DATE:${day(e.start)}`, `DTEND;VALUE=DATE:${day(e.end)}`, `SUMMARY:${e.summary}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

export async function startICalDouble(): Promise<ICalDouble> {
  let events: ICalEvent[] = [];
  let fetched = 0;
  const server = http.createServer((req, res) => {
    if (req.url !== '/feed.ics') {
      res.writeHead(404).end();
      return;
    }
    fetched++;
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    res.end(icsOf(events));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`,
    setEvents: (next) => {
      events = next;
    },
    fetches: () => fetched,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
