import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, compressSmallBodies } from './compress-small.js';

// The app's order: koa-compress outside, the small-body compressor inside it.
const small = { items: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Chalet ${i}`, free: i % 3 })) };
const smallJson = JSON.stringify(small);
const big = 'x'.repeat(200 * 1024);
// Sizes are bytes, not characters: 700 characters of 'é' are 1,400 bytes, and 40,000 are
// 80,000 bytes, over the one-call limit though under 64 K characters.
const accentedSmall = 'é'.repeat(700);
const accentedBig = 'é'.repeat(40_000);

let server: http.Server;
let base: string;
beforeAll(async () => {
  const app = new Koa();
  app.use(compress({ threshold: COMPRESS_THRESHOLD }));
  app.use(compressSmallBodies);
  const answers: Record<string, { type: string; body: string | Buffer | object; cacheControl?: string }> = {
    '/small': { type: 'application/json', body: smallJson },
    '/tiny': { type: 'application/json', body: { ok: true } },
    '/big': { type: 'text/plain', body: big },
    '/no-transform': { type: 'application/json', body: smallJson, cacheControl: 'no-transform' },
    '/png': { type: 'image/png', body: Buffer.alloc(4096, 7) },
    '/accented-small': { type: 'text/plain', body: accentedSmall },
    '/accented-big': { type: 'text/plain', body: accentedBig },
  };
  app.use(async (ctx) => {
    const answer = answers[ctx.path];
    if (!answer) return;
    ctx.body = answer.body;
    ctx.type = answer.type;
    if (answer.cacheControl) ctx.set('Cache-Control', answer.cacheControl);
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The raw answer: node's http client, which decodes nothing. */
function get(path: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('small answers compressed in one call', () => {
  it('sends brotli to a browser, with its length and its type, and the JSON decodes to the same value', async () => {
    const res = await get('/small', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.length).toBeLessThan(smallJson.length / 2);
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual(small);
  });

  it('sends gzip to a client that accepts only gzip, and plain JSON to one that asks for nothing', async () => {
    const zipped = await get('/small', 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(small);
    const plain = await get('/small');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(smallJson);
    const identity = await get('/small', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('leaves answers under a kilobyte, images and no-transform answers as they are', async () => {
    for (const path of ['/tiny', '/png', '/no-transform']) {
      const res = await get(path, 'gzip, deflate, br');
      expect([path, res.headers['content-encoding']]).toEqual([path, undefined]);
    }
    expect((await get('/tiny', 'br')).body.toString()).toBe('{"ok":true}');
  });

  it('leaves big answers to the stream compressor, which still compresses them', async () => {
    const res = await get('/big', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(brotliDecompressSync(res.body).toString()).toBe(big);
  });

  it('measures a text body in bytes: multi-byte characters count for what they send', async () => {
    const small = await get('/accented-small', 'br');
    expect([small.headers['content-encoding'], small.headers['content-length']]).toEqual(['br', String(small.body.length)]);
    expect(brotliDecompressSync(small.body).toString()).toBe(accentedSmall);
    const big = await get('/accented-big', 'br');
    expect([big.headers['content-encoding'], big.headers['transfer-encoding']]).toEqual(['br', 'chunked']);
    expect(brotliDecompressSync(big.body).toString()).toBe(accentedBig);
  });
});
