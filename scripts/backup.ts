/**
 * `npm run backup [-- <file.tar or folder>]`: the database (embedded or DATABASE_URL) and the
 * uploaded pictures in one file; by default DATA_DIR/backups/lodge-backup-<UTC time>.tar.
 * See docs/operations.md for when to run it and where to keep the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../api/src/config.js';
import { dbTargetOf } from '../api/src/db/knex.js';
import { KIND_NAME } from '../api/src/db/backup/backup-file.js';
import { createBackup, defaultBackupName } from '../api/src/db/backup/backup.js';
import { describeSize, plural, runCommand } from './backup-cli.js';

const USAGE = `Usage: npm run backup [-- <file.tar or folder>]
Writes one file with the database (the embedded one in DATA_DIR, or DATABASE_URL) and the
uploads folder (UPLOAD_DIR). Default: DATA_DIR/backups/lodge-backup-<UTC time>.tar.
The embedded database must not be in use: stop the app first.`;

await runCommand(USAGE, { min: 0, max: 1 }, async ([given]) => {
  const config = loadConfig();
  const now = new Date();
  const file =
    given === undefined
      ? path.join(config.dataDir, 'backups', defaultBackupName(now))
      : fs.existsSync(given) && fs.statSync(given).isDirectory()
        ? path.resolve(given, defaultBackupName(now))
        : path.resolve(given);
  const target = dbTargetOf(config);
  const { bytes, manifest } = await createBackup({ target, uploadDir: config.uploadDir, file, now });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backed up ${KIND_NAME[target.kind]} and ${plural(manifest.uploads.length, 'uploaded file')} to ${file} (${describeSize(bytes)}).`,
  );
  console.log(
    `  ${plural(Object.keys(manifest.tables).length, 'table')}, ${plural(rows, 'row')}; latest migration ${manifest.migrations.at(-1) ?? 'none'}; app ${manifest.appVersion}.`,
  );
  console.log(`Copy it off this machine. To restore it into an empty target: npm run restore ${file}`);
});
