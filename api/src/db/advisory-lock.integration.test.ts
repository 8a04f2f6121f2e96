import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/harness.js';
import { advisoryLockId, runExclusive } from './advisory-lock.js';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

// Counted in this test's own database only: other test files share the PostgreSQL server.
const advisoryLocks = async (trx: { raw: TestDb['db']['raw'] }) =>
  Number(
    ((await trx.raw(`SELECT count(*)::int AS n FROM pg_locks
       WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)) as { rows: { n: number }[] })
      .rows[0].n,
  );

describe('runExclusive', () => {
  it('runs fn holding an advisory lock for its transaction, and releases it afterwards', async () => {
    const result = await runExclusive(testDb.db, 'hold-expiry', async (trx) => {
      expect(await advisoryLocks(trx)).toBe(1);
      return 'done';
    });
    expect(result).toEqual({ ran: true, value: 'done' });
    expect(await advisoryLocks(testDb.db)).toBe(0);
    expect(await runExclusive(testDb.db, 'hold-expiry', async () => 2)).toEqual({ ran: true, value: 2 });
  });

  it('rolls back and releases the lock when fn throws', async () => {
    await testDb.db.raw('CREATE TABLE IF NOT EXISTS lock_probe (n int)');
    await expect(
      runExclusive(testDb.db, 'probe', async (trx) => {
        await trx.raw('INSERT INTO lock_probe VALUES (1)');
        throw new Error('job broke');
      }),
    ).rejects.toThrow('job broke');
    expect((await testDb.db('lock_probe').count<{ count: number }[]>('* as count'))[0].count).toBe(0);
    expect(await runExclusive(testDb.db, 'probe', async () => 'again')).toEqual({ ran: true, value: 'again' });
  });

  it('never runs two holders of one key at the same time', async () => {
    let active = 0;
    let maxActive = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const holds = new Promise<void>((r) => (holding = r));
    const first = runExclusive(testDb.db, 'email', async (trx) => {
      active++;
      maxActive = Math.max(maxActive, active);
      await trx.raw('SELECT 1');
      holding();
      await gate;
      active--;
      return 'first';
    });
    // The second starts once the first holds the lock.
    await holds;
    const second = runExclusive(testDb.db, 'email', async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      active--;
      return 'second';
    });
    if (testDb.kind === 'postgres') {
      // Another connection finds the lock taken and skips this round at once.
      expect(await second).toEqual({ ran: false });
      // A different key is not held up.
      expect(await runExclusive(testDb.db, 'other', async () => 'other')).toEqual({ ran: true, value: 'other' });
      release();
      expect(await first).toEqual({ ran: true, value: 'first' });
    } else {
      // PGlite has one connection: the second transaction starts only after the first ends.
      release();
      expect(await first).toEqual({ ran: true, value: 'first' });
      expect(await second).toEqual({ ran: true, value: 'second' });
    }
    expect(maxActive).toBe(1);
  });

  it('maps names to stable 64-bit ids', () => {
    expect(advisoryLockId('email')).toBe(advisoryLockId('email'));
    expect(advisoryLockId('email')).not.toBe(advisoryLockId('hold-expiry'));
    expect(BigInt(advisoryLockId('email'))).toBeLessThan(2n ** 63n);
  });
});
