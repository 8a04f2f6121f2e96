/**
 * The HTTP benchmark (part of `npm run bench`; `npx tsx bench/http.ts` alone). What a run is:
 *  - the server is the app as `npm start` runs it (bench/server-process.ts: the production
 *    build of the PWA served beside the API, `npm start`'s defaults for NODE_ENV and the log
 *    level, jobs running), in a process of its own;
 *  - the load generator (autocannon) runs in this process, never in the server's: the two
 *    share the machine's CPUs, as a probe on the same machine would;
 *  - on a fresh database with the demo data and the scale fixture (50 units, 5,000 bookings):
 *    PostgreSQL when DATABASE_URL is set (a new database is created on that server and dropped
 *    afterwards), else embedded PGlite in a temporary folder;
 *  - every endpoint for BENCH_DURATION seconds at BENCH_CONNECTIONS after a warm-up, reported
 *    as req/s, p50, p99 and its ratio to both ceilings measured in the same run:
 *    `GET /api/health` (no database) and `GET /api/health/db` (one SELECT 1);
 *  - with autocannon's decoding of each answer's body into text switched off (skipBodyText
 *    below says why), and then the whole table again with it on (BENCH_DECODED_DURATION
 *    seconds an endpoint, 0 leaves it out), which is what an outside tool measures.
 * Targets: the catalogue at least 50% of the health ceiling, every database-backed read at
 * least 80% of the health/db ceiling with p99 under 10 ms (on PostgreSQL; the embedded
 * database's ceiling is lower and its table is reported beside it), the sync push (a write)
 * p99 under 20 ms from 4 tablets. Then the booking race: N guests book the same unit for the
 * same nights at once, exactly one wins.
 *
 *   BENCH_CONNECTIONS (50)  BENCH_DURATION (5 s per endpoint)  BENCH_WARMUP (1 s)
 *   BENCH_RACE (20 parallel bookings)  BENCH_ENDPOINTS (parts of endpoint names, comma-separated: only those)
 *   BENCH_CPU_PROF (a folder: the server process writes a V8 CPU profile there when it stops)
 *   BENCH_ACCEPT_ENCODING (the requests' Accept-Encoding: a browser's `gzip, deflate, br` by default)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { buildPwaIfNeeded } from '../scripts/build-pwa.js';
import { formatTable, machine, writeSection, type ResultRow } from './results.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const RACE = Number(process.env.BENCH_RACE ?? 20);
/** Reads (the catalogue included): p99 under this at 50 connections. */
const P99_TARGET_MS = 10;
/** Reads: at least this share of the health/db ceiling. */
const READ_SHARE_TARGET = 80;
/** Writes (the sync push from a lodge's tablets): p99 under this. */
const WRITE_P99_TARGET_MS = 20;
/** Seconds per endpoint of the second table, with autocannon decoding bodies (0: none). */
const DECODED_DURATION = Number(process.env.BENCH_DECODED_DURATION ?? 3);
/** What the requests accept: a browser's (Chromium's) by default; `identity` measures uncompressed answers. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
/** Comma-separated parts of endpoint names to measure (the ceilings always are); unset: all. */
const ONLY_ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',').map((s) => s.trim()).filter(Boolean);

type Kind = 'ceiling' | 'catalogue' | 'read' | 'write';

export interface Scenario {
  name: string;
  kind: Kind;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A fresh body per request (distinct dates, new outbox entries). */
  body?: () => unknown;
  /** Checks each answer (e.g. the sync push's outcomes); returns a label to count. */
  onBody?: (status: number, body: string) => string | undefined;
  /** Connections for this scenario (BENCH_CONNECTIONS when unset). */
  connections?: number;
  /** Reported without a target (the push at 50 connections: Little's law, below). */
  untargeted?: boolean;
}

export interface HttpRow {
  endpoint: string;
  kind: Kind;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Of the ceiling this row is held to (health for the catalogue, health/db for reads). */
  ceiling?: string;
  pctOfCeiling?: number;
  /** Of each ceiling of the same run. */
  pctOfHealth?: number;
  pctOfHealthDb?: number;
  /** The same endpoint with autocannon decoding every body into text (as outside tools do). */
  decoded?: { reqPerSec: number; p50: number; p99: number; pctOfHealth?: number; pctOfHealthDb?: number };
  non2xx: number;
  errors: number;
  met: boolean | null;
  counts?: Record<string, number>;
}

export interface Server {
  url: string;
  /** The server's PostgreSQL database (undefined on the embedded one). */
  databaseUrl?: string;
  child: ChildProcess;
  cleanup(): Promise<void>;
}

export async function startServer(): Promise<Server> {
  // As `npm start`: the PWA is built first if it is not (the server process serves it).
  buildPwaIfNeeded();
  const port = 3900 + Math.floor(Math.random() * 90);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: '1',
    BENCH_SCALE_FIXTURE: '1',
  };
  // `npm start`'s defaults (development, request logs at info), not whatever this shell has;
  // BENCH_LOG_LEVEL measures another level. The logs go where a service's stdout goes when no
  // terminal reads it: nowhere here (a terminal would measure the terminal).
  delete env.NODE_ENV;
  delete env.LOG_LEVEL;
  if (process.env.BENCH_LOG_LEVEL) env.LOG_LEVEL = process.env.BENCH_LOG_LEVEL;
  let dropDatabase: (() => Promise<void>) | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-bench-'));
  env.DATA_DIR = dataDir;
  if (process.env.DATABASE_URL) {
    const name = `lodge_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    };
  }
  const child = fork(path.resolve(import.meta.dirname, 'server-process.ts'), [], {
    env,
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before it was ready`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl: process.env.DATABASE_URL ? env.DATABASE_URL : undefined,
    child,
    async cleanup() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a browser on the app's own page sends: the API refuses a cookie-bearing request that
 * does not say which site it comes from (the CSRF check), so every request here says so; and
 * every browser accepts compressed answers (autocannon alone asks for none, which measured
 * sending a 200 KB calendar window uncompressed, something no client of the app receives).
 */
export function sameSite(url: string): Record<string, string> {
  return { Origin: new URL(url).origin, 'Accept-Encoding': ACCEPT_ENCODING };
}

export async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'lodge-demo' }),
  });
  if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function getJson<T>(url: string, cookie?: string): Promise<T> {
  const res = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

export function cannon(url: string, s: Scenario, seconds: number, decodeBodies = false): Promise<autocannon.Result & { counts: Record<string, number> }> {
  const counts: Record<string, number> = {};
  const headers = { ...sameSite(url), ...(s.body ? { 'Content-Type': 'application/json' } : {}), ...s.headers };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: s.connections ?? CONNECTIONS,
        duration: seconds,
        ...(s.onBody || decodeBodies ? {} : { setupClient: skipBodyText }),
        requests: [
          {
            method: s.method ?? 'GET',
            path: s.path,
            headers,
            ...(s.body ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(s.body!()) }) } : {}),
            ...(s.onBody
              ? {
                  onResponse: (status: number, body: string) => {
                    const label = s.onBody!(status, body);
                    if (label) counts[label] = (counts[label] ?? 0) + 1;
                  },
                }
              : {}),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ ...result, counts })),
    );
  });
}

/**
 * autocannon keeps each response's body as text (`body += chunk`: a UTF-8 decode of every
 * chunk, whatever the encoding) even when nothing reads it. On this machine that cost the
 * load generator about 10 µs per KB, in the same two CPUs the server runs on: a 17 KB calendar
 * answer cost autocannon 120 µs against the server's 30, so the bench measured autocannon
 * (a plain Node server sending 17 KB at 50 connections: 6,500 req/s, 31,700 with this). A scenario
 * that reads its answers (onBody) keeps the text. Bytes are still counted as they arrive.
 */
function skipBodyText(client: unknown): void {
  const queue = (client as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests;
  if (!queue || typeof queue.addBody !== 'function') throw new Error('autocannon changed: pipelinedRequests.addBody is gone (bench/http.ts skipBodyText)');
  queue.addBody = () => undefined;
}

/** The scenarios of the run, in order (ceilings first), against a server with the scale fixture. */
export async function prepareScenarios(url: string, databaseUrl?: string): Promise<{ scenarios: Scenario[]; manager: string; today: string }> {
  const today = todayInLodge(new Date());
  const manager = await login(url, 'manager');
  const desk = await login(url, 'receptionist');
  const types = await getJson<{ id: string; name: string; isPackage: boolean }[]>(`${url}/api/accommodations`);
  const type = types.find((t) => !t.isPackage && !t.name.startsWith('Scale'))!;
  // Where the scale fixture's 5,000 bookings are: a calendar window in the middle of them.
  const calendarStart = addDays(today, -3);

  // The desk's steady state: a device whose store is up to date polls for changes.
  let cursor: string | undefined;
  for (;;) {
    const page = await getJson<{ cursor: string; hasMore: boolean }>(`${url}/api/sync/pull?limit=2000${cursor ? `&since=${cursor}` : ''}`, desk);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }

  // Outbox entries for the push: special requests on upcoming bookings, each booking's
  // previous value tracked so entries apply rather than conflict.
  // Not the units of an entire-lodge booking: those are changed through their parent, and
  // an entry on one is rightly rejected (the 10 rejected outcomes of earlier runs).
  const upcoming = (
    await getJson<{ id: string; specialRequests: string | null; isEntireLodgeChild: boolean }[]>(
      `${url}/api/admin/bookings?startDate=${addDays(today, 30)}&endDate=${addDays(today, 200)}`,
      manager,
    )
  ).filter((b) => !b.isEntireLodgeChild);
  const lastValue = new Map(upcoming.map((b) => [b.id, b.specialRequests]));
  let pushes = 0;
  let seq = 0;
  const pushBody = () => {
    const b = upcoming[pushes++ % upcoming.length];
    const next = `Bench request ${pushes}`;
    const previous = lastValue.get(b.id) ?? null;
    lastValue.set(b.id, next);
    return {
      deviceId: 'bench-tablet',
      entries: [{ id: randomUUID(), seq: ++seq, op: 'booking.setSpecialRequests', entityId: b.id, baseVersion: 1, args: { specialRequests: next, previous }, schemaVersion: 1 }],
    };
  };

  // Two-night stays over the next year, leaving out those the lodge does not sell: a stay
  // touching an override with a longer minimum (the demo's events ask for 3 nights) is
  // rightly refused with 422, which measured the refusal instead of a price.
  const overrides = await getJson<{ accommodationTypeId: string; startDate: string; endDate: string; minLengthOfStay: number }[]>(
    `${url}/api/admin/rate-overrides`,
    manager,
  );
  const sellable = Array.from({ length: 300 }, (_, n) => addDays(today, 30 + n)).filter(
    (checkIn) =>
      !overrides.some((o) => o.accommodationTypeId === type.id && o.minLengthOfStay > 2 && o.startDate <= addDays(checkIn, 1) && o.endDate >= checkIn),
  );
  let i = 0;
  const stay = () => {
    const checkIn = sellable[i++ % sellable.length];
    return { checkIn, checkOut: addDays(checkIn, 2) };
  };

  // A guest's link to an upcoming booking: the token's hash written straight into the server's
  // database (the token itself only ever travels by e-mail). PostgreSQL only: the embedded
  // database belongs to the server process.
  const guestToken = databaseUrl ? await insertGuestLink(databaseUrl, upcoming[0].id) : undefined;
  const unitFeed = databaseUrl ? await busiestUnitFeed(databaseUrl) : undefined;

  const push = (connections: number): Scenario => ({
    name: connections === CONNECTIONS ? 'POST /api/sync/push (1 entry)' : `POST /api/sync/push (1 entry, ${connections} tablets at once)`,
    kind: 'write',
    method: 'POST',
    path: '/api/sync/push',
    // Uncompressed: its answers are read (they are under the compression threshold anyway).
    headers: { Cookie: desk, 'Accept-Encoding': 'identity' },
    body: pushBody,
    onBody: (status, body) => (status === 200 ? (JSON.parse(body) as { results: { outcome: string }[] }).results[0]?.outcome : `HTTP ${status}`),
    connections,
    untargeted: connections === CONNECTIONS,
  });

  const all: Scenario[] = [
    { name: 'GET /api/health', kind: 'ceiling', path: '/api/health' },
    { name: 'GET /api/health/db', kind: 'ceiling', path: '/api/health/db' },
    { name: 'GET /api/accommodations', kind: 'catalogue', path: '/api/accommodations' },
    { name: 'POST /api/availability', kind: 'read', method: 'POST', path: '/api/availability', body: () => ({ ...stay(), accommodationTypeId: type.id }) },
    {
      name: 'POST /api/calculate-rate (promo)',
      kind: 'read',
      method: 'POST',
      path: '/api/calculate-rate',
      body: () => ({ ...stay(), accommodationTypeId: type.id, promoCode: 'SAFARI10' }),
    },
    { name: 'GET /api/admin/calendar (14 days, 5,000-booking lodge)', kind: 'read', path: `/api/admin/calendar?start=${calendarStart}&days=14`, headers: { Cookie: desk } },
    { name: 'GET /api/sync/pull (up to date)', kind: 'read', path: `/api/sync/pull?since=${cursor}`, headers: { Cookie: desk } },
    {
      name: 'GET /api/admin/bookings (today + 6 days)',
      kind: 'read',
      path: `/api/admin/bookings?startDate=${today}&endDate=${addDays(today, 6)}`,
      headers: { Cookie: manager },
    },
    {
      // The folio of a booking with payments in its ledger: the stay, its charges, its ledger
      // and the tax settings, built by the shared function.
      name: 'GET /api/admin/bookings/:id/folio',
      kind: 'read',
      path: `/api/admin/bookings/${upcoming[0].id}/folio`,
      headers: { Cookie: desk },
    },
    // The guest's own booking page (opened from the e-mailed link, on a phone): the link, the
    // booking, its ledger and folio in one statement.
    ...(guestToken ? [{ name: 'GET /api/guest/bookings/:token (guest-booking)', kind: 'read' as const, path: `/api/guest/bookings/${guestToken}` }] : []),
    // A unit's calendar as a channel fetches it (no session, the token in the path): the
    // unit's tokens, live stays and out-of-order periods in one prepared statement, made into
    // iCalendar text. The unit with the most stays of the scale fixture.
    ...(unitFeed ? [{ name: 'GET /ical/units/:unitId/:token.ics (the unit feed)', kind: 'read' as const, path: unitFeed }] : []),
    push(CONNECTIONS),
    // The same at a lodge's own scale: the front desk's tablets replaying at once when the
    // connection comes back (each sends one entry at a time, so one connection per tablet).
    // At 50 connections a write's latency is set by Little's law: 50 requests always in
    // flight at R writes/s wait 50/R s on average, so p99 under 20 ms there would need more
    // than 2,500 committed writes a second from two CPUs.
    push(4),
  ];
  return { scenarios: all.filter((s) => s.kind === 'ceiling' || !ONLY_ENDPOINTS || ONLY_ENDPOINTS.some((part) => s.name.includes(part))), manager, today };
}

/** The export address (path) of the unit with the most live stays from today on. */
async function busiestUnitFeed(databaseUrl: string): Promise<string | undefined> {
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    const row: { unit_id: string; token: string } | undefined = await db('unit_ical_tokens as t')
      .join('bookings as b', 'b.unit_id', 't.unit_id')
      .whereIn('b.status', ['Provisional', 'Confirmed', 'Checked-In'])
      .groupBy('t.unit_id', 't.token')
      .orderByRaw('count(*) desc')
      .first('t.unit_id', 't.token');
    return row ? `/ical/units/${row.unit_id}/${row.token}.ics` : undefined;
  } finally {
    await db.destroy();
  }
}

/** A live guest link for the booking, valid for a year; answers the token. */
async function insertGuestLink(databaseUrl: string, bookingId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    await db('guest_booking_links').insert({
      booking_id: bookingId,
      token_hash: createHash('sha256').update(token, 'utf8').digest('hex'),
      expires_at: new Date(Date.now() + 365 * 24 * 3600_000),
    });
  } finally {
    await db.destroy();
  }
  return token;
}

export async function runHttpBench(): Promise<{ rows: HttpRow[]; race: ResultRow; notes: string[] }> {
  const server = await startServer();
  try {
    const { url } = server;
    const { scenarios, manager, today } = await prepareScenarios(url, server.databaseUrl);

    const rows: HttpRow[] = [];
    for (const s of scenarios) {
      // One request first: a scenario answering errors would measure the error path.
      const probe = await fetch(url + s.path, {
        method: s.method ?? 'GET',
        headers: { ...sameSite(url), ...(s.body ? { 'Content-Type': 'application/json' } : {}), ...s.headers },
        ...(s.body ? { body: JSON.stringify(s.body()) } : {}),
      });
      if (!probe.ok) throw new Error(`${s.name} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
      await probe.arrayBuffer();
      if (WARMUP > 0) await cannon(url, s, WARMUP);
      const r = await cannon(url, s, DURATION);
      rows.push({
        endpoint: s.name,
        kind: s.kind,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        met: null,
        ...(Object.keys(r.counts).length ? { counts: r.counts } : {}),
      });
      // Again with autocannon decoding every answer's body, as an outside tool would: right
      // after, on the same data (a later write, the push's, would change what a read answers).
      if (DECODED_DURATION > 0) {
        const d = await cannon(url, s, DECODED_DURATION, true);
        rows[rows.length - 1].decoded = { reqPerSec: Math.round(d.requests.average), p50: d.latency.p50, p99: d.latency.p99 };
      }
    }
    const pct = (value: number, of: number) => Math.round((100 * value) / of);
    for (const [n, row] of rows.entries()) {
      const clean = row.non2xx === 0 && row.errors === 0;
      row.pctOfHealth = pct(row.reqPerSec, rows[0].reqPerSec);
      row.pctOfHealthDb = pct(row.reqPerSec, rows[1].reqPerSec);
      if (row.decoded) {
        row.decoded.pctOfHealth = pct(row.decoded.reqPerSec, rows[0].decoded!.reqPerSec);
        row.decoded.pctOfHealthDb = pct(row.decoded.reqPerSec, rows[1].decoded!.reqPerSec);
      }
      if (row.kind === 'catalogue') {
        row.ceiling = 'health';
        row.pctOfCeiling = row.pctOfHealth;
      } else if (row.kind === 'read' || row.kind === 'write') {
        row.ceiling = 'health/db';
        row.pctOfCeiling = row.pctOfHealthDb;
      }
      const share = row.kind === 'catalogue' ? 50 : row.kind === 'read' ? READ_SHARE_TARGET : 0;
      const p99Target = row.kind === 'write' ? WRITE_P99_TARGET_MS : P99_TARGET_MS;
      if (scenarios[n].untargeted) row.met = null;
      else row.met = clean && (row.pctOfCeiling ?? 100) >= share && row.p99 < p99Target;
    }

    return {
      rows,
      race: await bookingRace(url, manager, today),
      notes: [
        `${CONNECTIONS} connections, ${DURATION} s per endpoint after ${WARMUP} s of warm-up, Accept-Encoding: ${ACCEPT_ENCODING}`,
        "the server as `npm start` runs it (PWA built and served, npm start's NODE_ENV and log level), the load generator in a process of its own",
      ],
    };
  } finally {
    await server.cleanup();
  }
}

/**
 * RACE front desks book the same unit for the same nights at the same moment (the staff
 * booking names its unit; a guest booking may move to a free unit of the type): exactly one
 * 201, the rest 409, one booking stored.
 */
async function bookingRace(url: string, manager: string, today: string): Promise<ResultRow> {
  const units = await getJson<{ id: string; name: string }[]>(`${url}/api/units`);
  const unit = units[0];
  const checkIn = addDays(today, 420);
  const checkOut = addDays(checkIn, 2);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: RACE }, async (_, n) => {
      const res = await fetch(`${url}/api/admin/bookings`, {
        method: 'POST',
        headers: { ...sameSite(url), 'Content-Type': 'application/json', Cookie: manager },
        body: JSON.stringify({
          unitId: unit.id,
          checkInDate: checkIn,
          checkOutDate: checkOut,
          totalAmount: 2000,
          paymentMethod: 'eft',
          paymentStatus: 'pending',
          guestData: { firstName: 'Race', lastName: `Guest ${n}`, email: `race${n}-${randomUUID().slice(0, 6)}@example.com` },
        }),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const ms = performance.now() - started;
  const held = await getJson<{ status: string }[]>(`${url}/api/admin/bookings?unitId=${unit.id}&startDate=${checkIn}&endDate=${checkIn}`, manager);
  const won = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 409).length;
  const ok = won === 1 && refused === RACE - 1 && held.length === 1;
  return {
    name: `booking race: ${RACE} front desks book ${unit.name} for the same 2 nights at once`,
    value: `${won} won, ${refused} refused (409), ${RACE - won - refused} other`,
    target: 'exactly 1 wins, the rest 409; 1 booking stored',
    ok,
    bookingsStored: held.length,
    ms: Math.round(ms),
  };
}

export function formatHttpBench(result: { rows: HttpRow[]; race: ResultRow; notes: string[] }): string {
  const table = formatTable(
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', '% health', '% health/db', 'target met', 'decoded: req/s', 'p99 ms', '% health/db'],
    result.rows.map((r) => [
      r.endpoint + (r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''),
      r.reqPerSec,
      r.p50,
      r.p99,
      `${r.pctOfHealth}%`,
      `${r.pctOfHealthDb}%`,
      r.kind === 'ceiling' ? 'ceiling' : r.met === null ? '-' : r.met ? 'yes' : 'NO',
      r.decoded?.reqPerSec ?? '',
      r.decoded?.p99 ?? '',
      r.decoded ? `${r.decoded.pctOfHealthDb}%` : '',
    ]),
  );
  const counts = result.rows
    .filter((r) => r.counts)
    .map((r) => `${r.endpoint} outcomes: ${Object.entries(r.counts!).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const load = os.loadavg()[0].toFixed(1);
  return [
    `(${os.cpus().length} CPUs, load average ${load}; ${result.notes.join('; ')})`,
    table,
    ...counts,
    `${result.race.name}: ${result.race.value} in ${result.race.ms} ms${result.race.ok ? '' : '   MISSED'}`,
    `targets: the catalogue >= 50% of /api/health, database-backed reads >= ${READ_SHARE_TARGET}% of /api/health/db, p99 < ${P99_TARGET_MS} ms; the push from 4 tablets p99 < ${WRITE_P99_TARGET_MS} ms`,
    `decoded: the same endpoints with autocannon decoding each body into text, as an outside tool does (${DECODED_DURATION} s each)`,
    `connections: ${CONNECTIONS} unless the endpoint says otherwise`,
  ].join('\n');
}

export function recordHttpBench(result: { rows: HttpRow[]; race: ResultRow; notes: string[] }): void {
  // Some endpoints only (BENCH_ENDPOINTS): a look, not a record to replace the full run's.
  if (ONLY_ENDPOINTS) return;
  // One section per database: the PostgreSQL table is the one held to the targets, the
  // embedded database's (whose ceiling is lower) is kept beside it.
  writeSection(process.env.DATABASE_URL ? 'http' : 'httpEmbedded', {
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite',
    machine: machine(),
    notes: result.notes,
    rows: [
      ...result.rows.map(
        (r): ResultRow => ({
          name: r.endpoint,
          value: r.reqPerSec,
          unit: 'req/s',
          target:
            r.kind === 'ceiling'
              ? 'ceiling'
              : r.kind === 'catalogue'
                ? `>= 50% of health; p99 < ${P99_TARGET_MS} ms`
                : r.kind === 'read'
                  ? `>= ${READ_SHARE_TARGET}% of health/db; p99 < ${P99_TARGET_MS} ms`
                  : r.met === null
                    ? 'none (50 connections of writes: see bench/http.ts)'
                    : `p99 < ${WRITE_P99_TARGET_MS} ms`,
          ok: r.kind === 'ceiling' ? null : r.met,
          p50Ms: r.p50,
          p99Ms: r.p99,
          pctOfCeiling: r.pctOfCeiling ?? null,
          ceiling: r.ceiling ?? null,
          pctOfHealth: r.pctOfHealth ?? null,
          pctOfHealthDb: r.pctOfHealthDb ?? null,
          decoded: r.decoded ?? null,
          non2xx: r.non2xx,
          errors: r.errors,
          ...(r.counts ? { outcomes: r.counts } : {}),
        }),
      ),
      result.race,
    ],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}\n`);
  const result = await runHttpBench();
  console.log(formatHttpBench(result));
  recordHttpBench(result);
}
