import { z } from 'zod';
import { FEED_CHANNELS } from '../domain/booking-channel.js';
import { IsoDateStrict, Timestamp, uuid } from './common.js';

/**
 * Channel calendars (iCal): the feeds the lodge imports from Booking.com, Airbnb and others,
 * each unit's export address, and the clashes an import found (docs/design.md, 19).
 */

export const CHANNEL_MESSAGES = {
  unitRequired: 'Unit is required',
  channel: `Channel must be one of ${FEED_CHANNELS.join(', ')}`,
  urlRequired: 'Calendar address is required',
  url: 'Calendar address must be an http or https address',
  urlTooLong: 'Calendar address must be at most 2000 characters',
  feedNotFound: 'Channel feed not found',
  unitNotFound: 'Unit not found',
  feedTaken: 'This unit already has a feed from that channel',
  notICalendar: 'The address did not answer with an iCalendar file',
} as const;
const M = CHANNEL_MESSAGES;

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

export const ChannelFeedRequest = z.object({
  unitId: uuid(M.unitRequired),
  channel: z.enum(FEED_CHANNELS, { error: M.channel }),
  url: z
    .string({ error: M.urlRequired })
    .trim()
    .min(1, M.urlRequired)
    .max(2000, M.urlTooLong)
    .refine(isHttpUrl, M.url),
  /** true: give this channel a new export address (the old one then answers 404). */
  rotateExportToken: z.boolean({ error: 'rotateExportToken must be true or false' }).optional(),
});
export type ChannelFeedRequest = z.output<typeof ChannelFeedRequest>;

/** An event of a feed that was not imported because something live holds some of its nights. */
export const ChannelClash = z.object({
  feedId: z.string(),
  channel: z.enum(FEED_CHANNELS),
  unitId: z.string(),
  unitName: z.string(),
  /** The channel's side: its event. */
  summary: z.string(),
  checkInDate: IsoDateStrict,
  checkOutDate: IsoDateStrict,
  /** The lodge's side: "Booking LDG-… (guest)" or "The unit is out of order". */
  clashWith: z.string(),
  clashBookingId: z.string().nullable(),
  foundAt: Timestamp,
});
export type ChannelClash = z.infer<typeof ChannelClash>;

export const ChannelFeed = z.object({
  id: z.string(),
  unitId: z.string(),
  unitName: z.string(),
  channel: z.enum(FEED_CHANNELS),
  url: z.string(),
  /** The address to give this channel: the unit's stays without the ones this channel sent. */
  exportToken: z.string(),
  exportUrl: z.string(),
  lastAttemptAt: Timestamp.nullable(),
  lastSuccessAt: Timestamp.nullable(),
  /** Why the last fetch failed; null after a good one. */
  lastError: z.string().nullable(),
  /** Events in the last good fetch, and how many of them block the unit. */
  eventCount: z.number().int(),
  blockCount: z.number().int(),
  /** Empty answers in a row (a feed that had events is emptied only on the second). */
  emptyFetches: z.number().int(),
  clashes: z.array(ChannelClash),
  version: z.number().int(),
});
export type ChannelFeed = z.infer<typeof ChannelFeed>;

export const UnitExport = z.object({
  unitId: z.string(),
  unitName: z.string(),
  /** null until the back office creates the unit's address. */
  exportUrl: z.string().nullable(),
});
export type UnitExport = z.infer<typeof UnitExport>;

/** GET /api/admin/channel-feeds: every feed, every unit's export address, every clash. */
export const ChannelsOverview = z.object({
  feeds: z.array(ChannelFeed),
  units: z.array(UnitExport),
  clashes: z.array(ChannelClash),
});
export type ChannelsOverview = z.infer<typeof ChannelsOverview>;
