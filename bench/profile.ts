/**
 * Where a request's time goes, per endpoint of the HTTP benchmark (`npx tsx bench/profile.ts`;
 * not part of `npm run bench`): the same server process and scenarios as bench/http.ts, each
 * endpoint called BENCH_PROFILE_REQUESTS (200) times one after another, and per request:
 * the median latency, the server process's CPU time, the SQL statements it sent and, on a
 * local PostgreSQL, the database server's CPU time for them. On a shared machine these say
 * more than a rate does. BENCH_SQL=1 also prints the statements of one request.
 * BENCH_ENDPOINTS picks endpoints as for bench/http.ts. BENCH_PROFILE_DIR=<dir> writes a V8 CPU
 * profile of the server process per endpoint, taken over its requests only (open it in
 * Chrome's DevTools, or any .cpuprofile viewer). BENCH_PROFILE_LOAD=<seconds> measures the same
 * under autocannon's load instead (per request: shared reads and batching show there).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { cannon, prepareScenarios, sameSite, startServer, type Scenario } from './http.js';
import { formatTable } from './results.js';

const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 200);
/**
 * Seconds of autocannon at the HTTP bench's connections per endpoint instead of requests one
 * after another: the same costs per request, under load (where waiting, batching and shared
 * reads change them). Latency is then autocannon's p50.
 */
const LOAD_SECONDS = Number(process.env.BENCH_PROFILE_LOAD ?? 0);

interface Stats {
  cpu: NodeJS.CpuUsage;
  statements: number;
  sql?: string[];
}

const server = await startServer();
const stats = (sql = false): Promise<Stats> =>
  new Promise((resolve) => {
    server.child.once('message', (m) => resolve(m as Stats));
    if (sql) server.child.send({ sql: true });
    server.child.send({ stats: true });
  });
const armSql = () => server.child.send({ sql: true });
const ask = (message: object): Promise<unknown> =>
  new Promise((resolve) => {
    server.child.once('message', resolve);
    server.child.send(message);
  });
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : undefined;
if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });

/** CPU seconds of the PostgreSQL backends serving the server's database, when they run here. */
const pg = server.databaseUrl ? knexFactory({ client: 'pg', connection: server.databaseUrl, pool: { min: 0, max: 1 } }) : undefined;
async function databaseCpu(): Promise<number | undefined> {
  if (!pg || !fs.existsSync('/proc/self/stat')) return undefined;
  const { rows } = await pg.raw<{ rows: { pid: number }[] }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }
  return ticks / 100;
}

async function call(url: string, s: Scenario): Promise<number> {
  const res = await fetch(url + s.path, {
    method: s.method ?? 'GET',
    headers: { ...sameSite(url), ...(s.body ? { 'Content-Type': 'application/json' } : {}), ...s.headers },
    ...(s.body ? { body: JSON.stringify(s.body()) } : {}),
  });
  const text = await res.text();
  s.onBody?.(res.status, text);
  return res.status;
}

try {
  const { url } = server;
  const { scenarios } = await prepareScenarios(url, server.databaseUrl);
  const rows: (string | number)[][] = [];
  for (const s of scenarios) {
    for (let i = 0; i < 20; i++) await call(url, s); // warm-up: JIT, pool connections, caches
    if (PROFILE_DIR) await ask({ profileStart: true });
    const before = await stats();
    const dbBefore = await databaseCpu();
    const times: number[] = [];
    const statuses = new Map<number, number>();
    let requests = REQUESTS;
    if (LOAD_SECONDS > 0) {
      const r = await cannon(url, s, LOAD_SECONDS);
      requests = r.requests.total;
      times.push(r.latency.p50);
      statuses.set(200, requests - r.non2xx);
      if (r.non2xx) statuses.set(0, r.non2xx);
    } else {
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const status = await call(url, s);
        times.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
    const after = await stats();
    const dbAfter = await databaseCpu();
    if (PROFILE_DIR) await ask({ profileStop: path.join(PROFILE_DIR, `${s.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`) });
    times.sort((a, b) => a - b);
    const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000 / requests;
    const dbMs = dbBefore !== undefined && dbAfter !== undefined ? ((dbAfter - dbBefore) * 1000) / requests : undefined;
    rows.push([
      s.name,
      times[Math.floor(times.length / 2)].toFixed(2),
      cpuMs.toFixed(2),
      dbMs === undefined ? '-' : dbMs.toFixed(2),
      ((after.statements - before.statements) / requests).toFixed(2),
      [...statuses].map(([k, v]) => `${k} x${v}`).join(', '),
    ]);
    if (process.env.BENCH_SQL === '1') {
      armSql();
      await call(url, s);
      const { sql } = await stats();
      console.log(`\n${s.name}:\n${(sql ?? []).map((q) => `  ${q}`).join('\n')}`);
    }
  }
  const how = LOAD_SECONDS > 0 ? `${LOAD_SECONDS} s of autocannon per endpoint (its p50)` : `${REQUESTS} requests one after another per endpoint`;
  console.log(`\n(${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}; ${how})`);
  console.log(formatTable(['endpoint', 'p50 ms', 'server CPU ms/req', 'database CPU ms/req', 'SQL/req', 'statuses'], rows));
} finally {
  await pg?.destroy();
  await server.cleanup();
}
