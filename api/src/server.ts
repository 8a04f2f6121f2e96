import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Server } from 'node:http';
import { decodeKey, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { createKnex, dbTargetOf, migrateLatest } from './db/knex.js';
import { createApp } from './app.js';
import { systemClock, type Deps } from './deps.js';
import { paystackClientFactory } from './adapters/paystack.js';
import { isDatabaseEmpty, seedDemoData, DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seeds/demo/seed-demo.js';
import { createMailer } from './adapters/mailer.js';
import { startJobs } from './jobs/job-runner.js';
import { productJobs } from './jobs/jobs.js';

export interface StartOptions {
  pwaDir?: string;
  env?: NodeJS.ProcessEnv;
  /** The database is migrated and demo data loaded already (a worker of `npm start`'s cluster: see prepareOnce). */
  prepared?: boolean;
}

export interface RunningServer {
  server: Server;
  deps: Deps;
  url: string;
  stop(): Promise<void>;
}

/** Reads config, migrates, seeds demo data when appropriate, starts jobs, listens. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(opts.env ?? process.env);
  const log = createLogger(config.LOG_LEVEL, !config.isProduction && process.stdout.isTTY);
  const db = createKnex(dbTargetOf(config));
  if (!opts.prepared) await migrateLatest(db);

  const deps: Deps = {
    config,
    db,
    log,
    clock: systemClock,
    sessionKeys: sessionKeys(config),
    settingsKey: settingsKey(config),
    paystack: paystackClientFactory(config),
  };
  if (!opts.prepared) await maybeSeedDemo(deps);

  const mailer = config.JOBS_ENABLED ? createMailer(config) : undefined;
  const jobs = mailer ? startJobs(deps, productJobs(deps, { mailer })) : undefined;

  const app = createApp(deps, { pwaDir: opts.pwaDir });
  const server = app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  log.info({ url, database: config.embedded ? 'embedded (PGlite)' : 'PostgreSQL' }, `Lodge is running at ${url}`);

  return {
    server,
    deps,
    url,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive connections (browsers keep them) would hold close() open.
      server.closeIdleConnections();
      await closed;
      await jobs?.stop();
      mailer?.close();
      await db.destroy();
    },
  };
}

/**
 * What must happen once before several workers start (WEB_CONCURRENCY): the migrations, the
 * demo data, and the generated keys in DATA_DIR. Run by each worker, two could both find the
 * database empty and both load the demo data, or write two different session secrets.
 */
export async function prepareOnce(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadConfig(env);
  const log = createLogger(config.LOG_LEVEL, !config.isProduction && process.stdout.isTTY);
  const db = createKnex(dbTargetOf(config));
  try {
    await migrateLatest(db);
    const keys = { sessionKeys: sessionKeys(config), settingsKey: settingsKey(config) };
    await maybeSeedDemo({ config, db, log, clock: systemClock, ...keys, paystack: paystackClientFactory(config) });
  } finally {
    await db.destroy();
  }
}

/**
 * Demo data goes into an empty embedded database, or an empty PostgreSQL one when
 * DEMO_DATA=1; never into production, and never over existing data.
 */
async function maybeSeedDemo(deps: Deps): Promise<void> {
  const { config, db, log } = deps;
  if (config.isProduction) return;
  const wanted = config.embedded ? config.DEMO_DATA !== false : config.DEMO_DATA === true;
  if (!wanted || !(await isDatabaseEmpty(db))) return;
  await seedDemoData(db, { now: deps.clock.now() });
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(14)} ${a.role ?? 'Guest (no role)'}`);
  log.info('Demo data loaded.');
  // Printed plainly (not as a log line) so the first-start instructions are readable.
  console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):\n${lines.join('\n')}\n`);
}

/** The cookie-signing key: SESSION_SECRET, or one generated once and kept in DATA_DIR. */
function sessionKeys(config: Config): string[] {
  if (config.SESSION_SECRET) return [config.SESSION_SECRET];
  const file = path.join(config.dataDir, 'session-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return [fs.readFileSync(file, 'utf8').trim()];
}

/**
 * The key that encrypts the settings' secrets: SETTINGS_KEY (required in production, see
 * config.ts), or one generated once and kept in DATA_DIR. Losing it loses the stored
 * Paystack secret and weather keys (they read as not set), nothing else.
 */
function settingsKey(config: Config): Buffer {
  if (config.SETTINGS_KEY) return decodeKey(config.SETTINGS_KEY)!;
  const file = path.join(config.dataDir, 'settings-key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  const key = decodeKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key`);
  return key;
}

// Run directly (npm run dev uses this with tsx watch).
if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('api/src/server.ts')) {
  const running = await startServer({ pwaDir: process.env.PWA_DIR });
  const shutdown = async () => {
    await running.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
