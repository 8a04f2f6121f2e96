import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { serveBuiltApp, writeBuiltPwa, type Listening } from '../../test/built-app.js';
import { precompressDir } from '../../../scripts/precompress.js';

/** The built PWA as the server sends it: precompressed copies of the build's text files. */
let t: TestContext;
let served: Listening;
let base: string;
let pwaDir: string;
const INDEX = '<!doctype html><html><head><title>Lodge</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>';
// A chunk as a build writes it: long enough to be worth compressing, repetitive as code is.
const CHUNK = Array.from({ length: 400 }, (_, i) => `export function unit${i}(b){return b.nights*${i}+"R"+b.total.toFixed(2)}`).join(';\n');
const CHROME = 'gzip, deflate, br, zstd';
const SERVICE_WORKER = "self.addEventListener('fetch', () => {});";

beforeAll(async () => {
  t = await createTestContext();
  pwaDir = writeBuiltPwa({ 'index.html': INDEX, 'assets/index-abc.js': CHUNK, 'assets/tiny-abc.js': 'export const a=1;', 'sw.js': SERVICE_WORKER });
  expect(await precompressDir(pwaDir)).toEqual({ files: 2 });
  served = await serveBuiltApp(t, pwaDir);
  base = served.base;
});
afterAll(async () => {
  await served?.close();
  await t?.close();
});

/** The raw answer (node's http client decodes nothing). */
function get(p: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + p, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the built app over the wire', () => {
  it("sends a browser the chunk's brotli copy, written at build time, with the chunk's type, length and caching", async () => {
    const res = await get('/assets/index-abc.js', { 'Accept-Encoding': CHROME });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The file on disk, byte for byte: nothing compressed it again on the way.
    const onDisk = fs.readFileSync(path.join(pwaDir, 'assets', 'index-abc.js.br'));
    expect(res.body.equals(onDisk)).toBe(true);
    expect(res.headers['content-length']).toBe(String(onDisk.length));
    expect(brotliDecompressSync(res.body).toString()).toBe(CHUNK);
  });

  it('sends the gzip copy to a client that takes only gzip, and the file itself to one that takes nothing', async () => {
    const zipped = await get('/assets/index-abc.js', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(CHUNK);
    const plain = await get('/assets/index-abc.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CHUNK);
  });

  it('has no copy of a file under a kilobyte, and sends it as it is', async () => {
    const res = await get('/assets/tiny-abc.js', { 'Accept-Encoding': CHROME });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('export const a=1;');
  });

  it('compresses a page with its page data on the way out (it differs per lodge, so it is not built)', async () => {
    const res = await get('/accommodations', { 'Accept-Encoding': CHROME, Accept: 'text/html' });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.body).toString();
    // The first card's picture named first, then the page data, both in the head.
    expect(html.startsWith('<!doctype html><html><head><title>Lodge</title><link rel="preload" as="image" href="/api/accommodation-image?url=')).toBe(true);
    expect(html.indexOf('<script id="page-data" type="application/json">')).toBeGreaterThan(html.indexOf('fetchpriority="high">'));
    expect(html.indexOf('<script id="page-data" type="application/json">')).toBeLessThan(html.indexOf('</head>'));
  });

  it("sends a built chunk with the headers a script acts on, and the page, the service worker and a missing chunk's 404 with the whole set", async () => {
    const chunk = await get('/assets/index-abc.js', { 'Accept-Encoding': CHROME });
    expect(chunk.status).toBe(200);
    const documentOnly = [
      'content-security-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    expect(documentOnly.filter((name) => chunk.headers[name] !== undefined)).toEqual([]);
    expect([chunk.headers['x-content-type-options'], chunk.headers['cross-origin-resource-policy'], chunk.headers['referrer-policy']]).toEqual([
      'nosniff',
      'same-origin',
      'strict-origin-when-cross-origin',
    ]);

    const page = await get('/', { Accept: 'text/html' });
    const worker = await get('/sw.js', {});
    const missing = await get('/assets/gone-abc.js', {});
    expect([page.status, worker.status, missing.status]).toEqual([200, 200, 404]);
    for (const res of [page, worker, missing]) {
      expect(documentOnly.filter((name) => res.headers[name] === undefined)).toEqual([]);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect(worker.body.toString()).toBe(SERVICE_WORKER);
  });
});
