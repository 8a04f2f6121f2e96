/**
 * `npm start`: builds the PWA if needed, then runs migrations, loads the demo data into an
 * empty embedded database, and serves the PWA and the API together on PORT (default 3000).
 *
 * With WEB_CONCURRENCY=N (N > 1, PostgreSQL only) it runs N worker processes (node:cluster)
 * that share PORT: the primary builds the PWA, migrates and loads demo data once, forks the
 * workers, and starts a new one when one dies. Everything the workers share (sessions, the
 * login rate limit, the jobs' locks, the sync push's dedup) is in PostgreSQL.
 */
import cluster from 'node:cluster';
import { buildPwaIfNeeded, PWA_DIST } from './build-pwa.js';
import { prepareOnce, startServer } from '../api/src/server.js';
import { loadConfig } from '../api/src/config.js';
import { createLogger } from '../api/src/logger.js';

/** A worker that dies is replaced after this long (so one failing at start does not spin). */
const RESTART_DELAY_MS = 1000;

let workers: number;
try {
  workers = loadConfig().WEB_CONCURRENCY;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

if (workers > 1 && cluster.isPrimary) await supervise(workers);
else await serve(workers > 1);

async function serve(worker: boolean): Promise<void> {
  if (!worker) buildPwaIfNeeded();
  const running = await startServer({ pwaDir: PWA_DIST, prepared: worker });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

async function supervise(count: number): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, !config.isProduction && process.stdout.isTTY);
  buildPwaIfNeeded();
  await prepareOnce();
  let stopping = false;
  const alive = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker.id);
  };
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker.id);
    if (stopping) {
      if (alive.size === 0) process.exit(0);
      return;
    }
    log.error({ worker: worker.process.pid, code, signal }, 'worker stopped; starting another');
    setTimeout(fork, RESTART_DELAY_MS);
  });
  for (let i = 0; i < count; i++) fork();
  log.info({ workers: count, port: config.PORT }, `${count} workers share port ${config.PORT}`);

  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    if (alive.size === 0) process.exit(0);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
