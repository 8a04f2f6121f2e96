import type { Deps } from '../../deps.js';
import type { PageData } from '../../../../shared/contracts/page-data.js';
import { cachedSettings } from '../settings/settings.service.js';
import { toPublicSettings } from '../settings/settings.routes.js';
import { publicCatalogue } from '../accommodations/public-catalogue.js';
import { listPublicEvents } from '../events/events.service.js';
import { getGuestBooking } from '../guest-bookings/guest-booking.service.js';
import { NotFoundError } from '../../errors.js';
import type { GuestBookingResponse } from '../../../../shared/contracts/guest-bookings.js';
import { typesShown } from '../../../../shared/domain/public-catalogue.js';
import { cardPicture, type ResponsivePicture } from '../../../../shared/image-urls.js';

/** The page whose largest paint on a phone is a picture the page data names: its first card's. */
const ACCOMMODATIONS_PAGE = '/accommodations';
/** The pages that open on the catalogue: the list of types and which of them have units. */
const CATALOGUE_PAGES = new Set(['/accommodations', '/booking']);
/** The pages of a guest's link: /my-booking/<token> and the check-in page beneath it. */
const GUEST_LINK_PAGES = '/my-booking/';
/** A guest's own booking page: /my-booking/<token> (not its check-in page beneath it). */
const GUEST_BOOKING_PAGE = new RegExp(`^${GUEST_LINK_PAGES}([^/]+)$`);

/**
 * Whether a page is kept by no cache (`no-store`): the pages of a guest's link, whose address
 * is the guest's secret and whose HTML may carry their booking, as the API's answer does.
 */
export function isPrivatePage(pagePath: string): boolean {
  return pagePath.startsWith(GUEST_LINK_PAGES);
}

/** What the page data needs of the HTTP side: counting a wrong token against its sender. */
export interface PageDataRequest {
  /** Takes one of the sender's wrong-token tries (throws when none is left). */
  guestTokenMiss: () => Promise<void>;
}

/**
 * The data written into a page the server sends (http/static-files.ts), read as the API reads
 * its answers, from the same in-memory copies (the settings, the public catalogue):
 * - on every page, the lodge's public settings (GET /api/public/settings): every first render
 *   needs them (the lodge's name in the bar and the title; on the landing page the hero and
 *   its picture);
 * - on /accommodations and /booking, the accommodation types (GET /api/accommodations) and the
 *   active units (GET /api/units): the pages open on them (a type without a unit is "Coming
 *   soon"), and the first page's largest paint is the first card's picture;
 * - on /whats-on, the upcoming events (GET /api/public/events);
 * - on a guest's booking page, their booking (GET /api/guest/bookings/:token), which the page
 *   opens on; a wrong token takes a try from its sender as the API does, and the page is then
 *   sent without it (the page asks the API, which answers the error the guest sees).
 * A phone on a slow line would otherwise ask for them only after the app's code had
 * downloaded and run, and draw the page a second time when they arrived, in one long task.
 */
export async function pageDataFor(deps: Deps, pagePath: string, request: PageDataRequest): Promise<PageData> {
  const path = pagePathOf(pagePath);
  const catalogue = CATALOGUE_PAGES.has(path);
  const guestToken = GUEST_BOOKING_PAGE.exec(path)?.[1];
  const [settings, lists, events, guestBooking] = await Promise.all([
    cachedSettings(deps),
    catalogue ? publicCatalogue(deps).lists().then((read) => read.value) : undefined,
    path === '/whats-on' ? listPublicEvents(deps) : undefined,
    guestToken === undefined ? undefined : guestBookingOf(deps, guestToken, request),
  ]);
  const data: PageData = { publicSettings: toPublicSettings(settings, deps) };
  if (lists) {
    data.accommodations = lists.types;
    data.units = lists.units;
  }
  if (events) data.events = events;
  if (guestBooking) data.guestBooking = guestBooking;
  return data;
}

/** A page's path without the trailing slashes the router ignores. */
function pagePathOf(pagePath: string): string {
  return pagePath.replace(/\/+$/, '') || '/';
}

/**
 * The picture of the first accommodation card, on /accommodations: on a phone it is the page's
 * largest paint, and without this the browser learns of it only once the app's code has
 * downloaded, run and drawn the card (Lighthouse's "resource load delay"). The same card as the
 * page draws first (`typesShown`, from the same data) and the same attributes as its `<img>`
 * (`cardPicture`), or the browser would fetch the picture twice. The landing page's hero is
 * not named: which of its two pictures a phone shows depends on its screen's shape.
 */
export function pagePictureOf(pagePath: string, data: PageData): ResponsivePicture | undefined {
  if (pagePathOf(pagePath) !== ACCOMMODATIONS_PAGE || !data.accommodations) return undefined;
  const first = typesShown(data.accommodations, data.units, data.publicSettings?.unbookableTypeDisplay)[0]?.images[0];
  return first === undefined ? undefined : cardPicture(first);
}

async function guestBookingOf(deps: Deps, pathToken: string, request: PageDataRequest): Promise<GuestBookingResponse | undefined> {
  let token: string;
  try {
    token = decodeURIComponent(pathToken);
  } catch {
    return undefined; // not a token at all: the page's own request answers it
  }
  try {
    return await getGuestBooking(deps, token);
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    // Counted here too, or the page would tell a guesser which tokens exist without costing a
    // try. Out of tries: the page is still sent, and its request is refused with the 429.
    await request.guestTokenMiss().catch(() => undefined);
    return undefined;
  }
}
