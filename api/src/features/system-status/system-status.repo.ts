import type { Knex } from 'knex';

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('select 1');
}
