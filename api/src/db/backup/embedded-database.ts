import fs from 'node:fs';
import os from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import { knexOnPglite, openPglite } from '../knex.js';
import type { Database } from '../transaction.js';
import { embeddedHolder, lockFileOf } from '../embedded-lock.js';
import { BackupError } from './backup-file.js';
import { migrationNames, rowCounts, serverVersion, type DatabaseSnapshot } from './database-catalogue.js';

/**
 * The embedded database's part of a backup: PGlite's own dumpDataDir(), a gzipped tarball of
 * the data folder, restored by opening a new folder with it (loadDataDir). A physical copy,
 * not a logical dump: it restores exactly (sequences, the transaction counter the offline
 * sync's cursors rely on, the extension) with the PGlite the app already ships, and needs
 * the app stopped, which a single-process database needs anyway (so does --portable).
 */

/** Refuses a folder another live process (the app, the knex CLI) has open. */
export function assertEmbeddedNotInUse(dir: string, doing: 'back up' | 'restore into'): void {
  const holder = embeddedHolder(dir);
  if (!holder) return;
  const who =
    holder.pid === process.pid
      ? 'this process'
      : `process ${holder.pid} on ${holder.host} (${holder.command || 'node'}), since ${holder.since}`;
  const elsewhere =
    holder.host === os.hostname()
      ? ''
      : ` That machine shares this folder; if nothing runs there any more, delete ${lockFileOf(dir)}.`;
  throw new BackupError(
    `Refusing to ${doing} the embedded database in ${dir}: it is open in ${who}. ` +
      'PGlite is single-process: stop the app (and any npm run knex) first, then run this again; nothing was changed.' +
      elsewhere,
  );
}

function embeddedDatabaseExists(dir: string): boolean {
  return fs.existsSync(`${dir}/PG_VERSION`);
}

/** Writes dir's tarball to outFile; the counts and migrations come from the same, stopped database. */
export function dumpEmbedded(dir: string, outFile: string): Promise<DatabaseSnapshot> {
  return withStoppedEmbedded(dir, async (db, pglite) => {
    const snapshot = {
      tables: await rowCounts(db),
      migrations: await migrationNames(db),
      serverVersion: await serverVersion(db),
    };
    const tarball = await pglite.dumpDataDir('gzip');
    await fs.promises.writeFile(outFile, Buffer.from(await tarball.arrayBuffer()), { flag: 'wx' });
    return snapshot;
  });
}

/** Opens the embedded database in dir for fn, when it exists and no other process has it open. */
export async function withStoppedEmbedded<T>(dir: string, fn: (db: Database, pglite: PGlite) => Promise<T>): Promise<T> {
  assertEmbeddedNotInUse(dir, 'back up');
  if (!embeddedDatabaseExists(dir)) {
    throw new BackupError(`There is no embedded database in ${dir} to back up (check DATA_DIR, or set DATABASE_URL for PostgreSQL).`);
  }
  const pglite = openPglite(dir);
  const db = knexOnPglite(pglite);
  try {
    return await fn(db, pglite);
  } finally {
    await db.destroy();
    if (!pglite.closed) await pglite.close();
  }
}

/** Creates dir (missing or empty) from a tarball; on failure dir is removed again. */
export async function loadEmbedded(dir: string, tarball: string): Promise<void> {
  try {
    const data = await fs.promises.readFile(tarball);
    const pglite = openPglite(dir, { loadDataDir: new Blob([data]) });
    try {
      await pglite.waitReady;
    } finally {
      await pglite.close();
    }
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new BackupError(`The embedded database could not be restored from the backup: ${(err as Error).message}`);
  }
}
