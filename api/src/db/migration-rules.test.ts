import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from './migration-list.js';

/**
 * The rules that keep migration history fixed (docs/design.md, Database: migrations and seeds): every
 * migration file is registered, in order; migrations import no app code; the frozen helpers
 * the first migrations import never change and serve migrations only.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const MIGRATIONS_DIR = path.join(ROOT, 'api/src/db/migrations');
const FROZEN_HELPERS = path.join(ROOT, 'api/src/db/schema-helpers.ts');

/** sha256 of schema-helpers.ts (LF line endings). It never changes: see that file's header. */
const FROZEN_HELPERS_SHA256 = 'ea39de159d1fa67e4322e8aa055ef82d925834a1168a0657dd5c94602d0320ca';

/** The landed migrations that import the frozen helpers; no other migration may. */
const FROZEN_HELPER_USERS = [
  '20261121000002_users_and_sessions',
  '20261121000003_catalogue',
  '20261121000004_guests',
  '20261121000005_events_rates_promos',
  '20261121000006_bookings',
  '20261121000007_payments_ledger',
  '20261121000008_outbox_audit_sync_contact',
  '20261121000009_settings',
];

const migrationFiles = () =>
  fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();

function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s+['"]([^'"]+)['"]/gm];
  for (const re of patterns) for (const m of source.matchAll(re)) specifiers.push(m[1]);
  return specifiers;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('migration rules', () => {
  it('every migration file is registered in migration-list.ts, in file-name order, and nothing else is', () => {
    const files = migrationFiles().map((f) => f.replace(/\.ts$/, ''));
    expect(MIGRATION_NAMES).toEqual(files);
  });

  it('migration names are a 14-digit timestamp and a snake_case description', () => {
    for (const name of MIGRATION_NAMES) expect(name).toMatch(/^\d{14}_[a-z0-9]+(_[a-z0-9]+)*$/);
  });

  it('migrations import only knex (and the landed ones the frozen helpers)', () => {
    const offending: string[] = [];
    for (const file of migrationFiles()) {
      const name = file.replace(/\.ts$/, '');
      const allowed = FROZEN_HELPER_USERS.includes(name) ? ['knex', '../schema-helpers.js'] : ['knex'];
      for (const spec of importsOf(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'))) {
        if (!allowed.includes(spec)) offending.push(`${file} imports ${spec}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('no code outside the migrations imports the frozen helpers', () => {
    const importers = ['api', 'shared', 'pwa', 'e2e', 'scripts', 'bench']
      .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .filter((file) => !file.startsWith(MIGRATIONS_DIR + path.sep))
      .filter((file) => importsOf(fs.readFileSync(file, 'utf8')).some((spec) => /(^|\/)schema-helpers(\.js|\.ts)?$/.test(spec)))
      .map((file) => path.relative(ROOT, file));
    expect(importers).toEqual([]);
  });

  it('the frozen helpers are unchanged', () => {
    const content = fs.readFileSync(FROZEN_HELPERS, 'utf8').replace(/\r\n/g, '\n');
    const sha256 = crypto.createHash('sha256').update(content).digest('hex');
    expect(sha256, 'api/src/db/schema-helpers.ts is frozen history: revert the change').toBe(FROZEN_HELPERS_SHA256);
  });
});
