import type { Knex } from 'knex';
import * as m001 from './migrations/20261121000001_extensions_and_helpers.js';
import * as m002 from './migrations/20261121000002_users_and_sessions.js';
import * as m003 from './migrations/20261121000003_catalogue.js';
import * as m004 from './migrations/20261121000004_guests.js';
import * as m005 from './migrations/20261121000005_events_rates_promos.js';
import * as m006 from './migrations/20261121000006_bookings.js';
import * as m007 from './migrations/20261121000007_payments_ledger.js';
import * as m008 from './migrations/20261121000008_outbox_audit_sync_contact.js';
import * as m009 from './migrations/20261121000009_settings.js';
import * as m010 from './migrations/20261121000010_seed_settings_row_and_entire_lodge.js';

/**
 * The migrations, in order. Listed statically (rather than read from the folder at run time)
 * so they load the same way under tsx, vitest and any bundler. Append new ones at the end;
 * never edit or reorder a landed one.
 */
type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };
const MIGRATIONS: [string, Migration][] = [
  ['20261121000001_extensions_and_helpers', m001],
  ['20261121000002_users_and_sessions', m002],
  ['20261121000003_catalogue', m003],
  ['20261121000004_guests', m004],
  ['20261121000005_events_rates_promos', m005],
  ['20261121000006_bookings', m006],
  ['20261121000007_payments_ledger', m007],
  ['20261121000008_outbox_audit_sync_contact', m008],
  ['20261121000009_settings', m009],
  ['20261121000010_seed_settings_row_and_entire_lodge', m010],
];

export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => MIGRATIONS,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
