import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx, type Tx } from '../../db/transaction.js';
import type { SessionUser } from '../../http/types.js';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PG,
  UnprocessableError,
  ValidationError,
  pgCode,
} from '../../http/errors.js';
import { lodgeTimeOf } from '../../../../shared/domain/dates.js';
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
import { getBooking, lockBooking } from '../bookings/queries.js';
import { setUnitActive } from '../accommodations/set-unit-active.js';
import { getUnit } from '../accommodations/queries.js';
import { findLastChangeTo } from '../audit/audit.repo.js';
import * as repo from './sync.repo.js';

/**
 * POST /api/sync/push: the offline outbox's entries, each in its own transaction, in order.
 * An entry is a command re-checked against the row as it is now (DESIGN.md section 6), run
 * through the owning feature's use case with the entry's transaction, which also records the
 * entry's id and outcome in client_mutations: the id is the dedup key, so an entry sent twice
 * (a lost answer, two racing replays) is applied once and answered 'duplicate' after that.
 * A refusal becomes that entry's outcome (conflict or rejected), recorded too; nothing an
 * entry does fails the batch.
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

type Outcome = { outcome: repo.StoredOutcome } & repo.StoredResult;

type Command = { [K in SyncOperation]: { op: K; args: SyncOperationArgs[K] } }[SyncOperation];

const ENTITY_OF: Record<SyncOperation, 'booking' | 'unit'> = {
  'booking.setStatus': 'booking',
  'booking.setSpecialRequests': 'booking',
  'booking.paymentReceived': 'booking',
  'unit.setActive': 'unit',
};

export async function pushEntries(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  user: SessionUser,
  request: SyncPushRequest,
): Promise<SyncPushResponse> {
  const results: SyncPushResult[] = [];
  // In order, one after another: entry 2 may depend on entry 1 (check in, then check out).
  for (const entry of request.entries) results.push(await pushEntry(deps, user, request.deviceId, entry));
  return { results };
}

async function pushEntry(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  user: SessionUser,
  deviceId: string,
  entry: SyncPushEntry,
): Promise<SyncPushResult> {
  const seen = await repo.findMutation(deps.db, entry.id);
  if (seen) return duplicateOf(seen);

  const command = commandOf(entry);
  const known = (SyncOperationArgs as Record<string, unknown>)[entry.op] !== undefined;
  const meta: Omit<repo.MutationInsert, 'outcome' | 'result'> = {
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
  if ('reason' in command) return recordRefusal(deps, meta, { outcome: 'rejected', reason: command.reason });

  try {
    return await inTransaction(deps.db, undefined, async (trx) => {
      const outcome = await run(deps, user, command, entry.entityId, trx);
      await repo.insertMutation(trx, toInsert(meta, outcome));
      return { id: entry.id, ...outcome };
    });
  } catch (err) {
    // Another push of this very entry committed first: its answer stands, ours rolled back.
    if (pgCode(err) === PG.UNIQUE_VIOLATION) {
      const stored = await repo.findMutation(deps.db, entry.id);
      if (stored) return duplicateOf(stored);
    }
    const outcome = await outcomeOfError(deps.db, err, command, entry);
    if (!outcome) {
      // A bug or the database failing: not the entry's fault, so nothing is recorded and the
      // same entry sent again is tried again.
      deps.log.error({ err, entryId: entry.id, op: entry.op }, 'sync push entry failed');
      return { id: entry.id, outcome: 'rejected', reason: M.serverError };
    }
    return recordRefusal(deps, meta, outcome);
  }
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

function toInsert(meta: Omit<repo.MutationInsert, 'outcome' | 'result'>, { outcome, ...result }: Outcome): repo.MutationInsert {
  return { ...meta, outcome, result };
}

/** The use case's input with only the given fields set (the rest untouched). */
function edit(fields: Partial<UpdateBookingRequest>): UpdateBookingRequest {
  return { specialRequests: undefined, cancellationReason: undefined, ...fields };
}

/** A conflict or rejection, recorded in a fresh transaction after the entry's rolled back. */
async function recordRefusal(
  deps: Pick<Deps, 'db'>,
  meta: Omit<repo.MutationInsert, 'outcome' | 'result'>,
  outcome: Outcome,
): Promise<SyncPushResult> {
  const inserted = await repo.insertMutationIfNew(deps.db, toInsert(meta, outcome));
  if (!inserted) {
    const stored = await repo.findMutation(deps.db, meta.id);
    if (stored) return duplicateOf(stored);
  }
  return { id: meta.id, ...outcome };
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

async function run(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: SessionUser,
  command: Command,
  id: string,
  trx: Tx,
): Promise<Outcome> {
  switch (command.op) {
    case 'booking.setStatus': {
      const { status, cancellationReason } = command.args;
      const current = await lockBooking(trx, id);
      if (!current) throw new NotFoundError(M.bookingNotFound, 'not_found');
      // A reason goes with a move to Cancelled only: a booking already cancelled keeps its own.
      const withReason = current.status !== status && cancellationReason !== undefined;
      const res = await updateBooking(deps, user, id, edit({ status, ...(withReason ? { cancellationReason: text(cancellationReason) } : {}) }), { trx });
      const already = res.already.find((a) => a.field === 'status');
      const note = !res.changed && already ? await statusNote(trx, id, already) : undefined;
      return { outcome: 'applied', record: res.booking, ...(note ? { note } : {}) };
    }
    case 'booking.setSpecialRequests': {
      const wanted = text(command.args.specialRequests);
      const current = await lockBooking(trx, id);
      if (!current) throw new NotFoundError(M.bookingNotFound, 'not_found');
      const now = text(current.specialRequests);
      if (now !== wanted && now !== text(command.args.previous)) {
        // Re-sending the current value runs the edit's rules (role, entire-lodge child) and changes nothing.
        const res = await updateBooking(deps, user, id, edit({ specialRequests: current.specialRequests }), { trx });
        return { outcome: 'conflict', record: res.booking, reason: M.specialRequestsChanged };
      }
      const res = await updateBooking(deps, user, id, edit({ specialRequests: now === wanted ? current.specialRequests : wanted }), { trx });
      return { outcome: 'applied', record: res.booking };
    }
    case 'booking.paymentReceived': {
      const current = await lockBooking(trx, id);
      if (!current) throw new NotFoundError(M.bookingNotFound, 'not_found');
      // What "Payment received" does online: Paid and verified, a Provisional booking
      // confirmed, the amount due written to the ledger. Already Paid: nothing changes.
      const alreadyPaid = current.paymentStatus === 'Paid';
      const res = await updateBooking(
        deps,
        user,
        id,
        edit(alreadyPaid ? { paymentStatus: 'Paid' } : { paymentStatus: 'Paid', paymentMethod: command.args.method }),
        { trx },
      );
      const note = alreadyPaid && !res.changed ? await paidNote(trx, id) : undefined;
      return { outcome: 'applied', record: res.booking, ...(note ? { note } : {}) };
    }
    case 'unit.setActive': {
      const res = await setUnitActive(deps, user, id, command.args.isActive, { trx });
      const note = res.changed ? undefined : command.args.isActive ? 'already active' : 'already inactive';
      return { outcome: 'applied', record: res.unit, ...(note ? { note } : {}) };
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
  const last = await findLastChangeTo(db, 'booking', bookingId, 'status', already.value);
  const at = already.at ? new Date(already.at) : last?.at;
  return note(`already ${STATUS_WORDS[already.value]}`, last?.actorUsername, at);
}

async function paidNote(db: DbOrTx, bookingId: string): Promise<string> {
  const last = await findLastChangeTo(db, 'booking', bookingId, 'paymentStatus', 'Paid');
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
  if (err instanceof ForbiddenError) return { outcome: 'rejected', reason: M.notAllowed };
  if (err instanceof NotFoundError) return { outcome: 'rejected', reason: err.message };
  if (err instanceof ValidationError) return { outcome: 'rejected', reason: err.message };
  const record = await currentRecord(db, command, entry.entityId);
  const withRecord = record ? { record } : {};
  if (err instanceof UnprocessableError) {
    const changedSince = err.code === 'invalid_transition' && !!record && record.version !== entry.baseVersion;
    return { outcome: changedSince ? 'conflict' : 'rejected', reason: err.message, ...withRecord };
  }
  // Taken dates on a reopen, or any other clash with the row as it is now.
  if (err instanceof ConflictError) return { outcome: 'conflict', reason: err.message, ...withRecord };
  return undefined;
}

function currentRecord(db: DbOrTx, command: Command, id: string): Promise<Booking | Unit | undefined> {
  return ENTITY_OF[command.op] === 'unit' ? getUnit(db, id) : getBooking(db, id);
}
