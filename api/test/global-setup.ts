import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createKnex, knexOnPglite, migrateLatest, openPglite } from '../src/db/knex.js';
import { createScratchDatabase } from './scratch-db.js';

/**
 * Once per run, before any test file: a migrated database that every test file's database
 * starts as a copy of (harness.ts, createTestDb). Starting a fresh PGlite means initdb inside
 * WASM and then all the migrations, about five seconds of CPU a file on this machine's two
 * cores; loading a migrated data directory takes about one. On PostgreSQL the copy is
 * `CREATE DATABASE ... TEMPLATE`. The template is made from this checkout's migrations at the
 * start of every run, so it can never be stale, and each test still runs migrate.latest()
 * (finding nothing to do) so a file that depends on the migrations' bookkeeping sees it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = await createScratchDatabase(url, { prefix: 'lodge_tpl' });
    const db = createKnex({ kind: 'postgres', url: template.url, poolMax: 1 });
    await migrateLatest(db);
    await db.destroy();
    project.provide('testDbTemplate', { kind: 'postgres', name: template.name });
    return () => template.drop();
  }
  const pglite = openPglite(null);
  const db = knexOnPglite(pglite);
  await migrateLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-test-template-')), 'pgdata.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDbTemplate', { kind: 'pglite', file });
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };
  }
}
