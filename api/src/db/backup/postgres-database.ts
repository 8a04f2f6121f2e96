import { spawn } from 'node:child_process';
import { createKnex } from '../knex.js';
import type { Knex } from 'knex';
import { BackupError } from './backup-file.js';
import { migrationNames, rowCounts, serverVersion, userRelations, type DatabaseSnapshot } from './database-catalogue.js';

/**
 * PostgreSQL's part of a backup: pg_dump's custom format (compressed, restored by pg_restore,
 * which can also list or pick from it), run while the app keeps serving. The row counts of the
 * manifest are read in the very snapshot pg_dump dumps (pg_export_snapshot + --snapshot), so
 * a restore can check them exactly even though bookings kept coming in.
 */
export async function dumpPostgres(url: string, outFile: string): Promise<DatabaseSnapshot> {
  const db = createKnex({ kind: 'postgres', url, poolMax: 1 });
  try {
    return await db.transaction(
      async (trx) => {
        const exported = await trx.raw<{ rows: { s: string }[] }>('SELECT pg_export_snapshot() AS s');
        const snapshot = {
          tables: await rowCounts(trx),
          migrations: await migrationNames(trx),
          serverVersion: await serverVersion(trx),
        };
        // No owners or grants: the dump restores under whichever role restores it. No
        // comments: COMMENT ON EXTENSION needs the extension's owner, which that role may not be.
        await runClient('pg_dump', url, [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          '--no-comments',
          `--snapshot=${exported.rows[0].s}`,
          `--file=${outFile}`,
        ]);
        return snapshot;
      },
      { isolationLevel: 'repeatable read', readOnly: true } as Knex.TransactionConfig,
    );
  } catch (err) {
    throw asBackupError(err, url);
  } finally {
    await db.destroy();
  }
}

/** The first few tables, views or sequences of a database that is not empty; none when it is. */
export async function postgresRelations(url: string): Promise<string[]> {
  const db = createKnex({ kind: 'postgres', url, poolMax: 1 });
  try {
    return await userRelations(db);
  } catch (err) {
    throw asBackupError(err, url);
  } finally {
    await db.destroy();
  }
}

/** pg_restore in one transaction: it all goes in, or (an error) nothing does. */
export async function loadPostgres(url: string, dumpFile: string): Promise<void> {
  await runClient('pg_restore', url, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dumpFile]);
}

/** A connection string without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

/**
 * Runs pg_dump or pg_restore on url. The password goes in PGPASSWORD, not on the command
 * line, where any user of the machine could read it in the process list.
 */
function runClient(command: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const u = new URL(url);
  const env = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${u.toString()}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${command} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) of the server's major version or newer.`
            : `${command} could not be started: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const hint = /version mismatch/.test(stderr)
        ? ` ${command} must be of the server's major version or newer (${command} --version).`
        : '';
      reject(new BackupError(`${command} failed (exit code ${code}): ${stderr.trim() || 'no message'}${hint}`));
    });
  });
}

export function asBackupError(err: unknown, url: string): Error {
  if (err instanceof BackupError) return err;
  return new BackupError(`Could not use the database ${redactUrl(url)}: ${(err as Error).message}`);
}
