import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import dns from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { pruneImageCache } from './images.service.js';
import { createImageFetcher, isPublicAddress } from '../../adapters/image-fetch.js';

/**
 * The image proxy on a real app. Remote pictures come from two local servers: `allowed`
 * on 127.0.0.2, reachable as images.test (the test's DNS and address rule let exactly that
 * address through), and `forbidden` on 127.0.0.1, which counts requests and must never
 * receive one.
 */

let t: TestContext;
let dataDir: string;
let allowed: TestServer;
let forbidden: TestServer;

interface TestServer {
  server: http.Server;
  port: number;
  hits: string[];
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
}

async function startServer(host: string): Promise<TestServer> {
  const s: TestServer = { server: undefined as never, port: 0, hits: [], handler: (_q, r) => r.end() };
  s.server = http.createServer((req, res) => {
    s.hits.push(req.url ?? '');
    s.handler(req, res);
  });
  await new Promise<void>((resolve) => s.server.listen(0, host, resolve));
  s.port = (s.server.address() as AddressInfo).port;
  return s;
}

const ALLOW_LIST = 'images.test,evil.test,rebind.test,v6loop.test,mapped.test,cgnat.test,localhost,127.0.0.1,169.254.169.254,0.0.0.0';
const MAX_BYTES = 200_000;

let photo: Buffer; // 2000 x 1000 JPEG
let logo: Buffer; // 600 x 300 PNG with transparency

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-images-'));
  photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c87533' } }).jpeg().toBuffer();
  logo = await sharp({ create: { width: 600, height: 300, channels: 4, background: { r: 40, g: 60, b: 20, alpha: 0.5 } } })
    .png()
    .toBuffer();
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', 'photo.jpg'), photo);
  fs.writeFileSync(path.join(dataDir, 'uploads', 'logo.png'), logo);
  fs.writeFileSync(path.join(dataDir, 'uploads', 'notes.jpg'), 'this is not a picture');

  allowed = await startServer('127.0.0.2');
  forbidden = await startServer('127.0.0.1');

  t = await createTestContext({
    env: {
      DATA_DIR: dataDir,
      IMAGE_PROXY_ALLOWED_HOSTS: ALLOW_LIST,
      IMAGE_PROXY_MAX_BYTES: String(MAX_BYTES),
      IMAGE_PROXY_TIMEOUT_MS: '500',
    },
    configure(deps) {
      const names: Record<string, string[]> = {
        'images.test': ['127.0.0.2'],
        'evil.test': ['10.0.0.5'],
        // One public and one loopback answer: refused, whichever the system would pick.
        'rebind.test': ['93.184.216.34', '127.0.0.1'],
        'v6loop.test': ['::1'],
        'mapped.test': ['::ffff:127.0.0.1'],
        'cgnat.test': ['100.64.0.1'],
      };
      deps.imageFetcher = createImageFetcher({
        allowedHosts: deps.config.IMAGE_PROXY_ALLOWED_HOSTS,
        timeoutMs: deps.config.IMAGE_PROXY_TIMEOUT_MS,
        maxBytes: deps.config.IMAGE_PROXY_MAX_BYTES,
        lookup: async (host) =>
          names[host]?.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })) ?? dns.lookup(host, { all: true, verbatim: true }),
        // The real rule, plus the one test address that stands for a public host.
        isAddressAllowed: (ip) => ip === '127.0.0.2' || isPublicAddress(ip),
      });
    },
  });
});

afterAll(async () => {
  await t.close();
  allowed.server.close();
  forbidden.server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  allowed.hits.length = 0;
  forbidden.hits.length = 0;
  allowed.handler = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': photo.length });
    res.end(photo);
  };
  forbidden.handler = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'image/jpeg' });
    res.end(photo);
  };
});

const AVIF = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const WEBP = 'image/webp,image/*,*/*;q=0.8';

function getImage(query: Record<string, string>, headers: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString();
  return fetch(`${t.url}/api/accommodation-image?${qs}`, { headers, redirect: 'manual' });
}

async function imageOf(res: Response) {
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

async function demoImage(): Promise<string> {
  const types = (await t.client().get('/api/accommodations')).body as { images: string[] }[];
  return types[0].images[0];
}

describe('GET /api/accommodation-image: the lodge\'s own pictures', () => {
  it('serves a demo picture resized to the next fixed width, as AVIF when the browser takes it', async () => {
    const res = await getImage({ url: await demoImage(), w: '600' }, { Accept: AVIF });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const meta = await imageOf(res);
    expect(meta.format).toBe('heif');
    expect(meta.width).toBe(640);
  });

  it('answers WebP, JPEG or PNG by the Accept header', async () => {
    const webp = await getImage({ url: '/uploads/photo.jpg', w: '320' }, { Accept: WEBP });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect((await imageOf(webp)).width).toBe(320);

    const jpeg = await getImage({ url: '/uploads/photo.jpg', w: '320' }, { Accept: 'image/jpeg,image/png' });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(await imageOf(jpeg)).toMatchObject({ format: 'jpeg', width: 320, height: 160 });

    // No AVIF/WebP and a transparent picture: PNG keeps the transparency.
    const png = await getImage({ url: '/uploads/logo.png', w: '320' }, { Accept: '*/*' });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(await imageOf(png)).toMatchObject({ format: 'png', width: 320, hasAlpha: true });
  });

  it('weighs the Accept header\'s q-values: q=0 refuses a format, a higher q wins, and only a named format counts', async () => {
    const served = async (accept: string) =>
      (await getImage({ url: '/uploads/photo.jpg', w: '320' }, { Accept: accept })).headers.get('content-type');
    const cases: Record<string, string> = {
      'image/avif;q=0, image/webp': 'image/webp',
      'image/avif;q=0, image/webp;q=0, image/*': 'image/jpeg',
      'image/avif;q=0.4, image/webp;q=0.9, */*;q=0.1': 'image/webp',
      'image/webp;q=0.5, image/avif': 'image/avif',
      // Equal weight: the client's own order.
      'image/webp, image/avif': 'image/webp',
      'IMAGE/AVIF': 'image/avif',
      // A wildcard is no promise of AVIF or WebP.
      'image/*': 'image/jpeg',
      '*/*': 'image/jpeg',
      '': 'image/jpeg',
    };
    const answers: Record<string, string | null> = {};
    for (const accept of Object.keys(cases)) answers[accept] = await served(accept);
    expect(answers).toEqual(cases);
  });

  it('rounds widths up to 320, 480, 640, 960, 1280 or 1920 and never enlarges', async () => {
    const widths: Record<string, number> = { '1': 320, '321': 480, '960': 960, '1000': 1280, '4000': 1920 };
    for (const [asked, served] of Object.entries(widths)) {
      const res = await getImage({ url: '/uploads/photo.jpg', w: asked }, { Accept: WEBP });
      expect([asked, (await imageOf(res)).width]).toEqual([asked, served]);
    }
    // The 600 px logo asked for at 1280: it stays 600 px wide.
    const small = await getImage({ url: '/uploads/logo.png', w: '1280' }, { Accept: WEBP });
    expect((await imageOf(small)).width).toBe(600);
    // No width: 1280.
    expect((await imageOf(await getImage({ url: '/uploads/photo.jpg' }, { Accept: WEBP }))).width).toBe(1280);
  });

  it('says a versioned address never changes', async () => {
    const res = await getImage({ url: '/uploads/photo.jpg', w: '480', v: 'abc123' }, { Accept: WEBP });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 Not Modified to a browser that has the same version', async () => {
    const first = await getImage({ url: '/uploads/photo.jpg', w: '640' }, { Accept: WEBP });
    const etag = first.headers.get('etag')!;
    const again = await getImage({ url: '/uploads/photo.jpg', w: '640' }, { Accept: WEBP, 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    // Another format is another representation.
    const jpeg = await getImage({ url: '/uploads/photo.jpg', w: '640' }, { Accept: 'image/jpeg', 'If-None-Match': etag });
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('etag')).not.toBe(etag);
  });

  it('makes each size once and serves it from the disk cache afterwards', async () => {
    const cacheDir = path.join(dataDir, 'image-cache');
    const files = () =>
      fs.existsSync(cacheDir)
        ? fs.readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name))
        : [];
    const before = new Set(files());
    const first = await getImage({ url: '/uploads/photo.jpg', w: '960' }, { Accept: 'image/jpeg' });
    expect(first.status).toBe(200);
    const added = files().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    // Replace the cached result with a marker: the next answer is the marker, not a new resize.
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#000' } }).jpeg().toBuffer();
    fs.writeFileSync(added[0], marker);
    const second = await getImage({ url: '/uploads/photo.jpg', w: '960' }, { Accept: 'image/jpeg' });
    expect((await imageOf(second)).width).toBe(7);
    expect(files()).toHaveLength(before.size + 1);
  });

  it('the daily prune removes copies not made again for 30 days; a pruned size is made again on request', async () => {
    const first = await getImage({ url: '/uploads/photo.jpg', w: '480' }, { Accept: 'image/webp' });
    expect(first.status).toBe(200);
    const cacheDir = path.join(dataDir, 'image-cache');
    const files = () => fs.readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));
    const all = files();
    expect(all.length).toBeGreaterThan(1);
    // One copy last made 31 days ago (by the test clock), the others just now.
    const now = t.clock.now().getTime();
    const [stale, ...fresh] = all;
    const old = new Date(now - 31 * 24 * 60 * 60 * 1000);
    fs.utimesSync(stale, old, old);
    for (const f of fresh) fs.utimesSync(f, new Date(now), new Date(now));

    expect(await pruneImageCache(t.deps)).toBe(1);
    expect(files().sort()).toEqual([...fresh].sort());
    expect(await pruneImageCache(t.deps)).toBe(0);

    // Whatever was pruned is made again: every size still answers.
    const again = await getImage({ url: '/uploads/photo.jpg', w: '480' }, { Accept: 'image/webp' });
    expect(again.status).toBe(200);
    expect((await imageOf(again)).width).toBe(480);
  });

  it('answers 404 for a picture that is not there, and never leaves its folders', async () => {
    for (const url of [
      '/images/accommodations/no-such-picture.jpg',
      '/uploads/missing.png',
      '/images/../../../../etc/passwd',
      '/images/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/uploads/../session-secret',
      '/uploads/..%2fsession-secret',
      '/index.html',
      '/api/health',
    ]) {
      const res = await getImage({ url });
      expect([url, res.status, await res.json()]).toEqual([url, 404, { message: 'Image not found', code: 'not_found' }]);
    }
  });

  it('answers 422 for an uploaded file that is not a picture', async () => {
    const res = await getImage({ url: '/uploads/notes.jpg' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: 'The image cannot be read', code: 'image_unreadable' });
  });

  it('answers 400 naming the field for a missing url or a bad width', async () => {
    const missing = await fetch(`${t.url}/api/accommodation-image`);
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual({ url: expect.any(String) });
    for (const w of ['abc', '0', '-5', '12.5', '4001', '']) {
      const res = await getImage({ url: '/uploads/photo.jpg', w });
      const body = await res.json();
      expect([w, res.status, body.errors]).toEqual([w, 400, { w: 'Width must be a whole number of pixels from 1 to 4000' }]);
    }
  });
});

describe('GET /api/accommodation-image: remote pictures', () => {
  it('fetches a picture from an allow-listed host and resizes it', async () => {
    const res = await getImage({ url: `http://images.test:${allowed.port}/lodge.jpg`, w: '480' }, { Accept: WEBP });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect((await imageOf(res)).width).toBe(480);
    expect(allowed.hits).toEqual(['/lodge.jpg']);
    // Kept on disk: the next size needs no second download.
    const other = await getImage({ url: `http://images.test:${allowed.port}/lodge.jpg`, w: '320' }, { Accept: WEBP });
    expect((await imageOf(other)).width).toBe(320);
    expect(allowed.hits).toEqual(['/lodge.jpg']);
  });

  it('follows up to 3 redirects on allowed hosts, and refuses a 4th', async () => {
    allowed.handler = (req, res) => {
      const n = Number(req.url!.match(/^\/hop(\d+)/)?.[1] ?? -1);
      if (n > 0) {
        res.writeHead(302, { Location: `/hop${n - 1}` });
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.end(photo);
    };
    const three = await getImage({ url: `http://images.test:${allowed.port}/hop3`, w: '320' });
    expect(three.status).toBe(200);
    allowed.hits.length = 0;
    const four = await getImage({ url: `http://images.test:${allowed.port}/hop4`, w: '320' });
    expect(four.status).toBe(400);
    expect(await four.json()).toMatchObject({ errors: { url: 'More than 3 redirects' } });
    expect(allowed.hits).toEqual(['/hop4', '/hop3', '/hop2', '/hop1']);
  });

  const port = () => forbidden.port;
  const refused: [string, () => string, string][] = [
    ['loopback', () => `http://127.0.0.1:${port()}/x.jpg`, 'This address is not allowed'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 'This address is not allowed'],
    ['0.0.0.0', () => `http://0.0.0.0:${port()}/x.jpg`, 'This address is not allowed'],
    ['decimal IP', () => `http://2130706433:${port()}/x.jpg`, 'This address is not allowed'],
    ['octal IP', () => `http://0177.0.0.1:${port()}/x.jpg`, 'This address is not allowed'],
    ['hex IP', () => `http://0x7f.0x0.0x0.0x1:${port()}/x.jpg`, 'This address is not allowed'],
    ['short IP', () => `http://127.1:${port()}/x.jpg`, 'This address is not allowed'],
    ['IPv6 loopback', () => `http://[::1]:${port()}/x.jpg`, 'This address is not allowed'],
    ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${port()}/x.jpg`, 'This address is not allowed'],
    ['IPv6 unique local (metadata)', () => 'http://[fd00:ec2::254]/x.jpg', 'This address is not allowed'],
    ['IPv6 link-local', () => 'http://[fe80::1]/x.jpg', 'This address is not allowed'],
    ['private 10/8', () => 'http://10.1.2.3/x.jpg', 'This address is not allowed'],
    ['private 172.16/12', () => 'http://172.20.0.1/x.jpg', 'This address is not allowed'],
    ['private 192.168/16', () => 'http://192.168.1.1/x.jpg', 'This address is not allowed'],
    ['IPv4-mapped IPv6 in hex', () => `http://[::ffff:7f00:1]:${port()}/x.jpg`, 'This address is not allowed'],
    ['IPv6 loopback written out', () => `http://[0:0:0:0:0:0:0:1]:${port()}/x.jpg`, 'This address is not allowed'],
    ['IPv6 unspecified', () => `http://[::]:${port()}/x.jpg`, 'This address is not allowed'],
    ['NAT64 of loopback', () => `http://[64:ff9b::7f00:1]:${port()}/x.jpg`, 'This address is not allowed'],
    ['one hex number', () => `http://0x7f000001:${port()}/x.jpg`, 'This address is not allowed'],
    ['cloud metadata as a decimal', () => 'http://2852039166/latest/meta-data/', 'This address is not allowed'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/x.jpg', 'This address is not allowed'],
    ['a host off the allow-list', () => 'http://photos.example.org/x.jpg', 'Images from photos.example.org are not allowed'],
    ['an allowed name for IPv6 loopback', () => `http://v6loop.test:${port()}/x.jpg`, 'v6loop.test points to an address that is not allowed'],
    ['an allowed name for IPv4-mapped loopback', () => `http://mapped.test:${port()}/x.jpg`, 'mapped.test points to an address that is not allowed'],
    ['an allowed name for carrier-grade NAT', () => 'http://cgnat.test/x.jpg', 'cgnat.test points to an address that is not allowed'],
    ['an allowed name for loopback', () => `http://localhost:${port()}/x.jpg`, 'localhost points to an address that is not allowed'],
    ['an allowed name for a private address', () => 'http://evil.test/x.jpg', 'evil.test points to an address that is not allowed'],
    ['an allowed name with one loopback address', () => `http://rebind.test:${port()}/x.jpg`, 'rebind.test points to an address that is not allowed'],
    ['file:', () => 'file:///etc/passwd', 'Only http and https addresses are allowed'],
    ['ftp:', () => 'ftp://images.test/x.jpg', 'Only http and https addresses are allowed'],
    ['credentials', () => `http://user:pass@images.test:${allowed.port}/x.jpg`, 'Addresses with a user name or password are not allowed'],
    ['protocol-relative', () => `//127.0.0.1:${port()}/x.jpg`, 'Not a valid address'],
  ];
  for (const [name, url, reason] of refused) {
    it(`refuses ${name} with 400 and sends no request`, async () => {
      const res = await getImage({ url: url() });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: `url: ${reason}`, code: 'image_url_refused', errors: { url: reason } });
      expect(forbidden.hits).toEqual([]);
      expect(allowed.hits).toEqual([]);
    });
  }

  const redirects: [string, () => string, string][] = [
    ['loopback', () => `http://127.0.0.1:${port()}/x.jpg`, 'This address is not allowed'],
    ['an allowed name for loopback', () => `http://localhost:${port()}/x.jpg`, 'localhost points to an address that is not allowed'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 'This address is not allowed'],
    ['a host off the allow-list', () => 'http://photos.example.org/x.jpg', 'Images from photos.example.org are not allowed'],
    ['a decimal IP', () => `http://2130706433:${port()}/x.jpg`, 'This address is not allowed'],
    ['IPv6 loopback', () => `http://[::1]:${port()}/x.jpg`, 'This address is not allowed'],
    ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${port()}/x.jpg`, 'This address is not allowed'],
    ['an allowed name for IPv4-mapped loopback', () => `http://mapped.test:${port()}/x.jpg`, 'mapped.test points to an address that is not allowed'],
  ];
  for (const [name, target, reason] of redirects) {
    it(`refuses a redirect from an allowed host to ${name}, before following it`, async () => {
      allowed.handler = (_req, res) => {
        res.writeHead(302, { Location: target() });
        res.end();
      };
      const res = await getImage({ url: `http://images.test:${allowed.port}/moved.jpg` });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ errors: { url: `Redirected to a refused address: ${reason}` } });
      expect(allowed.hits).toEqual(['/moved.jpg']);
      expect(forbidden.hits).toEqual([]);
    });
  }

  it('refuses an answer that is not an image', async () => {
    allowed.handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<h1>admin</h1>');
    };
    const res = await getImage({ url: `http://images.test:${allowed.port}/page` });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { url: 'The address does not serve an image (text/html)' } });
  });

  it('refuses a picture over the size limit, whether it says so or not', async () => {
    const big = Buffer.alloc(MAX_BYTES + 1, 1);
    allowed.handler = (req, res) => {
      res.writeHead(200, req.url === '/declared' ? { 'Content-Type': 'image/jpeg', 'Content-Length': big.length } : { 'Content-Type': 'image/jpeg' });
      res.end(big);
    };
    for (const p of ['/declared', '/chunked']) {
      const res = await getImage({ url: `http://images.test:${allowed.port}${p}` });
      expect([p, res.status, await res.json()]).toEqual([p, 413, { message: 'The image is larger than 195 KB', code: 'image_too_large' }]);
    }
  });

  it('answers 502 when the host fails, answers too slowly or sends a broken picture', async () => {
    allowed.handler = (req, res) => {
      if (req.url === '/slow') return; // never answers
      if (req.url === '/broken') {
        res.writeHead(200, { 'Content-Type': 'image/jpeg' });
        return res.end('not really a jpeg');
      }
      res.writeHead(500);
      res.end();
    };
    const cases: [string, string][] = [
      ['/error', 'image_upstream_status'],
      ['/slow', 'image_timeout'],
      ['/broken', 'image_unreadable'],
    ];
    for (const [p, code] of cases) {
      const started = Date.now();
      const res = await getImage({ url: `http://images.test:${allowed.port}${p}` });
      expect([p, res.status, (await res.json()).code]).toEqual([p, 502, code]);
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });
});

describe('GET /api/background-image', () => {
  const setHero = (value: string | null) => t.db('settings').where({ id: 1 }).update({ hero_background_image: value });

  it('answers 404 when no custom hero picture is set', async () => {
    await setHero(null);
    const res = await fetch(`${t.url}/api/background-image`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No background image is set', code: 'not_found' });
  });

  it('serves the uploaded hero picture resized, cached forever only for the current version', async () => {
    await setHero('uploads/photo.jpg');
    const res = await fetch(`${t.url}/api/background-image?v=${encodeURIComponent('uploads/photo.jpg')}`, { headers: { Accept: AVIF } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await imageOf(res)).width).toBe(1920);

    const small = await fetch(`${t.url}/api/background-image?w=390&v=uploads%2Fold.jpg`, { headers: { Accept: WEBP } });
    expect(small.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await imageOf(small)).width).toBe(480);
  });

  it('answers 404 when the stored picture is missing, and 400 for a bad width', async () => {
    await setHero('uploads/gone.jpg');
    expect((await fetch(`${t.url}/api/background-image`)).status).toBe(404);
    const bad = await fetch(`${t.url}/api/background-image?w=wide`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ w: 'Width must be a whole number of pixels from 1 to 4000' });
  });
});
