import fs from 'node:fs';
import path from 'node:path';
import { createKnex, type DbTarget } from '../knex.js';
import { BackupError, DATABASE_ENTRY, filesUnder, writeBackupFile, type DumpFormat, type Manifest } from './backup-file.js';
import type { DatabaseSnapshot } from './database-catalogue.js';
import { dumpEmbedded, withStoppedEmbedded } from './embedded-database.js';
import { asBackupError, dumpPostgres } from './postgres-database.js';
import { dumpRows } from './portable-rows.js';

/**
 * `npm run backup`: one file with the database (embedded or PostgreSQL) and the uploaded
 * pictures (UPLOAD_DIR; the image cache is made again on demand), plus a manifest: app
 * version, migrations, creation time, database kind and each table's row count.
 */
export interface BackupOptions {
  target: DbTarget;
  uploadDir: string;
  /** The file to write; it must not exist. */
  file: string;
  /** The rows rather than the engine's own dump: restores into either kind (portable-rows.ts). */
  portable?: boolean;
  now?: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

const APP_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8'),
).version;

/** lodge-backup-2026-11-24T031500Z.tar: sorts by time, and says it is UTC. */
export function defaultBackupName(now: Date): string {
  return `lodge-backup-${now.toISOString().slice(0, 19).replace(/:/g, '')}Z.tar`;
}

export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const { target, uploadDir, file } = opts;
  const now = opts.now ?? new Date();
  if (fs.existsSync(file)) throw existsAlready(file);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  // Written under another name and renamed when complete: a backup cut short (a full disk,
  // Ctrl-C) never leaves a file that looks like a good one.
  const partial = `${file}.partial`;
  const work = await fs.promises.mkdtemp(path.join(path.dirname(file), '.lodge-backup-'));
  try {
    const dumpFile = path.join(work, 'database');
    const dump: DumpFormat = opts.portable ? 'rows' : target.kind === 'postgres' ? 'pg_dump' : 'pgdata';
    const snapshot = await dumpDatabase(target, dump, dumpFile);
    // After the dump: every picture the dumped rows name was there before it.
    const uploads = (await filesUnder(uploadDir)).map((p) => ({ path: p, source: path.join(uploadDir, ...p.split('/')) }));
    fs.rmSync(partial, { force: true });
    const manifest = await writeBackupFile(
      partial,
      { database: { entry: DATABASE_ENTRY[dump], source: dumpFile }, uploads },
      (records) => ({
        format: 'lodge-backup',
        formatVersion: 1,
        appVersion: APP_VERSION,
        createdAt: now.toISOString(),
        database: { kind: target.kind, dump, serverVersion: snapshot.serverVersion, file: records.database },
        migrations: snapshot.migrations,
        tables: snapshot.tables,
        uploads: records.uploads,
      }),
    );
    publish(partial, file);
    return { file, bytes: fs.statSync(file).size, manifest };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Gives the complete file its name: a hard link, because rename would replace a file made
 * meanwhile; rename after a last check on file systems without hard links (a FAT USB disk).
 */
function publish(partial: string, file: string): void {
  try {
    fs.linkSync(partial, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST' || fs.existsSync(file)) throw existsAlready(file);
    fs.renameSync(partial, file);
  }
}

function existsAlready(file: string): BackupError {
  return new BackupError(`${file} exists already: a backup never overwrites a file.`);
}

async function dumpDatabase(target: DbTarget, dump: DumpFormat, file: string): Promise<DatabaseSnapshot> {
  if (dump === 'pg_dump' && target.kind === 'postgres') return dumpPostgres(target.url, file);
  if (dump === 'pgdata' && target.kind === 'pglite') return dumpEmbedded(embeddedDir(target), file);
  if (target.kind === 'pglite') return withStoppedEmbedded(embeddedDir(target), (db) => dumpRows(db, file));
  const db = createKnex({ ...target, poolMax: 1 });
  try {
    return await dumpRows(db, file);
  } catch (err) {
    throw asBackupError(err, target.url);
  } finally {
    await db.destroy();
  }
}

export function embeddedDir(target: DbTarget & { kind: 'pglite' }): string {
  if (!target.dir) throw new BackupError('An in-memory database has nothing to back up or restore.');
  return target.dir;
}
