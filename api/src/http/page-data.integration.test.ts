import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { listen, serveBuiltApp, writeBuiltPwa, type Listening } from '../../test/built-app.js';
import { PAGE_DATA_ELEMENT_ID } from '../../../shared/contracts/page-data.js';

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
  it.each(['/', '/accommodations', '/accommodations/', '/booking', '/whats-on', '/my-booking/abc', '/admin/front-desk'])('%s carries the public settings, the same as GET /api/public/settings', async (page) => {
    const res = await fetch(base + page, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
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
    // In the head, and the rest of the page as built.
    expect(html.indexOf(`id="${PAGE_DATA_ELEMENT_ID}"`)).toBeLessThan(html.indexOf('</head>'));
    expect(html.replace(/<script id="page-data"[^>]*>.*?<\/script>/s, '')).toBe(INDEX);
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
