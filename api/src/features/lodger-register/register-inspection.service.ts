import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../db/transaction.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { SessionUser } from '../auth/session-user.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import type {
  BookingRegisterResponse,
  LodgerRegisterEntry,
  LodgerRegisterQuery,
  LodgerRegisterResponse,
  RegisterAttachmentType,
  RegisterIncompleteResponse,
} from '../../../../shared/contracts/lodger-register.js';
import { countryName } from '../../../../shared/domain/countries.js';
import { daysBetween, todayInLodge } from '../../../../shared/domain/dates.js';
import { registerAdultsExpected, registerProgress } from '../../../../shared/domain/lodger-register.js';
import { recordAudit } from '../audit/record-audit.js';
import { getBooking, getBookings, listAdminBookings } from '../bookings/queries.js';
import { getSettings } from '../settings/settings.service.js';
import { decryptFile } from '../settings/settings-crypto.js';
import * as repo from './register-inspection.repo.js';

/**
 * The register as staff read it: for an inspection (JSON, by stay dates, with a search), one
 * booking's register, the dashboard's incomplete registers, and the files, each read of which
 * leaves an audit row naming who looked at which file (never what it showed).
 */

/** The longest period one inspection reads: a year (a leap year's 366 days). */
const MAX_PERIOD_DAYS = 366;

export const INSPECTION_MESSAGES = {
  toBeforeFrom: 'To must be on or after From',
  periodTooLong: `The period must be at most ${MAX_PERIOD_DAYS} days`,
  attachmentNotFound: 'This file does not exist or was deleted at the end of its retention period',
  bookingNotFound: 'Booking not found',
} as const;

/** Checks the period beyond its two dates' shape (the contract's): 400 naming `to`. */
function checkPeriod(q: { from: string; to: string }): void {
  if (q.to < q.from) throw new ValidationError(`to: ${INSPECTION_MESSAGES.toBeforeFrom}`, 'validation_error', { to: INSPECTION_MESSAGES.toBeforeFrom });
  if (daysBetween(q.from, q.to) + 1 > MAX_PERIOD_DAYS) {
    throw new ValidationError(`to: ${INSPECTION_MESSAGES.periodTooLong}`, 'validation_error', { to: INSPECTION_MESSAGES.periodTooLong });
  }
}

function toEntry(row: repo.InspectionEntryRow, booking: Booking): LodgerRegisterEntry {
  const deidentified = row.deidentified_at !== null;
  return {
    id: row.id,
    bookingId: row.booking_id,
    reference: booking.reference,
    bookingStatus: booking.status,
    accommodationName: booking.accommodationTypeName,
    checkInDate: booking.checkInDate,
    checkOutDate: booking.checkOutDate,
    fullNames: deidentified ? '' : row.full_names,
    surname: deidentified ? '' : row.surname,
    idType: row.id_type,
    idNumber: deidentified ? '' : row.id_number,
    nationality: deidentified ? '' : row.nationality,
    nationalityName: deidentified || !row.nationality ? '' : countryName(row.nationality),
    residenceStatus: row.residence_status,
    homeAddress: deidentified ? '' : row.home_address,
    signatureAttachmentId: row.signature_present ? row.signature_attachment_id : null,
    idCopyAttachmentId: row.id_copy_present ? row.id_copy_attachment_id : null,
    capturedBy: row.captured_by === 'guest' ? 'guest' : (row.captured_by_name ?? 'staff'),
    capturedAt: new Date(row.captured_at).toISOString(),
    deidentified,
  };
}

const byStayThenName = (a: LodgerRegisterEntry, b: LodgerRegisterEntry) =>
  a.checkInDate.localeCompare(b.checkInDate) ||
  a.surname.localeCompare(b.surname, 'en', { sensitivity: 'base' }) ||
  a.fullNames.localeCompare(b.fullNames, 'en', { sensitivity: 'base' }) ||
  a.reference.localeCompare(b.reference) ||
  a.capturedAt.localeCompare(b.capturedAt);

/** The entries of stays with a night in [from, to], by check-in date then surname. */
export async function lodgerRegister(db: DbOrTx, query: LodgerRegisterQuery): Promise<LodgerRegisterResponse> {
  checkPeriod(query);
  const rows = await repo.listEntriesForStays(db, query);
  const bookings = new Map((await getBookings(db, [...new Set(rows.map((r) => r.booking_id))])).map((b) => [b.id, b]));
  const entries = rows.filter((r) => bookings.has(r.booking_id)).map((r) => toEntry(r, bookings.get(r.booking_id)!));
  return { from: query.from, to: query.to, entries: entries.sort(byStayThenName) };
}

/** The register of one stay and how far it is (an entry counts with both of its files). */
export async function bookingRegister(db: DbOrTx, bookingId: string): Promise<BookingRegisterResponse> {
  const booking = await getBooking(db, bookingId);
  if (!booking) throw new NotFoundError(INSPECTION_MESSAGES.bookingNotFound, 'not_found');
  const rows = await repo.listEntriesOfBookings(db, [bookingId]);
  const entries = rows.map((r) => toEntry(r, booking)).sort(byStayThenName);
  const progress = registerProgress(
    entries.map((e) => ({ hasSignature: e.signatureAttachmentId !== null, hasIdCopy: e.idCopyAttachmentId !== null })),
    registerAdultsExpected(booking),
  );
  return { bookingId, ...progress, entries };
}

/**
 * Stays in house, or confirmed and arriving today at the lodge, whose register is not complete.
 * A multi-unit stay (the entire lodge, a group) is registered on its parent, which carries the
 * guest: its unit children are not listed.
 */
export async function incompleteRegisters(deps: Pick<Deps, 'db' | 'clock'>): Promise<RegisterIncompleteResponse> {
  const today = todayInLodge(deps.clock.now());
  const candidates = (await listAdminBookings(deps as Deps, { startDate: today, endDate: today, unitId: undefined, status: undefined })).filter(
    (b) => !b.isEntireLodgeChild && (b.status === 'Checked-In' || (b.status === 'Confirmed' && b.checkInDate === today)),
  );
  const rows = await repo.listEntriesOfBookings(deps.db, candidates.map((b) => b.id));
  const out: RegisterIncompleteResponse['bookings'] = [];
  for (const b of candidates) {
    const mine = rows.filter((r) => r.booking_id === b.id && r.deidentified_at === null);
    const progress = registerProgress(
      mine.map((r) => ({ hasSignature: r.signature_present, hasIdCopy: r.id_copy_present })),
      registerAdultsExpected(b),
    );
    if (progress.complete) continue;
    out.push({
      bookingId: b.id,
      reference: b.reference,
      guestName: b.guestName,
      accommodationName: b.accommodationTypeName,
      unitName: b.unitName,
      status: b.status,
      checkInDate: b.checkInDate,
      checkOutDate: b.checkOutDate,
      registered: progress.registered,
      expected: progress.expected,
    });
  }
  return { bookings: out };
}

export interface AttachmentFile {
  contentType: RegisterAttachmentType;
  content: Buffer;
  fileName: string;
}

const EXTENSIONS: Record<RegisterAttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * A signature or ID copy, decrypted, for a staff member: the read is written to the audit
 * trail in the same transaction (who, which file, which entry and booking). An unknown file,
 * or one purged at the end of its retention, is 404 and leaves no row.
 */
export async function readAttachment(deps: Pick<Deps, 'db'>, user: SessionUser, attachmentId: string): Promise<AttachmentFile> {
  return deps.db.transaction(async (trx) => {
    const row = await repo.findAttachment(trx, attachmentId);
    if (!row || !row.content) throw new NotFoundError(INSPECTION_MESSAGES.attachmentNotFound, 'not_found');
    await recordAudit(trx, {
      actor: user,
      action: row.kind === 'id-copy' ? 'register.idCopy.viewed' : 'register.signature.viewed',
      entityType: 'register_attachment',
      entityId: row.id,
      after: { attachmentId: row.id, entryId: row.entry_id, bookingId: row.booking_id, kind: row.kind },
    });
    return {
      contentType: row.content_type,
      content: decryptFile(Buffer.from(row.content)),
      fileName: `${row.kind}-${row.id}.${EXTENSIONS[row.content_type]}`,
    };
  });
}

/** What the register PDF shows: the lodge, the period and each entry with its signature. */
export interface RegisterDocument {
  lodgeName: string;
  from: string;
  to: string;
  entries: (LodgerRegisterEntry & { signature: { contentType: RegisterAttachmentType; content: Buffer } | null })[];
}

/**
 * The register of a period as a document for the PDF, and one audit row saying who printed
 * which period and how many entries it held (no names).
 */
export async function registerDocument(deps: Pick<Deps, 'db'>, user: SessionUser, query: LodgerRegisterQuery): Promise<RegisterDocument> {
  return deps.db.transaction(async (trx) => {
    const { entries } = await lodgerRegister(trx, { from: query.from, to: query.to });
    const files = await repo.attachmentContents(trx, entries.map((e) => e.signatureAttachmentId).filter((id): id is string => !!id));
    const settings = await getSettings(trx);
    await recordAudit(trx, {
      actor: user,
      action: 'register.pdf.downloaded',
      entityType: 'register',
      entityId: null,
      after: { from: query.from, to: query.to, entries: entries.length },
    });
    return {
      lodgeName: settings.lodgeName,
      from: query.from,
      to: query.to,
      entries: entries.map((e) => {
        const file = e.signatureAttachmentId ? files.get(e.signatureAttachmentId) : undefined;
        return { ...e, signature: file ? { contentType: file.contentType, content: decryptFile(Buffer.from(file.content)) } : null };
      }),
    };
  });
}
