/**
 * The offline sync's numbers (part of `npm run bench`, or `npx tsx bench/sync.ts` alone;
 * `BENCH_SYNC=push` or `BENCH_SYNC=pull` runs one part):
 * - replaying a front desk's outbox through POST /api/sync/push: 500 queued entries (a
 *   check-in and a check-out of 250 bookings) in batches of 100, and one entry per request
 *   (as the PWA's replay sends them), in entries per second; the SQL statements and the CPU
 *   each entry cost (this process's, and on a local PostgreSQL its server processes'), which
 *   say more than a wall-clock rate on a busy machine; then a count that each entry was
 *   applied exactly once (client_mutations rows, booking versions, audit rows), also after
 *   two tablets replay one queue at the same moment;
 * - a first pull (from no cursor) of 5,000 bookings through GET /api/sync/pull, page by page
 *   at the largest limit, in seconds.
 * Each part runs on its own fresh database (embedded, or PostgreSQL with DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { createTestContext, type TestClient } from '../api/test/harness.js';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { SYNC_PULL_MAX_LIMIT, type SyncPushEntry } from '../shared/contracts/sync.js';

export interface SyncBenchRow {
  name: string;
  value: string;
  target: string;
  ok: boolean;
}

/**
 * `count` Provisional bookings straight into the database (the bench's own data, not the
 * booking flow under test): `perUnit` back-to-back two-night stays per unit, from `startDay`.
 */
async function generateBookings(db: Knex, today: string, count: number, opts: { perUnit: number; startDay: number }): Promise<string[]> {
  const typeId = randomUUID();
  await db('accommodation_types').insert({ id: typeId, name: `Bench type ${typeId.slice(0, 8)}`, capacity: 2, base_weekday_rate: '1000.00', base_weekend_rate: '1500.00', sort_order: 990 });
  const unitCount = Math.ceil(count / opts.perUnit);
  const unitIds = Array.from({ length: unitCount }, () => randomUUID());
  await db.batchInsert(
    'units',
    unitIds.map((id, i) => ({ id, accommodation_type_id: typeId, name: `Bench unit ${i + 1}`, sort_order: i })),
    500,
  );
  const [guest] = await db('guests').insert({ first_name: 'Bench', last_name: 'Guest', email: `bench-${typeId}@example.com` }).returning('id');
  const rows = Array.from({ length: count }, (_, i) => {
    const checkIn = addDays(today, opts.startDay + (i % opts.perUnit) * 2);
    return {
      id: randomUUID(),
      reference: `BENCH-${typeId.slice(0, 6)}-${i}`,
      unit_id: unitIds[Math.floor(i / opts.perUnit)],
      accommodation_type_id: typeId,
      guest_id: guest.id,
      guest_name: 'Bench Guest',
      guest_email: `bench-${typeId}@example.com`,
      check_in_date: checkIn,
      check_out_date: addDays(checkIn, 2),
      number_of_guests: 2,
      status: 'Provisional',
      total_amount: '2000.00',
      payment_method: 'EFT',
      source: 'staff',
    };
  });
  await db.batchInsert('bookings', rows, 500);
  return rows.map((r) => r.id);
}

let seq = 0;
const entries = (ids: string[]): SyncPushEntry[] =>
  ids.flatMap((id) => [
    { id: randomUUID(), seq: ++seq, op: 'booking.setStatus', entityId: id, baseVersion: 1, args: { status: 'Checked-In' }, schemaVersion: 1 },
    { id: randomUUID(), seq: ++seq, op: 'booking.setStatus', entityId: id, baseVersion: 2, args: { status: 'Checked-Out' }, schemaVersion: 1 },
  ]);

async function replay(
  client: TestClient,
  queue: SyncPushEntry[],
  batchSize: number,
): Promise<{ seconds: number; cpuSeconds: number; applied: number }> {
  let applied = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < queue.length; i += batchSize) {
    const res = await client.post('/api/sync/push', { deviceId: 'bench-tablet', entries: queue.slice(i, i + batchSize) });
    if (res.status !== 200) throw new Error(`push answered ${res.status}: ${res.text}`);
    applied += (res.body.results as { outcome: string }[]).filter((r) => r.outcome === 'applied').length;
  }
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6, applied };
}

const count = async (q: Knex.QueryBuilder): Promise<number> => Number((await q.count<{ c: number }[]>('* as c').first())?.c);

/**
 * Each queued entry applied exactly once: one client_mutations row each, all 'applied'; every
 * booking Checked-Out at version 3 (two changes on version 1) with two audit rows.
 */
async function appliedOnce(db: Knex, queue: SyncPushEntry[], bookingIds: string[]): Promise<boolean> {
  const ids = queue.map((e) => e.id);
  const rows = await count(db('client_mutations').whereIn('id', ids));
  const applied = await count(db('client_mutations').whereIn('id', ids).where({ outcome: 'applied' }));
  const wrong = await count(db('bookings').whereIn('id', bookingIds).andWhere((q) => q.whereNot('status', 'Checked-Out').orWhereNot('version', 3)));
  const audits = await count(db('audit_log').whereIn('entity_id', bookingIds).where({ action: 'booking.update' }));
  return rows === queue.length && applied === queue.length && wrong === 0 && audits === queue.length;
}

/**
 * CPU time the database server spent for this database's connections, in seconds: readable
 * when PostgreSQL runs on this machine (/proc), else undefined. PGlite runs inside this
 * process, so its share is in the process's own CPU.
 */
async function serverCpu(db: Knex): Promise<(() => Promise<number | undefined>) | undefined> {
  if (!process.env.DATABASE_URL || !fs.existsSync('/proc/self/stat')) return undefined;
  const pids = async (): Promise<number[]> =>
    (await db.raw<{ rows: { pid: number }[] }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid);
  const ticks = (pid: number): number | undefined => {
    try {
      // utime and stime, the 14th and 15th fields, in clock ticks (100 per second on Linux).
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  };
  const before = new Map((await pids()).map((pid) => [pid, ticks(pid)]));
  if ([...before.values()].some((t) => t === undefined)) return undefined;
  return async () => {
    let sum = 0;
    for (const pid of new Set([...before.keys(), ...(await pids())])) sum += (ticks(pid) ?? before.get(pid) ?? 0) - (before.get(pid) ?? 0);
    return sum / 100;
  };
}

/** Seconds per `SELECT 1` through the pool, the median of 200. */
async function roundTrip(db: Knex): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await db.raw('SELECT 1');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[100] / 1000;
}

async function benchPush(rows: SyncBenchRow[]): Promise<void> {
  const t = await createTestContext();
  try {
    const today = todayInLodge(t.clock.now());
    const desk = await t.loginAs('receptionist');
    // The yardstick: what one trivial round trip to the database costs on this machine now.
    const trip = await roundTrip(t.db);
    rows.push({ name: 'one SELECT 1 round trip (the yardstick)', value: `${(trip * 1000).toFixed(2)} ms`, target: '', ok: true });
    let statements = 0;
    t.db.on('query', () => statements++);
    // Stays arriving today, one per unit: a booking is checked in on its arrival date (before
    // it only with a Manager's override, which a replayed check-in is refused without). Each
    // pass has units of its own.
    for (const [label, batch] of [
      ['batches of 100', 100],
      ['one entry per request', 1],
    ] as const) {
      const ids = await generateBookings(t.db, today, 250, { perUnit: 1, startDay: 0 });
      const queue = entries(ids);
      // Every pooled connection open before measuring, so the server's CPU counts them all.
      if (process.env.DATABASE_URL) await Promise.all(Array.from({ length: 4 }, () => t.db.raw('SELECT pg_sleep(0.01)')));
      const server = await serverCpu(t.db);
      statements = 0;
      const { seconds, cpuSeconds, applied } = await replay(desk, queue, batch);
      const perEntry = statements / queue.length;
      const serverSeconds = await server?.();
      const rate = queue.length / seconds;
      const once = applied === queue.length && (await appliedOnce(t.db, queue, ids));
      // The target is the push endpoint's rate at the contract's batch size. The PWA's replay
      // sends one entry per request so that a failed entry holds back the ones behind it
      // (issue 8, must-show 6); that row shows what this order costs, with no target of its own.
      rows.push(
        batch > 1
          ? { name: `push 500 entries, ${label}`, value: `${Math.round(rate)} entries/s`, target: '>= 500/s (PostgreSQL)', ok: rate >= 500 }
          : { name: `push 500 entries, ${label} (the PWA's replay)`, value: `${Math.round(rate)} entries/s`, target: '(strict order: one round trip per entry)', ok: true },
      );
      rows.push({ name: `  time per entry in round trips (${label})`, value: (seconds / queue.length / trip).toFixed(1), target: '', ok: true });
      rows.push({ name: `  SQL statements per entry (${label})`, value: perEntry.toFixed(2), target: '(sessions and transactions included)', ok: true });
      // Wall-clock rates on a shared machine say more about the neighbours than about the
      // code: the CPU this process spent (the API, and with PGlite the database too) does not.
      rows.push({
        name: `  CPU of this process per entry (${label})`,
        value: `${((cpuSeconds * 1000) / queue.length).toFixed(2)} ms`,
        target: `(${Math.round(queue.length / cpuSeconds)} entries per CPU-second)`,
        ok: true,
      });
      if (serverSeconds !== undefined) {
        rows.push({
          name: `  CPU of PostgreSQL per entry (${label})`,
          value: `${((serverSeconds * 1000) / queue.length).toFixed(2)} ms`,
          target: `(${Math.round(queue.length / (cpuSeconds + serverSeconds))} entries per CPU-second, both)`,
          ok: true,
        });
      }
      rows.push({ name: `  each applied exactly once (${label})`, value: once ? 'yes' : 'NO', target: 'yes', ok: once });
      // Sent again: all duplicates, nothing changes.
      const again = await replay(desk, queue.slice(0, 100), 100);
      const still = await appliedOnce(t.db, queue, ids);
      rows.push({ name: `  resent 100: applied again (${label})`, value: String(again.applied), target: '0', ok: again.applied === 0 && still });
    }

    // Two tablets (one closed mid-replay and its successor, say) send one queue at once.
    const ids = await generateBookings(t.db, today, 250, { perUnit: 1, startDay: 0 });
    const queue = entries(ids);
    const other = await t.loginAs('manager');
    const [a, b] = await Promise.all([replay(desk, queue, 100), replay(other, queue, 100)]);
    const once = a.applied + b.applied === queue.length && (await appliedOnce(t.db, queue, ids));
    rows.push({ name: 'push 500 entries from two tablets at once', value: once ? 'once each' : 'NOT ONCE', target: 'once each', ok: once });
  } finally {
    await t.close();
  }
}

async function benchPull(rows: SyncBenchRow[]): Promise<void> {
  const p = await createTestContext();
  try {
    const today = todayInLodge(p.clock.now());
    await generateBookings(p.db, today, 5000, { perUnit: 100, startDay: -20 });
    const inWindow = Number(
      (await p.db('bookings').where('check_out_date', '>=', addDays(today, -30)).count<{ c: number }[]>('* as c').first())?.c,
    );
    const desk = await p.loginAs('receptionist');
    let cursor: string | undefined;
    let bookings = 0;
    let pages = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (;;) {
      const qs = new URLSearchParams({ limit: String(SYNC_PULL_MAX_LIMIT), ...(cursor ? { since: cursor } : {}) });
      const res = await desk.get(`/api/sync/pull?${qs}`);
      if (res.status !== 200) throw new Error(`pull answered ${res.status}: ${res.text}`);
      pages++;
      bookings += res.body.changes.bookings.length;
      cursor = res.body.cursor;
      if (!res.body.hasMore) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    rows.push({
      name: `pull from empty: ${bookings} bookings, ${pages} pages`,
      value: `${seconds.toFixed(2)} s`,
      target: '< 2 s',
      ok: seconds < 2 && bookings === inWindow,
    });
    rows.push({ name: '  CPU of this process for the pull', value: `${((used.user + used.system) / 1e6).toFixed(2)} s`, target: '', ok: true });
  } finally {
    await p.close();
  }
}

/** BENCH_SYNC=push or pull runs one part; unset, both. */
export async function runSyncBench(part = process.env.BENCH_SYNC): Promise<SyncBenchRow[]> {
  if (part !== undefined && part !== 'push' && part !== 'pull') throw new Error(`BENCH_SYNC must be push or pull, not ${part}`);
  const rows: SyncBenchRow[] = [];
  if (part !== 'pull') await benchPush(rows);
  if (part !== 'push') await benchPull(rows);
  return rows;
}

export function formatSyncBench(rows: SyncBenchRow[]): string {
  // The numbers mean little on a machine busy with other work: say how busy it was.
  const load = os.loadavg()[0].toFixed(1);
  const header = `(${os.cpus().length} CPUs, load average ${load} while measuring)`;
  return header + '\n' + rows.map((r) => `${r.name.padEnd(54)} ${r.value.padStart(16)}   target ${r.target}${r.ok ? '' : '   MISSED'}`).join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}\n`);
  console.log(formatSyncBench(await runSyncBench()));
}
