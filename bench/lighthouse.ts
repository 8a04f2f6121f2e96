/**
 * `npx tsx bench/lighthouse.ts`: Lighthouse (the npm package with the CLI's defaults: mobile
 * emulation, simulated slow 4G, 4x CPU slowdown) on the public pages of the built PWA served by
 * the API as `npm start` serves it, on a fresh embedded database with the demo data, in
 * headless Chromium: `/`, `/accommodations`, `/booking`, the What's on page and a guest's own
 * booking page (`/my-booking/<token>`, from a link issued for an upcoming demo booking as the
 * e-mail would carry it). Reports performance, accessibility and best-practices (0-100), total
 * blocking time, and for any category under 100 the audits that cost points.
 *
 * Each page is run LIGHTHOUSE_RUNS times (5): the median of each figure is the page's, and the
 * lowest and highest performance scores are its spread (the score moves a few points from run
 * to run with the machine's load).
 * Targets: performance >= 95, accessibility 100, best-practices 100, total blocking time < 150 ms.
 * `--save DIR` (or `LIGHTHOUSE_SAVE_DIR`) writes each page's median run's full Lighthouse report
 * as JSON into DIR, to find which requests and tasks cost the points.
 * Scores depend on the machine's load (performance most); compare runs on the same machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { startServer } from '../api/src/server.js';
import { buildPwaIfNeeded, PWA_DIST } from '../scripts/build-pwa.js';
import { startWeatherDouble } from '../e2e/doubles/weather-double.js';
import type { Deps } from '../api/src/deps.js';
import { issueGuestLink } from '../api/src/features/guest-bookings/guest-links.js';
import { todayInLodge, type IsoDate } from '../shared/domain/dates.js';

/** The public pages; GUEST_PAGE stands for the guest's booking page, whose address is made per run. */
const GUEST_PAGE = '/my-booking/<token>';
export const LIGHTHOUSE_PAGES = ['/', '/accommodations', '/booking', '/whats-on', GUEST_PAGE] as const;
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, tbtMs: 150 } as const;

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LighthousePageResult {
  path: string;
  runs: number;
  /** Medians over the runs. */
  performance: number;
  /** The lowest and highest performance score of the runs. */
  performanceSpread: [number, number];
  tbtSpread: [number, number];
  accessibility: number;
  bestPractices: number;
  /** Largest Contentful Paint, Total Blocking Time (ms) and Cumulative Layout Shift. */
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost points in the median run, as `category: audit id (score)`. */
  failing: string[];
}

export interface LighthouseResults {
  pages: LighthousePageResult[];
  meetsTargets: boolean;
}

const score = (s: number | null | undefined) => Math.round((s ?? 0) * 100);

/**
 * One Lighthouse run. A run whose trace came out broken (NO_NAVSTART and the like, seen on a
 * busy machine) has no scores: it is run again, twice at most, rather than reported as 0.
 */
async function runLighthouse(url: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    // A browser of its own per run, as the CLI does: one browser over many runs recorded broken
    // traces (NO_NAVSTART) run after run on this machine.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const runnerResult = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      // Map tiles come from the internet; the bench must not depend on it.
      { extends: 'lighthouse:default', settings: { blockedUrlPatterns: ['*.tile.openstreetmap.org'] } },
    ).finally(() => chrome.kill());
    if (!runnerResult) throw new Error(`Lighthouse gave no result for ${url}`);
    const { runtimeError } = runnerResult.lhr;
    if (!runtimeError) return runnerResult.lhr;
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    console.warn(`Lighthouse on ${url}: ${runtimeError.code}, running it again`);
  }
}

/** Runs Lighthouse on each page and returns the numbers (printing nothing). */
export async function measureLighthouse(
  pages: readonly string[] = LIGHTHOUSE_PAGES,
  saveDir: string | undefined = process.env.LIGHTHOUSE_SAVE_DIR,
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5),
): Promise<LighthouseResults> {
  buildPwaIfNeeded();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-lighthouse-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  // The weather provider as a visitor's page meets it in production: answering. This machine
  // has no internet, and without the stand-in (docs/providers.md, Weather) every visit would log the 503s
  // of a provider that cannot be reached, which a deployed lodge does not see.
  const weather = await startWeatherDouble();
  const running = await startServer({
    pwaDir: PWA_DIST,
    env: {
      ...env,
      // As `npm start` runs it (its NODE_ENV is the default), jobs and all.
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'silent',
      OPENWEATHER_BASE_URL: weather.url,
      OPEN_METEO_BASE_URL: weather.url,
    },
  });
  const origin = running.url.replace('localhost', '127.0.0.1');
  const guestPage = new URL(await guestLinkForBench(running.deps)).pathname;
  try {
    const results: LighthousePageResult[] = [];
    for (const page of pages) {
      const lhrs: Result[] = [];
      const address = page === GUEST_PAGE ? guestPage : page;
      for (let run = 0; run < runs; run++) lhrs.push(await runLighthouse(`${origin}${address}`));
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const spread = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
      const perf = lhrs.map((r) => score(r.categories.performance?.score));
      const tbt = lhrs.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? 0));
      // The run with the median performance score stands for the page's audits.
      lhrs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = lhrs[Math.floor(lhrs.length / 2)];
      const { categories, audits } = lhr;
      if (saveDir) {
        fs.mkdirSync(saveDir, { recursive: true });
        const name = page === '/' ? 'home' : page.replace(/^\//, '').replace(/\//g, '-');
        fs.writeFileSync(path.join(saveDir, `${name}.json`), JSON.stringify(lhr, null, 1));
      }
      const failing: string[] = [];
      for (const [key, category] of Object.entries(categories)) {
        if ((category.score ?? 0) >= 1) continue;
        for (const ref of category.auditRefs) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative') {
            failing.push(`${key}: ${ref.id} (${audit.score.toFixed(2)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);
          }
        }
      }
      results.push({
        path: page,
        runs,
        performance: median(perf),
        performanceSpread: spread(perf),
        tbtSpread: spread(tbt),
        accessibility: median(lhrs.map((r) => score(r.categories.accessibility?.score))),
        bestPractices: median(lhrs.map((r) => score(r.categories['best-practices']?.score))),
        lcpMs: median(lhrs.map((r) => Math.round(r.audits['largest-contentful-paint']?.numericValue ?? 0))),
        tbtMs: median(tbt),
        cls: median(lhrs.map((r) => Number((r.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)))),
        failing,
      });
    }
    const meetsTargets = results.every(meetsLighthouseTargets);
    return { pages: results, meetsTargets };
  } finally {
    await running.stop();
    await weather.close();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

export function meetsLighthouseTargets(r: LighthousePageResult): boolean {
  return (
    r.performance >= LIGHTHOUSE_TARGETS.performance &&
    r.accessibility >= LIGHTHOUSE_TARGETS.accessibility &&
    r.bestPractices >= LIGHTHOUSE_TARGETS.bestPractices &&
    r.tbtMs < LIGHTHOUSE_TARGETS.tbtMs
  );
}

/**
 * A live link to the guest's booking page, as the e-mail would carry it: for the first upcoming
 * demo booking that is not a unit of an entire-lodge stay.
 */
async function guestLinkForBench(deps: Pick<Deps, 'db' | 'config'>): Promise<string> {
  // Dates come back as the lodge's ISO date text (api/src/db/knex.ts).
  const booking: { id: string; check_out_date: IsoDate } | undefined = await deps.db('bookings')
    .whereIn('status', ['Confirmed', 'Provisional'])
    .whereNull('parent_booking_id')
    .andWhere('check_in_date', '>', todayInLodge(new Date()))
    .orderBy('check_in_date')
    .first('id', 'check_out_date');
  if (!booking) throw new Error('the demo data has no upcoming booking for the guest page');
  return deps.db.transaction((trx) => issueGuestLink(trx, deps.config, { id: booking.id, checkOutDate: booking.check_out_date }));
}

/** The numbers as a table, for `npm run bench` and running this file. */
export function formatLighthouse(result: LighthouseResults): string {
  const { performance, accessibility, bestPractices, tbtMs } = LIGHTHOUSE_TARGETS;
  const runs = result.pages[0]?.runs ?? 0;
  const lines = [
    `medians of ${runs} run${runs === 1 ? '' : 's'} per page; perf range and TBT range are the lowest and highest run`,
    `${'page'.padEnd(20)} ${'perf'.padStart(5)} ${'range'.padStart(8)} ${'a11y'.padStart(5)} ${'best'.padStart(5)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'TBT range'.padStart(12)} ${'CLS'.padStart(6)}`,
    ...result.pages.map(
      (r) =>
        `${r.path.padEnd(20)} ${String(r.performance).padStart(5)} ${`${r.performanceSpread[0]}-${r.performanceSpread[1]}`.padStart(8)} ${String(r.accessibility).padStart(5)} ${String(r.bestPractices).padStart(5)} ${`${r.lcpMs} ms`.padStart(8)} ${`${r.tbtMs} ms`.padStart(7)} ${`${r.tbtSpread[0]}-${r.tbtSpread[1]} ms`.padStart(12)} ${r.cls.toFixed(3).padStart(6)}`,
    ),
    `${'target'.padEnd(20)} ${`>=${performance}`.padStart(5)} ${''.padStart(8)} ${String(accessibility).padStart(5)} ${String(bestPractices).padStart(5)} ${''.padStart(8)} ${`<${tbtMs} ms`.padStart(7)}`,
    '',
    `targets: ${result.meetsTargets ? 'met' : 'NOT met'}`,
    ...result.pages.filter((r) => r.failing.length).map((r) => `${r.path}: ${r.failing.join('; ')}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] === import.meta.filename) {
  const saveAt = process.argv.indexOf('--save');
  const saveDir = saveAt > 0 ? process.argv[saveAt + 1] : process.env.LIGHTHOUSE_SAVE_DIR;
  if (saveAt > 0 && !saveDir) throw new Error('--save needs a folder');
  const result = await measureLighthouse(LIGHTHOUSE_PAGES, saveDir);
  console.log('Lighthouse, mobile emulation (performance / accessibility / best-practices)\n');
  console.log(formatLighthouse(result));
}
