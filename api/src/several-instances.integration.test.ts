import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDb, TestClient, type TestDb } from '../test/harness.js';
import { startProcess, serverUrl, type ApiProcess } from '../test/instances.js';
import { seedDemoData } from './db/seeds/demo/seed-demo.js';
import { SyncPushResponse, type SyncPushEntry } from '../../shared/contracts/sync.js';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { createTypeWithUnits } from './features/bookings/test-fixtures.js';

/**
 * Two API processes on one PostgreSQL database, as behind a load balancer (issue 11): a
 * session made on one works on the other, the login rate limit counts failures on both, so
 * does the chat's (one bucket per address, whichever instance answers), both run the
 * background jobs yet each expired hold is expired once and each e-mail sent
 * once, and one sync entry pushed to both at the same moment is applied once.
 */

const TOO_MANY = 'Too many failed login attempts. Please wait a few minutes and try again.';
const TOO_MANY_MESSAGES = 'Too many messages. Please wait a moment and try again.';
/** CHAT_RATE_LIMIT (features/chat/chat.routes.ts): a burst of 20, then one every 3 seconds. */
const CHAT_LIMIT = 20;

let testDb: TestDb;
let a: ApiProcess;
let b: ApiProcess;
let urlA: string;
let urlB: string;
const dataDirs: string[] = [];

async function start(name: string, dbUrl: string): Promise<ApiProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lodge-instance-${name}-`));
  dataDirs.push(dataDir);
  return startProcess('api/src/server.ts', {
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl,
    DEMO_DATA: '0',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Shared by every instance, as in production: a cookie signed by one is good on the other.
    SESSION_SECRET: 'several-instances-session-secret-0123456789',
    SETTINGS_KEY: '07'.repeat(32),
    // debug: the job runner logs each run ('job ran'), so the test sees both instances run them.
    LOG_LEVEL: 'debug',
    JOBS_ENABLED: '1',
    JOB_INTERVAL_MS: '300',
    EMAIL_INTERVAL_MS: '300',
    // No SMTP: each instance writes what it sends into its own DATA_DIR/outbox/.
    SMTP_URL: '',
    LOGIN_RATE_LIMIT: '3',
  });
}

// PGlite is an in-process database: a second process cannot open it, so there is nothing to share.
describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL database (PostgreSQL only: PGlite lives inside one process)', () => {
  beforeAll(async () => {
    testDb = await createTestDb();
    await seedDemoData(testDb.db, { now: new Date() });
    const { rows } = await testDb.db.raw<{ rows: { name: string }[] }>('SELECT current_database() AS name');
    const dbUrl = new URL(process.env.DATABASE_URL!);
    dbUrl.pathname = `/${rows[0].name}`;
    [a, b] = [await start('a', dbUrl.toString()), await start('b', dbUrl.toString())];
    [urlA, urlB] = await Promise.all([serverUrl(a), serverUrl(b)]);
  }, 400_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await testDb?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are two processes', () => {
    expect(a.child.pid).not.toBe(b.child.pid);
    expect(urlA).not.toBe(urlB);
  });

  it('a session made on one works on the other, and a logout on the other ends it on both', async () => {
    const onA = new TestClient(urlA);
    expect((await onA.post('/api/login', { username: 'manager', password: 'lodge-demo' })).status).toBe(200);
    const onB = new TestClient(urlB);
    onB.cookies = new Map(onA.cookies);
    const me = await onB.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'manager', role: 'Manager' });

    expect((await onB.post('/api/logout')).status).toBe(200);
    const after = new TestClient(urlA);
    after.cookies = new Map(onA.cookies);
    expect((await after.get('/api/auth/user')).status).toBe(401);
  });

  it('the login rate limit counts the failures made on both', async () => {
    // LOGIN_RATE_LIMIT=3: two failures on one instance and one on the other reach it.
    for (const url of [urlA, urlB, urlA]) {
      const res = await new TestClient(url).post('/api/login', { username: 'superadmin', password: 'wrong password' });
      expect(res.status).toBe(401);
    }
    for (const url of [urlB, urlA]) {
      const res = await new TestClient(url).post('/api/login', { username: 'superadmin', password: 'lodge-demo' });
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(TOO_MANY);
    }
  });

  it('the chat limit is one bucket shared by both: its 20 messages split across them, then the next is 429 on either', async () => {
    // Both see the test's address, 127.0.0.1. Sent at once, so the burst and the two after it
    // take well under the 3 s that bring a token back. With a bucket per process each would
    // still have 10 left.
    const chat = (url: string) => new TestClient(url).post('/api/chatbot/chat', { message: 'hello' });
    const burst = await Promise.all(Array.from({ length: CHAT_LIMIT }, (_, i) => chat(i % 2 ? urlB : urlA)));
    expect(burst.map((r) => r.status)).toEqual(Array.from({ length: CHAT_LIMIT }, () => 200));
    for (const url of [urlA, urlB]) {
      const res = await chat(url);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: TOO_MANY_MESSAGES, code: 'rate_limited' });
      expect(['1', '2', '3']).toContain(res.headers.get('Retry-After'));
    }
  });

  it('both run the jobs, yet each expired hold is expired once and each e-mail sent once', async () => {
    const db = testDb.db;
    const { unitIds, typeId } = await createTypeWithUnits(db, { units: 12 });
    const checkIn = addDays(todayInLodge(new Date()), 20);
    const bookings = unitIds.map((unitId, i) => ({
      id: randomUUID(),
      reference: `HOLD-${typeId.slice(0, 6)}-${i}`,
      unit_id: unitId,
      accommodation_type_id: typeId,
      guest_name: `Hold Guest${i}`,
      guest_email: `hold.guest${i}.${typeId.slice(0, 6)}@example.com`,
      check_in_date: checkIn,
      check_out_date: addDays(checkIn, 2),
      number_of_guests: 2,
      status: 'Provisional',
      payment_status: 'Pending',
      total_amount: '2000.00',
      payment_method: 'EFT',
      source: 'guest',
      hold_expires_at: new Date(Date.now() - 60_000),
    }));
    for (const row of bookings) {
      const [guest] = await db('guests').insert({ first_name: 'Hold', last_name: row.guest_name, email: row.guest_email }).returning('id');
      await db('bookings').insert({ ...row, guest_id: guest.id });
    }
    const ids = bookings.map((r) => r.id);

    // Both instances are polling every 300 ms: wait until every hold is gone and its e-mail sent.
    const done = async () => {
      const cancelled = await db('bookings').whereIn('id', ids).where({ status: 'Cancelled' }).count<{ c: number }[]>('* as c').first();
      const sent = await db('email_outbox').whereIn('booking_id', ids).where({ status: 'sent' }).count<{ c: number }[]>('* as c').first();
      return Number(cancelled?.c) === ids.length && Number(sent?.c) === ids.length;
    };
    await vi.waitFor(async () => expect(await done(), 'every hold expired and its e-mail sent').toBe(true), { timeout: 120_000, interval: 250 });
    // A second expiry or send would come from a later run: wait until each instance has run
    // both jobs twice more (the second of them started after everything was done).
    const mark = [a, b].map((p) => p.lines.length);
    await vi.waitFor(
      () => {
        for (const [i, p] of [a, b].entries()) {
          const runs = p.lines.slice(mark[i]).filter((l) => l.msg === 'job ran');
          for (const job of ['hold-expiry', 'email']) expect(runs.filter((l) => l.job === job).length).toBeGreaterThanOrEqual(2);
        }
      },
      { timeout: 60_000, interval: 100 },
    );

    const audits: { entity_id: string; n: number }[] = await db('audit_log')
      .whereIn('entity_id', ids)
      .where({ action: 'booking.hold_expired' })
      .groupBy('entity_id')
      .select('entity_id', db.raw('count(*)::int AS n'));
    expect(audits.map((r) => r.n)).toEqual(ids.map(() => 1));
    const emails: { id: string; booking_id: string; status: string; attempts: number }[] = await db('email_outbox')
      .whereIn('booking_id', ids)
      .select('id', 'booking_id', 'status', 'attempts');
    expect(emails.map((e) => e.booking_id).sort()).toEqual([...ids].sort());
    expect(emails.every((e) => e.status === 'sent' && e.attempts === 1)).toBe(true);

    // What left the two instances: one file per message, whichever instance sent it.
    const files = dataDirs.flatMap((dir) => (fs.existsSync(path.join(dir, 'outbox')) ? fs.readdirSync(path.join(dir, 'outbox')) : []));
    for (const e of emails) expect(files.filter((f) => f.includes(e.id))).toHaveLength(1);

    // And both instances did run both jobs.
    for (const p of [a, b]) {
      for (const job of ['hold-expiry', 'email']) {
        expect(p.lines.some((l) => l.msg === 'job ran' && l.job === job)).toBe(true);
      }
    }
  }, 180_000);

  it('one sync entry pushed to both at the same moment is applied once; so is a batch pushed to both', async () => {
    const db = testDb.db;
    const { unitIds, typeId } = await createTypeWithUnits(db, { units: 11 });
    const [guest] = await db('guests').insert({ first_name: 'Sync', last_name: 'Guest', email: `sync-${typeId}@example.com` }).returning('id');
    // Arriving today: a check-in before the arrival date is refused (shared/domain/booking-status.ts).
    const checkIn = todayInLodge(new Date());
    const bookingIds = unitIds.map(() => randomUUID());
    await db('bookings').insert(
      unitIds.map((unitId, i) => ({
        id: bookingIds[i],
        reference: `SYNC-${typeId.slice(0, 6)}-${i}`,
        unit_id: unitId,
        accommodation_type_id: typeId,
        guest_id: guest.id,
        guest_name: 'Sync Guest',
        guest_email: `sync-${typeId}@example.com`,
        check_in_date: checkIn,
        check_out_date: addDays(checkIn, 2),
        number_of_guests: 2,
        status: 'Provisional',
        total_amount: '2000.00',
        payment_method: 'EFT',
        source: 'staff',
      })),
    );
    const login = async (url: string, username: string) => {
      const c = new TestClient(url);
      expect((await c.post('/api/login', { username, password: 'lodge-demo' })).status).toBe(200);
      return c;
    };
    const [deskA, deskB] = [await login(urlA, 'receptionist'), await login(urlB, 'manager')];
    let seq = 0;
    const entry = (bookingId: string, status: string, baseVersion: number): SyncPushEntry => ({
      id: randomUUID(),
      seq: ++seq,
      op: 'booking.setStatus',
      entityId: bookingId,
      baseVersion,
      args: { status },
      schemaVersion: 1,
    });
    const push = async (c: TestClient, entries: SyncPushEntry[]) => {
      const res = await c.post('/api/sync/push', { deviceId: 'tablet', entries });
      expect(res.status).toBe(200);
      return SyncPushResponse.parse(res.body).results;
    };

    const one = entry(bookingIds[0], 'Checked-In', 1);
    const [onA, onB] = await Promise.all([push(deskA, [one]), push(deskB, [one])]);
    expect([onA[0].outcome, onB[0].outcome].sort()).toEqual(['applied', 'duplicate']);

    const rest = bookingIds.slice(1);
    const batch = rest.flatMap((id) => [entry(id, 'Checked-In', 1), entry(id, 'Checked-Out', 2)]);
    const [batchA, batchB] = await Promise.all([push(deskA, batch), push(deskB, batch)]);
    const applied = [...batchA, ...batchB].filter((r) => r.outcome === 'applied').length;
    expect(applied).toBe(batch.length);

    const stored = await db('client_mutations').whereIn('id', [one, ...batch].map((e) => e.id)).select('id', 'outcome');
    expect(stored).toHaveLength(1 + batch.length);
    expect(stored.every((m) => m.outcome === 'applied')).toBe(true);
    const rows: { id: string; status: string; version: number }[] = await db('bookings').whereIn('id', bookingIds).select('id', 'status', 'version');
    expect(rows.find((r) => r.id === bookingIds[0])).toMatchObject({ status: 'Checked-In', version: 2 });
    for (const id of rest) expect(rows.find((r) => r.id === id)).toMatchObject({ status: 'Checked-Out', version: 3 });
  });
});
