import type { Knex } from 'knex';
import type { IdType, RegisterAttachmentKind, RegisterAttachmentType, ResidenceStatus } from '../../../../shared/contracts/lodger-register.js';

type Db = Knex | Knex.Transaction;

/**
 * The register's reads for staff (an inspection, a booking's register, the dashboard) and its
 * erasing writes (the retention purge, a guest's erasure). The entries are joined to their
 * booking only for its stay dates and status; everything else about a booking is read through
 * the bookings feature.
 */

export interface InspectionEntryRow {
  id: string;
  booking_id: string;
  full_names: string;
  surname: string;
  id_type: IdType;
  id_number: string;
  nationality: string;
  residence_status: ResidenceStatus;
  home_address: string;
  signature_attachment_id: string | null;
  id_copy_attachment_id: string | null;
  signature_present: boolean;
  id_copy_present: boolean;
  captured_at: Date | string;
  captured_by: 'guest' | 'staff';
  captured_by_name: string | null;
  deidentified_at: Date | string | null;
}

function entriesQuery(db: Db) {
  return db('register_entries as e')
    .leftJoin('users as u', 'u.id', 'e.captured_by_user_id')
    .leftJoin('register_attachments as sig', 'sig.id', 'e.signature_attachment_id')
    .leftJoin('register_attachments as idc', 'idc.id', 'e.id_copy_attachment_id')
    .select(
      'e.id',
      'e.booking_id',
      'e.full_names',
      'e.surname',
      'e.id_type',
      'e.id_number',
      'e.nationality',
      'e.residence_status',
      'e.home_address',
      'e.signature_attachment_id',
      'e.id_copy_attachment_id',
      db.raw('(sig.id IS NOT NULL AND sig.purged_at IS NULL) AS signature_present'),
      db.raw('(idc.id IS NOT NULL AND idc.purged_at IS NULL) AS id_copy_present'),
      'e.captured_at',
      'e.captured_by',
      db.raw(`nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') AS captured_by_name`),
      'e.deidentified_at',
    );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Entries of stays with a night in [from, to] (check-in on or before `to`, check-out after
 * `from`), cancelled bookings left out (nobody lodged). `q` matches part of the names
 * (case-insensitive) or of the ID number, spaces ignored.
 */
export async function listEntriesForStays(db: Db, f: { from: string; to: string; q?: string }): Promise<InspectionEntryRow[]> {
  const query = entriesQuery(db)
    .join('bookings as b', 'b.id', 'e.booking_id')
    .where('b.check_in_date', '<=', f.to)
    .where('b.check_out_date', '>', f.from)
    .whereNot('b.status', 'Cancelled');
  const q = f.q?.trim();
  if (q) {
    const words = `%${escapeLike(q.replace(/\s+/g, ' '))}%`;
    const compact = q.replace(/\s+/g, '');
    query.where((w) => {
      w.whereRaw(`concat_ws(' ', e.full_names, e.surname) ILIKE ?`, [words]);
      if (compact) w.orWhereRaw(`replace(e.id_number, ' ', '') ILIKE ?`, [`%${escapeLike(compact)}%`]);
    });
  }
  return query.orderBy('e.captured_at');
}

export function listEntriesOfBookings(db: Db, bookingIds: readonly string[]): Promise<InspectionEntryRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return entriesQuery(db).whereIn('e.booking_id', bookingIds).orderBy('e.captured_at');
}

export interface AttachmentRow {
  id: string;
  booking_id: string;
  kind: RegisterAttachmentKind;
  content_type: RegisterAttachmentType;
  content: Buffer | null;
  entry_id: string | null;
}

/** An attachment with its (encrypted) bytes and the entry that names it, if any. */
export function findAttachment(db: Db, id: string): Promise<AttachmentRow | undefined> {
  return db('register_attachments as a')
    .leftJoin('register_entries as e', function () {
      this.on('e.signature_attachment_id', 'a.id').orOn('e.id_copy_attachment_id', 'a.id');
    })
    .where('a.id', id)
    .first('a.id', 'a.booking_id', 'a.kind', 'a.content_type', 'a.content', 'e.id as entry_id');
}

/** Bytes of several attachments still held (the PDF embeds the signatures). */
export async function attachmentContents(db: Db, ids: readonly string[]): Promise<Map<string, { contentType: RegisterAttachmentType; content: Buffer }>> {
  if (ids.length === 0) return new Map();
  const rows: { id: string; content_type: RegisterAttachmentType; content: Buffer }[] = await db('register_attachments')
    .whereIn('id', ids)
    .whereNotNull('content')
    .select('id', 'content_type', 'content');
  return new Map(rows.map((r) => [r.id, { contentType: r.content_type, content: r.content }]));
}

/** Ids of entries not yet de-identified whose stay ended on or before `lastCheckOut`. */
export async function entriesDueForPurge(db: Db, lastCheckOut: string): Promise<string[]> {
  const rows: { id: string }[] = await db('register_entries as e')
    .join('bookings as b', 'b.id', 'e.booking_id')
    .whereNull('e.deidentified_at')
    .where('b.check_out_date', '<=', lastCheckOut)
    .select('e.id')
    .forUpdate('e');
  return rows.map((r) => r.id);
}

/** Live entries of the bookings, with the check-out date of their stay. */
export function liveEntriesOfBookings(db: Db, bookingIds: readonly string[]): Promise<{ id: string; booking_id: string; check_out_date: string }[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db('register_entries as e')
    .join('bookings as b', 'b.id', 'e.booking_id')
    .whereIn('e.booking_id', bookingIds)
    .whereNull('e.deidentified_at')
    .select('e.id', 'e.booking_id', db.raw(`to_char(b.check_out_date, 'YYYY-MM-DD') AS check_out_date`))
    .forUpdate('e');
}

/**
 * De-identifies entries: the personal fields blanked (names replaced by a marker, the ID type
 * and residence status by the neutral 'Other' their CHECKs allow), their files' bytes deleted;
 * the rows (booking, when and by whom captured) stay. Returns how many entries changed.
 */
export async function deidentifyEntries(db: Db, ids: readonly string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const changed: { signature_attachment_id: string | null; id_copy_attachment_id: string | null }[] = await db('register_entries')
    .whereIn('id', ids)
    .whereNull('deidentified_at')
    .update({
      full_names: '[removed]',
      surname: '[removed]',
      id_type: 'Other',
      id_number: '',
      nationality: '',
      residence_status: 'Other',
      home_address: '',
      deidentified_at: at,
      updated_at: at,
      version: db.raw('version + 1'),
    })
    .returning(['signature_attachment_id', 'id_copy_attachment_id']);
  const fileIds = changed.flatMap((r) => [r.signature_attachment_id, r.id_copy_attachment_id]).filter((x): x is string => !!x);
  // Files of the same bookings that no entry names (an upload whose entry never came) go too.
  const bookingFiles: { id: string }[] = await db('register_attachments as a')
    .whereIn('a.booking_id', db('register_entries').whereIn('id', ids).select('booking_id'))
    .whereNotExists(
      db('register_entries as e2')
        .whereNull('e2.deidentified_at')
        .where((w) => w.whereRaw('e2.signature_attachment_id = a.id').orWhereRaw('e2.id_copy_attachment_id = a.id')),
    )
    .select('a.id');
  await purgeAttachments(db, [...fileIds, ...bookingFiles.map((r) => r.id)], at);
  return changed.length;
}

async function purgeAttachments(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db('register_attachments').whereIn('id', [...new Set(ids)]).whereNull('purged_at').update({ content: null, purged_at: at });
}
