import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.js';
import { seedQueriesFromPage } from './page-data.js';
import { PUBLIC_SETTINGS_KEY } from '@/features/settings/api/use-public-settings.js';
import { accommodations, publicSettings } from '@/test/fixtures.js';
import { ACCOMMODATIONS_KEY } from '@/features/accommodations/api/use-accommodations.js';

function pageWith(elementText: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (elementText !== null) {
    const el = doc.createElement('script');
    el.id = 'page-data';
    el.type = 'application/json';
    el.textContent = elementText;
    doc.head.append(el);
  }
  return doc;
}

describe('seedQueriesFromPage', () => {
  it("puts the page's public settings in the cache, as the API's answer would", () => {
    const client = createQueryClient();
    seedQueriesFromPage(client, pageWith(JSON.stringify({ publicSettings })));
    expect(client.getQueryData(PUBLIC_SETTINGS_KEY)).toEqual(publicSettings);
  });

  it("puts the page's list of accommodation types in the cache, where the page carries it", () => {
    const client = createQueryClient();
    seedQueriesFromPage(client, pageWith(JSON.stringify({ publicSettings, accommodations })));
    expect(client.getQueryData(ACCOMMODATIONS_KEY)).toEqual(accommodations);
    const withoutList = createQueryClient();
    seedQueriesFromPage(withoutList, pageWith(JSON.stringify({ publicSettings })));
    expect(withoutList.getQueryData(ACCOMMODATIONS_KEY)).toBeUndefined();
  });

  it.each([
    ['no element (the service worker served the page)', null],
    ['text that is not JSON', '{"publicSettings": '],
    ['settings that break the contract', JSON.stringify({ publicSettings: { ...publicSettings, lodgeName: 7 } })],
  ])('leaves the cache empty for %s, so the page asks the API', (_case, text) => {
    const client = createQueryClient();
    seedQueriesFromPage(client, pageWith(text));
    expect(client.getQueryData(PUBLIC_SETTINGS_KEY)).toBeUndefined();
  });
});
