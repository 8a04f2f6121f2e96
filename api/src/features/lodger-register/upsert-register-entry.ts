import type { Deps } from '../../deps.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, ValidationError, type FieldErrors } from '../../errors.js';
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPaths } from '../../../../shared/contracts/common.js';
import {
  REGISTER_MESSAGES,
  RegisterEntryFields,
  type DeskRegisterEntry,
  type RegisterAttachmentKind,
} from '../../../../shared/contracts/lodger-register.js';
import { registerAdultsExpected } from '../../../../shared/domain/lodger-register.js';
import { recordAudit } from '../audit/record-audit.js';
import { lockRegisterBooking } from './register-booking.js';
import * as repo from './lodger-register.repo.js';

/** Who captured an entry: the guest by their link, or a staff member at the desk. */
export type RegisterActor = { kind: 'guest' } | { kind: 'staff'; user: SessionUser };

export interface RegisterEntryFiles {
  signatureAttachmentId: string;
  idCopyAttachmentId: string;
}

export interface UpsertRegisterEntryOptions extends TxOptions {
  /** When the entry was captured (the tablet's clock, offline); the server's clock otherwise. */
  capturedAt?: Date;
}

export interface UpsertRegisterEntryResult {
  entry: DeskRegisterEntry;
  /** What the entry held before (its files), so a caller replacing them can delete the old ones. */
  previousFiles: RegisterEntryFiles | null;
  created: boolean;
  /** False when the entry already held exactly this (a replay): nothing was written. */
  changed: boolean;
}

/** The fields parsed with the shared schema; 400 naming every bad field otherwise. */
export function parseRegisterFields(input: unknown): RegisterEntryFields {
  const controlled = controlCharacterPaths(input);
  if (controlled.length) {
    throw new ValidationError(`${controlled[0]}: ${CONTROL_CHARACTER_MESSAGE}`, 'validation_error', Object.fromEntries(controlled.map((f) => [f, CONTROL_CHARACTER_MESSAGE])));
  }
  const result = RegisterEntryFields.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (!(field in errors)) errors[field] = issue.message;
  }
  const [field, message] = Object.entries(errors)[0]!;
  throw new ValidationError(field === '_' ? message : `${field}: ${message}`, 'validation_error', errors);
}

const FIELD_OF: Record<RegisterAttachmentKind, keyof RegisterEntryFiles> = { signature: 'signatureAttachmentId', 'id-copy': 'idCopyAttachmentId' };

/**
 * Writes one adult's register entry under the id the client made (the guest's phone, or the
 * desk's tablet through the sync push), in the caller's transaction. A second write of the id
 * replaces the entry (version + 1); the same content again changes nothing. The entry's files
 * were uploaded before it and must be the booking's own, of the right kind. The register is
 * the stay's (lockRegisterBooking): an entry named by a unit of a group stay goes to the stay.
 * The audit row says what happened to which entry of which booking, never what the entry says.
 */
export async function upsertRegisterEntry(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: RegisterActor,
  bookingId: string,
  entryId: string,
  fieldsInput: unknown,
  files: RegisterEntryFiles,
  opts: UpsertRegisterEntryOptions = {},
): Promise<UpsertRegisterEntryResult> {
  const fields = parseRegisterFields(fieldsInput);
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const booking = await lockRegisterBooking(trx, bookingId);
    if (booking.status === 'Cancelled') throw new ConflictError(REGISTER_MESSAGES.bookingCancelled, 'booking_cancelled');

    const existing = await repo.findEntryForUpdate(trx, entryId);
    if (existing && existing.booking_id !== booking.id) throw new ConflictError(REGISTER_MESSAGES.entryOtherBooking, 'entry_other_booking');
    if (!existing) {
      const adults = registerAdultsExpected(booking);
      if ((await repo.countEntries(trx, booking.id)) >= adults) throw new ConflictError(REGISTER_MESSAGES.tooManyEntries(adults), 'too_many_entries');
    }

    const attachments = await repo.findAttachments(trx, [files.signatureAttachmentId, files.idCopyAttachmentId]);
    for (const kind of ['signature', 'id-copy'] as const) {
      const field = FIELD_OF[kind];
      const attachment = attachments.get(files[field]);
      if (!attachment || attachment.purged) throw new ValidationError(`${field}: ${REGISTER_MESSAGES.attachmentMissing}`, 'attachment_missing', { [field]: REGISTER_MESSAGES.attachmentMissing });
      if (attachment.bookingId !== booking.id) throw new ConflictError(REGISTER_MESSAGES.attachmentOtherBooking, 'attachment_other_booking', { [field]: REGISTER_MESSAGES.attachmentOtherBooking });
      if (attachment.kind !== kind) {
        const message = kind === 'signature' ? REGISTER_MESSAGES.signatureRequired : REGISTER_MESSAGES.idCopyRequired;
        throw new ValidationError(`${field}: ${message}`, 'attachment_kind', { [field]: message });
      }
    }

    const write: repo.EntryWrite = {
      fields,
      ...files,
      capturedAt: opts.capturedAt ?? deps.clock.now(),
      capturedBy: actor.kind,
      capturedByUserId: actor.kind === 'staff' ? actor.user.id : null,
    };
    const previousFiles = existing?.signature_attachment_id && existing.id_copy_attachment_id
      ? { signatureAttachmentId: existing.signature_attachment_id, idCopyAttachmentId: existing.id_copy_attachment_id }
      : null;
    if (existing && !existing.deidentified_at && sameEntry(existing, write)) {
      return { entry: (await repo.findDeskEntry(trx, entryId))!, previousFiles, created: false, changed: false };
    }
    const now = deps.clock.now();
    if (existing) await repo.updateEntry(trx, entryId, write, now);
    else await repo.insertEntry(trx, entryId, booking.id, write, now);
    await recordAudit(trx, {
      actor: actor.kind === 'staff' ? actor.user : null,
      action: existing ? 'register.entry.updated' : 'register.entry.captured',
      entityType: 'register_entry',
      entityId: entryId,
      after: { bookingId: booking.id, reference: booking.reference, capturedBy: actor.kind, version: existing ? existing.version + 1 : 1 },
      note: actor.kind === 'guest' ? 'Captured by the guest from their booking link' : undefined,
    });
    return { entry: (await repo.findDeskEntry(trx, entryId))!, previousFiles, created: !existing, changed: true };
  });
}

/** The same fields and files (a replay of the entry, or the guest sending the form again unchanged). */
function sameEntry(row: repo.EntryRow, w: repo.EntryWrite): boolean {
  return (
    row.full_names === w.fields.fullNames &&
    row.surname === w.fields.surname &&
    row.id_type === w.fields.idType &&
    row.id_number === w.fields.idNumber &&
    row.nationality === w.fields.nationality &&
    row.residence_status === w.fields.residenceStatus &&
    row.home_address === w.fields.homeAddress &&
    row.signature_attachment_id === w.signatureAttachmentId &&
    row.id_copy_attachment_id === w.idCopyAttachmentId
  );
}
