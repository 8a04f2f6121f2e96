import fs from 'node:fs';
import path from 'node:path';
import { createKnex, type DbTarget } from '../knex.js';
import { MIGRATION_NAMES } from '../migration-list.js';
import { BackupError, filesUnder, KIND_NAME, readBackupFile, UPLOADS_PREFIX, type DumpFormat, type Manifest } from './backup-file.js';
import { loadRows } from './portable-rows.js';
import { migrationNames, restampFutureTransactionIds, rowCounts } from './database-catalogue.js';
import { embeddedDir } from './backup.js';
import { assertEmbeddedNotInUse, loadEmbedded } from './embedded-database.js';
import { loadPostgres, postgresRelations, redactUrl } from './postgres-database.js';

/**
 * `npm run restore <file>`: a backup into an EMPTY target (the configured DATA_DIR's embedded
 * database, or the empty database DATABASE_URL names) and an empty uploads folder. A target
 * that holds anything is refused before anything is written: a restore never merges into, or
 * replaces, data. The database restored, its row counts and migrations are checked against
 * the manifest.
 */
export interface RestoreOptions {
  target: DbTarget;
  uploadDir: string;
  file: string;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows whose transaction ids were from the future here (see restampFutureTransactionIds). */
  restampedRows: number;
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const { target, uploadDir, file } = opts;
  await assertTargetEmpty(target, uploadDir);

  // Unpacked beside the uploads folder, on its file system: the pictures are moved in, not
  // copied a second time.
  const parent = path.dirname(uploadDir);
  await fs.promises.mkdir(parent, { recursive: true });
  const work = await fs.promises.mkdtemp(path.join(parent, '.lodge-restore-'));
  try {
    const manifest = await readBackupFile(file, work);
    assertRestorable(manifest, target, file);
    const dumpFile = path.join(work, ...manifest.database.file.path.split('/'));

    // A failure leaves the embedded target as it was (its folder was empty: it is removed
    // again); for PostgreSQL the message says what the database holds now.
    const undo = (postgresNote: string) => (err: unknown) => {
      const failure = err instanceof BackupError ? err : new BackupError(`The restore failed: ${(err as Error).message}`);
      if (target.kind === 'pglite') fs.rmSync(embeddedDir(target), { recursive: true, force: true });
      else failure.message += ` ${postgresNote}`;
      throw failure;
    };
    const again = 'drop it and create it empty before trying again.';
    const dump = manifest.database.dump;
    await loadDatabase(target, dump, dumpFile, manifest.migrations).catch(
      undo(
        dump === 'pg_dump'
          ? 'pg_restore ran in one transaction: the database is still empty.'
          : `The database keeps the app's tables (the migrations ran) but none of the backup's rows: ${again}`,
      ),
    );
    const restampedRows = await checkRestored(target, manifest).catch(undo(`The database keeps what was restored: ${again}`));
    await moveUploadsIn(path.join(work, UPLOADS_PREFIX), uploadDir);
    return { manifest, restampedRows };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function assertTargetEmpty(target: DbTarget, uploadDir: string): Promise<void> {
  const unchanged = 'Restore goes only into an empty target; nothing was changed.';
  if (target.kind === 'pglite') {
    const dir = embeddedDir(target);
    assertEmbeddedNotInUse(dir, 'restore into');
    if ((await filesUnder(dir)).length) {
      throw new BackupError(
        `Refusing to restore: ${dir} already holds a database. ${unchanged} ` +
          `Set DATA_DIR to a new folder, or stop the app and move ${dir} (and ${uploadDir}) aside, then run the restore again.`,
      );
    }
  } else {
    const found = await postgresRelations(target.url);
    if (found.length) {
      throw new BackupError(
        `Refusing to restore: the database ${redactUrl(target.url)} is not empty (it has ${found.join(', ')}). ${unchanged} ` +
          'Create an empty database (createdb), point DATABASE_URL at it, and run the restore again.',
      );
    }
  }
  const pictures = await filesUnder(uploadDir);
  if (pictures.length) {
    throw new BackupError(
      `Refusing to restore: the uploads folder ${uploadDir} is not empty (${pictures.length} file${pictures.length === 1 ? '' : 's'}). ${unchanged} ` +
        'Move it aside, or set UPLOAD_DIR to an empty folder, and run the restore again.',
    );
  }
}

async function loadDatabase(target: DbTarget, dump: DumpFormat, dumpFile: string, migrations: string[]): Promise<void> {
  if (dump === 'pg_dump' && target.kind === 'postgres') return loadPostgres(target.url, dumpFile);
  if (dump === 'pgdata' && target.kind === 'pglite') return loadEmbedded(embeddedDir(target), dumpFile);
  const db = createKnex(target);
  try {
    await loadRows(db, dumpFile, migrations);
  } finally {
    await db.destroy();
  }
}

function assertRestorable(manifest: Manifest, target: DbTarget, file: string): void {
  if (manifest.database.dump !== 'rows' && manifest.database.kind !== target.kind) {
    const how =
      target.kind === 'postgres'
        ? 'unset DATABASE_URL to restore it into DATA_DIR'
        : 'set DATABASE_URL to an empty PostgreSQL database to restore it there';
    throw new BackupError(
      `${file} holds ${KIND_NAME[manifest.database.kind]}, but the target is ${KIND_NAME[target.kind]}: a backup restores into the same kind of database (${how}), unless made with npm run backup -- --portable. Nothing was changed.`,
    );
  }
  const unknown = manifest.migrations.filter((m) => !MIGRATION_NAMES.includes(m));
  if (unknown.length) {
    throw new BackupError(
      `${file} was made by a newer version of the app (${manifest.appVersion}; migrations this version does not have: ${unknown.join(', ')}). ` +
        'Install that version or newer, then restore. Nothing was changed.',
    );
  }
}

/** The restored database against the manifest: the same tables, row counts and migrations. */
async function checkRestored(target: DbTarget, manifest: Manifest): Promise<number> {
  const db = createKnex(target);
  try {
    const restampedRows = await restampFutureTransactionIds(db);
    const tables = await rowCounts(db);
    const migrations = await migrationNames(db);
    const differences = [
      ...Object.entries(manifest.tables)
        .filter(([t, n]) => tables[t] !== n)
        .map(([t, n]) => `${t}: ${tables[t] ?? 'missing'} rows, the backup had ${n}`),
      ...Object.keys(tables)
        .filter((t) => !(t in manifest.tables))
        .map((t) => `${t}: not in the backup`),
    ];
    if (JSON.stringify(migrations) !== JSON.stringify(manifest.migrations)) differences.push('the list of migrations differs');
    if (differences.length) {
      throw new BackupError(`The restored database does not match the backup's manifest: ${differences.join('; ')}.`);
    }
    return restampedRows;
  } finally {
    await db.destroy();
  }
}

/** uploadDir holds no file (assertTargetEmpty); what is unpacked is moved in, entry by entry. */
async function moveUploadsIn(from: string, uploadDir: string): Promise<void> {
  await fs.promises.mkdir(uploadDir, { recursive: true });
  if (!fs.existsSync(from)) return;
  for (const name of await fs.promises.readdir(from)) {
    await fs.promises.rename(path.join(from, name), path.join(uploadDir, name));
  }
}
