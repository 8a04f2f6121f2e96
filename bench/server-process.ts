/**
 * The app as `npm start` runs it (startServer: config from the environment, migrations, demo
 * data, jobs, the built PWA's files served beside the API, listen), in a process of its own so
 * the load generator does not share its event loop. Started by bench/http.ts, which sets
 * BENCH_SCALE_FIXTURE=1 to add the scale fixture (bench/fixtures/scale.ts) to the demo data
 * through the server's own connection (an embedded database opens in one process only).
 *
 * Asked `{ stats: true }` over IPC, it answers its CPU time so far and the SQL statements its
 * knex sent (bench/profile.ts: CPU and statements per request); `{ sql: true }` starts
 * keeping the statements' text, answered with the next stats. `{ profileStart: true }` and
 * `{ profileStop: file }` take a V8 CPU profile of what happens in between.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { startServer } from '../api/src/server.js';
import { PWA_DIST } from '../scripts/build-pwa.js';
import { loadScaleFixture } from './fixtures/scale.js';

// The parent has built the PWA (buildPwaIfNeeded), as `npm start` does before it serves.
const running = await startServer({ pwaDir: PWA_DIST });
if (process.env.BENCH_SCALE_FIXTURE === '1') await loadScaleFixture(running.deps.db);

let statements = 0;
let keep: string[] | undefined;
running.deps.db.on('query', (q: { sql: string }) => {
  statements++;
  keep?.push(q.sql);
});
let profiler: Session | undefined;
process.on('message', async (m: { stats?: boolean; sql?: boolean; profileStart?: boolean; profileStop?: string }) => {
  if (m.sql) keep = [];
  if (m.profileStart) {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send?.({ profiling: true });
  }
  if (m.profileStop && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    fs.writeFileSync(m.profileStop, JSON.stringify(profile));
    profiler.disconnect();
    profiler = undefined;
    process.send?.({ profiled: m.profileStop });
  }
  if (m.stats) {
    process.send?.({ cpu: process.cpuUsage(), statements, sql: keep });
    keep = undefined;
  }
});

process.send?.({ ready: true });
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
