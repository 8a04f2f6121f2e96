import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { listen, serveBuiltApp, writeBuiltPwa, type Listening } from '../../test/built-app.js';
import { randomBytes } from 'node:crypto';
import { PAGE_DATA_ELEMENT_ID } from '../../../shared/contracts/page-data.js';
import { GUEST_BOOKING_MESSAGES } from '../../../shared/contracts/guest-bookings.js';
import { addDays, todayInLodge } from '../../../shared/domain/dates.js';
import { createTypeWithUnits, guestData } from '../features/bookings/test-fixtures.js';
import { issueGuestLink } from '../features/guest-bookings/guest-links.js';
import { GUEST_TOKEN_MISSES_PER_MINUTE } from '../features/guest-bookings/guest-bookings.routes.js';

/** The page data written into the HTML the server sends (http/static-files.ts, settings/page-data.ts). */
let t: TestContext;
let served: Listening;
let base: string;
const INDEX = '<!doctype html><html><head><title>Lodge</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

beforeAll(async () => {
  // A long settings cache: the change below must be seen because a save clears it.
  t = await createTestContext({ env: { SETTINGS_CACHE_MS: '3600000' } });
  served = await serveBuiltApp(t, writeBuiltPwa({ 'index.html': INDEX }));
  base = served.base;
});
afterAll(async () => {
  await served?.close();
  await t?.close();
});

/** The element's text, as the browser hands it to JSON.parse. */
function pageData(html: string): unknown {
  const match = new RegExp(`<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(html);
  if (!match) throw new Error('no page data in the page');
  return JSON.parse(match[1]);
}

describe('a page the server sends', () => {
  it.each(['/', '/accommodations', '/accommodations/', '/booking', '/whats-on', '/my-booking/abc', '/admin/front-desk'])('%s carries the public settings, the same as GET /api/public/settings, and its largest picture where it has one', async (page) => {
    const res = await fetch(base + page, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // A guest's page may carry their booking: no cache keeps it (an unknown token carries none).
    expect(res.headers.get('cache-control')).toBe(page.startsWith('/my-booking/') ? 'no-store' : 'no-cache');
    const html = await res.text();
    const settings = await (await fetch(`${base}/api/public/settings`)).json();
    const data = pageData(html) as Record<string, unknown>;
    expect(data.publicSettings).toEqual(settings);
    // The catalogue (types and units) on the pages that open on it, the events on What's on,
    // each the same as the API's answer; on no other page.
    const answer = async (path: string) => (await fetch(base + path)).json();
    if (page.startsWith('/accommodations') || page === '/booking') {
      expect(data.accommodations).toEqual(await answer('/api/accommodations'));
      expect(data.units).toEqual(await answer('/api/units'));
      expect((data.units as unknown[]).length).toBeGreaterThan(0);
      expect(Object.keys(data).sort()).toEqual(['accommodations', 'publicSettings', 'units']);
    } else if (page === '/whats-on') {
      expect(data.events).toEqual(await answer('/api/public/events'));
      expect(Object.keys(data).sort()).toEqual(['events', 'publicSettings']);
    } else {
      expect(Object.keys(data)).toEqual(['publicSettings']);
    }
    // /accommodations names its first card's picture (the types' first, none being hidden),
    // with the card's own src, srcset and sizes ('&' written as '&#38;'); no other page names one.
    const preloads = html.match(/<link rel="preload"[^>]*>/g) ?? [];
    if (page.startsWith('/accommodations')) {
      const first = `/api/accommodation-image?url=${encodeURIComponent((data.accommodations as { images: string[] }[])[0].images[0])}`;
      expect(preloads).toEqual([
        `<link rel="preload" as="image" href="${first}&#38;w=640" imagesrcset="${first}&#38;w=320 320w, ${first}&#38;w=480 480w, ` +
          `${first}&#38;w=640 640w, ${first}&#38;w=960 960w, ${first}&#38;w=1280 1280w" ` +
          `imagesizes="(min-width: 1200px) 380px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw" fetchpriority="high">`,
      ]);
    } else {
      expect(preloads).toEqual([]);
    }
    // In the head, and the rest of the page as built.
    expect(html.indexOf(`id="${PAGE_DATA_ELEMENT_ID}"`)).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('<link rel="preload"')).toBeLessThan(html.indexOf('</head>'));
    expect(html.replace(/<link rel="preload"[^>]*>/, '').replace(/<script id="page-data"[^>]*>.*?<\/script>/s, '')).toBe(INDEX);
  });

  it('keeps a lodge name that holds markup inside the element, and shows a change at once', async () => {
    const admin = await t.loginAs('superadmin');
    const name = 'Koppie </script><script>alert(1)</script> & <!-- Lodge';
    const current = (await admin.get('/api/admin/settings')).body;
    expect((await admin.put('/api/admin/settings', { ...current, lodgeName: name })).status).toBe(200);
    const html = await (await fetch(`${base}/`, { headers: { Accept: 'text/html' } })).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect((pageData(html) as { publicSettings: { lodgeName: string } }).publicSettings.lodgeName).toBe(name);
  });

  it("shares the API's copy of the catalogue: once read, the page and the API ask the database only its version, once each; a change is in both at once", async () => {
    const html = (path: string) => fetch(base + path, { headers: { Accept: 'text/html' } }).then((r) => r.text());
    await Promise.all([html('/accommodations'), fetch(`${base}/api/accommodations`), fetch(`${base}/api/units`)]);
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    t.db.on('query', record);
    try {
      await html('/booking');
      await fetch(`${base}/api/accommodations`);
      await fetch(`${base}/api/units`);
    } finally {
      t.db.removeListener('query', record);
    }
    // One version read for the page (both lists against it) and one for each answer.
    expect(statements.map((sql) => /from "catalogue_version"/.test(sql))).toEqual([true, true, true]);

    // Renamed straight in the database, as another API process would: the next page has it.
    const type = (pageData(await html('/booking')) as { accommodations: { id: string; name: string; systemKey: string | null }[] }).accommodations.find((x) => !x.systemKey)!;
    await t.db('accommodation_types').where({ id: type.id }).update({ name: 'Tamboti Suite' });
    try {
      const page = pageData(await html('/accommodations')) as { accommodations: { id: string; name: string }[] };
      expect(page.accommodations.find((x) => x.id === type.id)?.name).toBe('Tamboti Suite');
      expect(page.accommodations).toEqual(await (await fetch(`${base}/api/accommodations`)).json());
    } finally {
      await t.db('accommodation_types').where({ id: type.id }).update({ name: type.name });
    }
  });

  it('/index.html asked by name (the service worker\'s copy of the app shell) is the file as built', async () => {
    const res = await fetch(`${base}/index.html`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
  });
});

describe('page data that cannot be read', () => {
  it('leaves the page as built, which then asks the API itself', async () => {
    const Koa = (await import('koa')).default;
    const { staticFiles } = await import('./static-files.js');
    const app = new Koa();
    app.use(staticFiles(writeBuiltPwa({ 'index.html': INDEX }), { pageData: () => Promise.reject(new Error('the database is down')) }));
    const failing = await listen(app);
    try {
      const res = await fetch(`${failing.base}/whats-on`, { headers: { Accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    } finally {
      await failing.close();
    }
  });
});

describe("a guest's booking page", () => {
  /** A booking made on the public site, and the token of a link to its page. */
  async function bookingWithLink() {
    // A unit of its own, free whatever the demo data holds (it joins the catalogue after the tests above).
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const checkIn = addDays(todayInLodge(t.clock.now()), 40);
    const res = await t.client().post('/api/bookings', {
      unitId: unitIds[0],
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 2),
      paymentMethod: 'EFT',
      numberOfGuests: 2,
      guestData: guestData('page-data'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const url = await t.db.transaction((trx) => issueGuestLink(trx, t.deps.config, { id: res.body.id, checkOutDate: addDays(checkIn, 2) }));
    return { reference: res.body.reference as string, token: new URL(url).pathname.split('/').pop()! };
  }

  it('carries the booking, the same as GET /api/guest/bookings/:token, and is kept by no cache', async () => {
    const { reference, token } = await bookingWithLink();
    const res = await fetch(`${base}/my-booking/${token}`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = pageData(await res.text()) as { guestBooking: { reference: string } };
    expect(Object.keys(data).sort()).toEqual(['guestBooking', 'publicSettings']);
    expect(data.guestBooking.reference).toBe(reference);
    expect(data.guestBooking).toEqual(await (await fetch(`${base}/api/guest/bookings/${token}`)).json());
    // Its check-in page beneath it is the app's page as built, with the settings only.
    const checkIn = pageData(await (await fetch(`${base}/my-booking/${token}/check-in`, { headers: { Accept: 'text/html' } })).text());
    expect(Object.keys(checkIn as object)).toEqual(['publicSettings']);
  });

  it(`counts a wrong token against its sender as the API does: after ${GUEST_TOKEN_MISSES_PER_MINUTE} wrong pages, the API refuses the next with the 429`, async () => {
    // Far enough on that the address's allowance is full whatever the tests before took from it.
    const now = t.clock.now();
    t.clock.set(new Date(now.getTime() + 400 * 24 * 3600_000).toISOString());
    try {
      for (let i = 0; i < GUEST_TOKEN_MISSES_PER_MINUTE; i++) {
        const res = await fetch(`${base}/my-booking/${randomBytes(32).toString('base64url')}`, { headers: { Accept: 'text/html' } });
        expect(res.status).toBe(200);
        expect(Object.keys(pageData(await res.text()) as object)).toEqual(['publicSettings']);
      }
      const refused = await fetch(`${base}/api/guest/bookings/${randomBytes(32).toString('base64url')}`);
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toBe(GUEST_BOOKING_MESSAGES.tooManyTries);
      // The page itself is still sent (its request shows the guest the refusal).
      const page = await fetch(`${base}/my-booking/${randomBytes(32).toString('base64url')}`, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
    } finally {
      t.clock.set(now.toISOString());
    }
  });
});
