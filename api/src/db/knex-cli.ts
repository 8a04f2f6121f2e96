import path from 'node:path';
import type { Knex } from 'knex';
import { loadConfig } from '../config.js';
import { dbTargetOf, knexConfig } from './knex.js';
import { isDatabaseEmpty, seedDemoData } from './seeds/demo/seed-demo.js';

/**
 * The knex CLI's configuration (the root knexfile.ts hands this to `knex`): the same database
 * as the app, from the same environment (DATABASE_URL, or the embedded PGlite database in
 * DATA_DIR), the same statically listed migrations, and the demo data as the one seed.
 */

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LIST = 'api/src/db/migration-list.ts';

export function knexCliConfig(env: NodeJS.ProcessEnv, argv: readonly string[]): Knex.Config {
  if (argv.includes('migrate:make')) return makeConfig();
  const config = loadConfig(env);
  const base = knexConfig(dbTargetOf(config));
  return {
    ...base,
    seeds: {
      seedSource: {
        getSeeds: async () => ['demo-data'],
        getSeed: async () => ({ seed: (db: Knex) => seedDemo(db, config.isProduction) }),
      },
    },
  };
}

/**
 * migrate:make only writes a file. knex uses a `directory` for that, and a `directory` would
 * make every other command read migrations from the folder instead of the list, so only this
 * command gets one. `pg` without a connection: nothing is opened.
 */
function makeConfig(): Knex.Config {
  process.once('exit', (code) => {
    if (code === 0) {
      console.log(`Now register it: import it in ${MIGRATION_LIST} and append it to MIGRATIONS.`);
    }
  });
  return {
    client: 'pg',
    migrations: {
      directory: MIGRATIONS_DIR,
      extension: 'ts',
      stub: path.resolve(import.meta.dirname, 'migration.stub'),
    },
  };
}

/** The demo data goes only into a migrated, empty, non-production database, as on `npm start`. */
async function seedDemo(db: Knex, isProduction: boolean): Promise<void> {
  if (isProduction) throw new Error('Demo data is never loaded when NODE_ENV=production');
  const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
  if (pending.length > 0) throw new Error(`${pending.length} migrations have not run: run migrate:latest first`);
  if (!(await isDatabaseEmpty(db))) {
    throw new Error('The database already has users or bookings; demo data goes only into an empty database');
  }
  await seedDemoData(db, { now: new Date() });
}
