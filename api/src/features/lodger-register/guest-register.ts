import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/transaction.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { REGISTER_MESSAGES, type GuestRegisterEntry, type GuestRegisterResponse } from '../../../../shared/contracts/lodger-register.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { registerAdultsExpected } from '../../../../shared/domain/lodger-register.js';
import { getBooking } from '../bookings/queries.js';
import { getSettings } from '../settings/settings.service.js';
import { checkRegisterFile, storeAttachment } from './store-attachment.js';
import { parseRegisterFields, upsertRegisterEntry } from './upsert-register-entry.js';
import { REGISTER_WRITE_MESSAGES, lockRegisterBooking } from './register-booking.js';
import * as repo from './lodger-register.repo.js';

/** The guest's form is offered until the stay is over (the check-out day included) and never once cancelled. */
function guestRegisterOpen(booking: Booking, now: Date): boolean {
  return booking.status !== 'Cancelled' && booking.status !== 'Checked-Out' && todayInLodge(now) <= booking.checkOutDate;
}

/** GET /api/guest/bookings/:token/register: the s18 notice's facts and who is registered (names only). */
export async function guestRegister(deps: Pick<Deps, 'db' | 'clock'>, bookingId: string): Promise<GuestRegisterResponse> {
  const booking = await getBooking(deps.db, bookingId);
  if (!booking) throw new NotFoundError(REGISTER_WRITE_MESSAGES.bookingNotFound, 'not_found');
  const settings = await getSettings(deps.db);
  const entries = await repo.listDeskEntries(deps.db, booking.id);
  return {
    reference: booking.reference,
    checkInDate: booking.checkInDate,
    checkOutDate: booking.checkOutDate,
    adultsExpected: registerAdultsExpected(booking),
    retentionMonths: settings.registerRetentionMonths,
    lodgeName: settings.lodgeName,
    entries: entries.map(repo.guestEntryOf),
    open: guestRegisterOpen(booking, deps.clock.now()),
  };
}

/**
 * PUT /api/guest/bookings/:token/register/:entryId: one adult's entry from the guest's phone,
 * with its two files in the same request (the phone is online, so nothing waits in an outbox).
 * The files get ids made here. Idempotent by the phone's entry id: sending the form again
 * replaces the entry's fields and files, and the files it held before are deleted with it.
 * Everything is checked before anything is written; a refusal stores nothing.
 */
export async function putGuestRegisterEntry(
  deps: Pick<Deps, 'db' | 'clock'>,
  bookingId: string,
  entryId: string,
  fieldsInput: unknown,
  files: { signature: Buffer; idCopy: Buffer },
): Promise<GuestRegisterEntry> {
  parseRegisterFields(fieldsInput);
  checkRegisterFile(files.signature, 'signature', 'signature');
  checkRegisterFile(files.idCopy, 'id-copy', 'idCopy');
  return inTransaction(deps.db, undefined, async (trx) => {
    const booking = await lockRegisterBooking(trx, bookingId);
    if (booking.status === 'Cancelled') throw new ConflictError(REGISTER_MESSAGES.bookingCancelled, 'booking_cancelled');
    if (!guestRegisterOpen(booking, deps.clock.now())) throw new ConflictError(REGISTER_WRITE_MESSAGES.stayEnded, 'stay_ended');
    const signature = await storeAttachment(deps, null, { id: randomUUID(), bookingId: booking.id, kind: 'signature', bytes: files.signature, field: 'signature' }, { trx });
    const idCopy = await storeAttachment(deps, null, { id: randomUUID(), bookingId: booking.id, kind: 'id-copy', bytes: files.idCopy, field: 'idCopy' }, { trx });
    const res = await upsertRegisterEntry(
      deps,
      { kind: 'guest' },
      booking.id,
      entryId,
      fieldsInput,
      { signatureAttachmentId: signature.attachment.id, idCopyAttachmentId: idCopy.attachment.id },
      { trx },
    );
    if (res.previousFiles) await repo.deleteAttachments(trx, [res.previousFiles.signatureAttachmentId, res.previousFiles.idCopyAttachmentId]);
    return repo.guestEntryOf(res.entry);
  });
}
