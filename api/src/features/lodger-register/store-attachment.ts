import type { Deps } from '../../deps.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import { ConflictError, PayloadTooLargeError, ValidationError } from '../../errors.js';
import {
  MAX_REGISTER_FILE_BYTES,
  REGISTER_MESSAGES,
  type AttachmentUploadResponse,
  type RegisterAttachmentKind,
  type RegisterAttachmentType,
} from '../../../../shared/contracts/lodger-register.js';
import { encryptFile } from '../settings/settings-crypto.js';
import { sha256Hex, sniffRegisterFileType, typeFitsKind } from './register-file.js';
import { lockRegisterBooking } from './register-booking.js';
import * as repo from './lodger-register.repo.js';

export interface AttachmentInput {
  id: string;
  bookingId: string;
  kind: RegisterAttachmentKind;
  bytes: Buffer;
  /** The field a problem with the file is named by (the guest form's part, or the upload's body). */
  field: string;
  /** The type the sender declared; when given, the bytes must agree with it. */
  declaredType?: string;
  /** The hex SHA-256 the sender computed; when given, the bytes must match it. */
  sha256?: string;
}

export interface StoreAttachmentResult {
  attachment: AttachmentUploadResponse;
  /** False when this id already held these bytes (a retry): nothing was written. */
  created: boolean;
}

const fieldError = (field: string, message: string) => new ValidationError(`${field}: ${message}`, 'validation_error', { [field]: message });

/** The file's type by its bytes, checked against its kind; 400/413 naming the field otherwise. */
export function checkRegisterFile(bytes: Buffer, kind: RegisterAttachmentKind, field: string, declaredType?: string): RegisterAttachmentType {
  if (bytes.length > MAX_REGISTER_FILE_BYTES) {
    throw new PayloadTooLargeError(REGISTER_MESSAGES.fileTooLarge, 'file_too_large', { [field]: REGISTER_MESSAGES.fileTooLarge });
  }
  const type = sniffRegisterFileType(bytes);
  if (!type || (declaredType !== undefined && declaredType !== type)) throw fieldError(field, REGISTER_MESSAGES.fileType);
  if (!typeFitsKind(type, kind)) throw fieldError(field, REGISTER_MESSAGES.signatureType);
  return type;
}

/**
 * Keeps a signature or an ID copy under the id its sender made, encrypted at rest, with the
 * plain bytes' SHA-256 (so a second upload of the id can be told from another file under it).
 * Idempotent by id: the same bytes again change nothing, other bytes are refused. A file for a
 * unit of a group stay is kept with the stay (lockRegisterBooking).
 */
export async function storeAttachment(
  deps: Pick<Deps, 'db' | 'clock'>,
  uploadedByUserId: string | null,
  input: AttachmentInput,
  opts: TxOptions = {},
): Promise<StoreAttachmentResult> {
  const contentType = checkRegisterFile(input.bytes, input.kind, input.field, input.declaredType);
  const sha256 = sha256Hex(input.bytes);
  if (input.sha256 !== undefined && input.sha256.toLowerCase() !== sha256) {
    throw fieldError('sha256', REGISTER_MESSAGES.sha256Mismatch);
  }
  const attachment: AttachmentUploadResponse = { id: input.id, contentType, sizeBytes: input.bytes.length, sha256 };
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const booking = await lockRegisterBooking(trx, input.bookingId);
    const same = (existing: repo.AttachmentMeta): StoreAttachmentResult => {
      if (existing.sha256 !== sha256 || existing.kind !== input.kind || existing.purged) {
        throw new ConflictError(REGISTER_MESSAGES.attachmentIdReused, 'attachment_id_reused', { id: REGISTER_MESSAGES.attachmentIdReused });
      }
      if (existing.bookingId !== booking.id) throw new ConflictError(REGISTER_MESSAGES.attachmentOtherBooking, 'attachment_other_booking');
      return { attachment, created: false };
    };
    const existing = (await repo.findAttachments(trx, [input.id])).get(input.id);
    if (existing) return same(existing);
    const inserted = await repo.insertAttachmentIfNew(trx, {
      id: input.id,
      bookingId: booking.id,
      kind: input.kind,
      contentType,
      sizeBytes: input.bytes.length,
      sha256,
      content: encryptFile(input.bytes),
      uploadedByUserId,
      at: deps.clock.now(),
    });
    // Another upload of the same id between our look and our insert.
    if (!inserted) return same((await repo.findAttachments(trx, [input.id])).get(input.id)!);
    return { attachment, created: true };
  });
}
