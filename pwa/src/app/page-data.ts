import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@shared/contracts/page-data.js';
import { AccommodationListLight, PublicEventListLight, PublicSettingsLight, PublicUnitListLight, type LightContract } from '@/lib/light-contracts.js';
import { ACCOMMODATIONS_KEY } from '@/features/accommodations/api/use-accommodations.js';
import { UNITS_KEY } from '@/features/accommodations/api/use-units.js';
import { PUBLIC_SETTINGS_KEY } from '@/features/settings/api/use-public-settings.js';
import { PUBLIC_EVENTS_KEY } from '@/features/whats-on/api/use-public-events.js';
import { keepServedFields } from '@/lib/served-page-data.js';

/** Each field of the page data: the query it answers and its contract (the API's own check). */
const SEEDS: [keyof PageData, readonly unknown[], LightContract<unknown>][] = [
  ['publicSettings', PUBLIC_SETTINGS_KEY, PublicSettingsLight],
  ['accommodations', ACCOMMODATIONS_KEY, AccommodationListLight],
  ['units', UNITS_KEY, PublicUnitListLight],
  ['events', PUBLIC_EVENTS_KEY, PublicEventListLight],
];

/** Fields checked by their page's own code when it asks for them (lib/served-page-data.ts). */
const KEPT_FOR_THEIR_PAGE = ['guestBooking'] as const satisfies readonly (keyof PageData)[];

/**
 * Puts the data the server wrote into this page (shared/contracts/page-data.ts) in the query
 * cache before the first render, so the page is drawn with it at once rather than a second
 * time when its own request comes back. What is missing or does not parse is left to the
 * page's query, which asks the API as it would anyway (the service worker's copy of the page
 * carries no data: it is the same for every page, and may be old). A guest's booking is kept for
 * the booking page's query, which checks it with its own contract.
 */
export function seedQueriesFromPage(queryClient: QueryClient, doc: Document = document, path = window.location.pathname): void {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return;
  }
  if (typeof data !== 'object' || data === null) return;
  for (const [field, queryKey, contract] of SEEDS) {
    if (data[field] === undefined) continue;
    const checked = contract.safeParse(data[field]);
    if (checked.success) queryClient.setQueryData(queryKey, checked.data);
  }
  const kept = Object.fromEntries(KEPT_FOR_THEIR_PAGE.filter((field) => data[field] !== undefined).map((field) => [field, data[field]]));
  if (Object.keys(kept).length) keepServedFields(path, kept);
}
