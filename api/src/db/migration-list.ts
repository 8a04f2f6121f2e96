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
import * as m0100 from './migrations/20261122000100_booking_promo_use_returned.js';
import * as m0200 from './migrations/20261122000200_chat_faqs.js';
import * as m0201 from './migrations/20261122000201_seed_chat_faqs.js';
import * as m0400 from './migrations/20261122000400_idempotency_keys.js';
import * as m0500 from './migrations/20261122000500_sync_change_txid.js';
import * as m1123_0500 from './migrations/20261123000500_catalogue_version.js';
import * as m1123_0501 from './migrations/20261123000501_bookings_stay_index.js';
import * as m1124_0100 from './migrations/20261124000100_bookings_version.js';
import * as m1125_0100 from './migrations/20261125000100_rate_limit_buckets.js';
import * as m1126_0101 from './migrations/20261126000101_lodge_identity.js';
import * as m1126_0300 from './migrations/20261126000300_unbookable_type_display.js';
import * as m1126_0400 from './migrations/20261126000400_chat_answers.js';
import * as m1126_0500 from './migrations/20261126000500_stay_limits.js';
import * as m1126_0501 from './migrations/20261126000501_booking_hold_source.js';
import * as m1126_0600 from './migrations/20261126000600_paystack_connection_test.js';
import * as m1127_0100 from './migrations/20261127000100_group_bookings.js';
import * as m1128_0100 from './migrations/20261128000100_folio_foundation.js';
import * as m1128_0400 from './migrations/20261128000400_invoices.js';
import * as m1129_0100 from './migrations/20261129000100_per_person_pricing.js';
import * as m1130_0100 from './migrations/20261130000100_deposits_and_guest_links.js';
import * as m1201_0100 from './migrations/20261201000100_lodger_register.js';
import * as m1202_0100 from './migrations/20261202000100_desk_day.js';
import * as m1202_0101 from './migrations/20261202000101_backfill_booking_channel.js';
import * as m1206_0100 from './migrations/20261206000100_out_of_order_change_seq.js';
import * as m1206_0300 from './migrations/20261206000300_invoice_without_email.js';
import * as m1206_0400 from './migrations/20261206000400_waitlist.js';
import * as m1206_0500 from './migrations/20261206000500_channel_calendars.js';
import * as m1206_0600 from './migrations/20261206000600_reports_version.js';
import * as m1206_0700 from './migrations/20261206000700_reports_version_lock_order.js';

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
  ['20261122000100_booking_promo_use_returned', m0100],
  ['20261122000200_chat_faqs', m0200],
  ['20261122000201_seed_chat_faqs', m0201],
  ['20261122000400_idempotency_keys', m0400],
  ['20261122000500_sync_change_txid', m0500],
  ['20261123000500_catalogue_version', m1123_0500],
  ['20261123000501_bookings_stay_index', m1123_0501],
  ['20261124000100_bookings_version', m1124_0100],
  ['20261125000100_rate_limit_buckets', m1125_0100],
  ['20261126000101_lodge_identity', m1126_0101],
  ['20261126000300_unbookable_type_display', m1126_0300],
  ['20261126000400_chat_answers', m1126_0400],
  ['20261126000500_stay_limits', m1126_0500],
  ['20261126000501_booking_hold_source', m1126_0501],
  ['20261126000600_paystack_connection_test', m1126_0600],
  ['20261127000100_group_bookings', m1127_0100],
  ['20261128000100_folio_foundation', m1128_0100],
  ['20261128000400_invoices', m1128_0400],
  ['20261129000100_per_person_pricing', m1129_0100],
  ['20261130000100_deposits_and_guest_links', m1130_0100],
  ['20261201000100_lodger_register', m1201_0100],
  ['20261202000100_desk_day', m1202_0100],
  ['20261202000101_backfill_booking_channel', m1202_0101],
  ['20261206000100_out_of_order_change_seq', m1206_0100],
  ['20261206000300_invoice_without_email', m1206_0300],
  ['20261206000400_waitlist', m1206_0400],
  ['20261206000500_channel_calendars', m1206_0500],
  ['20261206000600_reports_version', m1206_0600],
  ['20261206000700_reports_version_lock_order', m1206_0700],
];

/** The names of the listed migrations, in order. */
export const MIGRATION_NAMES: readonly string[] = MIGRATIONS.map(([name]) => name);

// Each spec carries its name as `file` because that is what knex's CLI prints for a pending
// migration (`migrate:status`).
type MigrationSpec = { file: string; migration: Migration };

export const migrationSource: Knex.MigrationSource<MigrationSpec> = {
  getMigrations: async () => MIGRATIONS.map(([file, migration]) => ({ file, migration })),
  getMigrationName: (spec) => spec.file,
  getMigration: async (spec) => spec.migration,
};
