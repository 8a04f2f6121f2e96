import type { Knex } from 'knex';
import { prepared } from '../../db/prepared.js';
import { DATA_VERSION_SQL } from '../reports/data-version.js';
import type { FeedChannel } from '../../../../shared/domain/booking-channel.js';

type Db = Knex | Knex.Transaction;

export interface FeedRow {
  id: string;
  unit_id: string;
  unit_name: string;
  channel: FeedChannel;
  url: string;
  export_token: string;
  last_attempt_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  event_count: number;
  empty_fetches: number;
  block_count: number;
  version: number;
}

export interface EventRow {
  id: string;
  feed_id: string;
  uid: string;
  summary: string;
  start_date: string;
  end_date: string;
  booking_id: string | null;
  clash_with: string | null;
  clash_booking_id: string | null;
  clash_found_at: Date | null;
}

export interface ClashRow extends EventRow {
  channel: FeedChannel;
  unit_id: string;
  unit_name: string;
}

const feedsQuery = (db: Db) =>
  db('channel_feeds as f')
    .join('units as u', 'u.id', 'f.unit_id')
    .select(
      'f.id',
      'f.unit_id',
      'u.name as unit_name',
      'f.channel',
      'f.url',
      'f.export_token',
      'f.last_attempt_at',
      'f.last_success_at',
      'f.last_error',
      'f.event_count',
      'f.empty_fetches',
      'f.version',
      db.raw('(SELECT count(*)::int FROM channel_feed_events e WHERE e.feed_id = f.id AND e.booking_id IS NOT NULL) AS block_count'),
    );

/** Every feed, by unit and channel. */
export async function listFeeds(db: Db): Promise<FeedRow[]> {
  return feedsQuery(db).orderBy([{ column: 'u.name' }, { column: 'f.channel' }]);
}

export async function findFeed(db: Db, id: string): Promise<FeedRow | undefined> {
  return feedsQuery(db).where('f.id', id).first();
}

/** Locks the feed row: one sync (or edit) of a feed at a time. */
export async function lockFeed(db: Db, id: string): Promise<{ id: string; unit_id: string; channel: FeedChannel; event_count: number; empty_fetches: number } | undefined> {
  return db('channel_feeds').where({ id }).forUpdate().first('id', 'unit_id', 'channel', 'event_count', 'empty_fetches');
}

export async function feedIds(db: Db): Promise<string[]> {
  const rows: { id: string }[] = await db('channel_feeds').orderBy('created_at').select('id');
  return rows.map((r) => r.id);
}

export async function insertFeed(db: Db, f: { unitId: string; channel: FeedChannel; url: string; exportToken: string; userId: string }): Promise<string> {
  const [row] = await db('channel_feeds')
    .insert({ unit_id: f.unitId, channel: f.channel, url: f.url, export_token: f.exportToken, created_by_user_id: f.userId })
    .returning('id');
  return row.id;
}

export async function updateFeed(db: Db, id: string, f: { unitId: string; channel: FeedChannel; url: string; exportToken?: string; resetState: boolean }): Promise<void> {
  await db('channel_feeds')
    .where({ id })
    .update({
      unit_id: f.unitId,
      channel: f.channel,
      url: f.url,
      ...(f.exportToken ? { export_token: f.exportToken } : {}),
      // Another unit or address: what the last fetch said is about something else.
      ...(f.resetState ? { last_error: null, last_success_at: null, last_attempt_at: null, event_count: 0, empty_fetches: 0 } : {}),
    });
}

export async function deleteFeed(db: Db, id: string): Promise<void> {
  await db('channel_feeds').where({ id }).delete();
}

export async function recordFetchFailure(db: Db, id: string, now: Date, message: string): Promise<void> {
  await db('channel_feeds').where({ id }).update({ last_attempt_at: now, last_error: message });
}

export async function recordFetchSuccess(db: Db, id: string, now: Date, state: { eventCount: number; emptyFetches: number }): Promise<void> {
  await db('channel_feeds')
    .where({ id })
    .update({ last_attempt_at: now, last_success_at: now, last_error: null, event_count: state.eventCount, empty_fetches: state.emptyFetches });
}

export async function feedEvents(db: Db, feedId: string): Promise<EventRow[]> {
  return db('channel_feed_events').where({ feed_id: feedId }).orderBy([{ column: 'start_date' }, { column: 'uid' }]);
}

type EventFields = { summary: string; start: string; end: string; bookingId: string | null; clash: { with: string; bookingId: string | null; at: Date } | null };

const eventColumns = (e: EventFields) => ({
  summary: e.summary,
  start_date: e.start,
  end_date: e.end,
  booking_id: e.bookingId,
  clash_with: e.clash?.with ?? null,
  clash_booking_id: e.clash?.bookingId ?? null,
  clash_found_at: e.clash?.at ?? null,
});

export async function insertEvent(db: Db, e: EventFields & { feedId: string; uid: string }): Promise<void> {
  await db('channel_feed_events').insert({ feed_id: e.feedId, uid: e.uid, ...eventColumns(e) });
}

export async function updateEvent(db: Db, id: string, e: EventFields): Promise<void> {
  await db('channel_feed_events').where({ id }).update(eventColumns(e));
}

export async function deleteEvents(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db('channel_feed_events').whereIn('id', ids).delete();
}

/** Every clash of every feed, soonest first. */
export async function listClashes(db: Db): Promise<ClashRow[]> {
  return db('channel_feed_events as e')
    .join('channel_feeds as f', 'f.id', 'e.feed_id')
    .join('units as u', 'u.id', 'f.unit_id')
    .whereNotNull('e.clash_with')
    .orderBy([{ column: 'e.start_date' }, { column: 'u.name' }, { column: 'e.uid' }])
    .select('e.*', 'f.channel', 'f.unit_id', 'u.name as unit_name');
}

/** Every unit (active or not: a unit's address keeps working) with its export token, by name. */
export async function listUnitTokens(db: Db): Promise<{ unit_id: string; unit_name: string; token: string | null }[]> {
  return db('units as u')
    .leftJoin('unit_ical_tokens as t', 't.unit_id', 'u.id')
    .orderBy([{ column: 'u.name' }, { column: 'u.id' }])
    .select('u.id as unit_id', 'u.name as unit_name', 't.token');
}

export async function unitName(db: Db, unitId: string): Promise<string | undefined> {
  const row: { name: string } | undefined = await db('units').where({ id: unitId }).first('name');
  return row?.name;
}

export async function setUnitToken(db: Db, unitId: string, token: string, now: Date): Promise<void> {
  await db('unit_ical_tokens').insert({ unit_id: unitId, token, rotated_at: now }).onConflict('unit_id').merge();
}

export interface ExportRead {
  /** The unit's own export token; null when the unit is unknown. */
  unit_token: string | null;
  /** [exportToken, channel] of each feed of the unit. */
  feed_tokens: [string, FeedChannel][];
  /**
   * The version of the stays and out-of-order periods (the reports' counter, which every
   * committed change to either table moves): a calendar the export has made at this version is
   * still the unit's calendar, and its events are not read again on every poll.
   */
  data_version: string;
}

export type ExportEvent = [string, string, string, FeedChannel | string | null, 'stay' | 'out-of-order'];

/**
 * The unit feed's poll in one prepared statement: the unit's tokens (its own and each
 * channel's) and the data version. The events (readUnitFeedEvents) are read only when the
 * version is one the export has not made the unit's calendar at: channels poll every few
 * minutes and the lodge's bookings rarely change in between. Reading a counter rather than
 * hashing the events keeps a poll's cost the same however busy the unit is (a hash of a busy
 * unit's few hundred stays cost the database three times a SELECT 1). The token is compared by
 * the caller in constant time, so the read is the same whatever the token asked with.
 */
export async function readUnitFeed(db: Db, unitId: string): Promise<ExportRead> {
  const res = await prepared(
    'unit_ical_feed_version',
    db.raw<{ rows: ExportRead[] }>(
      `SELECT
         (SELECT t.token FROM unit_ical_tokens t WHERE t.unit_id = ?::uuid) AS unit_token,
         (SELECT coalesce(json_agg(json_build_array(f.export_token, f.channel)), '[]'::json) FROM channel_feeds f WHERE f.unit_id = ?::uuid) AS feed_tokens,
         ${DATA_VERSION_SQL} AS data_version`,
      [unitId, unitId],
    ),
  );
  const row = res.rows[0];
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return { unit_token: row.unit_token, feed_tokens: json(row.feed_tokens), data_version: String(row.data_version) };
}

/**
 * What holds the unit from `from` on: live stays on the unit (an entire-lodge, group or split
 * stay through the child that holds this unit) and out-of-order periods, as
 * [uid key, check-in, check-out, channel or null, 'stay' | 'out-of-order'] per event, with the
 * data version read in the same statement (so a change committed after it moves the version
 * the next poll compares with).
 */
export async function readUnitFeedEvents(db: Db, unitId: string, from: string): Promise<{ events: ExportEvent[]; dataVersion: string }> {
  const res = await db.raw<{ rows: { events_json: string; data_version: string }[] }>(
    `SELECT
       (SELECT coalesce(json_agg(json_build_array(s.id, s.start_date, s.end_date, s.channel, s.kind) ORDER BY s.start_date, s.id), '[]'::json)::text
          FROM (
            SELECT b.id::text AS id, b.check_in_date AS start_date, b.check_out_date AS end_date, b.channel, 'stay' AS kind
              FROM bookings b
             WHERE b.unit_id = ?::uuid AND b.status IN ('Provisional', 'Confirmed', 'Checked-In') AND b.check_out_date > ?::date
            UNION ALL
            SELECT o.id::text, o.start_date, o.end_date, NULL, 'out-of-order'
              FROM unit_out_of_order o
             WHERE o.unit_id = ?::uuid AND o.end_date > ?::date
          ) s) AS events_json,
       ${DATA_VERSION_SQL} AS data_version`,
    [unitId, from, unitId, from],
  );
  const row = res.rows[0];
  return { events: JSON.parse(row.events_json) as ExportEvent[], dataVersion: String(row.data_version) };
}
