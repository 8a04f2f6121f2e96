import type { DbOrTx, Database } from '../transaction.js';

/**
 * What backup and restore read from the database's own catalogue, the same way on PGlite and
 * PostgreSQL: the tables (so a table added later is counted without touching this code), the
 * migrations that ran, and whether a target is empty.
 */

/** What a backup records of the database it dumped, read in the dump's own snapshot. */
export interface DatabaseSnapshot {
  tables: Record<string, number>;
  migrations: string[];
  serverVersion: string;
}

/** The base tables of the app's schema, by name. */
export async function listTables(db: DbOrTx): Promise<string[]> {
  const res = await db.raw<{ rows: { name: string }[] }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      ORDER BY c.relname COLLATE "C"`,
  );
  return res.rows.map((r) => r.name);
}

/** Every table's row count (in db's snapshot, when db is a REPEATABLE READ transaction). */
export async function rowCounts(db: DbOrTx): Promise<Record<string, number>> {
  const tables = await listTables(db);
  if (!tables.length) return {};
  const res = await db.raw<{ rows: { name: string; n: number }[] }>(
    tables.map((t) => `SELECT ? AS name, count(*)::int AS n FROM ${quoteIdent(t)}`).join(' UNION ALL '),
    tables,
  );
  return Object.fromEntries(res.rows.map((r) => [r.name, Number(r.n)]));
}

/** The names of the migrations that ran, in order; none when knex never migrated this database. */
export async function migrationNames(db: DbOrTx): Promise<string[]> {
  const exists = await db.raw<{ rows: { t: string | null }[] }>(`SELECT to_regclass('knex_migrations')::text AS t`);
  if (!exists.rows[0]?.t) return [];
  const res = await db.raw<{ rows: { name: string }[] }>('SELECT name FROM knex_migrations ORDER BY id');
  return res.rows.map((r) => r.name);
}

export async function serverVersion(db: DbOrTx): Promise<string> {
  const res = await db.raw<{ rows: { server_version: string }[] }>('SHOW server_version');
  return res.rows[0].server_version;
}

/**
 * Up to `limit` tables, views and sequences outside PostgreSQL's own schemas (an extension's
 * own objects aside): none means the database is empty and a restore may go into it.
 */
export async function userRelations(db: DbOrTx, limit = 5): Promise<string[]> {
  const res = await db.raw<{ rows: { name: string }[] }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_(toast|temp)'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      ORDER BY 1 LIMIT ?`,
    [limit],
  );
  return res.rows.map((r) => r.name);
}

/**
 * The offline sync's pull serves rows by the id of the transaction that last wrote them
 * (xid8 columns, change_txid) below its snapshot's xmin. A logical dump carries those ids
 * literally; restored on a server whose transaction counter is behind the one that made the
 * dump (a new server after a disaster), the rows would carry ids from the future and no device
 * would be sent them until the counter caught up. Such ids are set to this transaction's, as
 * if the rows had just been written; the tables' own triggers stay off meanwhile, so nothing
 * else of a row changes. A database whose counter is ahead (PGlite's data folder brings its
 * counter along; a server that made the dump) has none. Returns how many rows changed.
 */
export async function restampFutureTransactionIds(db: Database): Promise<number> {
  return db.transaction(async (trx) => {
    const cols = await trx.raw<{ rows: { table_name: string; column_name: string }[] }>(
      `SELECT c.relname AS table_name, a.attname AS column_name
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND a.atttypid = 'xid8'::regtype
        ORDER BY 1, 2`,
    );
    let changed = 0;
    for (const { table_name: table, column_name: column } of cols.rows) {
      const [t, c] = [quoteIdent(table), quoteIdent(column)];
      const future = await trx.raw<{ rows: { n: number }[] }>(
        `SELECT count(*)::int AS n FROM ${t} WHERE ${c} >= pg_current_xact_id()`,
      );
      const n = Number(future.rows[0].n);
      if (!n) continue;
      await trx.raw(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
      await trx.raw(`UPDATE ${t} SET ${c} = pg_current_xact_id() WHERE ${c} >= pg_current_xact_id()`);
      await trx.raw(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
      changed += n;
    }
    return changed;
  });
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
