import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Middleware } from 'koa';
import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import type { Deps } from '../../deps.js';
import { guestLinkBase } from '../../config.js';
import { NotFoundError } from '../../errors.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { readUnitFeed, readUnitFeedEvents, type ExportEvent } from './channels.repo.js';

/**
 * GET /ical/units/<unitId>/<token>.ics: a unit's calendar for the channels (docs/design.md,
 * 19). Outside /api, like the manifest: channels fetch it with no session, the token in the
 * address is the credential. One all-day event per live stay on the unit and per out-of-order
 * period, UID stable per stay, SUMMARY "Booked", nothing about the guest.
 *
 * The token says who asks: the unit's own token (any reader), or a feed's export token, given
 * to that feed's channel, which then does not get back the stays it sent (no echo: a channel
 * that saw its own booking come back as "Booked" would block it twice, or report a clash).
 */
const PATH = /^\/ical\/units\/([0-9a-fA-F-]{36})\/([A-Za-z0-9_-]{16,128})\.ics$/;
const NOT_FOUND = 'Calendar not found';

/** How far back stays are still listed: channels show a little of the past, nothing more is needed. */
const PAST_DAYS = 30;

/**
 * What each (unit, asking channel, first date) was last answered, with the data version it was
 * made at. Channels poll every few minutes and the calendar rarely changes in between: while
 * the database answers the same version, a poll costs the one small statement and is answered
 * with the same iCalendar, neither the events read again nor the calendar rebuilt
 * (ical-generator takes about 20 µs an event, a busy unit has hundreds).
 */
interface Rendered {
  dataVersion: string;
  body: string;
  /** The body gzipped, made on first asking (channels fetch with Accept-Encoding: gzip). */
  gzipped?: Buffer;
}
const rendered = new Map<string, Rendered>();
const MAX_RENDERED = 2000;

/** Equal-length digests, so the comparison takes the same time whatever the token. */
const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
const sameToken = (a: string, b: string) => crypto.timingSafeEqual(digest(a), digest(b));

/** The unit's calendar for whoever the token names, or undefined when the unit or the token is unknown. */
async function renderedCalendar(deps: Pick<Deps, 'db' | 'clock' | 'config'>, unitId: string, token: string): Promise<Rendered | undefined> {
  const now = deps.clock.now();
  const from = addDays(todayInLodge(now), -PAST_DAYS);
  const read = await readUnitFeed(deps.db, unitId);
  // Every candidate is compared (no early exit), so timing does not tell which one matched.
  let allowed = read.unit_token !== null && sameToken(read.unit_token, token);
  let asking: string | null = null;
  for (const [feedToken, channel] of read.feed_tokens) {
    if (sameToken(feedToken, token)) {
      allowed = true;
      asking = channel;
    }
  }
  if (!allowed) return undefined;
  const key = `${guestLinkBase(deps.config)}|${unitId}|${asking ?? ''}|${from}`;
  const hit = rendered.get(key);
  if (hit && hit.dataVersion === read.data_version) return hit;
  // Read with their own version: a change committed since the poll's statement is kept under
  // the version it has, so the next poll is not answered with what was read here by mistake.
  const { events, dataVersion } = await readUnitFeedEvents(deps.db, unitId, from);
  const made: Rendered = { dataVersion, body: renderCalendar(deps, events, asking, now) };
  if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, made);
  return made;
}

function renderCalendar(deps: Pick<Deps, 'config'>, events: ExportEvent[], asking: string | null, now: Date): string {
  const host = new URL(guestLinkBase(deps.config)).hostname || 'lodge';
  const calendar = icalGenerator({ name: 'Availability', prodId: { company: 'Lodge', product: 'Bookings', language: 'EN' }, method: ICalCalendarMethod.PUBLISH });
  for (const [id, start, end, channel, kind] of events) {
    if (asking && channel === asking) continue;
    calendar.createEvent({
      id: `${kind === 'stay' ? 'stay' : 'out-of-order'}-${id}@${host}`,
      start: new Date(`${start}T00:00:00Z`),
      end: new Date(`${end}T00:00:00Z`),
      allDay: true,
      summary: kind === 'stay' ? 'Booked' : 'Not available',
      stamp: now,
    });
  }
  return calendar.toString();
}

export function icalExportRoute(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/ical/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const match = PATH.exec(ctx.path);
    const calendar = match ? await renderedCalendar(deps, match[1].toLowerCase(), match[2]) : undefined;
    if (calendar === undefined) throw new NotFoundError(NOT_FOUND, 'not_found');
    ctx.type = 'text/calendar; charset=utf-8';
    // A channel polls; a cache in between would hand it yesterday's availability.
    ctx.set('Cache-Control', 'no-store');
    ctx.vary('Accept-Encoding');
    if (calendar.body.length > 1024 && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      // Compressed once per calendar, not per poll (the compression middleware leaves a body
      // that already has its Content-Encoding alone).
      calendar.gzipped ??= zlib.gzipSync(calendar.body);
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = calendar.gzipped;
    } else {
      ctx.body = calendar.body;
    }
  };
}
