/**
 * `npx tsx bench/landing-bytes.ts`: what a phone downloads to show the landing page `/` to a
 * visitor, and what the 'Find Us' map adds once it is scrolled into view. Builds the PWA if
 * needed, serves it with the API (koa-compress on, as in production) on a fresh embedded
 * database with the demo data, and loads `/` in headless Chromium at 390x844.
 *
 * Bytes are what came over the wire: the compressed body and the response's headers (as
 * Lighthouse and DevTools count a transfer). The service
 * worker is blocked: its precache of the whole app runs after the page is shown and is not
 * what the landing page waits for. Requests beyond 127.0.0.1 (map tiles) are aborted and
 * only counted, so the numbers do not depend on the network.
 *
 * Budget (issue 26): initial JavaScript at most 130 KiB transferred before the map.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Request } from 'playwright-core';
import { startServer } from '../api/src/server.js';
import { buildPwaIfNeeded, PWA_DIST } from '../scripts/build-pwa.js';

export const LANDING_JS_BUDGET_BYTES = 130 * 1024;

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type Kind = 'js' | 'css' | 'image' | 'font' | 'document' | 'api' | 'other';

export interface ByteCounts {
  js: number;
  css: number;
  image: number;
  font: number;
  document: number;
  api: number;
  other: number;
  total: number;
  /** Number of responses counted. */
  requests: number;
  /** JavaScript files (path and bytes), largest first. */
  scripts: { path: string; bytes: number }[];
}

export interface LandingBytes {
  /** Everything `/` downloads before any scrolling. */
  initial: ByteCounts;
  /** What scrolling the map into view adds on top. */
  afterMapScroll: ByteCounts;
  /** Requests to other hosts (map tiles), aborted and not counted in the bytes. */
  externalRequestsBlocked: number;
  withinBudget: boolean;
}

function kindOf(request: Request, pathname: string): Kind {
  if (pathname.startsWith('/api/')) return 'api';
  switch (request.resourceType()) {
    case 'script':
      return 'js';
    case 'stylesheet':
      return 'css';
    case 'image':
      return 'image';
    case 'font':
      return 'font';
    case 'document':
      return 'document';
    default:
      if (pathname.endsWith('.js')) return 'js';
      if (pathname.endsWith('.css')) return 'css';
      return 'other';
  }
}

function emptyCounts(): ByteCounts {
  return { js: 0, css: 0, image: 0, font: 0, document: 0, api: 0, other: 0, total: 0, requests: 0, scripts: [] };
}

/** Runs the measurement and returns the numbers (printing nothing). */
export async function measureLandingBytes(): Promise<LandingBytes> {
  buildPwaIfNeeded();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-landing-bytes-'));
  // Always the embedded database: the page weight does not depend on it.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const running = await startServer({
    pwaDir: PWA_DIST,
    env: { ...env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'silent', JOBS_ENABLED: '0' },
  });
  const origin = running.url.replace('localhost', '127.0.0.1');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block', isMobile: true, hasTouch: true });
    let externalRequestsBlocked = 0;
    await context.route(
      (url) => url.origin !== origin,
      (route) => {
        externalRequestsBlocked++;
        return route.abort();
      },
    );
    const page = await context.newPage();

    let current = emptyCounts();
    const pending: Promise<void>[] = [];
    const onFinished = (request: Request) => {
      const counts = current;
      pending.push(
        request.sizes().then((sizes) => {
          const { pathname } = new URL(request.url());
          const kind = kindOf(request, pathname);
          const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
          counts[kind] += bytes;
          counts.total += bytes;
          counts.requests++;
          if (kind === 'js') counts.scripts.push({ path: pathname, bytes });
        }),
      );
    };
    page.on('requestfinished', onFinished);
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      await Promise.all(pending.splice(0));
    };

    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle();
    const initial = current;

    current = emptyCounts();
    await page.locator('#find-us').scrollIntoViewIfNeeded();
    await page.locator('.leaflet-container').waitFor({ timeout: 60_000 });
    await settle();
    const afterMapScroll = current;
    page.off('requestfinished', onFinished);
    // Requests that finished after the last count are not measured, but must not outlive the browser.
    await Promise.allSettled(pending);

    for (const counts of [initial, afterMapScroll]) counts.scripts.sort((a, b) => b.bytes - a.bytes);
    return { initial, afterMapScroll, externalRequestsBlocked, withinBudget: initial.js <= LANDING_JS_BUDGET_BYTES };
  } finally {
    await browser.close();
    await running.stop();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The numbers as a table, for `npm run bench` and running this file. */
export function formatLandingBytes(result: LandingBytes): string {
  const rows: [string, keyof ByteCounts][] = [
    ['JavaScript', 'js'],
    ['CSS', 'css'],
    ['images', 'image'],
    ['fonts', 'font'],
    ['HTML', 'document'],
    ['API (JSON)', 'api'],
    ['other', 'other'],
    ['total', 'total'],
  ];
  const { initial, afterMapScroll } = result;
  const lines = [
    `${''.padEnd(12)} ${'initial'.padStart(10)} ${'+ map'.padStart(10)} ${'together'.padStart(10)}`,
    ...rows.map(([label, key]) => {
      const a = initial[key] as number;
      const b = afterMapScroll[key] as number;
      return `${label.padEnd(12)} ${kb(a).padStart(10)} ${kb(b).padStart(10)} ${kb(a + b).padStart(10)}`;
    }),
    `${'requests'.padEnd(12)} ${String(initial.requests).padStart(10)} ${String(afterMapScroll.requests).padStart(10)} ${String(initial.requests + afterMapScroll.requests).padStart(10)}`,
    '',
    `initial JavaScript ${kb(initial.js)} of a ${kb(LANDING_JS_BUDGET_BYTES)} budget: ${result.withinBudget ? 'within' : 'OVER'}`,
    `initial scripts: ${initial.scripts.map((s) => `${path.basename(s.path)} ${kb(s.bytes)}`).join(', ')}`,
    `map scripts: ${afterMapScroll.scripts.map((s) => `${path.basename(s.path)} ${kb(s.bytes)}`).join(', ') || 'none'}`,
    `requests to other hosts blocked (map tiles): ${result.externalRequestsBlocked}`,
  ];
  return lines.join('\n');
}

if (process.argv[1] === import.meta.filename) {
  const result = await measureLandingBytes();
  console.log('Landing page / for a visitor at 390x844 (bytes over the wire: compressed bodies and headers)\n');
  console.log(formatLandingBytes(result));
  process.exit(result.withinBudget ? 0 : 1);
}
