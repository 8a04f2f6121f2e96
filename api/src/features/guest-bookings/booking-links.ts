import type { Deps } from '../../deps.js';
import type { BookingLinkRequest } from '../../../../shared/contracts/guest-bookings.js';
import { guestBookingLink } from '../email/email.templates.js';
import { bookingForEmail, enqueueGuestEmail } from '../bookings/booking-emails.js';
import { findGuestBookingByReference } from '../bookings/queries.js';
import { getSettings, lodgeDetailsOf } from '../settings/settings.service.js';
import { issueGuestLink } from './guest-links.js';

/**
 * POST /api/guest/booking-links: a guest who lost their e-mail asks for a fresh link. The
 * caller answers the same 202 whether or not anything matched (no way to learn which
 * bookings exist); when the reference and e-mail address match, the link goes to that
 * address only, so knowing a reference is not enough to open a booking.
 */
export async function requestBookingLink(deps: Pick<Deps, 'db' | 'clock' | 'config'>, input: BookingLinkRequest): Promise<void> {
  const booking = await findGuestBookingByReference(deps.db, input.reference.toUpperCase(), input.email);
  if (!booking) return;
  await deps.db.transaction(async (trx) => {
    const settings = await getSettings(trx);
    const manageUrl = await issueGuestLink(trx, deps.config, booking);
    await enqueueGuestEmail(trx, booking, {
      ...guestBookingLink({ lodge: lodgeDetailsOf(settings), booking: { ...bookingForEmail(booking), manageUrl } }),
      // Each request is its own message (a fresh link); the rate limits keep them few.
      dedupeKey: null,
    });
  });
}
