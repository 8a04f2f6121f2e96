import fs from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import ClientPgLite from 'knex-pglite';
import { migrationSource } from './migration-list.js';

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

export type DbTarget =
  | { kind: 'postgres'; url: string; poolMax?: number }
  | { kind: 'pglite'; dir: string | null /* null = in memory */ };

export function createKnex(target: DbTarget): Knex {
  const common: Partial<Knex.Config> = {
    migrations: { migrationSource, tableName: 'knex_migrations' },
  };
  if (target.kind === 'postgres') {
    return knexFactory({
      ...common,
      client: 'pg',
      connection: target.url,
      pool: { min: 0, max: target.poolMax ?? 10 },
    });
  }
  if (target.dir) fs.mkdirSync(target.dir, { recursive: true });
  const pglite = new PGlite(target.dir ?? 'memory://', {
    extensions: { btree_gist },
    parsers: {
      [OID.DATE]: (v: string) => v,
      [OID.NUMERIC]: (v: string) => v,
      [OID.INT8]: (v: string) => Number(v),
    },
  });
  return knexFactory({
    ...common,
    client: ClientPgLite as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
  } as Knex.Config);
}

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest();
}
