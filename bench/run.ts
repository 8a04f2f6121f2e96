/**
 * `npm run bench`: the benchmarks, each part printing its table and writing its section of
 * bench/results.json (bench/results.ts). Numbers, not assertions: compare runs on the same
 * machine. Nothing here reaches the network beyond 127.0.0.1. BENCH_ONLY picks parts
 * (comma-separated: http, reports, inprocess, sync, invoices, bank, landing, calendar; default all).
 *
 * First the HTTP benchmark (bench/http.ts): autocannon at 50 connections against the app's
 * own server process, every endpoint beside the health and health/db ceilings, and the
 * booking race. Then the reports (bench/reports.ts): the summary and the series of 12 months on
 * the same fixture at 10 connections.
 *
 * Then the booking engine's hot paths in process, on the embedded database (or PostgreSQL
 * when DATABASE_URL is set), with the demo data:
 *
 *   npm run bench                 # default 400 requests per scenario, 8 at a time
 *   BENCH_REQUESTS=2000 BENCH_CONCURRENCY=16 npm run bench
 *
 * Then the offline sync (bench/sync.ts): pushing 500 queued outbox entries, in batches of
 * 100 and one per request, and a first pull of 5,000 bookings.
 *
 * Then the landing page's weight in a headless browser (bench/landing-bytes.ts): the bytes a
 * phone downloads for `/`, and what the map adds when scrolled to. BENCH_SKIP_BROWSER=1
 * leaves it out (e.g. where there is no Chromium), as it does the calendar's first render from
 * the local store at scale (bench/calendar-render.ts).
 *
 * Then Lighthouse on `/`, `/accommodations` and `/booking` (bench/lighthouse.ts): performance,
 * accessibility and best-practices in mobile emulation. Also left out by BENCH_SKIP_BROWSER=1.
 */
import { createTestContext, type TestClient } from '../api/test/harness.js';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { formatLandingBytes, measureLandingBytes } from './landing-bytes.js';
import { formatLighthouse, LIGHTHOUSE_TARGETS, measureLighthouse, meetsLighthouseTargets } from './lighthouse.js';
import { formatSyncBench, runSyncBench } from './sync.js';
import { formatBankStatement, measureBankStatement, recordBankStatement } from './bank-statement.js';
import { formatInvoicePdf, measureInvoicePdf, recordInvoicePdf } from './invoice-pdf.js';
import { formatHttpBench, recordHttpBench, runHttpBench } from './http.js';
import { formatReportsBench, recordReportsBench, runReportsBench } from './reports.js';
import { calendarRenderRows, formatCalendarRender, measureCalendarRender } from './calendar-render.js';
import { databaseName, writeSection, type ResultRow } from './results.js';

const ONLY = new Set((process.env.BENCH_ONLY ?? 'http,reports,inprocess,sync,invoices,bank,landing,calendar,lighthouse').split(',').map((s) => s.trim()));
const BROWSER = process.env.BENCH_SKIP_BROWSER !== '1';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

interface Scenario {
  name: string;
  /** One request; i is its index (for distinct dates). Returns the HTTP status. */
  run(i: number): Promise<number>;
  ok: (status: number) => boolean;
}

const inProcessRows: ResultRow[] = [];

async function measure(s: Scenario): Promise<void> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const t0 = performance.now();
        const status = await s.run(i);
        latencies.push(performance.now() - t0);
        if (!s.ok(status)) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  inProcessRows.push({ name: s.name, value: Math.round(REQUESTS / seconds), unit: 'req/s', ok: failures === 0, p50Ms: Number(pct(0.5)), p95Ms: Number(pct(0.95)), p99Ms: Number(pct(0.99)), unexpected: failures });
  console.log(
    `${s.name.padEnd(34)} ${String(Math.round(REQUESTS / seconds)).padStart(6)} req/s   p50 ${pct(0.5).padStart(6)} ms   p95 ${pct(0.95).padStart(6)} ms   p99 ${pct(0.99).padStart(6)} ms${failures ? `   ${failures} unexpected` : ''}`,
  );
}

if (ONLY.has('http')) {
  console.log(`HTTP: autocannon against the app's server process (${databaseName()}, demo data + the scale fixture)\n`);
  const http = await runHttpBench();
  console.log(formatHttpBench(http) + '\n');
  recordHttpBench(http);
}

if (ONLY.has('reports')) {
  console.log(`Reports: autocannon at 10 connections, 12 months on the scale fixture (${databaseName()})\n`);
  const rows = await runReportsBench();
  console.log(formatReportsBench(rows) + '\n');
  recordReportsBench(rows);
}

if (ONLY.has('inprocess')) {
const t = await createTestContext();
try {
  const client: TestClient = t.client();
  const types = (await client.get('/api/accommodations')).body as { id: string; isPackage: boolean }[];
  const units = (await client.get('/api/units')).body as { id: string; accommodationTypeId: string }[];
  const type = types.find((x) => !x.isPackage)!;
  const lodge = types.find((x) => x.isPackage)!;
  const today = todayInLodge(t.clock.now());
  // Far enough ahead to be free of demo bookings, spread so EFT bookings rarely collide.
  const stay = (i: number, span = 60) => {
    const checkIn = addDays(today, 90 + (i % span) * 3);
    return { checkIn, checkOut: addDays(checkIn, 2) };
  };
  const manager = await t.loginAs('manager');

  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}; ${REQUESTS} requests per scenario, ${CONCURRENCY} at a time\n`);
  const scenarios: Scenario[] = [
    { name: 'GET /api/accommodations', run: async () => (await client.get('/api/accommodations')).status, ok: (s) => s === 200 },
    {
      name: 'POST /api/availability',
      run: async (i) => (await client.post('/api/availability', { ...stay(i), accommodationTypeId: type.id })).status,
      ok: (s) => s === 200,
    },
    {
      name: 'POST /api/package-availability',
      run: async (i) => (await client.post('/api/package-availability', { ...stay(i), packageTypeId: lodge.id })).status,
      ok: (s) => s === 200,
    },
    {
      name: 'POST /api/calculate-rate (promo)',
      run: async (i) =>
        (await client.post('/api/calculate-rate', { ...stay(i), accommodationTypeId: type.id, promoCode: 'SAFARI10' })).status,
      ok: (s) => s === 200,
    },
    {
      name: 'GET /api/admin/bookings (60 days)',
      run: async () => (await manager.get(`/api/admin/bookings?startDate=${today}&endDate=${addDays(today, 60)}`)).status,
      ok: (s) => s === 200,
    },
    {
      // Contended on purpose: many requests race for the same few units and nights.
      name: 'POST /api/bookings (EFT, contended)',
      run: async (i) => {
        const unit = units[i % units.length];
        const { checkIn, checkOut } = stay(i, 20);
        const res = await client.post('/api/bookings', {
          unitId: unit.id,
          checkInDate: checkIn,
          checkOutDate: checkOut,
          numberOfGuests: 1,
          totalAmount: 0,
          paymentMethod: 'EFT',
          guestData: { firstName: 'Bench', lastName: `Guest ${i}`, email: `bench${i}@example.com` },
        });
        return res.status;
      },
      ok: (s) => s === 201 || s === 409 || s === 422,
    },
  ];
  for (const s of scenarios) await measure(s);
} finally {
  await t.close();
}
writeSection('inProcess', { database: databaseName(), notes: [`${REQUESTS} requests per scenario, ${CONCURRENCY} at a time`], rows: inProcessRows });
}

if (ONLY.has('sync')) {
  console.log('\nOffline sync: replaying 500 queued entries through POST /api/sync/push; a first pull of 5,000 bookings\n');
  const rows = await runSyncBench();
  console.log(formatSyncBench(rows));
  writeSection('sync', { database: databaseName(), rows: rows.map((r) => ({ name: r.name, value: r.value, target: r.target, ok: r.ok })) });
}

if (ONLY.has('invoices')) {
  console.log('\nThe invoice PDF: one tax invoice rendered in process (pdfkit)\n');
  const rows = await measureInvoicePdf();
  console.log(formatInvoicePdf(rows));
  recordInvoicePdf(rows);
}

if (ONLY.has('bank')) {
  console.log('\nBank reconciliation: a 1,000-line statement parsed and matched in process\n');
  const rows = measureBankStatement();
  console.log(formatBankStatement(rows));
  recordBankStatement(rows);
}

if (BROWSER && ONLY.has('landing')) {
  console.log('\nLanding page / for a visitor at 390x844 (bytes over the wire: compressed bodies and headers)\n');
  const landing = await measureLandingBytes();
  console.log(formatLandingBytes(landing));
  writeSection('landing', { rows: [{ name: 'landing page initial JavaScript (transferred: gzip bodies and headers)', value: landing.initial.js, unit: 'bytes', target: '<= 130 KiB (133,120 bytes)', ok: landing.withinBudget, initial: landing.initial, afterMapScroll: landing.afterMapScroll }] });
}

if (BROWSER && ONLY.has('calendar')) {
  console.log('\nThe booking calendar from the local store, at scale (headless Chromium, 1280x800)\n');
  const render = await measureCalendarRender();
  console.log(formatCalendarRender(render));
  writeSection('calendarRender', { database: 'embedded PGlite', rows: calendarRenderRows(render) });
}

if (BROWSER && ONLY.has('lighthouse')) {
  console.log('\nLighthouse, mobile emulation (performance / accessibility / best-practices)\n');
  const scores = await measureLighthouse();
  console.log(formatLighthouse(scores));
  writeSection('lighthouse', {
    notes: [`medians of ${scores.pages[0]?.runs} runs per page, CLI defaults (mobile, simulated slow 4G, 4x CPU slowdown)`],
    rows: scores.pages.map((p) => ({
      name: `Lighthouse ${p.path} (performance / accessibility / best-practices)`,
      value: `${p.performance} / ${p.accessibility} / ${p.bestPractices}`,
      target: `>= ${LIGHTHOUSE_TARGETS.performance} / ${LIGHTHOUSE_TARGETS.accessibility} / ${LIGHTHOUSE_TARGETS.bestPractices}, TBT < ${LIGHTHOUSE_TARGETS.tbtMs} ms`,
      ok: meetsLighthouseTargets(p),
      runs: p.runs,
      performanceSpread: p.performanceSpread,
      lcpMs: p.lcpMs,
      tbtMs: p.tbtMs,
      tbtSpread: p.tbtSpread,
      cls: p.cls,
      failing: p.failing,
    })),
  });
}
