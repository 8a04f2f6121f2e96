import { inSavepoint, type Tx } from '../../db/transaction.js';
import { PG, pgCode } from '../../errors.js';
import type { FeedChannel } from '../../../../shared/domain/booking-channel.js';
import { recordAudit } from '../audit/record-audit.js';
import { insertWithReference } from './place-booking.js';
import * as repo from './bookings.repo.js';
import { noteFreedNights } from '../waitlist/freed-nights.js';

/**
 * The bookings a channel's calendar feed keeps (docs/design.md, 19. Channel calendars): one
 * Confirmed booking of the unit per event, channel = the feed's channel, the event's summary
 * as the guest name, no e-mail, nothing to pay here (the channel takes the money). The
 * channels feature decides what to block; the bookings are written here, where bookings are.
 *
 * A booking needs a guest row, and a guest row needs an e-mail or a phone
 * (guests_contact_check). A channel gives neither, so each channel has one placeholder guest,
 * "<Channel> calendar", with an address under the reserved `.invalid` domain that no mail
 * can reach; the booking itself carries no e-mail, so nothing is ever sent about a block.
 */

export type BlockOutcome =
  | { kind: 'placed'; bookingId: string }
  /** Something live holds some of the nights: the block is not written (or not moved). */
  | { kind: 'clash'; clashBookingId: string | null; clashWith: string };

export interface ChannelBlockSpec {
  unitId: string;
  channel: FeedChannel;
  checkIn: string;
  checkOut: string;
  /** The event's summary ("Reserved", "CLOSED - Not available", a guest's name). */
  summary: string;
}

const placeholderEmail = (channel: FeedChannel) => `${channel.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@channel-calendar.invalid`;

/** The guest name a block shows: the event's summary, else the channel's name. */
export const blockGuestName = (spec: Pick<ChannelBlockSpec, 'channel' | 'summary'>) => spec.summary.trim().slice(0, 200) || `${spec.channel} guest`;

/** Writes the block, or answers what is in its way (a live stay, or the unit out of order). */
export async function placeChannelBlock(trx: Tx, spec: ChannelBlockSpec): Promise<BlockOutcome> {
  const typeId = await repo.unitTypeId(trx, spec.unitId);
  if (!typeId) throw new Error(`placeChannelBlock: unit ${spec.unitId} does not exist`);
  const guest = await repo.upsertGuest(trx, { firstName: spec.channel, lastName: 'calendar', email: placeholderEmail(spec.channel) });
  let bookingId: string;
  try {
    bookingId = await insertWithReference(trx, (reference) => [
      {
        reference,
        unit_id: spec.unitId,
        accommodation_type_id: typeId,
        guest_id: guest.id,
        guest_name: blockGuestName(spec),
        guest_email: null,
        check_in_date: spec.checkIn,
        check_out_date: spec.checkOut,
        number_of_guests: 1,
        status: 'Confirmed',
        total_cents: 0,
        discount_cents: 0,
        payment_status: 'Paid',
        payment_method: 'EFT',
        payment_verified: true,
        paystack_reference: null,
        promo_code_id: null,
        special_requests: null,
        hold_expires_at: null,
        parent_booking_id: null,
        is_entire_lodge_child: false,
        source: 'staff',
        created_by_user_id: null,
        channel: spec.channel,
      },
    ]);
  } catch (err) {
    if (pgCode(err) === PG.EXCLUSION_VIOLATION) return clashOf(trx, spec, null);
    throw err;
  }
  await recordAudit(trx, {
    actor: null,
    action: 'booking.channel_block',
    entityType: 'booking',
    entityId: bookingId,
    after: { unitId: spec.unitId, checkInDate: spec.checkIn, checkOutDate: spec.checkOut, channel: spec.channel },
    note: `Blocked by the ${spec.channel} calendar`,
  });
  return { kind: 'placed', bookingId };
}

/**
 * The blocks among these bookings that still hold their unit. A block staff cancelled (or
 * checked out) by hand is placed again while the channel's calendar still has it: the
 * channel sold those nights, and only the feed says when they are free.
 */
export function liveChannelBlocks(trx: Tx, bookingIds: readonly string[]): Promise<Set<string>> {
  return repo.liveBookingIds(trx, bookingIds);
}

/** Moves a block to the event's new dates; a clash leaves it where it was. */
export async function moveChannelBlock(
  trx: Tx,
  bookingId: string,
  spec: ChannelBlockSpec,
  was: { checkIn: string; checkOut: string },
): Promise<BlockOutcome> {
  try {
    await inSavepoint(trx, (sp) => repo.moveChannelBlockDates(sp, bookingId, spec.checkIn, spec.checkOut));
  } catch (err) {
    if (pgCode(err) === PG.EXCLUSION_VIOLATION) return clashOf(trx, spec, bookingId);
    throw err;
  }
  await recordAudit(trx, {
    actor: null,
    action: 'booking.channel_block_moved',
    entityType: 'booking',
    entityId: bookingId,
    before: { checkInDate: was.checkIn, checkOutDate: was.checkOut },
    after: { checkInDate: spec.checkIn, checkOutDate: spec.checkOut },
    note: `Moved by the ${spec.channel} calendar`,
  });
  await channelBlockFreedNights(trx, { start: was.checkIn, end: was.checkOut });
  return { kind: 'placed', bookingId };
}

/** Cancels a block whose event left the feed (or whose feed was removed). */
export async function cancelChannelBlockBooking(
  trx: Tx,
  now: Date,
  bookingId: string,
  block: { channel: FeedChannel; checkIn: string; checkOut: string },
  reason: string,
): Promise<void> {
  if (!(await repo.cancelChannelBlock(trx, bookingId, now, reason))) return;
  await recordAudit(trx, {
    actor: null,
    action: 'booking.channel_block_cancelled',
    entityType: 'booking',
    entityId: bookingId,
    before: { status: 'Confirmed' },
    after: { status: 'Cancelled' },
    note: reason,
  });
  await channelBlockFreedNights(trx, { start: block.checkIn, end: block.checkOut });
}

/**
 * Nights a channel's block gave back (cancelled, or moved off them), in the transaction that
 * freed them: the waitlist's job tells the guests waiting for them once this commits.
 */
function channelBlockFreedNights(trx: Tx, nights: { start: string; end: string }): Promise<void> {
  return noteFreedNights(trx, nights, 'channel-block-removed');
}

async function clashOf(trx: Tx, spec: ChannelBlockSpec, exceptId: string | null): Promise<BlockOutcome> {
  const stay = await repo.liveStayInTheWay(trx, spec.unitId, spec.checkIn, spec.checkOut, exceptId);
  if (stay) return { kind: 'clash', clashBookingId: stay.id, clashWith: `Booking ${stay.reference} (${stay.guest_name})` };
  // Not a stay: the unit is out of order on some of those nights (the trigger's 23P01).
  return { kind: 'clash', clashBookingId: null, clashWith: 'The unit is out of order' };
}
