/**
 * The server the e2e specs drive: the built PWA and the API on a fresh database with demo
 * data (a temporary embedded one, or a new database on DATABASE_URL's server), with the
 * Paystack and SMTP doubles on 127.0.0.1 instead of the real services.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { startServer } from '../api/src/server.js';
import { PWA_DIST } from '../scripts/build-pwa.js';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-e2e-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO_DATA: '1',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
};

let dropDatabase: (() => Promise<void>) | undefined;
if (process.env.DATABASE_URL) {
  const name = `lodge_e2e_${crypto.randomBytes(5).toString('hex')}`;
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

const running = await startServer({ pwaDir: PWA_DIST, env });
const shutdown = async () => {
  await running.stop().catch(() => {});
  await dropDatabase?.().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
