import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import ClientPgLite from 'knex-pglite';
import { migrationSource } from './migration-list.js';
import { claimEmbeddedDir } from './embedded-lock.js';

/**
 * One knex instance for both databases. The embedded default is PGlite (a WASM PostgreSQL)
 * so a fresh clone needs no server; DATABASE_URL switches to a real PostgreSQL through pg.
 * Both run the same migrations and the same SQL.
 *
 * Both drivers are told to hand back the same JavaScript values, so repos never care which
 * one they talk to: `date` stays a 'YYYY-MM-DD' string (a check-in date has no time zone),
 * `numeric` stays a string (repos turn it into integer cents), bigint counts become numbers.
 */
const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

pg.types.setTypeParser(OID.DATE, (v: string) => v);
pg.types.setTypeParser(OID.NUMERIC, (v: string) => v);
pg.types.setTypeParser(OID.INT8, (v: string) => Number(v));

/**
 * knex-pglite pins its pool to one connection and refuses pool options, so tarn keeps its
 * 30 s limit on creating that connection, which is PGlite compiling PostgreSQL's WASM: on a
 * busy two-core machine that can take longer, and every query behind it would fail with
 * "operation timed out for an unknown reason". The pool defaults are the one seam left.
 */
class PgliteClient extends (ClientPgLite as unknown as { new (config: Knex.Config): { poolDefaults(): object } }) {
  poolDefaults(): object {
    return { ...super.poolDefaults(), createTimeoutMillis: 300_000 };
  }
}

const common: Partial<Knex.Config> = {
  migrations: { migrationSource, tableName: 'knex_migrations' },
};

export type DbTarget =
  | { kind: 'postgres'; url: string; poolMax?: number }
  | { kind: 'pglite'; dir: string | null /* null = in memory */ };

export function createKnex(target: DbTarget): Knex {
  return knexFactory(knexConfig(target));
}

/**
 * The knex configuration of a target: used by the app through createKnex and by the knex
 * CLI through the root knexfile.ts, so both open the same database the same way.
 */
export function knexConfig(target: DbTarget): Knex.Config {
  if (target.kind === 'postgres') {
    return {
      ...common,
      client: 'pg',
      connection: target.url,
      pool: { min: 0, max: target.poolMax ?? 10 },
    };
  }
  return pgliteKnexConfig(openPglite(target.dir));
}

/** knex on a PGlite the caller opened (backup and restore also use the PGlite itself). */
export function knexOnPglite(pglite: PGlite): Knex {
  return knexFactory(pgliteKnexConfig(pglite));
}

function pgliteKnexConfig(pglite: PGlite): Knex.Config {
  return {
    ...common,
    client: PgliteClient as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    // PGlite is one connection, and its first use compiles PostgreSQL's WASM: on a busy
    // machine (two test workers on two cores) that alone can pass knex's 60 s default, and
    // every query queued behind it would fail. Waiting longer loses nothing.
    acquireConnectionTimeout: 300_000,
  } as Knex.Config;
}

/**
 * A PGlite with the app's extension and value parsers, on a directory (null: in memory).
 * Opening a directory records this process as its holder until close() (embedded-lock.ts);
 * knex closes it on destroy(). loadDataDir: a dumpDataDir() tarball to start from (restore).
 */
export function openPglite(dir: string | null, options: { loadDataDir?: Blob } = {}): PGlite {
  if (!dir) return new PGlite('memory://', pgliteOptions(options));
  fs.mkdirSync(dir, { recursive: true });
  const release = claimEmbeddedDir(dir);
  try {
    return new HeldPglite(dir, pgliteOptions(options), release);
  } catch (err) {
    release();
    throw err;
  }
}

class HeldPglite extends PGlite {
  constructor(
    dir: string,
    options: PGliteOptions,
    private readonly release: () => void,
  ) {
    super(dir, options);
  }
  override async close(): Promise<void> {
    try {
      await super.close();
    } finally {
      this.release();
    }
  }
}

function pgliteOptions(options: { loadDataDir?: Blob }): PGliteOptions {
  return {
    extensions: { btree_gist },
    parsers: {
      [OID.DATE]: (v: string) => v,
      [OID.NUMERIC]: (v: string) => v,
      [OID.INT8]: (v: string) => Number(v),
    },
    ...options,
  };
}

/** Where the app keeps its database: DATABASE_URL, or the embedded one in DATA_DIR/pgdata. */
export function dbTargetOf(config: { DATABASE_URL?: string; dataDir: string }): DbTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dir: path.join(config.dataDir, 'pgdata') };
}

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest();
}
