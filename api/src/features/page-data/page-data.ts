import type { Deps } from '../../deps.js';
import type { PageData } from '../../../../shared/contracts/page-data.js';
import { cachedSettings } from '../settings/settings.service.js';
import { toPublicSettings } from '../settings/settings.routes.js';
import { listAccommodationTypes } from '../accommodations/queries.js';

/**
 * The data written into a page the server sends (http/static-files.ts), read as the API reads
 * its answers:
 * - on every page, the lodge's public settings (GET /api/public/settings): every first render
 *   needs them (the lodge's name in the bar and the title; on the landing page the hero and
 *   its picture);
 * - on /accommodations, the list of accommodation types (GET /api/accommodations): the page
 *   opens on it, and its largest paint is the first card's picture.
 * A phone on a slow line would otherwise ask for them only after the app's code had
 * downloaded and run, and draw the page a second time when they arrived.
 */
export async function pageDataFor(deps: Deps, pagePath: string): Promise<PageData> {
  const path = pagePath.replace(/\/+$/, '') || '/';
  const [settings, types] = await Promise.all([
    cachedSettings(deps),
    path === '/accommodations' ? listAccommodationTypes(deps.db, { activeOnly: true }) : undefined,
  ]);
  const data: PageData = { publicSettings: toPublicSettings(settings, deps) };
  if (types) data.accommodations = types;
  return data;
}
