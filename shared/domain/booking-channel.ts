/**
 * The outside channels whose calendars the lodge imports (iCal feeds). A stay one of their
 * feeds blocks is a booking of that channel; only a feed writes these, which is how the export
 * leaves a channel's own stays out of the feed it reads (docs/design.md, 19).
 */
export const FEED_CHANNELS = ['Booking.com', 'Airbnb', 'Expedia', 'Other'] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];

/**
 * How a booking reached the lodge. A guest booking on the website is `Website`; staff say
 * which of the others it was (a walk-in at the desk, a phone call, an e-mail); a channel's
 * calendar feed blocks stays as that channel. Bookings staff made before channels were
 * recorded have none (null: "Not recorded").
 */
export const BOOKING_CHANNELS = ['Walk-in', 'Phone', 'E-mail', 'Website', ...FEED_CHANNELS] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

export const STAFF_BOOKING_CHANNELS = ['Walk-in', 'Phone', 'E-mail'] as const satisfies readonly BookingChannel[];
export type StaffBookingChannel = (typeof STAFF_BOOKING_CHANNELS)[number];

/** The channel as a screen shows it. */
export function channelLabel(channel: BookingChannel | null | undefined): string {
  return channel ?? 'Not recorded';
}

/**
 * Who took the booking as a screen shows it: the staff member's name; a guest's own booking on
 * the website says so, and a channel's block names the channel's calendar; a staff booking from
 * before it was recorded is "Not recorded".
 */
export function takenByLabel(b: { createdByName?: string | null; channel?: BookingChannel | null }): string {
  if (b.createdByName) return b.createdByName;
  if (isFeedChannel(b.channel)) return `${b.channel} calendar`;
  return b.channel === 'Website' ? 'Guest (website)' : 'Not recorded';
}

/** True for a booking a channel's calendar feed blocked (not a guest the lodge booked itself). */
export function isFeedChannel(channel: BookingChannel | null | undefined): channel is FeedChannel {
  return !!channel && (FEED_CHANNELS as readonly string[]).includes(channel);
}

/** A stay's name on the calendar: a channel's block carries the channel ("Airbnb: Reserved"). */
export function stayLabel(b: { guestName: string; channel?: BookingChannel | null }): string {
  return isFeedChannel(b.channel) ? `${b.channel}: ${b.guestName}` : b.guestName;
}
