import { SYNC_SCHEMA_VERSION, SyncOperationArgs, type SyncOperation } from '@shared/contracts/sync.js';
import type { BookingStatus } from '@shared/domain/booking-status.js';
import type { CleaningStatus } from '@shared/domain/housekeeping.js';
import { FOLIO_MESSAGES } from '@shared/contracts/folio.js';
import {
  MAX_REGISTER_FILE_BYTES,
  REGISTER_ATTACHMENT_TYPES,
  REGISTER_MESSAGES,
  RegisterEntryFields,
  type RegisterAttachmentKind,
  type RegisterAttachmentType,
  type RegisterEntryFieldsInput,
} from '@shared/contracts/lodger-register.js';
import { todayInLodge } from '@shared/domain/dates.js';
import { pricingCountsPeople } from '@shared/domain/folio.js';
import { can } from '@shared/roles.js';
import {
  OUTCOME_LOG_SIZE,
  db,
  fromStoredBooking,
  getState,
  setState,
  type OutboxEntry,
  type OutcomeLogEntry,
  type StoredAttachment,
  type SyncUser,
} from './db.js';
import { enqueued } from './events.js';
import { applyEntryLocally, isBookingOp, isInFlight, isReleaseOp, overlayRow, type SyncRow } from './overlay.js';
import { attachmentIdsOf, bytesOf, queryBookingRegister, sha256Hex } from './register.js';

export type OfflineEditErrorCode = 'bad_args' | 'not_found' | 'not_allowed' | 'no_user' | 'not_resolvable';

/** An edit refused on the device, before anything is queued; `message` is for the desk. */
export class OfflineEditError extends Error {
  constructor(
    message: string,
    readonly code: OfflineEditErrorCode,
  ) {
    super(message);
    this.name = 'OfflineEditError';
  }
}

/** The tables an edit reads and writes (one transaction: no fetch may happen inside it). */
const editTables = () => [db.outbox, db.syncState, db.bookings, db.units, db.outcomes, db.extras];

/** The server row of an entity (a booking or a unit, by operation). */
async function serverRow(op: string, entityId: string): Promise<SyncRow | undefined> {
  if (isBookingOp(op)) {
    const stored = await db.bookings.get(entityId);
    return stored ? fromStoredBooking(stored) : undefined;
  }
  return db.units.get(entityId);
}

/** The row as the desk sees it now: server row plus in-flight entries (its own and its parent's). */
async function currentView(row: SyncRow): Promise<SyncRow> {
  const ids = [row.id];
  if ('parentBookingId' in row && row.parentBookingId) ids.push(row.parentBookingId);
  const entries = await db.outbox.where('entityId').anyOf(ids).toArray();
  const { pendingSync: _p, pendingEntryIds: _i, notApplied: _n, ...view } = overlayRow(row, entries);
  return view as SyncRow;
}

const notOnDevice = () => new OfflineEditError('This record is not on this device; reload when online', 'not_found');

/** The staff member using the desk (set at login); edits need one, paused for a 401 or not. */
async function requireUser(): Promise<SyncUser> {
  const user = await getState('user');
  if (!user) throw new OfflineEditError('Log in to make changes', 'no_user');
  // Who made an edit is the id, username and role: the stored names stay on the device.
  return { id: user.id, username: user.username, role: user.role };
}

/**
 * Adds the entry of an edit already checked against `row` (inside the caller's transaction):
 * a new id, this device's next sequence number, the row's server version as `baseVersion`,
 * and who made it. The one place an outbox entry is built.
 */
async function addEntry(op: SyncOperation, row: SyncRow, args: Record<string, unknown>, now: Date): Promise<OutboxEntry> {
  const madeBy = await requireUser();
  let deviceId = await getState('deviceId');
  if (!deviceId) {
    deviceId = crypto.randomUUID();
    await setState('deviceId', deviceId);
  }
  const seq = (await getState('nextSeq')) ?? 1;
  await setState('nextSeq', seq + 1);
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    deviceId,
    seq,
    op,
    entityId: row.id,
    baseVersion: row.version,
    args,
    schemaVersion: SYNC_SCHEMA_VERSION,
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt: now.toISOString(),
    madeBy,
  };
  await db.outbox.add(entry);
  return entry;
}

function checkArgs<Op extends SyncOperation>(op: Op, args: unknown): SyncOperationArgs[Op] {
  const schema = SyncOperationArgs[op];
  if (!schema) throw new OfflineEditError(`Unknown change: ${String(op)}`, 'bad_args');
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new OfflineEditError(parsed.error.issues[0]?.message ?? 'Invalid change', 'bad_args');
  return parsed.data as SyncOperationArgs[Op];
}

/**
 * Queues one edit: checks its args with the shared contract, checks it against the local
 * state machine (the row as the desk sees it, with the person's role), and in ONE Dexie
 * transaction allocates the next sequence number and adds the entry with the row's current
 * server version as `baseVersion`. Throws OfflineEditError when refused, so the desk sees
 * the reason at once. Returns null (and queues nothing) when the row already is that way.
 */
export async function enqueue<Op extends SyncOperation>(
  op: Op,
  entityId: string,
  args: SyncOperationArgs[Op],
  now: Date = new Date(),
): Promise<OutboxEntry | null> {
  const checked = checkArgs(op, args);
  // An async function on purpose: Dexie keeps its transaction across native awaits only for one.
  const entry = await db.transaction('rw', editTables(), async () => await enqueueChecked(op, entityId, checked, now));
  if (entry) enqueued.emit();
  return entry;
}

/** enqueue's work inside the caller's transaction (of editTables()), its args checked already. */
async function enqueueChecked<Op extends SyncOperation>(op: Op, entityId: string, checked: SyncOperationArgs[Op], now: Date): Promise<OutboxEntry | null> {
  const row = await serverRow(op, entityId);
  if (!row) throw notOnDevice();
  const user = await requireUser();
  const view = await currentView(row);
  const check = applyEntryLocally(view, { op, args: checked }, user.role, now);
  if (!check.ok) throw new OfflineEditError(check.reason, 'not_allowed');
  if (check.noop) return null;
  return addEntry(op, row, checked as Record<string, unknown>, now);
}

// The edits of docs/design.md, Offline sync, spelt out for the screens.

export function setBookingStatus(bookingId: string, status: BookingStatus, cancellationReason?: string) {
  return enqueue('booking.setStatus', bookingId, cancellationReason === undefined ? { status } : { status, cancellationReason });
}

/**
 * A check-out, and for a guest leaving before the check-out date the release of the
 * remaining nights, queued in ONE transaction: the release right behind the check-out (the
 * server applies it only to a checked-out stay), with the lodge's date the guest left on, so
 * a tablet back online tomorrow still releases from today. The release is the server's to
 * apply (docs/design.md, The desk's day: early departures): until its answer the stay shows
 * as booked and the screens say the nights wait for the network.
 */
export async function checkOutGuest(
  bookingId: string,
  opts: { releaseNights: boolean },
  now: Date = new Date(),
): Promise<{ checkOut: OutboxEntry | null; release: OutboxEntry | null }> {
  const status = checkArgs('booking.setStatus', { status: 'Checked-Out' });
  const releaseArgs = opts.releaseNights ? checkArgs('booking.releaseNights', { departureDate: todayInLodge(now) }) : null;
  const queued = await db.transaction('rw', editTables(), async () => {
    const checkOut = await enqueueChecked('booking.setStatus', bookingId, status, now);
    const release = releaseArgs && !(await releaseQueued(bookingId)) ? await enqueueChecked('booking.releaseNights', bookingId, releaseArgs, now) : null;
    return { checkOut, release };
  });
  if (queued.checkOut || queued.release) enqueued.emit();
  return queued;
}

/** Whether a release of this booking's nights is already on its way (asked twice: queued once). */
async function releaseQueued(bookingId: string): Promise<boolean> {
  const entries = await db.outbox.where('entityId').equals(bookingId).toArray();
  return entries.some((e) => isReleaseOp(e.op) && isInFlight(e));
}

/**
 * A Manager's or SuperAdmin's check-in before the arrival date, with the reason (required by
 * the screens, kept in the server's audit log); the local state machine lets it through only
 * for those roles, and the server checks the same on replay.
 */
export function queueEarlyCheckIn(bookingId: string, overrideReason: string) {
  return enqueue('booking.setStatus', bookingId, { status: 'Checked-In', override: true, overrideReason });
}

/** `previous` (what the edit replaces, for the server's conflict check) is read from the row as shown. */
export async function setSpecialRequests(bookingId: string, specialRequests: string | null) {
  const stored = await db.bookings.get(bookingId);
  if (!stored) throw notOnDevice();
  const view = (await currentView(fromStoredBooking(stored))) as { specialRequests: string | null };
  const text = specialRequests === '' ? null : specialRequests;
  return enqueue('booking.setSpecialRequests', bookingId, { specialRequests: text, previous: view.specialRequests });
}

export function markPaymentReceived(bookingId: string, method: SyncOperationArgs['booking.paymentReceived']['method']) {
  return enqueue('booking.paymentReceived', bookingId, { method });
}

export function setUnitActive(unitId: string, isActive: boolean) {
  return enqueue('unit.setActive', unitId, { isActive });
}

/** The housekeeping board's one tap: a unit's cleaning status (and note, when given), queued like every desk edit. */
export function setUnitHousekeeping(unitId: string, status: CleaningStatus, note?: string | null) {
  return enqueue('unit.setHousekeeping', unitId, note === undefined ? { status } : { status, note });
}

export interface FolioChargeInput {
  extraId: string;
  quantity: number;
  adults: number;
  children: number;
  note: string | null;
}

/**
 * "Add charge": an extra posted to the booking's folio (an entire-lodge unit's goes to its
 * parent), queued like every desk edit and replayed through the same use case as online. The
 * charge id is made here, so the server never charges it twice. Refused at once, in words,
 * when the server would refuse it: a cancelled booking, an extra no longer offered, a per
 * person extra for nobody.
 */
export async function addFolioCharge(bookingId: string, input: FolioChargeInput, now: Date = new Date()): Promise<OutboxEntry> {
  const args = checkArgs('folio.addCharge', { chargeId: crypto.randomUUID(), date: todayInLodge(now), ...input });
  const entry = await db.transaction('rw', editTables(), async () => {
    const stored = await db.bookings.get(bookingId);
    if (!stored) throw notOnDevice();
    const target = stored.parentBookingId ? await db.bookings.get(stored.parentBookingId) : stored;
    if (!target) throw notOnDevice();
    const user = await requireUser();
    if (!can(user.role, 'manageBookings')) throw new OfflineEditError("You don't have permission to do this", 'not_allowed');
    const view = (await currentView(fromStoredBooking(target))) as { status: BookingStatus };
    if (view.status === 'Cancelled') throw new OfflineEditError(FOLIO_MESSAGES.bookingCancelled, 'not_allowed');
    const extra = await db.extras.get(args.extraId);
    if (!extra) throw new OfflineEditError(FOLIO_MESSAGES.extraNotFound, 'not_found');
    if (!extra.isActive) throw new OfflineEditError(FOLIO_MESSAGES.extraInactive, 'not_allowed');
    if (pricingCountsPeople(extra.pricing) && args.adults + args.children === 0) {
      throw new OfflineEditError(FOLIO_MESSAGES.peopleRequired, 'bad_args');
    }
    return addEntry('folio.addCharge', fromStoredBooking(target), args, now);
  });
  enqueued.emit();
  return entry;
}

/** A register file as the receptionist gave it: the camera's photo, a chosen file, the drawn signature. */
async function registerFile(kind: RegisterAttachmentKind, bookingId: string, blob: Blob | null, now: Date): Promise<StoredAttachment> {
  if (!blob || blob.size === 0) {
    throw new OfflineEditError(kind === 'signature' ? REGISTER_MESSAGES.signatureRequired : REGISTER_MESSAGES.idCopyRequired, 'bad_args');
  }
  const types: readonly string[] = kind === 'signature' ? REGISTER_ATTACHMENT_TYPES.filter((t) => t !== 'application/pdf') : REGISTER_ATTACHMENT_TYPES;
  if (!types.includes(blob.type)) throw new OfflineEditError(kind === 'signature' ? REGISTER_MESSAGES.signatureType : REGISTER_MESSAGES.fileType, 'bad_args');
  if (blob.size > MAX_REGISTER_FILE_BYTES) throw new OfflineEditError(REGISTER_MESSAGES.fileTooLarge, 'bad_args');
  const bytes = await bytesOf(blob);
  return {
    id: crypto.randomUUID(),
    bookingId,
    kind,
    contentType: blob.type as RegisterAttachmentType,
    size: blob.size,
    sha256: await sha256Hex(bytes),
    bytes,
    createdAt: now.toISOString(),
    uploadedAt: null,
    failedReason: null,
  };
}

/**
 * "Add to register" at the desk: one adult's entry with their signature and ID copy. Both files
 * and the entry are written in ONE transaction, so a tablet closed at any moment holds all three
 * or none; the replay sends the files first and the entry after them (docs/design.md,
 * Attachments through the outbox). Refused at once, in the register's words, when the server
 * would refuse it: bad fields, a missing or wrong file, a cancelled stay, everyone registered.
 */
export async function saveRegisterEntry(
  bookingId: string,
  input: RegisterEntryFieldsInput,
  files: { signature: Blob | null; idCopy: Blob | null },
  now: Date = new Date(),
): Promise<OutboxEntry> {
  const fields = RegisterEntryFields.safeParse(input);
  if (!fields.success) throw new OfflineEditError(fields.error.issues[0]?.message ?? 'Invalid entry', 'bad_args');
  const signature = await registerFile('signature', bookingId, files.signature, now);
  const idCopy = await registerFile('id-copy', bookingId, files.idCopy, now);
  const args = checkArgs('register.upsertEntry', {
    entryId: crypto.randomUUID(),
    bookingId,
    ...fields.data,
    signatureAttachmentId: signature.id,
    idCopyAttachmentId: idCopy.id,
    capturedAt: now.toISOString(),
  });
  const entry = await db.transaction('rw', [...editTables(), db.attachments, db.registerEntries], async () => {
    const stored = await db.bookings.get(bookingId);
    if (!stored) throw notOnDevice();
    const user = await requireUser();
    if (!can(user.role, 'manageBookings')) throw new OfflineEditError("You don't have permission to do this", 'not_allowed');
    const view = (await currentView(fromStoredBooking(stored))) as { status: BookingStatus };
    if (view.status === 'Cancelled') throw new OfflineEditError(REGISTER_MESSAGES.bookingCancelled, 'not_allowed');
    const register = await queryBookingRegister(bookingId);
    if (register && register.progress.registered >= register.progress.expected) {
      throw new OfflineEditError(REGISTER_MESSAGES.tooManyEntries(register.progress.expected), 'not_allowed');
    }
    await db.attachments.bulkAdd([signature, idCopy]);
    return addEntry('register.upsertEntry', fromStoredBooking(stored), args, now);
  });
  enqueued.emit();
  return entry;
}

/**
 * "Apply mine on the new version": a conflict or rejection queued again as a new entry
 * (new id, next seq) based on the server row as it is now; a special-requests edit then
 * replaces the value now shown. The old entry goes in the same transaction. Throws
 * OfflineEditError when the edit no longer makes sense (and keeps the old entry).
 */
export async function applyMineAgain(entryId: string, now: Date = new Date()): Promise<OutboxEntry | null> {
  const entry = await db.transaction('rw', editTables(), async () => {
    const old = await db.outbox.get(entryId);
    if (!old) throw new OfflineEditError('This change is no longer queued', 'not_found');
    if (old.status !== 'conflict' && old.status !== 'rejected') {
      throw new OfflineEditError('This change is still on its way', 'not_resolvable');
    }
    const row = await serverRow(old.op, old.entityId);
    if (!row) throw notOnDevice();
    const view = await currentView(row);
    const args =
      old.op === 'booking.setSpecialRequests' ? { ...old.args, previous: (view as { specialRequests: string | null }).specialRequests } : old.args;
    const user = await requireUser();
    const check = applyEntryLocally(view, { op: old.op, args }, user.role, now);
    if (!check.ok) throw new OfflineEditError(check.reason, 'not_allowed');
    await db.outbox.delete(old.id);
    if (check.noop) {
      await logOutcome({ entryId: old.id, op: old.op, entityId: old.entityId, outcome: 'discarded', note: 'Already so on the server', reason: null, at: now.toISOString() });
      return null;
    }
    return addEntry(old.op, row, args, now);
  });
  if (entry) enqueued.emit();
  return entry;
}

/**
 * "Drop mine": removes a conflict, a rejection or a still-pending entry, and logs it (nothing
 * goes silently). An entry being sent right now cannot be dropped: its answer decides.
 */
export async function discardMine(entryId: string, now: Date = new Date()): Promise<void> {
  await db.transaction('rw', [db.outbox, db.outcomes, db.attachments], async () => {
    const entry = await db.outbox.get(entryId);
    if (!entry) throw new OfflineEditError('This change is no longer queued', 'not_found');
    if (entry.status === 'sent') throw new OfflineEditError('This change is being sent; wait for its answer', 'not_resolvable');
    await db.outbox.delete(entryId);
    // A dropped register entry's files are of no use to anyone: they leave the device with it.
    const files = attachmentIdsOf(entry);
    if (files) await db.attachments.bulkDelete(files);
    await logOutcome({ entryId, op: entry.op, entityId: entry.entityId, outcome: 'discarded', note: null, reason: entry.reason ?? null, at: now.toISOString() });
  });
}

/** Adds to the outcome log and keeps the last OUTCOME_LOG_SIZE (inside the caller's transaction). */
export async function logOutcome(outcome: Omit<OutcomeLogEntry, 'id'>): Promise<void> {
  await db.outcomes.add(outcome as OutcomeLogEntry);
  const old = await db.outcomes.orderBy('id').reverse().offset(OUTCOME_LOG_SIZE).primaryKeys();
  if (old.length) await db.outcomes.bulkDelete(old);
}
