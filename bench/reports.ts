/**
 * The reports' benchmark (part of `npm run bench`, BENCH_ONLY=reports; `npx tsx bench/reports.ts`
 * alone): autocannon at 10 connections against the app's server process with the demo data
 * and the scale fixture (50 units, 5,000 stays over about a year and a half), PostgreSQL when
 * DATABASE_URL is set, else embedded PGlite. Targets (issue 25): the summary of the last 12
 * months (with last year's beside it) and occupancy by day for the same 12 months, each with a
 * median under 50 ms and p99 under 100 ms.
 *
 * Answers are kept in memory while nothing a report reads has changed (reports.routes.ts), so
 * under load these measure a report asked again. What the first request after a change costs
 * (the read and the computation) is measured too, one client, each request after a write
 * (a unit's cleaning status set through the API): rows "after a change", with no target.
 *
 *   BENCH_REPORT_CONNECTIONS (10)  BENCH_DURATION (5 s per endpoint)  BENCH_WARMUP (1 s)
 */
import { pathToFileURL } from 'node:url';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { cannon, login, sameSite, startServer, type Scenario } from './http.js';
import { databaseName, formatTable, writeSection, type ResultRow } from './results.js';

const CONNECTIONS = Number(process.env.BENCH_REPORT_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const P50_TARGET_MS = 50;
const P99_TARGET_MS = 100;
/** Requests measured one after another, each after a write, per endpoint. */
const AFTER_CHANGE_REQUESTS = Number(process.env.BENCH_REPORT_AFTER_CHANGE ?? 30);

export async function runReportsBench(): Promise<ResultRow[]> {
  const server = await startServer();
  try {
    const { url } = server;
    const manager = await login(url, 'manager');
    const today = todayInLodge(new Date());
    const year = `from=${addDays(today, -364)}&to=${today}`;
    const scenarios: Scenario[] = [
      { name: 'GET /api/admin/reports/summary (12 months, compared with the year before)', kind: 'read', path: `/api/admin/reports/summary?${year}&compare=previous-year`, headers: { Cookie: manager }, connections: CONNECTIONS },
      { name: 'GET /api/admin/reports/series (occupancy by day, 12 months)', kind: 'read', path: `/api/admin/reports/series?metric=occupancy&interval=day&${year}`, headers: { Cookie: manager }, connections: CONNECTIONS },
      { name: 'GET /api/admin/reports/series (revenue by month and type, 12 months)', kind: 'read', path: `/api/admin/reports/series?metric=totalRevenue&interval=month&groupBy=type&${year}`, headers: { Cookie: manager }, connections: CONNECTIONS },
    ];
    const rows: ResultRow[] = [];
    for (const s of scenarios) {
      const probe = await fetch(url + s.path, { headers: { ...sameSite(url), ...s.headers } });
      if (!probe.ok) throw new Error(`${s.name} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
      await probe.arrayBuffer();
      if (WARMUP > 0) await cannon(url, s, WARMUP);
      const r = await cannon(url, s, DURATION);
      const clean = r.non2xx === 0 && r.errors + r.timeouts === 0;
      rows.push({
        name: s.name,
        value: r.latency.p50,
        unit: 'ms (median)',
        target: `median < ${P50_TARGET_MS} ms, p99 < ${P99_TARGET_MS} ms at ${CONNECTIONS} connections`,
        ok: clean && r.latency.p50 < P50_TARGET_MS && r.latency.p99 < P99_TARGET_MS,
        p99: r.latency.p99,
        reqPerSec: Math.round(r.requests.average),
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    }
    rows.push(...(await afterAChange(url, manager, scenarios)));
    return rows;
  } finally {
    await server.cleanup();
  }
}

/**
 * Each scenario asked AFTER_CHANGE_REQUESTS times by one client, each time just after a write
 * that changes what reports read (a unit's cleaning status, through the API as the manager):
 * the first request after a change reads the rows and computes the report.
 */
async function afterAChange(url: string, manager: string, scenarios: readonly Scenario[]): Promise<ResultRow[]> {
  const headers = { ...sameSite(url), Cookie: manager };
  const board = (await (await fetch(`${url}/api/admin/housekeeping`, { headers })).json()) as { units: { id: string; version: number; housekeepingStatus: string }[] };
  let unit = board.units[0];
  const touch = async () => {
    const res = await fetch(`${url}/api/admin/units/${unit.id}/housekeeping`, {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: unit.housekeepingStatus === 'Clean' ? 'Dirty' : 'Clean', version: unit.version }),
    });
    if (!res.ok) throw new Error(`setting a unit's cleaning status answered ${res.status}: ${await res.text()}`);
    unit = (await res.json()) as typeof unit;
  };
  const rows: ResultRow[] = [];
  for (const s of scenarios) {
    const took: number[] = [];
    for (let i = 0; i < AFTER_CHANGE_REQUESTS; i++) {
      await touch();
      const start = performance.now();
      const res = await fetch(url + s.path, { headers: { ...headers, ...s.headers } });
      await res.arrayBuffer();
      took.push(performance.now() - start);
      if (!res.ok) throw new Error(`${s.name} answered ${res.status}`);
    }
    took.sort((a, b) => a - b);
    const at = (q: number) => Math.round(took[Math.min(took.length - 1, Math.floor(q * took.length))]);
    rows.push({ name: `${s.name}, after a change`, value: at(0.5), unit: 'ms (median, one client)', ok: null, p99: at(0.99), requests: took.length });
  }
  return rows;
}

export function formatReportsBench(rows: readonly ResultRow[]): string {
  return formatTable(
    ['endpoint', 'p50 ms', 'p99 ms', 'req/s', 'met'],
    rows.map((r) => [r.name, String(r.value), String(r.p99), r.reqPerSec === undefined ? '1 client' : String(r.reqPerSec), r.ok === null ? '-' : r.ok ? 'yes' : 'NO']),
  );
}

export function recordReportsBench(rows: ResultRow[]): void {
  writeSection('reports', { database: databaseName(), notes: [`${CONNECTIONS} connections, ${DURATION} s per endpoint after ${WARMUP} s of warm-up`], rows });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runReportsBench();
  console.log(formatReportsBench(rows));
  recordReportsBench(rows);
}
