import {
  ATTACHMENT_SHA256_HEADER,
  AttachmentUploadResponse,
  DeskRegisterResponse,
  REGISTER_MESSAGES,
  RegisterUpsertEntryArgs,
  type RegisterCheckInRule,
} from '@shared/contracts/lodger-register.js';
import { registerAdultsExpected, registerProgress, type RegisterProgress } from '@shared/domain/lodger-register.js';
import { ApiError, apiFetch } from '@/lib/api.js';
import { syncConfig } from './config.js';
import { db, getState, setState, type OutboxEntry, type StoredAttachment } from './db.js';
import { failureOf, withTimeout, type SyncFailure } from './failures.js';
import { isInFlight, isRegisterOp } from './overlay.js';

/**
 * The register of lodgers on the desk (docs/design.md, Attachments through the outbox): what
 * the device knows of a booking's register (the server's names, and the entries queued here),
 * the files waiting to be sent, and sending them ahead of the entries that name them.
 */

const REGISTER_PATH = '/api/sync/register';
const attachmentPath = (id: string) => `/api/sync/attachments/${id}`;

/** A file's bytes, as a fresh ArrayBuffer (what the device stores and hashes). */
export async function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Uint8Array(await blob.arrayBuffer()).slice().buffer;
}

/** Hex SHA-256 of a file's bytes (sent with it: the server refuses a torn upload). */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Fetches the desk window's register and the lodge's check-in rule, replacing the stored copy
 * (the answer covers every booking the desk holds a register for). Queued entries live in the
 * outbox, so nothing made here is lost by the replacement.
 */
export async function pullRegister(): Promise<void> {
  const answer = await withTimeout(syncConfig.requestTimeoutMs, (signal) => apiFetch(REGISTER_PATH, { schema: DeskRegisterResponse, signal }));
  await db.transaction('rw', [db.registerEntries, db.syncState], async () => {
    await db.registerEntries.clear();
    await db.registerEntries.bulkPut(answer.entries);
    await setState('registerCheckInRule', answer.checkInRule);
  });
}

/** Someone on a booking's register, as the desk shows them (never an ID number or address). */
export interface DeskRegisterPerson {
  entryId: string;
  fullNames: string;
  surname: string;
  /** Saved on this device and not yet on the server. */
  pending: boolean;
  complete: boolean;
}

export interface DeskRegister {
  /** Null while this device has never fetched the register (a server without it, or not yet). */
  checkInRule: RegisterCheckInRule | null;
  people: DeskRegisterPerson[];
  progress: RegisterProgress;
}

function queuedArgs(entry: OutboxEntry): RegisterUpsertEntryArgs | null {
  if (!isRegisterOp(entry.op)) return null;
  const parsed = RegisterUpsertEntryArgs.safeParse(entry.args);
  return parsed.success ? parsed.data : null;
}

/**
 * A booking's register as this device knows it: the server's entries with the ones queued here
 * laid over them (a queued entry has both its files, so it counts), counted by the shared rule.
 */
export async function queryBookingRegister(bookingId: string): Promise<DeskRegister | null> {
  const [booking, server, entries, checkInRule] = await Promise.all([
    db.bookings.get(bookingId),
    db.registerEntries.where('bookingId').equals(bookingId).toArray(),
    db.outbox.where('entityId').equals(bookingId).toArray(),
    getState('registerCheckInRule'),
  ]);
  if (!booking) return null;
  const people = new Map<string, DeskRegisterPerson>();
  for (const e of server) {
    people.set(e.id, { entryId: e.id, fullNames: e.fullNames, surname: e.surname, pending: false, complete: e.hasSignature && e.hasIdCopy });
  }
  for (const entry of entries.filter(isInFlight).sort((a, b) => a.seq - b.seq)) {
    const args = queuedArgs(entry);
    if (args) people.set(args.entryId, { entryId: args.entryId, fullNames: args.fullNames, surname: args.surname, pending: true, complete: true });
  }
  const list = [...people.values()];
  const progress = registerProgress(
    list.map((p) => ({ hasSignature: p.complete, hasIdCopy: p.complete })),
    registerAdultsExpected(booking),
  );
  return { checkInRule: checkInRule ?? null, people: list, progress };
}

/** Oldest first; an entry's two files (made at the same moment) ID copy, then signature. */
const oldestFirst = (x: StoredAttachment, y: StoredAttachment) => x.createdAt.localeCompare(y.createdAt) || x.kind.localeCompare(y.kind);

/** Files made on this device not yet on the server, per booking. */
export interface WaitingFiles {
  bookingId: string;
  /** The booking's reference, or null when the booking is no longer on this device. */
  reference: string | null;
  count: number;
  bytes: number;
  /** Files the server refused for good, with its words. */
  failed: { kind: StoredAttachment['kind']; reason: string }[];
}

export async function queryWaitingFiles(): Promise<WaitingFiles[]> {
  const waiting = (await db.attachments.toArray()).filter((a) => a.uploadedAt === null);
  const byBooking = new Map<string, WaitingFiles>();
  for (const a of waiting.sort(oldestFirst)) {
    let group = byBooking.get(a.bookingId);
    if (!group) {
      group = { bookingId: a.bookingId, reference: null, count: 0, bytes: 0, failed: [] };
      byBooking.set(a.bookingId, group);
    }
    group.count += 1;
    group.bytes += a.size;
    if (a.failedReason) group.failed.push({ kind: a.kind, reason: a.failedReason });
  }
  const groups = [...byBooking.values()];
  const bookings = await db.bookings.bulkGet(groups.map((g) => g.bookingId));
  groups.forEach((g, i) => (g.reference = bookings[i]?.reference ?? null));
  return groups;
}

/** The register files a queued entry names; null for any other entry. */
export function attachmentIdsOf(entry: OutboxEntry): string[] | null {
  const args = queuedArgs(entry);
  return args ? [args.signatureAttachmentId, args.idCopyAttachmentId] : null;
}

/** Whether an entry may go now: its files are all on the server ('ready'), on their way ('wait'), or refused for good. */
export type EntryFiles = { state: 'ready' } | { state: 'wait' } | { state: 'failed'; reason: string };

/** Inside the caller's transaction (outbox + attachments). */
export async function entryFiles(entry: OutboxEntry): Promise<EntryFiles> {
  const ids = attachmentIdsOf(entry);
  if (!ids) return { state: 'ready' };
  const rows = await db.attachments.bulkGet(ids);
  for (const row of rows) {
    if (!row) return { state: 'failed', reason: REGISTER_MESSAGES.attachmentMissing };
    if (row.failedReason) return { state: 'failed', reason: `${row.kind === 'signature' ? 'The signature' : 'The ID copy'} was refused: ${row.failedReason}` };
  }
  return rows.every((r) => r!.uploadedAt !== null) ? { state: 'ready' } : { state: 'wait' };
}

/** How often a file whose hash did not match on arrival is sent again in one run. */
const SHA_RETRIES = 3;

function isShaMismatch(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 400) return false;
  return err.serverMessage === REGISTER_MESSAGES.sha256Mismatch || err.fieldErrors[ATTACHMENT_SHA256_HEADER] === REGISTER_MESSAGES.sha256Mismatch;
}

async function putAttachment(a: StoredAttachment, bytes: ArrayBuffer): Promise<void> {
  await withTimeout(syncConfig.requestTimeoutMs, (signal) =>
    apiFetch(attachmentPath(a.id), {
      method: 'PUT',
      params: { bookingId: a.bookingId, kind: a.kind },
      headers: { 'Content-Type': a.contentType, [ATTACHMENT_SHA256_HEADER]: a.sha256 },
      body: new Uint8Array(bytes),
      schema: AttachmentUploadResponse,
      signal,
    }),
  );
}

/**
 * Sends every file not yet on the server, oldest first. A file the server has (201, or 200 for
 * one it had already) drops its bytes from the device. A hash mismatch is sent again; no answer,
 * a 5xx or a lost session stops here (returned: the replay stops with the order kept). A file
 * refused for good (409 another file under its id, 413 too large, another 4xx) is marked with
 * the server's words: its entry will not go, and the Sync page says why.
 */
export async function uploadAttachments(): Promise<SyncFailure | null> {
  const waiting = (await db.attachments.toArray())
    .filter((a) => a.uploadedAt === null && a.failedReason === null && a.bytes !== null)
    .sort(oldestFirst);
  for (const a of waiting) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await putAttachment(a, a.bytes!);
        await db.attachments.update(a.id, { bytes: null, uploadedAt: new Date().toISOString() });
        break;
      } catch (err) {
        if (isShaMismatch(err)) {
          if (attempt < SHA_RETRIES) continue;
          return { kind: 'retry', message: REGISTER_MESSAGES.sha256Mismatch };
        }
        const failure = failureOf(err);
        if (failure.kind !== 'refused') return failure;
        await db.attachments.update(a.id, { failedReason: failure.message });
        break;
      }
    }
  }
  return null;
}
