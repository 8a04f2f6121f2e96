import type { Knex } from 'knex';

/**
 * How the public site shows an accommodation type that has no active unit (nothing a guest
 * could be given): 'coming-soon' (the card stays, marked "Coming soon", without "Book Now") or
 * 'hidden' (left out of the public lists). Issue 18.
 *
 * Self-contained: imports nothing but knex types.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE settings
      ADD COLUMN unbookable_type_display text NOT NULL DEFAULT 'coming-soon'
      CONSTRAINT settings_unbookable_type_display_check CHECK (unbookable_type_display IN ('coming-soon', 'hidden'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE settings DROP COLUMN unbookable_type_display');
}
