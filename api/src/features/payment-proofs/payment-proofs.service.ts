import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../errors.js';
import { GUEST_BOOKING_MESSAGES, MAX_UPLOAD_BYTES, type ProofUploadResponse } from '../../../../shared/contracts/guest-bookings.js';
import type { BookingProof } from '../../../../shared/contracts/desk-money.js';
import { recordAudit } from '../audit/record-audit.js';
import { getBooking, lockBooking } from '../bookings/queries.js';
import { bookingIdForToken } from '../guest-bookings/guest-links.js';
import { safeProofName, sniffProofType } from './proof-file.js';
import * as repo from './payment-proofs.repo.js';

/** A guest may send a few tries (a blurry photo, then the PDF); more than this is not a proof any more. */
export const MAX_PROOFS_PER_BOOKING = 10;

export const PROOF_MESSAGES = {
  bookingCancelled: 'This booking is cancelled, so no proof of payment is needed',
  tooMany: `A booking can have at most ${MAX_PROOFS_PER_BOOKING} proofs of payment. Please contact the lodge.`,
  proofNotFound: 'Proof of payment not found',
  bookingNotFound: 'Booking not found',
  alreadyChecked: 'This proof of payment has already been checked',
} as const;

/** The booking a guest's link opens, or 404 with the guest page's message. */
export async function bookingForGuestToken(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<string> {
  const bookingId = await bookingIdForToken(deps.db, token, deps.clock.now());
  if (!bookingId) throw new NotFoundError(GUEST_BOOKING_MESSAGES.notFound, 'not_found');
  return bookingId;
}

/**
 * Keeps a guest's proof of an EFT with their booking for the desk to check. The bytes decide
 * what it is (PDF, JPEG or PNG); a cancelled booking takes none, and a booking at most
 * MAX_PROOFS_PER_BOOKING.
 */
export async function uploadProof(
  deps: Pick<Deps, 'db' | 'clock'>,
  bookingId: string,
  file: { bytes: Buffer; name: string | null },
): Promise<ProofUploadResponse> {
  const contentType = sniffProofType(file.bytes);
  if (!contentType) throw new ValidationError(`file: ${GUEST_BOOKING_MESSAGES.fileType}`, 'validation_error', { file: GUEST_BOOKING_MESSAGES.fileType });
  // The multipart parser holds the limit while it streams; this keeps it for any other caller.
  if (file.bytes.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(GUEST_BOOKING_MESSAGES.fileTooLarge, 'file_too_large', { file: GUEST_BOOKING_MESSAGES.fileTooLarge });
  const fileName = safeProofName(file.name, contentType);
  return inTransaction(deps.db, undefined, async (trx) => {
    const booking = await lockBooking(trx, bookingId);
    if (!booking) throw new NotFoundError(GUEST_BOOKING_MESSAGES.notFound, 'not_found');
    if (booking.status === 'Cancelled') throw new ConflictError(PROOF_MESSAGES.bookingCancelled, 'booking_cancelled');
    if ((await repo.countProofs(trx, bookingId)) >= MAX_PROOFS_PER_BOOKING) throw new ConflictError(PROOF_MESSAGES.tooMany, 'too_many_proofs');
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const proof = await repo.insertProof(trx, { bookingId, fileName, contentType, content: file.bytes, sha256, at: deps.clock.now() });
    await recordAudit(trx, {
      actor: null,
      action: 'payment_proof.upload',
      entityType: 'booking',
      entityId: bookingId,
      after: { proofId: proof.id, fileName, contentType, sizeBytes: proof.sizeBytes, sha256 },
      note: 'Uploaded by the guest from their booking link',
    });
    return { id: proof.id, fileName: proof.fileName, uploadedAt: proof.uploadedAt };
  });
}

/**
 * The proofs of a booking, names and dates (the guest page shows them; no bytes).
 * @public for the guest booking page's answer.
 */
export async function proofsOfBooking(db: DbOrTx, bookingId: string): Promise<BookingProof[]> {
  return repo.listProofs(db, bookingId);
}

/** Staff: the proofs of a booking, 404 for a booking that does not exist. */
export async function listBookingProofs(deps: Pick<Deps, 'db'>, bookingId: string): Promise<BookingProof[]> {
  if (!(await getBooking(deps.db, bookingId))) throw new NotFoundError(PROOF_MESSAGES.bookingNotFound, 'not_found');
  return repo.listProofs(deps.db, bookingId);
}

/** Staff: one proof's file. */
export async function proofFile(deps: Pick<Deps, 'db'>, bookingId: string, proofId: string) {
  const file = await repo.findProofFile(deps.db, bookingId, proofId);
  if (!file) throw new NotFoundError(PROOF_MESSAGES.proofNotFound, 'not_found');
  return file;
}

/** Staff: the proof was looked at (and the money found, or chased): it leaves the dashboard. */
export async function markProofChecked(deps: Pick<Deps, 'db' | 'clock'>, user: SessionUser, bookingId: string, proofId: string): Promise<BookingProof> {
  return inTransaction(deps.db, undefined, async (trx) => {
    const proof = await repo.findProof(trx, bookingId, proofId, { forUpdate: true });
    if (!proof) throw new NotFoundError(PROOF_MESSAGES.proofNotFound, 'not_found');
    if (proof.status === 'checked') throw new ConflictError(PROOF_MESSAGES.alreadyChecked, 'already_checked');
    await repo.markChecked(trx, proofId, user.id, deps.clock.now());
    await recordAudit(trx, {
      actor: user,
      action: 'payment_proof.checked',
      entityType: 'booking',
      entityId: bookingId,
      before: { proofId, status: 'to_check' },
      after: { proofId, status: 'checked' },
    });
    const [checked] = (await repo.listProofs(trx, bookingId)).filter((p) => p.id === proofId);
    return checked!;
  });
}

/** The dashboard's list: every proof still to check. */
export function proofsToCheck(db: DbOrTx) {
  return repo.listProofsToCheck(db);
}
