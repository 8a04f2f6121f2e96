/**
 * `npm run restore <file.tar>`: a backup made by `npm run backup` into the configured target,
 * which must be empty: the embedded database in DATA_DIR, or the database DATABASE_URL names,
 * and the uploads folder. A target holding anything is refused (exit code 1) and left as it was.
 */
import { loadConfig } from '../api/src/config.js';
import { dbTargetOf } from '../api/src/db/knex.js';
import { KIND_NAME } from '../api/src/db/backup/backup-file.js';
import { restoreBackup } from '../api/src/db/backup/restore.js';
import { plural, runCommand } from './backup-cli.js';

const USAGE = `Usage: npm run restore <file.tar>
Restores a backup of npm run backup into an EMPTY target: the embedded database in DATA_DIR
(its pgdata folder must not exist or be empty), or the empty database DATABASE_URL names;
the uploads folder (UPLOAD_DIR) must hold no file. Anything else is refused and left unchanged.`;

await runCommand(USAGE, { min: 1, max: 1 }, async ([file]) => {
  const config = loadConfig();
  const target = dbTargetOf(config);
  const { manifest, restampedRows } = await restoreBackup({ target, uploadDir: config.uploadDir, file });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${KIND_NAME[target.kind]} and ${plural(manifest.uploads.length, 'uploaded file')} from ${file} (made ${manifest.createdAt} by app ${manifest.appVersion}).`,
  );
  console.log(`  ${plural(Object.keys(manifest.tables).length, 'table')}, ${plural(rows, 'row')}: every count matches the backup.`);
  if (restampedRows) {
    console.log(`  ${plural(restampedRows, 'row')} re-stamped so the front desks' offline sync sends them again.`);
  }
  console.log(
    'Next: start the app (npm start; it runs any newer migrations). The stored Paystack and weather keys decrypt only with the SETTINGS_KEY of the installation that made the backup.',
  );
});
