import type { Knex } from 'knex';

/** One round trip to the database and back. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('SELECT 1');
}
