/**
 * `npm run backup [-- [--portable] <file.tar or folder>]`: the database (embedded or
 * DATABASE_URL) and the uploaded pictures in one file; by default
 * DATA_DIR/backups/lodge-backup-<UTC time>.tar. --portable: the rows, restorable into either
 * kind of database. See docs/operations.md for when to run it and where to keep the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../api/src/config.js';
import { dbTargetOf } from '../api/src/db/knex.js';
import { KIND_NAME } from '../api/src/db/backup/backup-file.js';
import { createBackup, defaultBackupName } from '../api/src/db/backup/backup.js';
import { describeSize, plural, runCommand } from './backup-cli.js';

const USAGE = `Usage: npm run backup [-- [--portable] <file.tar or folder>]
Writes one file with the database (the embedded one in DATA_DIR, or DATABASE_URL) and the
uploads folder (UPLOAD_DIR). Default: DATA_DIR/backups/lodge-backup-<UTC time>.tar.
The embedded database must not be in use: stop the app first.
--portable  the database as rows, which restore into either kind of database (to move
            from the embedded database to PostgreSQL or back); by default the embedded
            database's own copy, or pg_dump's, which restore into the same kind.`;

await runCommand(USAGE, { min: 0, max: 1, flags: ['portable'] }, async ([given], flags) => {
  const config = loadConfig();
  const now = new Date();
  const file =
    given === undefined
      ? path.join(config.dataDir, 'backups', defaultBackupName(now))
      : fs.existsSync(given) && fs.statSync(given).isDirectory()
        ? path.resolve(given, defaultBackupName(now))
        : path.resolve(given);
  const target = dbTargetOf(config);
  const { bytes, manifest } = await createBackup({ target, uploadDir: config.uploadDir, file, now, portable: flags.has('portable') });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backed up ${KIND_NAME[target.kind]}${manifest.database.dump === 'rows' ? ' (portable: restores into either kind)' : ''} and ${plural(manifest.uploads.length, 'uploaded file')} to ${file} (${describeSize(bytes)}).`,
  );
  console.log(
    `  ${plural(Object.keys(manifest.tables).length, 'table')}, ${plural(rows, 'row')}; latest migration ${manifest.migrations.at(-1) ?? 'none'}; app ${manifest.appVersion}.`,
  );
  console.log(`Copy it off this machine. To restore it into an empty target: npm run restore ${file}`);
});
