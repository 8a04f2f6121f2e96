import type { Knex } from 'knex';
import type {
  DeskRegisterEntry,
  GuestRegisterEntry,
  IdType,
  RegisterAttachmentKind,
  RegisterAttachmentType,
  RegisterEntryFields,
  ResidenceStatus,
} from '../../../../shared/contracts/lodger-register.js';
import type { IsoDate } from '../../../../shared/domain/dates.js';

type Db = Knex | Knex.Transaction;

/**
 * SQL of the register's write side and its desk and guest reads (register_entries and
 * register_attachments, owned by the lodger-register feature). The inspection side keeps its
 * own repo file.
 */

/** An attachment without its bytes (only the inspection's download reads those). */
export interface AttachmentMeta {
  id: string;
  bookingId: string;
  kind: RegisterAttachmentKind;
  contentType: RegisterAttachmentType;
  sizeBytes: number;
  sha256: string;
  purged: boolean;
}

const ATTACHMENT_COLUMNS = ['id', 'booking_id', 'kind', 'content_type', 'size_bytes', 'sha256', 'purged_at'];

interface AttachmentRow {
  id: string;
  booking_id: string;
  kind: RegisterAttachmentKind;
  content_type: RegisterAttachmentType;
  size_bytes: number;
  sha256: string;
  purged_at: Date | null;
}

const toAttachment = (r: AttachmentRow): AttachmentMeta => ({
  id: r.id,
  bookingId: r.booking_id,
  kind: r.kind,
  contentType: r.content_type,
  sizeBytes: Number(r.size_bytes),
  sha256: r.sha256,
  purged: r.purged_at !== null,
});

export async function findAttachments(db: Db, ids: readonly string[]): Promise<Map<string, AttachmentMeta>> {
  if (!ids.length) return new Map();
  const rows: AttachmentRow[] = await db('register_attachments').select(ATTACHMENT_COLUMNS).whereIn('id', ids);
  return new Map(rows.map((r) => [r.id, toAttachment(r)]));
}

/** Inserts the attachment unless its id exists; true when this call wrote it. */
export async function insertAttachmentIfNew(
  db: Db,
  a: { id: string; bookingId: string; kind: RegisterAttachmentKind; contentType: RegisterAttachmentType; sizeBytes: number; sha256: string; content: Buffer; uploadedByUserId: string | null; at: Date },
): Promise<boolean> {
  const rows = await db('register_attachments')
    .insert({
      id: a.id,
      booking_id: a.bookingId,
      kind: a.kind,
      content_type: a.contentType,
      size_bytes: a.sizeBytes,
      sha256: a.sha256,
      content: a.content,
      uploaded_by_user_id: a.uploadedByUserId,
      created_at: a.at,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  return rows.length > 0;
}

export async function deleteAttachments(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await db('register_attachments').whereIn('id', ids).delete();
}

export interface EntryRow {
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
  captured_at: Date;
  captured_by: 'guest' | 'staff';
  captured_by_user_id: string | null;
  deidentified_at: Date | null;
  version: number;
}

export async function findEntryForUpdate(trx: Knex.Transaction, id: string): Promise<EntryRow | undefined> {
  return trx('register_entries').where({ id }).forUpdate().first();
}

export async function countEntries(db: Db, bookingId: string): Promise<number> {
  const [row] = await db('register_entries').where({ booking_id: bookingId }).count<{ n: string | number }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

export interface EntryWrite {
  fields: RegisterEntryFields;
  signatureAttachmentId: string;
  idCopyAttachmentId: string;
  capturedAt: Date;
  capturedBy: 'guest' | 'staff';
  capturedByUserId: string | null;
}

const entryColumns = (w: EntryWrite) => ({
  full_names: w.fields.fullNames,
  surname: w.fields.surname,
  id_type: w.fields.idType,
  id_number: w.fields.idNumber,
  nationality: w.fields.nationality,
  residence_status: w.fields.residenceStatus,
  home_address: w.fields.homeAddress,
  signature_attachment_id: w.signatureAttachmentId,
  id_copy_attachment_id: w.idCopyAttachmentId,
  captured_at: w.capturedAt,
  captured_by: w.capturedBy,
  captured_by_user_id: w.capturedByUserId,
});

export async function insertEntry(trx: Knex.Transaction, id: string, bookingId: string, w: EntryWrite, at: Date): Promise<void> {
  await trx('register_entries').insert({ id, booking_id: bookingId, ...entryColumns(w), version: 1, created_at: at, updated_at: at });
}

export async function updateEntry(trx: Knex.Transaction, id: string, w: EntryWrite, at: Date): Promise<void> {
  await trx('register_entries')
    .where({ id })
    .update({ ...entryColumns(w), deidentified_at: null, updated_at: at, version: trx.raw('version + 1') });
}

const ENTRY_LIST_COLUMNS = [
  'e.id',
  'e.booking_id',
  'e.full_names',
  'e.surname',
  'e.id_type',
  'e.nationality',
  'e.residence_status',
  'e.captured_at',
  'e.captured_by',
  'u.username as captured_by_username',
  // A file counts while it is kept (not purged).
  'sig.id as signature_kept',
  'idc.id as id_copy_kept',
];

interface EntryListRow {
  id: string;
  booking_id: string;
  full_names: string;
  surname: string;
  id_type: IdType;
  nationality: string;
  residence_status: ResidenceStatus;
  captured_at: Date;
  captured_by: 'guest' | 'staff';
  captured_by_username: string | null;
  signature_kept: string | null;
  id_copy_kept: string | null;
}

function liveEntries(db: Db) {
  return db('register_entries as e')
    .leftJoin('register_attachments as sig', (j) => j.on('sig.id', 'e.signature_attachment_id').andOnNull('sig.purged_at'))
    .leftJoin('register_attachments as idc', (j) => j.on('idc.id', 'e.id_copy_attachment_id').andOnNull('idc.purged_at'))
    .leftJoin('users as u', 'u.id', 'e.captured_by_user_id')
    .whereNull('e.deidentified_at')
    .select(ENTRY_LIST_COLUMNS)
    .orderBy([{ column: 'e.captured_at' }, { column: 'e.id' }]);
}

const toDeskEntry = (r: EntryListRow): DeskRegisterEntry => ({
  id: r.id,
  bookingId: r.booking_id,
  fullNames: r.full_names,
  surname: r.surname,
  idType: r.id_type,
  nationality: r.nationality,
  residenceStatus: r.residence_status,
  hasSignature: r.signature_kept !== null,
  hasIdCopy: r.id_copy_kept !== null,
  capturedAt: new Date(r.captured_at).toISOString(),
  capturedBy: r.captured_by === 'guest' ? 'guest' : (r.captured_by_username ?? 'staff'),
});

/** The live (not de-identified) entries of a booking, as the desk and the guest see them. */
export async function listDeskEntries(db: Db, bookingId: string): Promise<DeskRegisterEntry[]> {
  const rows: EntryListRow[] = await liveEntries(db).where('e.booking_id', bookingId);
  return rows.map(toDeskEntry);
}

export async function findDeskEntry(db: Db, id: string): Promise<DeskRegisterEntry | undefined> {
  const [row] = (await liveEntries(db).where('e.id', id)) as EntryListRow[];
  return row ? toDeskEntry(row) : undefined;
}

export const guestEntryOf = (e: DeskRegisterEntry): GuestRegisterEntry => ({
  id: e.id,
  fullNames: e.fullNames,
  surname: e.surname,
  idType: e.idType,
  nationality: e.nationality,
  residenceStatus: e.residenceStatus,
  hasSignature: e.hasSignature,
  hasIdCopy: e.hasIdCopy,
  capturedAt: e.capturedAt,
});

/**
 * The desk's window: entries of the stays arriving from `from` to `to` (the register is on the
 * stay's own booking, never a unit of a group), and of every stay checked in, whatever its dates.
 */
export async function listDeskWindowEntries(db: Db, from: IsoDate, to: IsoDate): Promise<DeskRegisterEntry[]> {
  const rows: EntryListRow[] = await liveEntries(db)
    .join('bookings as b', 'b.id', 'e.booking_id')
    .where((w) => w.where((d) => d.whereBetween('b.check_in_date', [from, to]).whereNot('b.status', 'Cancelled')).orWhere('b.status', 'Checked-In'));
  return rows.map(toDeskEntry);
}
