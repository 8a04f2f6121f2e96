import type { Deps } from '../../deps.js';
import type { PageData } from '../../../../shared/contracts/page-data.js';
import { cachedSettings } from '../settings/settings.service.js';
import { toPublicSettings } from '../settings/settings.routes.js';
import { publicCatalogue } from '../accommodations/public-catalogue.js';
import { listPublicEvents } from '../events/events.service.js';

/** The pages that open on the catalogue: the list of types and which of them have units. */
const CATALOGUE_PAGES = new Set(['/accommodations', '/booking']);

/**
 * The data written into a page the server sends (http/static-files.ts), read as the API reads
 * its answers, from the same in-memory copies (the settings, the public catalogue):
 * - on every page, the lodge's public settings (GET /api/public/settings): every first render
 *   needs them (the lodge's name in the bar and the title; on the landing page the hero and
 *   its picture);
 * - on /accommodations and /booking, the accommodation types (GET /api/accommodations) and the
 *   active units (GET /api/units): the pages open on them (a type without a unit is "Coming
 *   soon"), and the first page's largest paint is the first card's picture;
 * - on /whats-on, the upcoming events (GET /api/public/events).
 * A phone on a slow line would otherwise ask for them only after the app's code had
 * downloaded and run, and draw the page a second time when they arrived, in one long task.
 */
export async function pageDataFor(deps: Deps, pagePath: string): Promise<PageData> {
  const path = pagePath.replace(/\/+$/, '') || '/';
  const catalogue = CATALOGUE_PAGES.has(path);
  const [settings, lists, events] = await Promise.all([
    cachedSettings(deps),
    catalogue ? publicCatalogue(deps).lists().then((read) => read.value) : undefined,
    path === '/whats-on' ? listPublicEvents(deps) : undefined,
  ]);
  const data: PageData = { publicSettings: toPublicSettings(settings, deps) };
  if (lists) {
    data.accommodations = lists.types;
    data.units = lists.units;
  }
  if (events) data.events = events;
  return data;
}
