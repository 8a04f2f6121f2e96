import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from './knex.js';
import { MIGRATION_NAMES } from './migration-list.js';
import { DEMO_ACCOUNTS } from './seeds/demo/seed-demo.js';

/**
 * `npm run knex -- <command>` (the knex CLI with the root knexfile.ts) on a scratch database:
 * an embedded one in a temporary DATA_DIR, or a new database on DATABASE_URL's server.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const N = MIGRATION_NAMES.length;

let env: NodeJS.ProcessEnv;
let open: () => Knex;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const base = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  if (process.env.DATABASE_URL) {
    const name = `lodge_cli_${crypto.randomBytes(5).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env = { ...base, DATABASE_URL: url.toString() };
    open = () => createKnex({ kind: 'postgres', url: url.toString() });
    cleanUp = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-knex-cli-'));
    env = { ...base, DATA_DIR: dataDir, DATABASE_URL: '' };
    open = () => createKnex({ kind: 'pglite', dir: path.join(dataDir, 'pgdata') });
    cleanUp = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await cleanUp?.();
});

/** Runs the CLI the way `npm run knex` does (without npm in between). */
function knexCli(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'node_modules/knex/bin/cli.js', ...args], {
      cwd: ROOT,
      env: { ...env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('npm run knex', () => {
  it('migrate:status, migrate:latest, seed:run work on the configured database', async () => {
    const before = await knexCli('migrate:status');
    expect(before.code).toBe(0);
    expect(before.out).toContain(`Found ${N} Pending Migration file/files.\n${MIGRATION_NAMES.join('\n')}`);

    const latest = await knexCli('migrate:latest');
    expect(latest.code).toBe(0);
    expect(latest.out).toContain(`Batch 1 run: ${N} migrations`);

    const after = await knexCli('migrate:status');
    expect(after.code).toBe(0);
    expect(after.out).toContain(`Found ${N} Completed Migration file/files.`);
    expect(after.out).toContain('No Pending Migration files Found.');

    const seed = await knexCli('seed:run');
    expect(seed.code).toBe(0);
    expect(seed.out).toContain('Ran 1 seed files');

    const again = await knexCli('seed:run');
    expect(again.code).toBe(1);
    expect(again.out).toContain('The database already has users or bookings; demo data goes only into an empty database');

    const db = open();
    try {
      const users = await db('users').orderBy('username').pluck('username');
      expect(users).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
      const applied = await db('knex_migrations').orderBy('id').pluck('name');
      expect(applied).toEqual(MIGRATION_NAMES);
    } finally {
      await db.destroy();
    }
  }, 300_000);
});
