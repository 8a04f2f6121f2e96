import { Unit } from '@shared/contracts/accommodations.js';
import { Booking } from '@shared/contracts/bookings.js';
import { FolioCharge } from '@shared/contracts/folio.js';
import { DeskRegisterEntry } from '@shared/contracts/lodger-register.js';
import { SyncPushResponse, type SyncPushEntry, type SyncPushResult } from '@shared/contracts/sync.js';
import { apiFetch, ContractError } from '@/lib/api.js';
import { syncConfig } from './config.js';
import { db, getState, setState, toStoredBooking, type OutboxEntry } from './db.js';
import { replayingChanged } from './events.js';
import { failureOf, withTimeout, type SyncFailure } from './failures.js';
import { logOutcome } from './outbox.js';
import { isBookingOp, isInFlight } from './overlay.js';
import { putNewer } from './pull.js';
import { entryFiles, uploadAttachments } from './register.js';

export const REPLAY_LOCK_NAME = 'lodge-sync-replay';
const PUSH_PATH = '/api/sync/push';

export type ReplayStatus =
  /** The outbox holds nothing more to send (conflicts and rejections wait for a person). */
  | 'done'
  /** Another replay (this tab or another) is running; it will pick up what is queued. */
  | 'busy'
  /** The session is gone: waiting for resumeAfterLogin. */
  | 'paused'
  /** No answer, a timeout or a 5xx: stopped with the order kept; try again later. */
  | 'retry';

export interface ReplayResult {
  status: ReplayStatus;
  /** Entries the server answered in this run (any outcome). */
  answered: number;
  failure?: SyncFailure;
}

// One replay per tab: a second call while one runs asks it to look again instead of racing.
let running = false;
let lookAgain = false;
let replaying = false;

export function isReplaying(): boolean {
  return replaying;
}

function setReplaying(value: boolean) {
  if (replaying === value) return;
  replaying = value;
  replayingChanged.emit();
}

/**
 * Sends the outbox to the server, one entry per request in sequence order, so a failure of
 * entry 2 means entry 3 is not sent before it. One replay at a time across tabs
 * (navigator.locks) and within the tab; a call while one is running returns 'busy' and the
 * running one looks at the outbox again before it stops, so the new entry is not missed.
 */
export async function replayOutbox(): Promise<ReplayResult> {
  if (running) {
    lookAgain = true;
    return { status: 'busy', answered: 0 };
  }
  running = true;
  setReplaying(true);
  let result: ReplayResult | undefined;
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    result = locks
      ? await locks.request(REPLAY_LOCK_NAME, { ifAvailable: true }, async (lock) =>
          lock ? runLoop() : ({ status: 'busy', answered: 0 } satisfies ReplayResult),
        )
      : await runLoop();
    return result;
  } finally {
    running = false;
    setReplaying(false);
    // A call that came in while a successful run was finishing: honour it rather than lose
    // it. After a failure the caller's back-off decides when to try again.
    const again = lookAgain && result?.status === 'done';
    lookAgain = false;
    if (again) queueMicrotask(() => void replayOutbox());
  }
}

async function runLoop(): Promise<ReplayResult> {
  let answered = 0;
  for (;;) {
    lookAgain = false;
    if (await getState('pausedForAuth')) return { status: 'paused', answered };
    // Files first: an entry naming a register file goes only once the server has it.
    const uploadFailure = await uploadAttachments();
    if (uploadFailure) {
      if (uploadFailure.kind === 'auth') await setState('pausedForAuth', true);
      return { status: uploadFailure.kind === 'auth' ? 'paused' : 'retry', answered, failure: uploadFailure };
    }
    const entry = await takeNext();
    if (!entry) {
      if (lookAgain) continue;
      return { status: 'done', answered };
    }
    let result: SyncPushResult;
    try {
      result = await push(entry);
    } catch (err) {
      const failure = failureOf(err);
      await recordFailure(entry, failure);
      if (failure.kind === 'refused') {
        answered += 1;
        continue;
      }
      return { status: failure.kind === 'auth' ? 'paused' : 'retry', answered, failure };
    }
    await recordResult(entry, result);
    answered += 1;
  }
}

/**
 * The first in-flight entry by seq that may go, marked 'sent' (attempts + 1) before the request
 * goes, so a reload mid-request knows the server may have it (its answer will then be
 * duplicate). A register entry whose files are not all on the server waits, and so does every
 * entry behind it for the same booking (the order per booking holds); other bookings' go on.
 * One whose file the server refused for good is rejected here, with the server's words.
 */
async function takeNext(): Promise<OutboxEntry | undefined> {
  const at = new Date().toISOString();
  return db.transaction('rw', [db.outbox, db.attachments, db.outcomes], async () => {
    const waiting = new Set<string>();
    for (const next of await db.outbox.orderBy('seq').filter(isInFlight).toArray()) {
      if (waiting.has(next.entityId)) continue;
      const files = await entryFiles(next);
      if (files.state === 'wait') {
        waiting.add(next.entityId);
        continue;
      }
      if (files.state === 'failed') {
        await db.outbox.put({ ...next, status: 'rejected', reason: files.reason, lastError: files.reason });
        await logOutcome({ entryId: next.id, op: next.op, entityId: next.entityId, outcome: 'rejected', note: null, reason: files.reason, at });
        continue;
      }
      const sent: OutboxEntry = { ...next, status: 'sent', attempts: next.attempts + 1 };
      await db.outbox.put(sent);
      return sent;
    }
    return undefined;
  });
}

function wireEntry(entry: OutboxEntry): SyncPushEntry {
  return {
    id: entry.id,
    seq: entry.seq,
    op: entry.op,
    entityId: entry.entityId,
    baseVersion: entry.baseVersion,
    args: entry.args,
    schemaVersion: entry.schemaVersion,
  };
}

async function push(entry: OutboxEntry): Promise<SyncPushResult> {
  const answer = await withTimeout(syncConfig.requestTimeoutMs, (signal) =>
    apiFetch(PUSH_PATH, { method: 'POST', body: { deviceId: entry.deviceId, entries: [wireEntry(entry)] }, schema: SyncPushResponse, signal }),
  );
  const result = answer.results.find((r) => r.id === entry.id);
  if (!result) throw new ContractError(PUSH_PATH, [{ message: `no result for entry ${entry.id}` }]);
  return result;
}

const resultTables = () => [db.outbox, db.outcomes, db.syncState, db.bookings, db.units, db.folioCharges, db.registerEntries];

/** The server's answer, written in one transaction: the entry, the row, the log. */
async function recordResult(entry: OutboxEntry, result: SyncPushResult): Promise<void> {
  const at = new Date().toISOString();
  await db.transaction('rw', resultTables(), async () => {
    await putRecord(entry.op, result.record);
    const current = await db.outbox.get(entry.id);
    if (result.outcome === 'applied' || result.outcome === 'duplicate') {
      if (current) await db.outbox.delete(entry.id);
    } else if (current) {
      await db.outbox.put({
        ...current,
        status: result.outcome,
        reason: result.reason ?? (result.outcome === 'conflict' ? 'Changed on the server since' : 'Refused by the server'),
        record: result.record,
        lastError: null,
      });
    }
    await logOutcome({
      entryId: entry.id,
      op: entry.op,
      entityId: entry.entityId,
      outcome: result.outcome,
      note: result.note ?? null,
      reason: result.reason ?? null,
      at,
    });
    await setState('lastPushAt', at);
  });
}

/** The row the server sent back replaces the stored one when its version is newer. */
async function putRecord(op: string, record: unknown): Promise<void> {
  if (record === undefined || record === null) return;
  if (op === 'register.upsertEntry') {
    // The entry as the server keeps it: the register shows it from the device's copy, not pending.
    const entry = DeskRegisterEntry.safeParse(record);
    if (entry.success) {
      await db.registerEntries.put(entry.data);
      return;
    }
  }
  if (op === 'folio.addCharge') {
    // The charge as posted: the folio shows it from the device's copy at once, not pending.
    // (A conflict answers the booking instead: cancelled meanwhile.)
    const charge = FolioCharge.safeParse(record);
    if (charge.success) {
      await putNewer(db.folioCharges, [charge.data]);
      return;
    }
  }
  if (isBookingOp(op) || op === 'folio.addCharge' || op === 'register.upsertEntry') {
    const parsed = Booking.safeParse(record);
    if (parsed.success) await putNewer(db.bookings, [toStoredBooking(parsed.data)]);
  } else {
    const parsed = Unit.safeParse(record);
    if (parsed.success) await putNewer(db.units, [parsed.data]);
  }
}

async function recordFailure(entry: OutboxEntry, failure: SyncFailure): Promise<void> {
  const at = new Date().toISOString();
  await db.transaction('rw', resultTables(), async () => {
    const current = await db.outbox.get(entry.id);
    if (failure.kind === 'refused') {
      if (current) await db.outbox.put({ ...current, status: 'rejected', reason: failure.message, lastError: failure.message });
      await logOutcome({ entryId: entry.id, op: entry.op, entityId: entry.entityId, outcome: 'rejected', note: null, reason: failure.message, at });
      return;
    }
    if (current) await db.outbox.put({ ...current, lastError: failure.message });
    if (failure.kind === 'auth') await setState('pausedForAuth', true);
  });
}
