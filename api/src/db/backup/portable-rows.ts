import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { Database } from '../transaction.js';
import { BackupError } from './backup-file.js';
import { listTables, migrationNames, quoteIdent, rowCounts, serverVersion, type DatabaseSnapshot } from './database-catalogue.js';

/**
 * The portable dump (`npm run backup -- --portable`): every row of every table as PostgreSQL's
 * own JSON of it (to_jsonb), read and written by SQL that PGlite and PostgreSQL share, so it
 * restores into either kind: the way from the embedded database to PostgreSQL for a lodge
 * that outgrows it (or back). The schema is not in the file: the target gets it from the same
 * migrations the backup lists, so both sides have the same tables, columns and constraints.
 *
 * The file (gzipped lines): a header with the sequences' positions, then per table a line
 * `{"table": name, "rows": n}` and its n rows, one JSON object a line. JSON values stay text
 * from database to database (never JavaScript numbers): numeric, bigint and timestamps come
 * back digit for digit.
 */
const FETCH_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

interface Header {
  format: 'lodge-rows';
  version: 1;
  /** Each sequence's last value; null: never used. Strings: bigint. */
  sequences: Record<string, string | null>;
}

/** Dumps db (its own REPEATABLE READ snapshot: consistent while the app writes) into outFile. */
export async function dumpRows(db: Database, outFile: string): Promise<DatabaseSnapshot> {
  return db.transaction(
    async (trx) => {
      const snapshot = {
        tables: await rowCounts(trx),
        migrations: await migrationNames(trx),
        serverVersion: await serverVersion(trx),
      };
      const sequences = await trx.raw<{ rows: { name: string; last: string | null }[] }>(
        'SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1',
      );
      const header: Header = { format: 'lodge-rows', version: 1, sequences: Object.fromEntries(sequences.rows.map((s) => [s.name, s.last])) };

      const gzip = zlib.createGzip();
      const written = pipeline(gzip, fs.createWriteStream(outFile, { flags: 'wx' }));
      written.catch(() => {});
      const write = async (line: string) => {
        if (!gzip.write(line + '\n')) await once(gzip, 'drain');
      };
      await write(JSON.stringify(header));
      for (const [table, count] of Object.entries(snapshot.tables)) {
        await write(JSON.stringify({ table, rows: count }));
        // A cursor: a big table is read a page at a time, in the transaction's snapshot.
        await trx.raw(`DECLARE lodge_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS j FROM ${quoteIdent(table)} t`);
        let seen = 0;
        for (;;) {
          const page = await trx.raw<{ rows: { j: string }[] }>(`FETCH FORWARD ${FETCH_ROWS} FROM lodge_rows`);
          for (const r of page.rows) await write(r.j);
          seen += page.rows.length;
          if (page.rows.length < FETCH_ROWS) break;
        }
        await trx.raw('CLOSE lodge_rows');
        if (seen !== count) throw new BackupError(`${table}: counted ${count} rows but read ${seen}.`);
      }
      gzip.end();
      await written;
      return snapshot;
    },
    { isolationLevel: 'repeatable read', readOnly: true } as Knex.TransactionConfig,
  );
}

/**
 * Loads a portable dump into db, a database with no tables: the backup's migrations (no
 * more: its rows fit that schema, and `npm start` runs the newer ones as on any upgrade),
 * then, in one transaction, every row. Meanwhile the foreign keys are dropped (rows come
 * table by table, and bookings refer to bookings) and added again at the end, which checks
 * every reference; the tables' own triggers are off, so updated_at, versions and the sync's
 * stamps keep the values they had.
 */
export async function loadRows(db: Database, file: string, migrations: string[]): Promise<void> {
  await migrateTo(db, migrations);
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const it = lines[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string | null> => {
    const r = await it.next();
    return r.done ? null : r.value;
  };
  const next = async (): Promise<string> => {
    const line = await nextLine();
    if (line === null) throw new BackupError(`${file} ends early: the dump of rows is cut short.`);
    return line;
  };
  try {
    await db.transaction(async (trx) => {
      const header = JSON.parse(await next()) as Header;
      if (header.format !== 'lodge-rows' || header.version !== 1) throw new BackupError(`${file} is not a dump of rows this version can read.`);
      const tables = await listTables(trx);
      const foreignKeys = await trx.raw<{ rows: { tbl: string; name: string; def: string }[] }>(
        `SELECT conrelid::regclass::text AS tbl, conname AS name, pg_get_constraintdef(oid) AS def
           FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
      );
      for (const fk of foreignKeys.rows) await trx.raw(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
      for (const t of tables) await trx.raw(`ALTER TABLE ${quoteIdent(t)} DISABLE TRIGGER USER`);
      // What the migrations wrote (the settings row, the FAQs) is in the backup as it was then.
      await trx.raw(`TRUNCATE ${tables.map(quoteIdent).join(', ')}`);

      for (let line = await nextLine(); line !== null; line = await nextLine()) {
        const { table, rows } = JSON.parse(line) as { table: string; rows: number };
        if (!tables.includes(table)) throw new BackupError(`${file} has rows for ${table}, a table the migrations did not make.`);
        await insertRows(trx, table, rows, next);
      }

      for (const [name, last] of Object.entries(header.sequences)) {
        if (last === null) await trx.raw(`ALTER SEQUENCE ${quoteIdent(name)} RESTART`);
        else await trx.raw('SELECT setval(?::regclass, ?::bigint, true)', [quoteIdent(name), last]);
      }
      for (const fk of foreignKeys.rows) {
        await trx.raw(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.def}`);
      }
      for (const t of tables) await trx.raw(`ALTER TABLE ${quoteIdent(t)} ENABLE TRIGGER USER`);
    });
  } finally {
    lines.close();
  }
}

async function insertRows(trx: Knex.Transaction, table: string, count: number, next: () => Promise<string>): Promise<void> {
  const cols = await trx.raw<{ rows: { name: string }[] }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [quoteIdent(table)],
  );
  const list = cols.rows.map((c) => quoteIdent(c.name)).join(', ');
  const t = quoteIdent(table);
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    await trx.raw(
      `INSERT INTO ${t} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM jsonb_populate_recordset(NULL::${t}, ?::jsonb)`,
      [`[${batch.join(',')}]`],
    );
    batch = [];
    bytes = 0;
  };
  for (let i = 0; i < count; i++) {
    const row = await next();
    batch.push(row);
    bytes += row.length;
    if (bytes >= INSERT_BYTES || batch.length >= FETCH_ROWS * 4) await flush();
  }
  await flush();
}

/** Runs the migrations one at a time until the database has exactly the backup's. */
async function migrateTo(db: Database, names: string[]): Promise<void> {
  for (let done = await migrationNames(db); done.length < names.length; ) {
    await db.migrate.up();
    const now = await migrationNames(db);
    if (now.length === done.length) break;
    done = now;
  }
  const ran = await migrationNames(db);
  if (JSON.stringify(ran) !== JSON.stringify(names)) {
    throw new BackupError(`The migrations did not come out as in the backup (ran ${ran.length}, the backup has ${names.length}).`);
  }
}
