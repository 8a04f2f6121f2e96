import fs from 'node:fs';
import type { ProvidedContext } from 'vitest';
import { createScratchDatabase } from './scratch-db.js';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { createKnex, knexOnPglite, migrateLatest, openPglite } from '../src/db/knex.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { createApp } from '../src/app.js';
import type { Clock, Deps } from '../src/deps.js';
import { seedDemoData } from '../src/db/seeds/demo/seed-demo.js';
import { paystackClientFactory } from '../src/adapters/paystack.js';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped in close()).
 */
export interface TestDb {
  db: Knex;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  const template = await providedTemplate();
  if (!url) {
    // A copy of the run's migrated template (test/global-setup.ts) when there is one.
    const loadDataDir = template?.kind === 'pglite' ? new Blob([fs.readFileSync(template.file)]) : undefined;
    const db = knexOnPglite(openPglite(null, { loadDataDir }));
    await migrateLatest(db);
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const scratch = await createScratchDatabase(url, { template: template?.kind === 'postgres' ? template.name : undefined });
  const db = createKnex({ kind: 'postgres', url: scratch.url, poolMax: 25 });
  await migrateLatest(db);
  return {
    db,
    kind: 'postgres',
    async close() {
      await db.destroy();
      await scratch.drop();
    },
  };
}

/**
 * The template global-setup.ts made for this run, or undefined (outside vitest, or none).
 * vitest is imported only inside a vitest run: the benchmarks build their lodges with this
 * harness too, and importing vitest outside its runner throws.
 */
async function providedTemplate(): Promise<ProvidedContext['testDbTemplate'] | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  try {
    return inject('testDbTemplate');
  } catch {
    return undefined;
  }
}

/**
 * What `run` answers, and how many statements matching `pattern` it sent through `db` (knex's
 * query event: every statement, the prepared ones too).
 */
export async function countStatements<T>(db: Knex, pattern: RegExp, run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const count = (q: { sql: string }) => {
    if (pattern.test(q.sql)) statements++;
  };
  db.on('query', count);
  try {
    return { result: await run(), statements };
  } finally {
    db.off('query', count);
  }
}

/** The settings-encryption key of every test app (tests read the encrypted row with it). */
export const TEST_SETTINGS_KEY = Buffer.alloc(32, 7);

/** A clock a test can move. */
export class TestClock implements Clock {
  constructor(private current: Date = new Date()) {}
  now() {
    return new Date(this.current);
  }
  set(d: Date | string) {
    this.current = new Date(d);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestContext {
  deps: Deps;
  db: Knex;
  url: string;
  clock: TestClock;
  /** A new client with its own cookie jar. */
  client(): TestClient;
  /** A client logged in as the given user (demo accounts use password lodge-demo). */
  loginAs(username: string, password?: string): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestOptions {
  /** Load the demo data (relative to the clock's now). Default true. */
  seed?: boolean;
  now?: Date | string;
  env?: Record<string, string>;
  /** Extra setup of deps before the app is built (e.g. adapters pointing at doubles). */
  configure?(deps: Deps): void | Promise<void>;
}

export async function createTestContext(opts: TestOptions = {}): Promise<TestContext> {
  const testDb = await createTestDb();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JOBS_ENABLED: '0',
    DATA_DIR: `/tmp/lodge-test-${process.pid}`,
    // Every test client comes from 127.0.0.1: the guest limits would otherwise count all of a
    // file's bookings and look-ups as one guest's. Tests of the limits set them (env option).
    GUEST_BOOKING_RATE_LIMIT: '100000',
    GUEST_HOLD_LIMIT: '100000',
    LOOKUP_RATE_LIMIT: '100000',
    ...opts.env,
  } as NodeJS.ProcessEnv);
  const clock = new TestClock(opts.now ? new Date(opts.now) : new Date());
  const deps: Deps = {
    config,
    db: testDb.db,
    log: createLogger(config.LOG_LEVEL, false),
    clock,
    sessionKeys: ['test-session-key-0123456789abcdefghijklmnop'],
    settingsKey: TEST_SETTINGS_KEY,
    // Tests point PAYSTACK_BASE_URL (env option) at the Paystack double, or replace this in configure().
    paystack: paystackClientFactory(config),
  };
  if (opts.seed !== false) await seedDemoData(testDb.db, { now: clock.now() });
  await opts.configure?.(deps);
  const app = createApp(deps);
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const ctx: TestContext = {
    deps,
    db: testDb.db,
    url,
    clock,
    client: () => new TestClient(url),
    async loginAs(username, password = 'lodge-demo') {
      const c = new TestClient(url);
      const res = await c.post('/api/login', { username, password });
      if (res.status !== 200) throw new Error(`login as ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return c;
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await testDb.close();
    },
  };
  return ctx;
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A tiny HTTP client with a cookie jar; state-changing calls carry our Origin like a browser. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get<T = any>(path: string, init?: RequestInit) {
    return this.request<T>('GET', path, undefined, init);
  }
  post<T = any>(path: string, body?: unknown, init?: RequestInit) {
    return this.request<T>('POST', path, body, init);
  }
  put<T = any>(path: string, body?: unknown, init?: RequestInit) {
    return this.request<T>('PUT', path, body, init);
  }
  delete<T = any>(path: string, body?: unknown, init?: RequestInit) {
    return this.request<T>('DELETE', path, body, init);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<TestResponse<T>> {
    const headers = new Headers(init.headers);
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('Origin')) headers.set('Origin', this.baseUrl);
    if (this.cookies.size) headers.set('Cookie', this.cookieHeader());
    let payload: BodyInit | undefined = init.body ?? undefined;
    if (body !== undefined && payload === undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    const res = await fetch(this.baseUrl + path, { ...init, method, headers, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
}
