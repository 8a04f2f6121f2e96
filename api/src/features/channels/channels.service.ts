import crypto from 'node:crypto';
import net from 'node:net';
import type { Deps } from '../../deps.js';
import { guestLinkBase } from '../../config.js';
import { inTransaction, type DbOrTx, type Tx } from '../../db/transaction.js';
import { AppError, ConflictError, NotFoundError, PG, pgCode, unknownId } from '../../errors.js';
import { createImageFetcher, type ImageFetcher } from '../../adapters/image-fetch.js';
import type { SessionUser } from '../auth/session-user.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import type { FeedChannel } from '../../../../shared/domain/booking-channel.js';
import { CHANNEL_MESSAGES as M, type ChannelClash, type ChannelFeed, type ChannelFeedRequest, type ChannelsOverview, type UnitExport } from '../../../../shared/contracts/channels.js';
import { recordAudit } from '../audit/record-audit.js';
import { enqueueEmail } from '../email/email.service.js';
import { escapeHtml } from '../email/email.format.js';
import { activeManagerEmails } from '../auth/staff.service.js';
import { cancelChannelBlockBooking, liveChannelBlocks, moveChannelBlock, placeChannelBlock, type BlockOutcome } from '../bookings/channel-blocks.js';
import { NotICalendarError, parseFeedEvents, type FeedEvent } from './ical-parse.js';
import * as repo from './channels.repo.js';

/**
 * Channel calendars (docs/design.md, 19): the feeds staff add, the import that keeps one
 * blocking booking per event of a feed, and the clashes it finds.
 */

/** Big enough for years of a busy unit's events; a 20 MB answer is refused. */
const MAX_FEED_BYTES = 5 * 1024 * 1024;

/** A new export token: 192 random bits, URL-safe. */
export const newExportToken = () => crypto.randomBytes(24).toString('base64url');

export const exportUrl = (deps: Pick<Deps, 'config'>, unitId: string, token: string) => `${guestLinkBase(deps.config)}/ical/units/${unitId}/${token}.ics`;

const fetchers = new WeakMap<object, ImageFetcher>();

/** The guarded fetcher with the calendar host list (deps.imageFetcher's rules, its own hosts). */
function calendarFetcher(deps: Pick<Deps, 'config'>): ImageFetcher {
  let fetcher = fetchers.get(deps.config);
  if (!fetcher) {
    const hosts = deps.config.ICAL_ALLOWED_HOSTS;
    fetcher = createImageFetcher({
      allowedHosts: hosts,
      literalAddresses: hosts.filter((h) => net.isIP(h) !== 0),
      timeoutMs: deps.config.ICAL_TIMEOUT_MS,
      maxBytes: MAX_FEED_BYTES,
      // Channels answer text/calendar, text/plain or octet-stream: the text itself is checked.
      kind: { noun: 'calendar', accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1', acceptsType: () => true },
    });
    fetchers.set(deps.config, fetcher);
  }
  return fetcher;
}

function toClash(r: repo.ClashRow): ChannelClash {
  return {
    feedId: r.feed_id,
    channel: r.channel,
    unitId: r.unit_id,
    unitName: r.unit_name,
    summary: r.summary,
    checkInDate: r.start_date,
    checkOutDate: r.end_date,
    clashWith: r.clash_with!,
    clashBookingId: r.clash_booking_id,
    foundAt: new Date(r.clash_found_at ?? Date.now()).toISOString(),
  };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toFeed(deps: Pick<Deps, 'config'>, r: repo.FeedRow, clashes: ChannelClash[]): ChannelFeed {
  return {
    id: r.id,
    unitId: r.unit_id,
    unitName: r.unit_name,
    channel: r.channel,
    url: r.url,
    exportToken: r.export_token,
    exportUrl: exportUrl(deps, r.unit_id, r.export_token),
    lastAttemptAt: iso(r.last_attempt_at),
    lastSuccessAt: iso(r.last_success_at),
    lastError: r.last_error,
    eventCount: r.event_count,
    blockCount: r.block_count,
    emptyFetches: r.empty_fetches,
    clashes: clashes.filter((c) => c.feedId === r.id),
    version: r.version,
  };
}

/** GET /api/admin/channel-feeds: the feeds, each unit's export address, every clash. */
export async function channelsOverview(deps: Pick<Deps, 'db' | 'config'>): Promise<ChannelsOverview> {
  const feeds = await repo.listFeeds(deps.db);
  const clashes = (await repo.listClashes(deps.db)).map(toClash);
  const units = await repo.listUnitTokens(deps.db);
  return {
    feeds: feeds.map((f) => toFeed(deps, f, clashes)),
    units: units.map((u) => ({ unitId: u.unit_id, unitName: u.unit_name, exportUrl: u.token ? exportUrl(deps, u.unit_id, u.token) : null })),
    clashes,
  };
}

/** One feed as the page shows it. */
export const feedById = (deps: Pick<Deps, 'db' | 'config'>, id: string) => feedAnswer(deps, deps.db, id);

async function feedAnswer(deps: Pick<Deps, 'db' | 'config'>, db: DbOrTx, id: string): Promise<ChannelFeed> {
  const row = await repo.findFeed(db, id);
  if (!row) throw new NotFoundError(M.feedNotFound, 'not_found');
  return toFeed(deps, row, (await repo.listClashes(db)).filter((c) => c.feed_id === id).map(toClash));
}

async function checkUnit(trx: Tx, unitId: string): Promise<void> {
  if (!(await repo.unitName(trx, unitId))) throw unknownId('unitId', M.unitNotFound);
}

function feedTaken(err: unknown): never {
  if (pgCode(err) === PG.UNIQUE_VIOLATION) throw new ConflictError(M.feedTaken, 'feed_taken', { channel: M.feedTaken });
  throw err;
}

export async function createFeed(deps: Pick<Deps, 'db' | 'config'>, user: SessionUser, input: ChannelFeedRequest): Promise<ChannelFeed> {
  return inTransaction(deps.db, undefined, async (trx) => {
    await checkUnit(trx, input.unitId);
    const id = await repo
      .insertFeed(trx, { unitId: input.unitId, channel: input.channel, url: input.url, exportToken: newExportToken(), userId: user.id })
      .catch(feedTaken);
    await recordAudit(trx, { actor: user, action: 'channel_feed.create', entityType: 'channel_feed', entityId: id, after: { unitId: input.unitId, channel: input.channel, url: input.url } });
    return feedAnswer(deps, trx, id);
  });
}

/**
 * PUT: the unit, channel or address changed. Its blocks belong to what the feed was: when the
 * unit or the channel changes they are cancelled and the next fetch imports afresh.
 */
export async function updateFeed(deps: Pick<Deps, 'db' | 'config' | 'clock'>, user: SessionUser, id: string, input: ChannelFeedRequest): Promise<ChannelFeed> {
  return inTransaction(deps.db, undefined, async (trx) => {
    const locked = await repo.lockFeed(trx, id);
    if (!locked) throw new NotFoundError(M.feedNotFound, 'not_found');
    const before = (await repo.findFeed(trx, id))!;
    await checkUnit(trx, input.unitId);
    const moved = before.unit_id !== input.unitId || before.channel !== input.channel;
    if (moved || before.url !== input.url) await removeFeedBlocks(trx, deps.clock.now(), locked, 'The channel feed was changed');
    await repo
      .updateFeed(trx, id, {
        unitId: input.unitId,
        channel: input.channel,
        url: input.url,
        exportToken: input.rotateExportToken ? newExportToken() : undefined,
        resetState: moved || before.url !== input.url,
      })
      .catch(feedTaken);
    await recordAudit(trx, {
      actor: user,
      action: 'channel_feed.update',
      entityType: 'channel_feed',
      entityId: id,
      before: { unitId: before.unit_id, channel: before.channel, url: before.url },
      after: { unitId: input.unitId, channel: input.channel, url: input.url, ...(input.rotateExportToken ? { exportToken: 'rotated' } : {}) },
    });
    return feedAnswer(deps, trx, id);
  });
}

/** DELETE: the feed goes, and the stays it blocked are cancelled (the nights are free again). */
export async function deleteFeed(deps: Pick<Deps, 'db' | 'clock'>, user: SessionUser, id: string): Promise<{ message: string; id: string }> {
  return inTransaction(deps.db, undefined, async (trx) => {
    const locked = await repo.lockFeed(trx, id);
    if (!locked) throw new NotFoundError(M.feedNotFound, 'not_found');
    await removeFeedBlocks(trx, deps.clock.now(), locked, 'The channel feed was removed');
    await repo.deleteFeed(trx, id);
    await recordAudit(trx, { actor: user, action: 'channel_feed.delete', entityType: 'channel_feed', entityId: id, before: { unitId: locked.unit_id, channel: locked.channel } });
    return { message: 'Channel feed deleted', id };
  });
}

async function removeFeedBlocks(trx: Tx, now: Date, feed: { id: string; channel: FeedChannel }, reason: string): Promise<void> {
  const events = await repo.feedEvents(trx, feed.id);
  for (const e of events) {
    if (e.booking_id) await cancelChannelBlockBooking(trx, now, e.booking_id, { channel: feed.channel, checkIn: e.start_date, checkOut: e.end_date }, reason);
  }
  await repo.deleteEvents(
    trx,
    events.map((e) => e.id),
  );
}

/** POST /api/admin/channel-exports/:unitId/rotate: a new general export address (the old one 404s). */
export async function rotateUnitExport(deps: Pick<Deps, 'db' | 'config' | 'clock'>, user: SessionUser, unitId: string): Promise<UnitExport> {
  return inTransaction(deps.db, undefined, async (trx) => {
    const name = await repo.unitName(trx, unitId);
    if (!name) throw new NotFoundError(M.unitNotFound, 'not_found');
    const token = newExportToken();
    await repo.setUnitToken(trx, unitId, token, deps.clock.now());
    await recordAudit(trx, { actor: user, action: 'unit.ical_export_rotated', entityType: 'unit', entityId: unitId, note: 'A new calendar export address; the old one no longer answers' });
    return { unitId, unitName: name, exportUrl: exportUrl(deps, unitId, token) };
  });
}

export type SyncResult = { ok: true; events: number } | { ok: false; error: string };

/**
 * Fetches one feed and brings its blocks in line with it (POST .../sync, and the poll job).
 * The fetch happens outside any transaction; the changes then run in one, the feed row locked
 * so two syncs of a feed take turns. A fetch that fails (refused address, timeout, too large,
 * not iCalendar) records the error on the feed and changes nothing else.
 */
export async function syncFeed(deps: Pick<Deps, 'db' | 'config' | 'clock' | 'log'>, id: string): Promise<SyncResult> {
  const feed = await repo.findFeed(deps.db, id);
  if (!feed) throw new NotFoundError(M.feedNotFound, 'not_found');
  let events: FeedEvent[];
  try {
    const fetched = await calendarFetcher(deps).fetch(feed.url);
    events = parseFeedEvents(fetched.bytes.toString('utf8'), todayInLodge(deps.clock.now()));
  } catch (err) {
    const message = fetchErrorMessage(err);
    if (!(err instanceof AppError) && !(err instanceof NotICalendarError)) deps.log.warn({ err, feedId: id }, 'channel feed fetch failed');
    await repo.recordFetchFailure(deps.db, id, deps.clock.now(), message);
    return { ok: false, error: message };
  }
  await inTransaction(deps.db, undefined, (trx) => applyEvents(deps, trx, id, events));
  return { ok: true, events: events.length };
}

/** The feed's status line for a failed fetch: what the fetcher or the parser said. */
function fetchErrorMessage(err: unknown): string {
  if (err instanceof AppError) return (err.errors?.url as string | undefined) ?? err.message;
  if (err instanceof NotICalendarError) return err.message;
  return 'The calendar could not be fetched';
}

async function applyEvents(deps: Pick<Deps, 'clock' | 'config'>, trx: Tx, feedId: string, events: FeedEvent[]): Promise<void> {
  const now = deps.clock.now();
  const feed = await repo.lockFeed(trx, feedId);
  if (!feed) return; // deleted while it was being fetched
  // An empty answer from a feed that had events may be the channel's hiccup: only a second
  // one in a row empties the unit's blocks.
  if (events.length === 0 && feed.event_count > 0 && feed.empty_fetches === 0) {
    await repo.recordFetchSuccess(trx, feedId, now, { eventCount: feed.event_count, emptyFetches: 1 });
    return;
  }
  const known = new Map((await repo.feedEvents(trx, feedId)).map((e) => [e.uid, e]));
  const live = await liveChannelBlocks(
    trx,
    [...known.values()].flatMap((e) => (e.booking_id ? [e.booking_id] : [])),
  );
  const newClashes: { event: FeedEvent; clashWith: string }[] = [];
  for (const event of events) {
    const row = known.get(event.uid);
    known.delete(event.uid);
    const spec = { unitId: feed.unit_id, channel: feed.channel, checkIn: event.start, checkOut: event.end, summary: event.summary };
    let outcome: BlockOutcome;
    if (row?.booking_id && live.has(row.booking_id)) {
      outcome =
        row.start_date === event.start && row.end_date === event.end
          ? { kind: 'placed', bookingId: row.booking_id }
          : await moveChannelBlock(trx, row.booking_id, spec, { checkIn: row.start_date, checkOut: row.end_date });
      // A move that clashes keeps the block where it was, and says so.
      if (outcome.kind === 'clash') {
        await repo.updateEvent(trx, row.id, { summary: event.summary, start: row.start_date, end: row.end_date, bookingId: row.booking_id, clash: null });
        newClashes.push({ event, clashWith: outcome.clashWith });
        continue;
      }
    } else {
      outcome = await placeChannelBlock(trx, spec);
    }
    const clash = outcome.kind === 'clash' ? { with: outcome.clashWith, bookingId: outcome.clashBookingId, at: sameClash(row, outcome) ? row!.clash_found_at! : now } : null;
    const fields = { summary: event.summary, start: event.start, end: event.end, bookingId: outcome.kind === 'placed' ? outcome.bookingId : null, clash };
    if (row) await repo.updateEvent(trx, row.id, fields);
    else await repo.insertEvent(trx, { feedId, uid: event.uid, ...fields });
    if (outcome.kind === 'clash') newClashes.push({ event, clashWith: outcome.clashWith });
  }
  // Events gone from the feed: their blocks are cancelled.
  for (const gone of known.values()) {
    if (gone.booking_id) {
      await cancelChannelBlockBooking(trx, now, gone.booking_id, { channel: feed.channel, checkIn: gone.start_date, checkOut: gone.end_date }, `No longer in the ${feed.channel} calendar`);
    }
  }
  await repo.deleteEvents(
    trx,
    [...known.values()].map((e) => e.id),
  );
  await repo.recordFetchSuccess(trx, feedId, now, { eventCount: events.length, emptyFetches: events.length === 0 ? feed.empty_fetches + 1 : 0 });
  if (newClashes.length) await mailClashes(deps, trx, feedId, feed, newClashes);
}

const sameClash = (row: repo.EventRow | undefined, outcome: Extract<BlockOutcome, { kind: 'clash' }>) =>
  !!row?.clash_with && row.clash_with === outcome.clashWith && !!row.clash_found_at;

/**
 * Managers (and SuperAdmins) are told of each clash once: the outbox's dedupe key names the
 * feed, the event, its dates and what is in the way, so the next fetch finding the same clash
 * queues nothing, and a clash that changes is news again.
 */
async function mailClashes(
  deps: Pick<Deps, 'config'>,
  trx: Tx,
  feedId: string,
  feed: { unit_id: string; channel: FeedChannel },
  clashes: { event: FeedEvent; clashWith: string }[],
): Promise<void> {
  const unit = (await repo.unitName(trx, feed.unit_id)) ?? 'a unit';
  const link = `${guestLinkBase(deps.config)}/admin/channels`;
  for (const to of await activeManagerEmails(trx)) {
    for (const { event, clashWith } of clashes) {
      const line = `${feed.channel} blocks ${unit} from ${event.start} to ${event.end} ("${event.summary || 'no summary'}"), but ${clashWith} holds some of those nights. Nothing was double booked: the ${feed.channel} stay was not imported.`;
      const key = crypto.createHash('sha256').update([feedId, event.uid, event.start, event.end, clashWith, to.toLowerCase()].join('|')).digest('hex');
      await enqueueEmail(trx, {
        to,
        template: 'channel-clash',
        subject: `Calendar clash: ${feed.channel}, ${unit}, ${event.start}`,
        text: `${line}\n\nSee ${link}`,
        html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">Channels</a></p>`,
        dedupeKey: `channel-clash:${key}`,
      });
    }
  }
}

/** The poll job: every feed, one after the other; one feed's failure does not stop the rest. */
export async function syncAllFeeds(deps: Pick<Deps, 'db' | 'config' | 'clock' | 'log'>): Promise<void> {
  for (const id of await repo.feedIds(deps.db)) {
    try {
      await syncFeed(deps, id);
    } catch (err) {
      if (err instanceof NotFoundError) continue;
      deps.log.error({ err, feedId: id }, 'channel feed sync failed');
    }
  }
}
