import type { Deps } from '../../deps.js';
import type { AccommodationType, PublicUnit } from '../../../../shared/contracts/accommodations.js';
import { coalescedProbe } from '../../db/coalesced-reads.js';
import { versionedRead } from '../../db/versioned-read.js';
import * as repo from './accommodations.repo.js';

export interface PublicCatalogue {
  /** The active types, as GET /api/accommodations answers them. */
  types: () => Promise<{ version: string; value: AccommodationType[] }>;
  /** The active units, as GET /api/units answers them (no housekeeping). */
  units: () => Promise<{ version: string; value: PublicUnit[] }>;
  /** Both, against one version read (the catalogue's pages are written with both). */
  lists: () => Promise<{ version: string; value: { types: AccommodationType[]; units: PublicUnit[] } }>;
}

const catalogues = new WeakMap<object, PublicCatalogue>();

/**
 * The public catalogue, read on every visit (the API's answers and the data written into the
 * catalogue's pages) and changed only when the lodge edits it: kept in memory per process,
 * checked against the database's catalogue_version on each call, so an edit on any instance
 * is seen by the next visitor. One per database handle, so the routes and the page data share
 * one copy and one load per version, and test apps in one process never share one.
 */
export function publicCatalogue(deps: Pick<Deps, 'db'>): PublicCatalogue {
  let catalogue = catalogues.get(deps.db);
  if (!catalogue) {
    const version = coalescedProbe(() => repo.readCatalogueVersion(deps.db));
    // Both lists against one version: a page that needs both probes once, and an edit that
    // changes the version reloads both, so they never come from two different versions.
    const lists = versionedRead(version, async () => {
      const [types, units] = await Promise.all([repo.listTypes(deps.db, { activeOnly: true }), repo.listPublicUnits(deps.db)]);
      return { types, units };
    });
    catalogue = {
      lists,
      types: async () => {
        const read = await lists();
        return { version: read.version, value: read.value.types };
      },
      units: async () => {
        const read = await lists();
        return { version: read.version, value: read.value.units };
      },
    };
    catalogues.set(deps.db, catalogue);
  }
  return catalogue;
}
