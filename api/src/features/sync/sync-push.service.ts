import type { Deps } from '../../deps.js';
import { inTransaction, markSavepoint, type DbOrTx, type Tx } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from '../../errors.js';
import { lodgeTimeOf } from '../../../../shared/domain/dates.js';
import { centsToRand } from '../../../../shared/domain/money.js';
import { formatRandToCent } from '../../../../shared/format.js';
import type { BookingStatus } from '../../../../shared/domain/booking-status.js';
import type { AlreadyThere } from '../../../../shared/domain/booking-update.js';
import type { Booking, UpdateBookingRequest } from '../../../../shared/contracts/bookings.js';
import type { Unit } from '../../../../shared/contracts/accommodations.js';
import {
  SYNC_SCHEMA_VERSION,
  SyncOperationArgs,
  type SyncOperation,
  type SyncPushEntry,
  type SyncPushRequest,
  type SyncPushResponse,
  type SyncPushResult,
} from '../../../../shared/contracts/sync.js';
import { updateBooking } from '../bookings/update-booking.js';
import { bookingOf, getBooking, lockBookings, type LockedBooking } from '../bookings/queries.js';
import { setUnitActive } from '../accommodations/set-unit-active.js';
import { addFolioCharge } from '../folio/add-folio-charge.js';
import { getUnit } from '../accommodations/queries.js';
import { lastChangeTo } from '../audit/queries.js';
import { upsertRegisterEntry } from '../lodger-register/upsert-register-entry.js';
import { releaseRemainingNights } from '../bookings/release-nights.js';
import { setUnitHousekeeping } from '../housekeeping/set-housekeeping.js';
import { REGISTER_MESSAGES } from '../../../../shared/contracts/lodger-register.js';
import * as repo from './sync.repo.js';

/**
 * POST /api/sync/push: the offline outbox's entries, in order. An entry is a command
 * re-checked against the row as it is now (docs/design.md, Offline sync), run through the owning
 * feature's use case, which also records the entry's id and outcome in client_mutations:
 * the id is the dedup key, so an entry sent twice (a lost answer, two racing replays) is
 * applied once and answered 'duplicate' after that. A refusal becomes that entry's outcome
 * (conflict or rejected), recorded too; nothing an entry does fails the batch.
 *
 * Each entry runs in its own savepoint of one transaction per chunk of the batch (see
 * docs/design.md, Offline sync: the push, a transaction per chunk, a savepoint per entry): its
 * writes and its client_mutations row are kept or undone together, as a transaction of its
 * own would be, and the batch pays for one commit instead of one per entry.
 */

export const SYNC_PUSH_MESSAGES = {
  notAllowed: 'not allowed for your role',
  unknownOperation: (op: string) => `Unknown operation: ${op}`,
  badArgs: (op: string, detail: string) => `Bad arguments for ${op}: ${detail}`,
  newerSchema: (v: number) => `This change was queued by a newer version of the app (schema ${v}); update the app and try again`,
  bookingNotFound: 'Booking not found',
  unitNotFound: 'Unit not found',
  specialRequestsChanged: 'The special requests were changed on the server since you read them',
  serverError: 'The server could not apply this change; it will be tried again when sent again',
} as const;
const M = SYNC_PUSH_MESSAGES;

/**
 * Entries per transaction. PostgreSQL keeps up to 64 subtransaction ids of a transaction in
 * shared memory; past that every other session's visibility checks slow down while it runs
 * (subtransaction overflow), so a chunk's savepoints stay under it.
 */
export const SYNC_PUSH_CHUNK = 50;

type Outcome = { outcome: repo.StoredOutcome } & repo.StoredResult;

type Command = { [K in SyncOperation]: { op: K; args: SyncOperationArgs[K] } }[SyncOperation];

const ENTITY_OF: Record<SyncOperation, 'booking' | 'unit'> = {
  'booking.setStatus': 'booking',
  'booking.setSpecialRequests': 'booking',
  'booking.paymentReceived': 'booking',
  'unit.setActive': 'unit',
  'folio.addCharge': 'booking',
  'register.upsertEntry': 'booking',
  'booking.releaseNights': 'booking',
  'unit.setHousekeeping': 'unit',
};

type Meta = Omit<repo.MutationInsert, 'outcome' | 'result'>;

/** What one chunk's transaction knows: the booking rows it locked (kept current), the ids seen, the outcomes to record. */
interface Chunk {
  trx: Tx;
  locked: Map<string, LockedBooking>;
  seen: Map<string, repo.StoredMutation>;
  toRecord: repo.MutationInsert[];
}

/** Another push recorded one of the chunk's entries while it ran: the chunk is undone and run again. */
class RecordedMeanwhile extends Error {}

export async function pushEntries(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'config'>,
  user: SessionUser,
  request: SyncPushRequest,
): Promise<SyncPushResponse> {
  const results: SyncPushResult[] = [];
  // In order, one after another: entry 2 may depend on entry 1 (check in, then check out).
  for (let i = 0; i < request.entries.length; i += SYNC_PUSH_CHUNK) {
    results.push(...(await pushChunk(deps, user, request.deviceId, request.entries.slice(i, i + SYNC_PUSH_CHUNK))));
  }
  return { results };
}

async function pushChunk(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'config'>,
  user: SessionUser,
  deviceId: string,
  entries: SyncPushEntry[],
): Promise<SyncPushResult[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(deps.db, undefined, (trx) => runChunk(deps, user, deviceId, entries, trx));
    } catch (err) {
      // Run again, the entries recorded meanwhile are duplicates now. Each new run sees more
      // of them, so this ends; the bound is a guard, answered with an error (sent again later).
      if (err instanceof RecordedMeanwhile && attempt < 3) continue;
      throw err;
    }
  }
}

async function runChunk(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'config'>,
  user: SessionUser,
  deviceId: string,
  entries: SyncPushEntry[],
  trx: Tx,
): Promise<SyncPushResult[]> {
  const commands = entries.map(commandOf);
  // Every booking the chunk edits, locked first and in id order: pushes touching the same
  // bookings queue here rather than deadlock, and another push of one of these entries has
  // committed (or rolled back) by the time the lock is ours, so the look below sees it.
  const bookingIds = [...new Set(entries.filter((_, i) => isBookingCommand(commands[i])).map((e) => e.entityId))];
  const chunk: Chunk = {
    trx,
    locked: await lockBookings(trx, bookingIds),
    seen: await repo.findMutations(trx, entries.map((e) => e.id)),
    toRecord: [],
  };
  const results: SyncPushResult[] = [];
  for (const [i, entry] of entries.entries()) results.push(await pushEntry(deps, user, deviceId, entry, commands[i], chunk));
  // One insert for the chunk's outcomes. The primary key still decides between two pushes of
  // one entry: an entry recorded by another transaction meanwhile (one that locks no booking,
  // so the lock above did not make us wait for it) was applied twice here, so nothing commits.
  const recorded = await repo.insertMutationsIfNew(trx, chunk.toRecord);
  if (chunk.toRecord.some((m) => !recorded.has(m.id))) throw new RecordedMeanwhile();
  return results;
}

function isBookingCommand(command: Command | { reason: string }): boolean {
  return 'op' in command && ENTITY_OF[command.op] === 'booking';
}

async function pushEntry(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'config'>,
  user: SessionUser,
  deviceId: string,
  entry: SyncPushEntry,
  command: Command | { reason: string },
  chunk: Chunk,
): Promise<SyncPushResult> {
  // Seen before, or earlier in this very batch.
  const seen = chunk.seen.get(entry.id);
  if (seen) return duplicateOf(seen);

  const known = (SyncOperationArgs as Record<string, unknown>)[entry.op] !== undefined;
  const meta: Meta = {
    id: entry.id,
    deviceId,
    seq: entry.seq,
    userId: user.id,
    operation: entry.op,
    entityType: known ? ENTITY_OF[entry.op as SyncOperation] : 'unknown',
    entityId: entry.entityId,
    baseVersion: entry.baseVersion,
    schemaVersion: entry.schemaVersion,
    args: entry.args,
  };
  if ('reason' in command) return record(chunk, meta, { outcome: 'rejected', reason: command.reason });

  const savepoint = await markSavepoint(chunk.trx, 'sync_entry');
  try {
    const { outcome, locked } = await run(deps, user, command, entry.entityId, chunk);
    // Only now that the entry is kept: the row it wrote is what the next entries read.
    if (locked) keepLocked(chunk, locked);
    return record(chunk, meta, outcome);
  } catch (err) {
    // Everything the entry did is undone. Should that fail, the transaction is lost and the
    // batch's answer is an error: the client sends it again, and what committed is 'duplicate'.
    await savepoint.undo();
    const outcome = await outcomeOfError(chunk.trx, err, command, entry);
    if (!outcome) {
      // A bug or the database failing: not the entry's fault, so nothing is recorded and the
      // same entry sent again is tried again.
      deps.log.error({ err, entryId: entry.id, op: entry.op }, 'sync push entry failed');
      return { id: entry.id, outcome: 'rejected', reason: M.serverError };
    }
    return record(chunk, meta, outcome);
  }
}

/** The entry's outcome, recorded with the chunk (see runChunk) and answered. */
function record(chunk: Chunk, meta: Meta, outcome: Outcome): SyncPushResult {
  const { outcome: stored, ...result } = outcome;
  chunk.toRecord.push({ ...meta, outcome: stored, result });
  chunk.seen.set(meta.id, { id: meta.id, outcome: stored, result });
  return { id: meta.id, ...outcome };
}

/**
 * The row an entry left behind becomes the one the next entries of the chunk read. Editing
 * an entire-lodge booking writes its children too: their rows are read again when needed.
 */
function keepLocked(chunk: Chunk, row: LockedBooking): void {
  chunk.locked.set(row.id, row);
  for (const [id, other] of chunk.locked) if (other.parent_booking_id === row.id) chunk.locked.delete(id);
}

function duplicateOf(stored: repo.StoredMutation): SyncPushResult {
  const { record, note, reason } = stored.result;
  return {
    id: stored.id,
    outcome: 'duplicate',
    storedOutcome: stored.outcome,
    ...(record !== undefined && record !== null ? { record } : {}),
    ...(note ? { note } : {}),
    ...(reason ? { reason } : {}),
  };
}

/** The use case's input with only the given fields set (the rest untouched). */
function edit(fields: Partial<UpdateBookingRequest>): UpdateBookingRequest {
  return { specialRequests: undefined, cancellationReason: undefined, overrideReason: undefined, ...fields };
}

/** The entry's operation and checked args, or why it cannot run at all. */
function commandOf(entry: SyncPushEntry): Command | { reason: string } {
  const schema = (SyncOperationArgs as Record<string, (typeof SyncOperationArgs)[SyncOperation] | undefined>)[entry.op];
  if (!schema) return { reason: M.unknownOperation(entry.op) };
  if (entry.schemaVersion > SYNC_SCHEMA_VERSION) return { reason: M.newerSchema(entry.schemaVersion) };
  const parsed = schema.safeParse(entry.args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail = issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
    return { reason: M.badArgs(entry.op, detail) };
  }
  return { op: entry.op, args: parsed.data } as Command;
}

/** Text a person typed: trimmed, and empty means none (as the online edit stores it). */
const text = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

/** The booking as the chunk locked it (and as earlier entries left it), or not found. */
async function lockedBooking(chunk: Chunk, id: string): Promise<LockedBooking> {
  // Not kept: a child whose entire-lodge parent an earlier entry edited. Locked again here,
  // in the entry's savepoint, it is kept only if the entry is (keepLocked).
  const row = chunk.locked.get(id) ?? (await lockBookings(chunk.trx, [id])).get(id);
  if (!row) throw new NotFoundError(M.bookingNotFound, 'not_found');
  return row;
}

async function run(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  user: SessionUser,
  command: Command,
  id: string,
  chunk: Chunk,
): Promise<{ outcome: Outcome; locked?: LockedBooking }> {
  const { trx } = chunk;
  switch (command.op) {
    case 'booking.setStatus': {
      const { status, cancellationReason, override, overrideReason } = command.args;
      const locked = await lockedBooking(chunk, id);
      const current = bookingOf(locked);
      // A reason goes with a move to Cancelled only: a booking already cancelled keeps its own.
      const withReason = current.status !== status && cancellationReason !== undefined;
      // The date guard runs on replay as online: an early check-in queued offline is refused
      // (the entry fails with the message) unless a Manager or SuperAdmin overrode it.
      const overriding = override === true ? { override: true, overrideReason: text(overrideReason) } : {};
      const res = await updateBooking(
        deps,
        user,
        id,
        edit({ status, ...(withReason ? { cancellationReason: text(cancellationReason) } : {}), ...overriding }),
        { trx, locked },
      );
      const already = res.already.find((a) => a.field === 'status');
      const note = !res.changed && already ? await statusNote(trx, id, already) : undefined;
      return { outcome: { outcome: 'applied', record: res.booking, ...(note ? { note } : {}) }, locked: res.locked };
    }
    case 'booking.setSpecialRequests': {
      const wanted = text(command.args.specialRequests);
      const locked = await lockedBooking(chunk, id);
      const current = bookingOf(locked);
      const now = text(current.specialRequests);
      if (now !== wanted && now !== text(command.args.previous)) {
        // Re-sending the current value runs the edit's rules (role, entire-lodge child) and changes nothing.
        const res = await updateBooking(deps, user, id, edit({ specialRequests: current.specialRequests }), { trx, locked });
        return { outcome: { outcome: 'conflict', record: res.booking, reason: M.specialRequestsChanged }, locked: res.locked };
      }
      const res = await updateBooking(deps, user, id, edit({ specialRequests: now === wanted ? current.specialRequests : wanted }), { trx, locked });
      return { outcome: { outcome: 'applied', record: res.booking }, locked: res.locked };
    }
    case 'booking.paymentReceived': {
      const locked = await lockedBooking(chunk, id);
      // What "Payment received" does online: Paid and verified, a Provisional booking
      // confirmed, the amount due written to the ledger. Already Paid: nothing changes.
      const alreadyPaid = locked.payment_status === 'Paid';
      const res = await updateBooking(
        deps,
        user,
        id,
        edit(alreadyPaid ? { paymentStatus: 'Paid' } : { paymentStatus: 'Paid', paymentMethod: command.args.method }),
        { trx, locked },
      );
      const note = alreadyPaid && !res.changed ? await paidNote(trx, id) : undefined;
      return { outcome: { outcome: 'applied', record: res.booking, ...(note ? { note } : {}) }, locked: res.locked };
    }
    case 'unit.setActive': {
      const res = await setUnitActive(deps, user, id, command.args.isActive, { trx });
      const note = res.changed ? undefined : command.args.isActive ? 'already active' : 'already inactive';
      return { outcome: { outcome: 'applied', record: res.unit, ...(note ? { note } : {}) } };
    }
    case 'unit.setHousekeeping': {
      // A unit deleted meanwhile is a NotFoundError: 'rejected', shown in the desk's Needs attention.
      const { status, note } = command.args;
      const res = await setUnitHousekeeping(deps, user, id, { status, ...(note !== undefined ? { note } : {}) }, { trx });
      return { outcome: { outcome: 'applied', record: res.unit, ...(res.changed ? {} : { note: `already ${status}` }) } };
    }
    case 'folio.addCharge': {
      // Through the online use case: a charge on a booking cancelled meanwhile is a conflict
      // (ConflictError), and a chargeId posted before answers that charge with a note.
      const { chargeId, extraId, quantity, adults, children, date, note } = command.args;
      const res = await addFolioCharge(deps, user, id, { chargeId, extraId, quantity, adults, children, date, note: text(note) }, { trx });
      return { outcome: { outcome: 'applied', record: res.charge, ...(res.created ? {} : { note: 'already posted' }) } };
    }
    case 'register.upsertEntry': {
      // The entry's files were uploaded before it (PUT /api/sync/attachments/:id); one not
      // there is refused with the message, and a replay of the same entry changes nothing.
      const { entryId, bookingId, signatureAttachmentId, idCopyAttachmentId, capturedAt, ...fields } = command.args;
      if (bookingId !== id) throw new ValidationError(REGISTER_MESSAGES.bookingMismatch, 'booking_mismatch');
      const res = await upsertRegisterEntry(
        deps,
        { kind: 'staff', user },
        bookingId,
        entryId,
        fields,
        { signatureAttachmentId, idCopyAttachmentId },
        { trx, ...(capturedAt ? { capturedAt: new Date(capturedAt) } : {}) },
      );
      return { outcome: { outcome: 'applied', record: res.entry, ...(res.changed ? {} : { note: 'already registered' }) } };
    }
    case 'booking.releaseNights': {
      // Behind its check-out in the same outbox: by now the stay is checked out (or the
      // check-out was refused, and so is this). The same entry again is a duplicate above.
      const locked = await lockedBooking(chunk, id);
      const res = await releaseRemainingNights(deps, user, id, { departureDate: command.args.departureDate }, { trx, locked });
      const credit = centsToRand(res.creditCents);
      const note = `${res.nightsReleased} night${res.nightsReleased === 1 ? '' : 's'} released${credit > 0 ? `, ${formatRandToCent(credit)} credited` : ''}`;
      return { outcome: { outcome: 'applied', record: res.booking, note }, locked: res.locked };
    }
  }
}

const STATUS_WORDS: Record<BookingStatus, string> = {
  Provisional: 'provisional',
  Confirmed: 'confirmed',
  'Checked-In': 'checked in',
  'Checked-Out': 'checked out',
  Cancelled: 'cancelled',
};

/** "already checked in by thandi at 10:42": who from the audit log, when from the status's own timestamp. */
async function statusNote(db: DbOrTx, bookingId: string, already: Extract<AlreadyThere, { field: 'status' }>): Promise<string> {
  const last = await lastChangeTo(db, 'booking', bookingId, 'status', already.value);
  const at = already.at ? new Date(already.at) : last?.at;
  return note(`already ${STATUS_WORDS[already.value]}`, last?.actorUsername, at);
}

async function paidNote(db: DbOrTx, bookingId: string): Promise<string> {
  const last = await lastChangeTo(db, 'booking', bookingId, 'paymentStatus', 'Paid');
  return note('already marked paid', last?.actorUsername, last?.at);
}

function note(what: string, who: string | undefined, at: Date | undefined): string {
  return `${what}${who ? ` by ${who}` : ''}${at ? ` at ${lodgeTimeOf(at)}` : ''}`;
}

/**
 * A refused command as the entry's outcome. A state-machine refusal is a conflict when the
 * row changed since the client read it (the client's picture was out of date) and a
 * rejection when it did not (the move was never allowed). Undefined: not a refusal at all.
 */
async function outcomeOfError(db: DbOrTx, err: unknown, command: Command, entry: SyncPushEntry): Promise<Outcome | undefined> {
  if (!(err instanceof AppError)) return undefined;
  // The date guard's refusals keep their words: the desk reads why its check-in did not count.
  if (err instanceof ForbiddenError && err.code === 'override_not_allowed') return { outcome: 'rejected', reason: err.message };
  if (err instanceof ForbiddenError) return { outcome: 'rejected', reason: M.notAllowed };
  if (err instanceof NotFoundError) return { outcome: 'rejected', reason: err.message };
  if (err instanceof ValidationError) return { outcome: 'rejected', reason: err.message };
  const record = await currentRecord(db, command, entry.entityId);
  const withRecord = record ? { record } : {};
  if (err instanceof UnprocessableError) {
    const changedSince = err.code === 'invalid_transition' && !!record && record.version !== entry.baseVersion;
    return { outcome: changedSince ? 'conflict' : 'rejected', reason: err.message, ...withRecord };
  }
  // A check-in before the arrival date: refused whenever the desk read the row (the dates
  // never move under it), so a rejection, not a conflict, with the record as it is. The same
  // for a check-in the lodge's rule refuses while the register is incomplete: the desk's
  // picture was not out of date, the register is.
  if (err instanceof ConflictError && (err.code === 'early_check_in' || err.code === 'register_incomplete')) return { outcome: 'rejected', reason: err.message, ...withRecord };
  // A release of nights that no longer applies (the check-out before it was refused, another
  // device released them, no night is left): nothing to apply again, so a rejection.
  if (err instanceof ConflictError && EARLY_DEPARTURE_REFUSALS.has(err.code ?? '')) return { outcome: 'rejected', reason: err.message, ...withRecord };
  // Taken dates on a reopen, or any other clash with the row as it is now.
  if (err instanceof ConflictError) return { outcome: 'conflict', reason: err.message, ...withRecord };
  return undefined;
}

const EARLY_DEPARTURE_REFUSALS = new Set(['not_checked_out', 'already_released', 'nothing_to_release']);

function currentRecord(db: DbOrTx, command: Command, id: string): Promise<Booking | Unit | undefined> {
  return ENTITY_OF[command.op] === 'unit' ? getUnit(db, id) : getBooking(db, id);
}
