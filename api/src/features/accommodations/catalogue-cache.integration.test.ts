import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createTestContext, TestClient, type TestContext } from '../../../test/harness.js';
import type { AccommodationType } from '../../../../shared/contracts/accommodations.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

// What a browser's HTTP cache sends when it revalidates (fetch with If-None-Match would
// otherwise add Cache-Control: no-cache, which asks for a full answer).
const revalidate = (etag: string | null) => ({ headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } });
const names = (body: AccommodationType[]) => body.map((x) => x.name);
const activeTypeNames = async () =>
  (await t.db('accommodation_types').where('is_active', true).orderBy([{ column: 'sort_order' }, { column: 'name' }]).select('name')).map((r) => r.name);

describe('the public catalogue is cached and revalidated', () => {
  it('answers with a strong ETag, and 304 with no body when the client already has it', async () => {
    const first = await t.client().get('/api/accommodations');
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(await activeTypeNames());
    expect(first.headers.get('ETag')).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get('Cache-Control')).toBe('no-cache');
    expect(first.headers.get('Content-Type')).toBe('application/json; charset=utf-8');

    const again = await t.client().get('/api/accommodations', revalidate(first.headers.get('ETag')));
    expect([again.status, again.text, again.headers.get('ETag')]).toEqual([304, '', first.headers.get('ETag')]);
  });

  it('sends it in brotli to a browser (which lists it last), gzip to a client that takes only gzip, plain to one that takes neither: the same JSON', async () => {
    const get = (acceptEncoding: string) => fetch(`${t.url}/api/accommodations`, { headers: { 'Accept-Encoding': acceptEncoding } });
    const browser = await get('gzip, deflate, br, zstd');
    const zipped = await get('gzip');
    const plain = await get('identity');
    expect([browser, zipped, plain].map((r) => r.headers.get('Content-Encoding'))).toEqual(['br', 'gzip', null]);
    // A shared cache must not hand one client's encoding to another.
    expect([browser, zipped, plain].map((r) => r.headers.get('Vary'))).toEqual(['Accept-Encoding', 'Accept-Encoding', 'Accept-Encoding']);
    const json = await plain.text();
    expect(await browser.text()).toBe(json);
    expect(await zipped.text()).toBe(json);
    expect(Number(browser.headers.get('Content-Length'))).toBeLessThan(Number(zipped.headers.get('Content-Length')));
  });

  it('shows an admin change at once, with a new ETag', async () => {
    const manager = await t.loginAs('manager');
    const before = await t.client().get('/api/accommodations');
    const type = (before.body as AccommodationType[]).find((x) => !x.systemKey)!;
    const res = await manager.put(`/api/admin/accommodations/${type.id}`, {
      name: `${type.name} (renamed)`,
      description: type.description,
      capacity: type.capacity,
      baseWeekdayRate: type.baseWeekdayRate,
      baseWeekendRate: type.baseWeekendRate,
      amenities: type.amenities,
      images: type.images,
      isPackage: type.isPackage,
      includedAccommodationTypes: type.includedAccommodationTypes,
      isActive: true,
      version: type.version,
    });
    expect(res.status).toBe(200);
    const after = await t.client().get('/api/accommodations', revalidate(before.headers.get('ETag')));
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    expect((after.body as AccommodationType[]).find((x) => x.id === type.id)?.name).toBe(`${type.name} (renamed)`);
  });

  it('sees a change made through another instance (straight in the database) on the next request', async () => {
    // A second app on the same database, as a second API process would be; the change is made
    // straight in the database, past this process's copy, which its version check must catch.
    const other = createApp(t.deps);
    const server = other.listen(0);
    try {
      const port = (server.address() as { port: number }).port;
      const otherClient = new TestClient(`http://127.0.0.1:${port}`);
      const warm = await otherClient.get('/api/accommodations');
      const type = (warm.body as AccommodationType[]).find((x) => !x.systemKey)!;
      await t.db('accommodation_types').where({ id: type.id }).update({ name: 'Marula Suite' });
      const seen = await otherClient.get('/api/accommodations');
      expect((seen.body as AccommodationType[]).find((x) => x.id === type.id)?.name).toBe('Marula Suite');
      const unitsBefore = await otherClient.get('/api/units');
      const unit = unitsBefore.body[0] as { id: string };
      await t.db('units').where({ id: unit.id }).update({ is_active: false });
      const unitsAfter = await otherClient.get('/api/units');
      expect(unitsAfter.body.map((u: { id: string }) => u.id)).toEqual(unitsBefore.body.slice(1).map((u: { id: string }) => u.id));
      await t.db('units').where({ id: unit.id }).update({ is_active: true });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('health endpoints', () => {
  it('GET /api/health and /api/health/db answer ok, never cached', async () => {
    for (const path of ['/api/health', '/api/health/db']) {
      const res = await t.client().get(path);
      expect([path, res.status, res.body, res.headers.get('Cache-Control')]).toEqual([path, 200, { ok: true }, 'no-store']);
    }
  });
});
