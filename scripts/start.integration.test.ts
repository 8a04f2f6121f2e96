import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDb, TestClient, type TestDb } from '../api/test/harness.js';
import { freePort, startProcess, type ApiProcess, type LogLine } from '../api/test/instances.js';

/**
 * `npm start` with WEB_CONCURRENCY (scripts/start.ts): the real start script, as a deployment
 * runs it. On PostgreSQL it forks that many workers sharing PORT, each serving requests, one
 * session good on all of them, and a worker that dies is replaced. On the embedded database
 * it refuses to start, naming the variable, rather than let two processes open one PGlite.
 */

const dataDirs: string[] = [];
function dataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lodge-start-${name}-`));
  dataDirs.push(dir);
  return dir;
}

function env(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    JOBS_ENABLED: '0',
    SMTP_URL: '',
    SESSION_SECRET: 'web-concurrency-session-secret-0123456789',
    SETTINGS_KEY: '07'.repeat(32),
    ...extra,
  };
}

const running = (l: LogLine) => typeof l.msg === 'string' && l.msg.startsWith('Lodge is running at');

afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start with WEB_CONCURRENCY=2 on the embedded database', () => {
  it('refuses to start and says why', async () => {
    const start = startProcess('scripts/start.ts', env({ DATABASE_URL: '', WEB_CONCURRENCY: '2', PORT: String(await freePort()), DATA_DIR: dataDir('embedded') }));
    expect(await start.exited).toBe(1);
    expect(start.other.join('\n')).toContain(
      'WEB_CONCURRENCY: 2 workers need PostgreSQL (DATABASE_URL); the embedded database (PGlite) lives inside one process and cannot be shared, so leave WEB_CONCURRENCY unset or 1',
    );
    expect(start.lines.filter(running)).toEqual([]);
  }, 120_000);
});

// PGlite is an in-process database: several workers need PostgreSQL (as several-instances).
describe.skipIf(!process.env.DATABASE_URL)('npm start with WEB_CONCURRENCY=2 on PostgreSQL (PostgreSQL only)', () => {
  let testDb: TestDb;
  let start: ApiProcess;
  let url: string;
  let workerPids: number[];

  beforeAll(async () => {
    testDb = await createTestDb();
    const { rows } = await testDb.db.raw<{ rows: { name: string }[] }>('SELECT current_database() AS name');
    const dbUrl = new URL(process.env.DATABASE_URL!);
    dbUrl.pathname = `/${rows[0].name}`;
    const port = await freePort();
    start = startProcess('scripts/start.ts', env({ DATABASE_URL: dbUrl.toString(), DEMO_DATA: '1', WEB_CONCURRENCY: '2', PORT: String(port), DATA_DIR: dataDir('pg') }));
    await start.waitFor((l) => l.msg === `2 workers share port ${port}`);
    // Each worker says it is running; wait for both.
    await start.waitFor(running);
    await start.waitFor((l) => running(l) && l.pid !== start.lines.find(running)!.pid);
    workerPids = [...new Set(start.lines.filter(running).map((l) => l.pid))];
    url = `http://127.0.0.1:${port}`;
  }, 400_000);

  afterAll(async () => {
    await start?.stop();
    await testDb?.close();
  });

  /** The pid of the worker that logged this request (every request line carries its reqId). */
  async function servedBy(reqId: string): Promise<number> {
    const line = await start.waitFor((l) => l.msg === 'request' && l.reqId === reqId, 10_000);
    return line.pid;
  }

  it('the primary loads the demo data once and forks two workers, each serving', async () => {
    expect(workerPids).toHaveLength(2);
    expect(workerPids).not.toContain(start.child.pid);
    expect(start.lines.filter((l) => l.msg === 'Demo data loaded.').map((l) => l.pid)).toEqual([start.child.pid]);
  });

  it('a login on one worker is a session on both, and a logout on one ends it on both', async () => {
    const client = new TestClient(url);
    const login = await client.post('/api/login', { username: 'manager', password: 'lodge-demo' }, { headers: { 'X-Request-Id': 'wc-login' } });
    expect(login.status).toBe(200);
    const loggedInOn = await servedBy('wc-login');

    // Connections are handed to the workers in turn: ask until both have answered.
    const answeredBy = new Set<number>();
    for (let i = 0; i < 20 && answeredBy.size < 2; i++) {
      const me = await client.get('/api/auth/user', { headers: { 'X-Request-Id': `wc-me-${i}`, Connection: 'close' } });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ username: 'manager', role: 'Manager' });
      answeredBy.add(await servedBy(`wc-me-${i}`));
    }
    expect([...answeredBy].sort()).toEqual([...workerPids].sort());
    expect(workerPids).toContain(loggedInOn);

    const cookies = new Map(client.cookies);
    const logout = await client.post('/api/logout', undefined, { headers: { 'X-Request-Id': 'wc-logout' } });
    expect(logout.status).toBe(200);
    const loggedOutOn = await servedBy('wc-logout');
    const seenAfter = new Set<number>();
    for (let i = 0; i < 20 && seenAfter.size < 2; i++) {
      const after = new TestClient(url);
      after.cookies = new Map(cookies);
      const me = await after.get('/api/auth/user', { headers: { 'X-Request-Id': `wc-after-${i}`, Connection: 'close' } });
      expect(me.status).toBe(401);
      seenAfter.add(await servedBy(`wc-after-${i}`));
    }
    expect(seenAfter.has(workerPids.find((p) => p !== loggedOutOn)!)).toBe(true);
  });

  it('a worker that dies is replaced, and the app keeps answering', async () => {
    const [victim, survivor] = workerPids;
    process.kill(victim, 'SIGKILL');
    await start.waitFor((l) => l.msg === 'worker stopped; starting another' && l.worker === victim);
    const replacement = await start.waitFor((l) => running(l) && !workerPids.includes(l.pid), 120_000);
    expect(replacement.pid).not.toBe(start.child.pid);

    const answeredBy = new Set<number>();
    for (let i = 0; i < 20 && answeredBy.size < 2; i++) {
      const health = await new TestClient(url).get('/api/health', { headers: { 'X-Request-Id': `wc-health-${i}`, Connection: 'close' } });
      expect(health.status).toBe(200);
      answeredBy.add(await servedBy(`wc-health-${i}`));
    }
    expect([...answeredBy].sort()).toEqual([survivor, replacement.pid].sort());
  }, 180_000);
});
