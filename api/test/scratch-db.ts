import crypto from 'node:crypto';
import knexFactory from 'knex';

/**
 * A new database on the PostgreSQL server url points at (empty, or a copy of `template`):
 * its URL and name, and drop() to remove it.
 */
export async function createScratchDatabase(
  url: string,
  opts: { prefix?: string; template?: string } = {},
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${opts.prefix ?? 'lodge_t'}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ''}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    name,
    async drop() {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
