import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID } from '@shared/contracts/page-data.js';
import { AccommodationListLight, PublicSettingsLight } from '@/lib/light-contracts.js';
import { ACCOMMODATIONS_KEY } from '@/features/accommodations/api/use-accommodations.js';
import { PUBLIC_SETTINGS_KEY } from '@/features/settings/api/use-public-settings.js';

/**
 * Puts the data the server wrote into this page (shared/contracts/page-data.ts) in the query
 * cache before the first render, so the page is drawn with it at once rather than a second
 * time when its own request comes back. What is missing or does not parse is left to the
 * page's query, which asks the API as it would anyway (the service worker's copy of the page
 * carries no data: it is the same for every page, and may be old).
 */
export function seedQueriesFromPage(queryClient: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return;
  }
  const settings = PublicSettingsLight.safeParse(data?.publicSettings);
  if (settings.success) queryClient.setQueryData(PUBLIC_SETTINGS_KEY, settings.data);
  if (data?.accommodations !== undefined) {
    const types = AccommodationListLight.safeParse(data.accommodations);
    if (types.success) queryClient.setQueryData(ACCOMMODATIONS_KEY, types.data);
  }
}
