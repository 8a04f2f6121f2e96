import type { PublicSettings } from './settings.js';
import type { AccommodationType, PublicUnit } from './accommodations.js';
import type { PublicEvent } from './events.js';
import type { GuestBookingResponse } from './guest-bookings.js';

/**
 * What the server writes into the HTML of a page it serves (a `<script type="application/json">`
 * with this id, read by the PWA before its first render): data every page's first render needs,
 * which would otherwise come in a second round trip once the app's code has loaded and run.
 * Each field is optional: a page served without it (by the service worker's copy of the app
 * shell, or when the server could not read it) asks the API as before.
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface PageData {
  /** GET /api/public/settings's answer. */
  publicSettings?: PublicSettings;
  /** GET /api/accommodations's answer, on /accommodations and /booking. */
  accommodations?: AccommodationType[];
  /** GET /api/units's answer, on /accommodations and /booking. */
  units?: PublicUnit[];
  /** GET /api/public/events's answer, on /whats-on. */
  events?: PublicEvent[];
  /**
   * GET /api/guest/bookings/:token's answer, on /my-booking/:token (the page's own token; never
   * on a page whose token is unknown or expired). The page is then sent with no-store, as the
   * API's answer is.
   */
  guestBooking?: GuestBookingResponse;
}
