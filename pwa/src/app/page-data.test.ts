import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.js';
import { seedQueriesFromPage } from './page-data.js';
import { PUBLIC_SETTINGS_KEY } from '@/features/settings/api/use-public-settings.js';
import { accommodations, publicSettings, publicUnits } from '@/test/fixtures.js';
import { ACCOMMODATIONS_KEY } from '@/features/accommodations/api/use-accommodations.js';
import { UNITS_KEY } from '@/features/accommodations/api/use-units.js';
import { PUBLIC_EVENTS_KEY } from '@/features/whats-on/api/use-public-events.js';

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

  it("puts the page's units and events in the cache, and leaves out a field that breaks its contract", () => {
    const events = [
      { id: 'e1', name: 'Stargazing', description: null, eventDate: '2026-03-14T18:00:00.000Z', images: [], tickets: [{ name: 'Adult', price: 450 }], stay: { checkIn: '2026-03-14', checkOut: '2026-03-15' } },
    ];
    const client = createQueryClient();
    seedQueriesFromPage(client, pageWith(JSON.stringify({ publicSettings, units: publicUnits, events })));
    expect(client.getQueryData(UNITS_KEY)).toEqual(publicUnits);
    expect(client.getQueryData(PUBLIC_EVENTS_KEY)).toEqual(events);

    const broken = createQueryClient();
    seedQueriesFromPage(broken, pageWith(JSON.stringify({ publicSettings, units: [{ ...publicUnits[0], isActive: 'yes' }], events: [{ ...events[0], stay: { checkIn: '2026-02-30', checkOut: '2026-03-01' } }] })));
    expect(broken.getQueryData(UNITS_KEY)).toBeUndefined();
    expect(broken.getQueryData(PUBLIC_EVENTS_KEY)).toBeUndefined();
    expect(broken.getQueryData(PUBLIC_SETTINGS_KEY)).toEqual(publicSettings);
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

describe("a guest's booking written into the page", () => {
  it('is kept unchecked for the booking page, for its own address only and only once', async () => {
    const { takeServedField } = await import('@/lib/served-page-data.js');
    const guestBooking = { reference: 'LDG-2026-00123' };
    seedQueriesFromPage(createQueryClient(), pageWith(JSON.stringify({ publicSettings, guestBooking })), '/my-booking/tok_1/');
    expect(takeServedField('guestBooking', '/my-booking/tok_2')).toBeUndefined();
    expect(takeServedField('guestBooking', '/my-booking/tok_1')).toEqual(guestBooking);
    expect(takeServedField('guestBooking', '/my-booking/tok_1')).toBeUndefined();
  });
});
