import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Knex } from 'knex';
import { createTestContext, createTestDb, TestClock, type TestContext, type TestDb } from '../../test/harness.js';
import { createKnex } from '../db/knex.js';
import { loadConfig } from '../config.js';
import type { Deps } from '../deps.js';
import { createMailer } from '../adapters/mailer.js';
import { paystackClientFactory } from '../adapters/paystack.js';
import { productJobs } from '../jobs/jobs.js';
import { startJobs } from '../jobs/job-runner.js';
import { createTokenBucket } from './rate-limit.js';
import { TooManyRequestsError } from '../errors.js';

/**
 * The token buckets behind the chat and contact-form limits, kept in the database so every
 * API instance shares them (the routes' own limits are tested in their features; two real
 * processes in several-instances.integration.test.ts).
 */

const MESSAGE = 'Too many messages. Please wait a moment and try again.';

/** What a take answers: 'ok', or the seconds to wait. */
async function outcome(take: () => Promise<void>): Promise<'ok' | number> {
  try {
    await take();
    return 'ok';
  } catch (err) {
    if (err instanceof TooManyRequestsError) {
      expect(err.message).toBe(MESSAGE);
      return err.retryAfterSeconds;
    }
    throw err;
  }
}

describe('POST /api/chatbot/chat: the last token', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t?.close());

  it('two requests racing for the last token: exactly one is answered 200, the other 429', async () => {
    // Several rounds, each on an address of its own, to give a race a chance to show.
    for (let round = 1; round <= 5; round++) {
      const ip = `10.7.0.${round}`;
      const chat = () => t.client().post('/api/chatbot/chat', { message: 'hello' }, { headers: { 'X-Forwarded-For': ip } });
      for (let i = 0; i < 19; i++) expect((await chat()).status).toBe(200);
      const racing = await Promise.all([chat(), chat()]);
      expect(racing.map((r) => r.status).sort()).toEqual([200, 429]);
      const refused = racing.find((r) => r.status === 429)!;
      expect(refused.headers.get('Retry-After')).toBe('3');
      expect(refused.body).toEqual({ message: MESSAGE, code: 'rate_limited' });
    }
  });
});

describe('the token bucket in the database', () => {
  let testDb: TestDb;
  let db: Knex;
  /** A second pool on the same database, as a second API instance has (PostgreSQL only). */
  let other: Knex | undefined;
  let n = 0;
  const bucket = (clock: TestClock, over: { capacity?: number; refillPerWindow?: number; windowMs?: number; db?: Knex; scope?: string } = {}) =>
    createTokenBucket({ scope: over.scope ?? `test-${++n}`, capacity: 2, refillPerWindow: 1, windowMs: 10_000, db, clock, message: MESSAGE, ...over });

  beforeAll(async () => {
    testDb = await createTestDb();
    db = testDb.db;
    if (testDb.kind === 'postgres') {
      const { rows } = await db.raw<{ rows: { name: string }[] }>('SELECT current_database() AS name');
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      other = createKnex({ kind: 'postgres', url: url.toString(), poolMax: 10 });
    }
  });
  afterAll(async () => {
    await other?.destroy();
    await testDb?.close();
  });

  it('many takers on both pools at once, ten tokens left: exactly ten are granted', async () => {
    const clock = new TestClock(new Date('2026-03-02T08:00:00Z'));
    const scope = `race-${++n}`;
    // One bucket object per "instance", over its own pool where there is one (PGlite has one connection).
    const onA = bucket(clock, { scope, capacity: 10, db });
    const onB = bucket(clock, { scope, capacity: 10, db: other ?? db });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => outcome(() => (i % 2 ? onA : onB).take('10.0.0.1'))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    // Empty: one token comes back every 10 s.
    expect(results.filter((r) => r !== 'ok')).toEqual(Array.from({ length: 30 }, () => 10));
    const row = await db('rate_limit_buckets').where({ scope, key: '10.0.0.1' }).first('tokens', 'granted', 'full_at');
    expect(row).toEqual({ tokens: 0, granted: false, full_at: new Date('2026-03-02T08:01:40Z') });
  });

  it('refills as the clock moves: the wait shrinks, then a token is there; keys and limits are apart', async () => {
    const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
    const limit = bucket(clock);
    expect([await outcome(() => limit.take('a')), await outcome(() => limit.take('a')), await outcome(() => limit.take('a'))]).toEqual(['ok', 'ok', 10]);
    expect(await outcome(() => limit.take('b'))).toBe('ok');
    expect(await outcome(() => bucket(clock).take('a'))).toBe('ok');
    clock.advance(4_000);
    expect(await outcome(() => limit.take('a'))).toBe(6);
    clock.advance(6_000);
    expect(await outcome(() => limit.take('a'))).toBe('ok');
    expect(await outcome(() => limit.take('a'))).toBe(10);
    // Never more than the capacity, however long it rested.
    clock.advance(3_600_000);
    expect([await outcome(() => limit.take('a')), await outcome(() => limit.take('a')), await outcome(() => limit.take('a'))]).toEqual(['ok', 'ok', 10]);
  });

  it('an instance whose clock is behind does not make the refill count the same seconds twice', async () => {
    const ahead = new TestClock(new Date('2026-03-02T10:00:10Z'));
    const behind = new TestClock(new Date('2026-03-02T10:00:05Z'));
    const scope = `skew-${++n}`;
    const onAhead = bucket(ahead, { scope, capacity: 1 });
    const onBehind = bucket(behind, { scope, capacity: 1 });
    expect(await outcome(() => onAhead.take('k'))).toBe('ok');
    expect(await outcome(() => onBehind.take('k'))).toBe(10);
    // 5 s after the token was taken, by the clock that took it: half a token, not a whole one.
    ahead.advance(5_000);
    expect(await outcome(() => onAhead.take('k'))).toBe(5);
    ahead.advance(5_000);
    expect(await outcome(() => onAhead.take('k'))).toBe('ok');
  });

  it('the rate-limit-cleanup job deletes the buckets that are full again, and only those', async () => {
    const clock = new TestClock(new Date('2026-03-02T11:00:00Z'));
    const scope = `prune-${++n}`;
    const limit = bucket(clock, { scope });
    await limit.take('one-taken');
    await limit.take('two-taken');
    await limit.take('two-taken');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: `/tmp/lodge-test-${process.pid}` } as NodeJS.ProcessEnv);
    const deps: Deps = { config, db, log: pino({ level: 'silent' }), clock, sessionKeys: ['k'], paystack: paystackClientFactory(config) };
    const mailer = createMailer(config);
    const runner = startJobs(deps, productJobs(deps, { mailer }), { runOnStart: false });
    const keys = async () => (await db('rate_limit_buckets').where({ scope }).orderBy('key').select('key')).map((r) => r.key);
    try {
      expect(await keys()).toEqual(['one-taken', 'two-taken']);
      clock.advance(9_999);
      await runner.runNow('rate-limit-cleanup');
      expect(await keys()).toEqual(['one-taken', 'two-taken']);
      clock.advance(1);
      await runner.runNow('rate-limit-cleanup');
      expect(await keys()).toEqual(['two-taken']);
      clock.advance(10_000);
      await runner.runNow('rate-limit-cleanup');
      expect(await keys()).toEqual([]);
      // A deleted bucket is a full one.
      expect([await outcome(() => limit.take('two-taken')), await outcome(() => limit.take('two-taken')), await outcome(() => limit.take('two-taken'))]).toEqual(['ok', 'ok', 10]);
    } finally {
      await runner.stop();
      mailer.close();
    }
  });
});
