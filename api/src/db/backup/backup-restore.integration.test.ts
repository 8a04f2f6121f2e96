import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createKnex, migrateLatest, type DbTarget } from '../knex.js';
import { seedDemoData } from '../seeds/demo/seed-demo.js';
import { createScratchDatabase } from '../../../test/scratch-db.js';
import { createBackup } from './backup.js';
import { restoreBackup } from './restore.js';
import { BackupError, filesUnder, readBackupFile } from './backup-file.js';
import { MIGRATION_NAMES } from '../migration-list.js';
import { listTables, restampFutureTransactionIds } from './database-catalogue.js';

/**
 * `npm run backup` and `npm run restore` on the database the tests run on (the embedded one
 * in a data folder, or a new database on DATABASE_URL's server): a database with a row in
 * EVERY table and an uploads folder go into one file and come back, table by table (row count
 * and a checksum of the rows) and file by file (byte for byte); a target that is not empty is
 * refused and left as it was. A portable backup (--portable) comes back the same way into the
 * same kind, and, when DATABASE_URL is set, from the embedded database into PostgreSQL and back.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const KIND: DbTarget['kind'] = process.env.DATABASE_URL ? 'postgres' : 'pglite';
/** A bound for the tests that start the CLI or open PGlite databases: CI runs them beside the browser specs. */
const SLOW = 120_000;

interface Place {
  target: DbTarget;
  dataDir: string;
  uploadDir: string;
  /** The environment that points the CLI at this place. */
  env: Record<string, string>;
}

const cleanups: (() => Promise<void>)[] = [];

async function newPlace(kind: DbTarget['kind'] = KIND): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-backup-test-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const uploadDir = path.join(dataDir, 'uploads');
  if (kind === 'pglite') {
    return { target: { kind: 'pglite', dir: path.join(dataDir, 'pgdata') }, dataDir, uploadDir, env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
  }
  const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
  cleanups.push(() => scratch.drop());
  return { target: { kind: 'postgres', url: scratch.url }, dataDir, uploadDir, env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url } };
}

/** Opens place's database for fn and closes it again (PGlite: one process, one user at a time). */
async function withDb<T>(place: Place, fn: (db: Knex) => Promise<T>): Promise<T> {
  const db = createKnex(place.target);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Rows in the tables the demo data leaves empty. A table added later starts empty here, and
 * the test below fails naming it: add a row for it.
 */
async function fillTheRest(db: Knex): Promise<void> {
  const user = await db('users').where({ username: 'manager' }).first('id');
  const booking = await db('bookings').orderBy('reference').first('id', 'reference');
  const now = new Date();
  await db('audit_log').insert({
    actor_user_id: user.id,
    actor_username: 'manager',
    action: 'booking.update',
    entity_type: 'booking',
    entity_id: booking.id,
    before: { adults: 2, notes: null },
    after: { adults: 3, notes: 'Late arrival, "after 18:00"' },
    note: 'edited at the front desk',
  });
  await db('client_mutations').insert({
    id: crypto.randomUUID(),
    device_id: 'front-desk-tablet',
    seq: 7,
    user_id: user.id,
    operation: 'booking.update',
    entity_type: 'booking',
    entity_id: booking.id,
    base_version: 1,
    args: { adults: 3 },
    outcome: 'applied',
    result: { version: 2 },
  });
  await db('contact_enquiries').insert({ name: 'Thandi Mokoena', email: 'thandi@example.com', phone: '+27 82 555 0101', subject: 'Game drives', message: 'Do you take children on drives?' });
  await db('deleted_records').insert({ entity_type: 'booking', entity_id: crypto.randomUUID() });
  const [extra] = await db('extras')
    .insert({ name: 'Sundowner drive', description: 'Drinks at the dam, "weather permitting"', price: '450.00', child_price: '225.00', pricing: 'per_person', bookable_online: true })
    .returning('id');
  await db('folio_charges').insert({
    booking_id: booking.id,
    extra_id: extra.id,
    description: 'Sundowner drive',
    pricing: 'per_person',
    unit_price: '450.00',
    child_unit_price: '225.00',
    quantity: 1,
    adults: 2,
    children: 1,
    amount: '1125.00',
    vat_inclusive: true,
    charge_date: now.toISOString().slice(0, 10),
    note: 'Booked at the desk',
    created_by_user_id: user.id,
    voided_at: now,
    voided_by_user_id: user.id,
    void_reason: 'Drive cancelled: rain',
  });
  const [invoice] = await db('invoices')
    .insert({
      booking_id: booking.id,
      kind: 'invoice',
      sequence: 1,
      number: 'INV-000001',
      issue_date: now.toISOString().slice(0, 10),
      booking_reference: booking.reference,
      lodge_name: 'Leadwood Koppie',
      lodge_legal_name: 'Leadwood Koppie (Pty) Ltd',
      lodge_address: 'Farm 12, Hoedspruit, 1380',
      lodge_vat_number: '4123456789',
      vat_registered: true,
      guest_name: 'Thandi "TM" Mokoena',
      guest_email: 'thandi@example.com',
      guest_address: '12 Main Road\nHoedspruit',
      net_amount: '1000.00',
      vat_amount: '150.00',
      total_amount: '1150.00',
      created_by_user_id: user.id,
      created_by_name: 'Manager',
    })
    .returning('id');
  await db('invoice_lines').insert({
    invoice_id: invoice.id,
    booking_id: booking.id,
    kind: 'invoice',
    position: 1,
    folio_key: 'accommodation',
    description: 'Accommodation',
    quantity: '1.00',
    unit_amount: '1150.00',
    amount: '1150.00',
    vat_amount: '150.00',
  });
  await db('paystack_connection_test').insert({ id: 1, ok: true, tested_at: now, key_fingerprint: crypto.createHash('sha256').update('sk_test_backup').digest('hex') });
  await db('email_outbox').insert({
    to_address: 'guest@example.com',
    subject: `Booking ${booking.reference} confirmed`,
    text_body: 'See you soon.',
    html_body: '<p>See you soon.</p>',
    template: 'booking-confirmed',
    booking_id: booking.id,
    dedupe_key: `confirmed:${booking.id}`,
    status: 'failed',
    attempts: 5,
    last_error: '550 mailbox unavailable',
    attachment_invoice_id: invoice.id,
  });
  await db('idempotency_keys').insert({
    key: crypto.randomUUID(),
    scope: 'POST /api/bookings',
    request_hash: 'a'.repeat(64),
    status: 'completed',
    response_status: 201,
    response_body: { id: booking.id },
  });
  await db('login_attempts').insert({ key: 'user:manager', succeeded: false });
  await db('guest_booking_links').insert({ booking_id: booking.id, token_hash: 'c'.repeat(64), expires_at: new Date(now.getTime() + 86_400_000) });
  await db('payment_requests').insert({ booking_id: booking.id, reference: `${booking.reference}-B1`, amount: '1250.50', source: 'guest-balance' });
  await db('payment_reminders').insert({ booking_id: booking.id, kind: 'before_due', due_date: now.toISOString().slice(0, 10) });
  const proofBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(2_000), Buffer.from([0, 13, 10, 255])]);
  await db('payment_proofs').insert({
    booking_id: booking.id,
    file_name: 'FNB "proof" of payment.pdf',
    content_type: 'application/pdf',
    size_bytes: proofBytes.length,
    content: proofBytes,
    sha256: crypto.createHash('sha256').update(proofBytes).digest('hex'),
  });
  const [statement] = await db('bank_statements').insert({ bank: 'fnb', file_name: 'fnb-november.csv', line_count: 1, uploaded_by_user_id: user.id }).returning('id');
  await db('bank_statement_lines').insert({
    statement_id: statement.id,
    line_number: 1,
    line_date: now.toISOString().slice(0, 10),
    description: `MAGTAPE CREDIT ${booking.reference.toLowerCase()}`,
    amount: '4950.00',
    fingerprint: 'f'.repeat(64),
    proposed_booking_id: booking.id,
    match_reason: 'reference',
  });
  // The register's files are kept encrypted; a backup carries the envelope's bytes as they are.
  const signatureId = crypto.randomUUID();
  const idCopyId = crypto.randomUUID();
  const envelope = (n: number) => Buffer.concat([Buffer.from('LF\x01', 'latin1'), crypto.randomBytes(n)]);
  await db('register_attachments').insert([
    { id: signatureId, booking_id: booking.id, kind: 'signature', content_type: 'image/png', size_bytes: 1_200, sha256: 'a'.repeat(64), content: envelope(1_231) },
    { id: idCopyId, booking_id: booking.id, kind: 'id-copy', content_type: 'application/pdf', size_bytes: 3_000, sha256: 'b'.repeat(64), content: envelope(3_031) },
  ]);
  await db('register_entries').insert({
    id: crypto.randomUUID(),
    booking_id: booking.id,
    full_names: 'Thandiwe Grace',
    surname: 'Mokoena',
    id_type: 'SA ID',
    id_number: '8001015009087',
    nationality: 'ZA',
    residence_status: 'Citizen',
    home_address: '12 Marula Street\nHoedspruit',
    signature_attachment_id: signatureId,
    id_copy_attachment_id: idCopyId,
    captured_at: now,
    captured_by: 'staff',
    captured_by_user_id: user.id,
  });
  // A unit out of order after the last stay it has, so no live booking is in the way.
  const unit = await db('units').orderBy('name').first('id');
  const lastStay = await db('bookings').where({ unit_id: unit.id }).max('check_out_date as last').first();
  const start = new Date(`${lastStay?.last ?? now.toISOString().slice(0, 10)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 10);
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 3);
  await db('unit_out_of_order').insert({
    unit_id: unit.id,
    start_date: start.toISOString().slice(0, 10),
    end_date: end.toISOString().slice(0, 10),
    note: 'Thatch repaired, "roof off"',
    created_by_user_id: user.id,
  });
  const type = await db('accommodation_types').orderBy('name').first('id');
  await db('waitlist_entries').insert({
    name: 'Sipho "Sips" Dlamini',
    email: 'sipho@example.com',
    check_in_date: start.toISOString().slice(0, 10),
    check_out_date: end.toISOString().slice(0, 10),
    number_of_guests: 2,
    accommodation_type_id: type.id,
  });
  await db('waitlist_freed_nights').insert({ start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10), reason: 'cancelled' });
  await db('rate_limit_buckets').insert({
    scope: 'chat',
    key: '192.0.2.10',
    tokens: 4.25,
    updated_at: now,
    granted: true,
    full_at: new Date(now.getTime() + 60_000),
  });
  await db('sessions').insert({
    id: crypto.randomBytes(24).toString('base64url'),
    data: { userId: user.id },
    user_id: user.id,
    expires_at: new Date(now.getTime() + 86_400_000),
  });
  // A channel's feed of a unit that fetched once: one event it blocks (on a stay of the demo
  // data, a booking of that unit) and one it could not import (a clash with that same stay).
  const stay = await db('bookings').whereNotNull('unit_id').orderBy('reference').first('id', 'unit_id', 'reference', 'check_in_date', 'check_out_date');
  const [feed] = await db('channel_feeds')
    .insert({ unit_id: stay.unit_id, channel: 'Airbnb', url: 'https://www.airbnb.com/calendar/ical/42.ics?s=x', export_token: 'e'.repeat(32), last_success_at: now, event_count: 2, created_by_user_id: user.id })
    .returning('id');
  await db('channel_feed_events').insert([
    { feed_id: feed.id, uid: 'one@airbnb.com', summary: 'Reserved', start_date: stay.check_in_date, end_date: stay.check_out_date, booking_id: stay.id },
    { feed_id: feed.id, uid: 'two@airbnb.com', summary: 'Not available', start_date: stay.check_in_date, end_date: stay.check_out_date, clash_with: `Booking ${stay.reference} (a guest)`, clash_booking_id: stay.id, clash_found_at: now },
  ]);
}

/** A new place with the demo data, a row in every other table, and an uploads folder. */
async function filledPlace(kind: DbTarget['kind'] = KIND): Promise<Place> {
  const place = await newPlace(kind);
  await withDb(place, async (db) => {
    await migrateLatest(db);
    await seedDemoData(db, { now: new Date() });
    await fillTheRest(db);
  });
  fs.mkdirSync(path.join(place.uploadDir, 'nested'), { recursive: true });
  fs.writeFileSync(path.join(place.uploadDir, 'f3a9c1.jpg'), crypto.randomBytes(200_000));
  fs.writeFileSync(path.join(place.uploadDir, '7be21d.webp'), Buffer.from([0, 1, 2, 255, 254, 0, 13, 10]));
  fs.writeFileSync(path.join(place.uploadDir, 'nested', 'hero.png'), crypto.randomBytes(1_000));
  fs.writeFileSync(path.join(place.uploadDir, 'empty.txt'), '');
  return place;
}

/** Each table's row count and an md5 of its rows as text, in one order (the rows' own text). */
async function tableSums(db: Knex): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const table of await listTables(db)) {
    const res = await db.raw<{ rows: { rows: number; md5: string | null }[] }>(
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, E'\\n' ORDER BY t::text COLLATE "C")) AS md5 FROM "${table}" t`,
    );
    out[table] = { rows: Number(res.rows[0].rows), md5: res.rows[0].md5 ?? '' };
  }
  return out;
}

/**
 * The same across PGlite and PostgreSQL: each row as JSON in UTC, without its transaction-id
 * columns (xid8: each server's own counter; a restore may re-stamp them, see
 * restampFutureTransactionIds), and the count of rows whose id is not below the snapshot's
 * xmin, i.e. that the offline sync would not serve.
 */
async function portableSums(db: Knex): Promise<{ tables: Record<string, { rows: number; md5: string }>; notServed: number }> {
  return db.transaction(async (trx) => {
    await trx.raw("SET LOCAL TimeZone = 'UTC'");
    const tables: Record<string, { rows: number; md5: string }> = {};
    let notServed = 0;
    for (const table of await listTables(trx)) {
      const xidCols = (
        await trx.raw<{ rows: { name: string }[] }>(
          `SELECT attname AS name FROM pg_attribute WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped AND atttypid = 'xid8'::regtype`,
          [table],
        )
      ).rows.map((r) => r.name);
      const row = xidCols.reduce((expr, c) => `(${expr} - '${c}')`, 'to_jsonb(t)');
      const res = await trx.raw<{ rows: { rows: number; md5: string | null }[] }>(
        `SELECT count(*)::int AS rows, md5(string_agg(${row}::text, E'\\n' ORDER BY ${row}::text COLLATE "C")) AS md5 FROM "${table}" t`,
      );
      tables[table] = { rows: Number(res.rows[0].rows), md5: res.rows[0].md5 ?? '' };
      for (const c of xidCols) {
        const ahead = await trx.raw<{ rows: { n: number }[] }>(
          `SELECT count(*)::int AS n FROM "${table}" WHERE "${c}" >= pg_snapshot_xmin(pg_current_snapshot())`,
        );
        notServed += Number(ahead.rows[0].n);
      }
    }
    return { tables, notServed };
  });
}

async function readFiles(dir: string): Promise<Record<string, Buffer>> {
  const files = await filesUnder(dir);
  return Object.fromEntries(files.map((f) => [f, fs.readFileSync(path.join(dir, f))]));
}

/** The CLI as a cron job runs it: no terminal, CI=true. */
function runCli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: ROOT, env: { ...process.env, CI: 'true', LOG_LEVEL: 'silent', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

describe(`backup and restore (${KIND === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`, () => {
  let source: Place;
  let sourceSums: Record<string, { rows: number; md5: string }>;
  let sourceFiles: Record<string, Buffer>;
  let file: string;
  let restored: Place;

  beforeAll(async () => {
    source = await filledPlace();
    sourceSums = await withDb(source, tableSums);
    sourceFiles = await readFiles(source.uploadDir);
    file = path.join(source.dataDir, 'backups', 'nightly.tar');
  });

  it('the fixture has a row in every table of the catalogue', () => {
    const empty = Object.entries(sourceSums).filter(([, s]) => s.rows === 0).map(([t]) => t);
    expect(empty, 'tables left empty: add rows for them in fillTheRest').toEqual([]);
    expect(Object.keys(sourceSums).length).toBeGreaterThanOrEqual(26);
  });

  it.runIf(KIND === 'pglite')('refuses to back up an embedded database that is open, and writes no file', async () => {
    const open = createKnex(source.target);
    try {
      await open.raw('SELECT 1');
      const attempt = createBackup({ target: source.target, uploadDir: source.uploadDir, file });
      await expect(attempt).rejects.toThrow(BackupError);
      await expect(attempt).rejects.toThrow(`Refusing to back up the embedded database in ${(source.target as { dir: string }).dir}: it is open in this process.`);
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await open.destroy();
    }
  }, SLOW);

  it('backs up with npm run backup: one file, with a manifest of every table and file', async () => {
    const run = await runCli('scripts/backup.ts', [file], source.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const kindName = KIND === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL';
    expect(run.stdout).toContain(`Backed up ${kindName} and 4 uploaded files to ${file} (`);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['nightly.tar']);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const unpacked = fs.mkdtempSync(path.join(source.dataDir, 'unpacked-'));
    const manifest = await readBackupFile(file, unpacked);
    fs.rmSync(unpacked, { recursive: true });
    expect(manifest).toMatchObject({
      format: 'lodge-backup',
      appVersion: JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
      database: { kind: KIND, dump: KIND === 'pglite' ? 'pgdata' : 'pg_dump' },
      migrations: MIGRATION_NAMES,
      tables: Object.fromEntries(Object.entries(sourceSums).map(([t, s]) => [t, s.rows])),
    });
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(10 * 60_000);
    expect(manifest.uploads.map((u) => [u.path, u.bytes])).toEqual(Object.entries(sourceFiles).map(([name, b]) => [name, b.length]));

    const written = fs.readFileSync(file);
    await expect(createBackup({ target: source.target, uploadDir: source.uploadDir, file })).rejects.toThrow(
      `${file} exists already: a backup never overwrites a file.`,
    );
    expect(fs.readFileSync(file).equals(written)).toBe(true);
  }, SLOW);

  it('restores into an empty target: every table, row for row, and every uploaded file, byte for byte', async () => {
    const target = (restored = await newPlace());
    const result = await restoreBackup({ target: target.target, uploadDir: target.uploadDir, file });

    expect(result.manifest.database.kind).toBe(KIND);
    expect(result.manifest.tables).toEqual(Object.fromEntries(Object.entries(sourceSums).map(([t, s]) => [t, s.rows])));
    expect(result.restampedRows).toBe(0);
    const restoredSums = await withDb(target, tableSums);
    expect(restoredSums).toEqual(sourceSums);
    const restoredFiles = await readFiles(target.uploadDir);
    expect(Object.keys(restoredFiles)).toEqual(['7be21d.webp', 'empty.txt', 'f3a9c1.jpg', 'nested/hero.png']);
    for (const [name, bytes] of Object.entries(sourceFiles)) expect(restoredFiles[name].equals(bytes), name).toBe(true);

    // A target holding data: npm run restore refuses with exit code 1, and nothing there changes.
    const again = await runCli('scripts/restore.ts', [file], target.env);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    const refusal =
      KIND === 'pglite'
        ? `Refusing to restore: ${path.join(target.dataDir, 'pgdata')} already holds a database. Restore goes only into an empty target; nothing was changed.`
        : `Refusing to restore: the database ${(target.target as { url: string }).url} is not empty (it has public.accommodation_types, public.audit_log, public.audit_log_id_seq, public.bank_statement_lines, public.bank_statements). Restore goes only into an empty target; nothing was changed.`;
    expect(again.stderr).toContain(refusal);
    expect(await withDb(target, tableSums)).toEqual(sourceSums);
    const after = await readFiles(target.uploadDir);
    expect(Object.keys(after)).toEqual(Object.keys(restoredFiles));
    for (const [name, bytes] of Object.entries(restoredFiles)) expect(after[name].equals(bytes), name).toBe(true);
  }, SLOW);

  it('refuses an empty database whose uploads folder holds a file, and leaves both as they were', async () => {
    const target = await newPlace();
    fs.mkdirSync(target.uploadDir, { recursive: true });
    fs.writeFileSync(path.join(target.uploadDir, 'kept.jpg'), 'a picture');

    await expect(restoreBackup({ target: target.target, uploadDir: target.uploadDir, file })).rejects.toThrow(
      `Refusing to restore: the uploads folder ${target.uploadDir} is not empty (1 file). Restore goes only into an empty target; nothing was changed.`,
    );
    expect(await readFiles(target.uploadDir)).toEqual({ 'kept.jpg': Buffer.from('a picture') });
    if (KIND === 'pglite') expect(fs.existsSync((target.target as { dir: string }).dir)).toBe(false);
    else expect(await withDb(target, listTables)).toEqual([]);
  });

  it('refuses a damaged backup file, naming the damaged part, and restores nothing', async () => {
    const damaged = path.join(source.dataDir, 'damaged.tar');
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf(sourceFiles['f3a9c1.jpg'].subarray(0, 64));
    expect(at).toBeGreaterThan(0);
    bytes[at + 1000] ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    const target = await newPlace();

    await expect(restoreBackup({ target: target.target, uploadDir: target.uploadDir, file: damaged })).rejects.toThrow(
      `${damaged} is damaged: uploads/f3a9c1.jpg does not match its checksum.`,
    );
    expect(await readFiles(target.uploadDir)).toEqual({});
    if (KIND === 'pglite') expect(fs.existsSync((target.target as { dir: string }).dir)).toBe(false);
    else expect(await withDb(target, listTables)).toEqual([]);
  });

  it('re-stamps transaction ids from the future (a dump restored where the counter is behind) to below the offline sync\'s watermark, and changes nothing else', async () => {
    await withDb(restored, async (db) => {
      const booking = await db('bookings').orderBy('reference').first('id');
      const { bookings: _, ...otherTables } = await tableSums(db);
      // What a pg_dump restored on a new server looks like: a row last written by a
      // transaction this server has not reached yet. The triggers would stamp the update.
      await db.raw('ALTER TABLE bookings DISABLE TRIGGER USER');
      await db.raw(`UPDATE bookings SET change_txid = (pg_current_xact_id()::text::bigint + 1000000)::text::xid8 WHERE id = ?`, [booking.id]);
      await db.raw('ALTER TABLE bookings ENABLE TRIGGER USER');
      const rowText = (table: string) =>
        db.raw<{ rows: { r: string }[] }>(
          `SELECT string_agg((to_jsonb(t) - 'change_txid')::text, E'\\n' ORDER BY t.id) AS r FROM ${table} t`,
        );
      const before = (await rowText('bookings')).rows[0].r;

      expect(await restampFutureTransactionIds(db)).toBe(1);

      // The watermark is the cluster's oldest running transaction: on a server shared with other
      // test files, one begun before the re-stamp holds it back until it ends. A row left in the
      // future (a million ids ahead) would never pass it; the re-stamped one does once they end.
      await vi.waitFor(
        async () => {
          const ahead = await db.raw<{ rows: { n: number }[] }>(
            'SELECT count(*)::int AS n FROM bookings WHERE change_txid >= pg_snapshot_xmin(pg_current_snapshot())',
          );
          expect(Number(ahead.rows[0].n)).toBe(0);
        },
        { timeout: 30_000, interval: 100 },
      );
      expect((await rowText('bookings')).rows[0].r).toBe(before);
      const { bookings: __, ...otherTablesAfter } = await tableSums(db);
      expect(otherTablesAfter).toEqual(otherTables);
      // A second run finds nothing to do.
      expect(await restampFutureTransactionIds(db)).toBe(0);
    });
  });

  it('--portable: the rows restore into an empty target of the same kind, and every uploaded file', async () => {
    const portable = path.join(source.dataDir, 'backups', 'portable.tar');
    const run = await runCli('scripts/backup.ts', ['--portable', portable], source.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(' (portable: restores into either kind) and 4 uploaded files to ');
    const target = await newPlace();
    const result = await restoreBackup({ target: target.target, uploadDir: target.uploadDir, file: portable });
    expect(result.manifest.database).toMatchObject({ kind: KIND, dump: 'rows' });
    const [from, to] = [await withDb(source, portableSums), await withDb(target, portableSums)];
    expect(to.tables).toEqual(from.tables);
    expect(to.notServed).toBe(0);
    expect(await readFiles(target.uploadDir)).toEqual(sourceFiles);
  }, SLOW);

  // The other kind needs both: PostgreSQL runs beside the embedded database only when DATABASE_URL is set.
  it.runIf(KIND === 'postgres')('--portable: moves the embedded database to PostgreSQL and PostgreSQL to the embedded database', async () => {
    const embedded = await filledPlace('pglite');
    const fromEmbedded = path.join(embedded.dataDir, 'portable.tar');
    await createBackup({ target: embedded.target, uploadDir: embedded.uploadDir, file: fromEmbedded, portable: true });
    const intoPostgres = await newPlace('postgres');
    await restoreBackup({ target: intoPostgres.target, uploadDir: intoPostgres.uploadDir, file: fromEmbedded });
    const embeddedSums = await withDb(embedded, portableSums);
    expect(await withDb(intoPostgres, portableSums)).toEqual({ tables: embeddedSums.tables, notServed: 0 });
    expect(await readFiles(intoPostgres.uploadDir)).toEqual(await readFiles(embedded.uploadDir));

    const fromPostgres = path.join(source.dataDir, 'backups', 'portable.tar');
    const intoEmbedded = await newPlace('pglite');
    await restoreBackup({ target: intoEmbedded.target, uploadDir: intoEmbedded.uploadDir, file: fromPostgres });
    const postgresSums = await withDb(source, portableSums);
    expect(await withDb(intoEmbedded, portableSums)).toEqual({ tables: postgresSums.tables, notServed: 0 });
    expect(await readFiles(intoEmbedded.uploadDir)).toEqual(sourceFiles);
  }, 2 * SLOW);
});
