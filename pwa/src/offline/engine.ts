import { retryDelay, syncConfig } from './config.js';
import { checkLocalData, setState, setSyncUser, type LocalDataCheck, type DeviceUser } from './db.js';
import { enqueued, replayingChanged } from './events.js';
import { failureOf, type SyncFailure } from './failures.js';
import { pullChanges, type PullResult } from './pull.js';
import { pullRegister } from './register.js';
import { isReplaying, replayOutbox, type ReplayResult } from './replay.js';

/**
 * The sync engine: push the outbox, then pull what changed. Runs on app start, the
 * `online` event, the page becoming visible, a new entry, the back-off timer and a service
 * worker's `{ type: 'sync' }` message (startSync wires them). Failures back off 2 s, 4 s,
 * ... 60 s; a 401 pauses everything until resumeAfterLogin.
 */

export interface SyncRunResult {
  push: ReplayResult;
  pull?: PullResult;
  /** What stopped this run, if anything (push or pull). */
  failure?: SyncFailure;
  /** When a retry is scheduled (engine started only). */
  retryInMs?: number;
}

/** The in-memory part of the sync status (per tab; the rest lives in Dexie). */
export interface EngineStatus {
  /** The outbox is being sent right now (in this tab). */
  replaying: boolean;
  /** A pull is running (in this tab). */
  pulling: boolean;
  /** Why the last run stopped, for the desk; null after a clean run. */
  lastError: string | null;
  /** When the next automatic retry is due (epoch ms), if one is scheduled. */
  nextRetryAt: number | null;
  /** What the start-up check of the local data found (evicted: tell staff it was reloaded). */
  localData: LocalDataCheck | null;
}

let status: EngineStatus = { replaying: false, pulling: false, lastError: null, nextRetryAt: null, localData: null };
const statusListeners = new Set<() => void>();

function updateStatus(patch: Partial<EngineStatus>) {
  status = { ...status, ...patch };
  for (const fn of [...statusListeners]) fn();
}

export function getEngineStatus(): EngineStatus {
  return status;
}

export function subscribeEngineStatus(fn: () => void): () => void {
  statusListeners.add(fn);
  return () => statusListeners.delete(fn);
}

replayingChanged.subscribe(() => updateStatus({ replaying: isReplaying() }));

let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let started = 0;
let checkedLocalData = false;
let current: Promise<SyncRunResult> | null = null;
let runAgain = false;

/**
 * One sync run (push, then pull). Calls while a run is going join it and ask for one more
 * run afterwards, so a trigger is never lost and runs never overlap in a tab.
 */
export function syncNow(): Promise<SyncRunResult> {
  if (current) {
    runAgain = true;
    return current;
  }
  const run = (async () => {
    let result: SyncRunResult;
    do {
      runAgain = false;
      result = await runOnce();
      // A trigger that came in meanwhile gets a run of its own, unless this one failed (the
      // back-off decides then). A run that found the outbox paused runs again too: the
      // trigger may be the login that lifted the pause after this run had looked.
    } while (runAgain && !result.failure && (result.push.status === 'done' || result.push.status === 'paused'));
    return result;
  })();
  current = run.finally(() => {
    current = null;
  });
  return current;
}

async function runOnce(): Promise<SyncRunResult> {
  if (!checkedLocalData) {
    const check = await checkLocalData();
    checkedLocalData = true;
    updateStatus({ localData: check });
  }
  const push = await replayOutbox();
  if (push.status === 'paused') return settle({ push, failure: push.failure });
  if (push.status === 'retry') return settle({ push, failure: push.failure });
  // Another tab holds the replay lock: look again soon in case it finished before our entry.
  if (push.status === 'busy') schedule(syncConfig.retryBaseMs);

  updateStatus({ pulling: true });
  try {
    const pull = await pullChanges();
    // The register rides on the pull but never fails it: the copy on the device stays until
    // the next answer (a server without the register answers 404, and the desk works on).
    await pullRegister().catch(() => undefined);
    return settle({ push, pull });
  } catch (err) {
    const failure = failureOf(err);
    if (failure.kind === 'auth') await setState('pausedForAuth', true);
    return settle({ push, failure });
  } finally {
    updateStatus({ pulling: false });
  }
}

/** Resets or extends the back-off after a run, after its writes have committed. */
function settle(result: SyncRunResult): SyncRunResult {
  const failure = result.failure;
  if (!failure) {
    failures = 0;
    if (result.push.status !== 'busy') clearRetry();
    updateStatus({ lastError: null });
    return result;
  }
  updateStatus({ lastError: failure.message });
  if (failure.kind === 'auth') {
    clearRetry();
    return result;
  }
  failures += 1;
  const delay = retryDelay(failures);
  if (schedule(delay)) result.retryInMs = delay;
  return result;
}

function schedule(delay: number): boolean {
  if (started === 0) return false;
  clearRetry();
  retryTimer = setTimeout(() => {
    retryTimer = null;
    updateStatus({ nextRetryAt: null });
    void syncNow();
  }, delay);
  updateStatus({ nextRetryAt: Date.now() + delay });
  return true;
}

function clearRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (status.nextRetryAt !== null) updateStatus({ nextRetryAt: null });
}

/**
 * After a staff member logs in again: remembers who (when given), lifts the 401 pause and
 * sends what waited. Nothing queued was lost while paused.
 */
export async function resumeAfterLogin(user?: DeviceUser): Promise<SyncRunResult> {
  if (user) await setSyncUser(user);
  // A run still going may be one the old session is being refused in: its 401 pauses the
  // outbox when its answer lands. Lifting the pause before that answer, and joining that
  // run, left the outbox paused after a good login with entries queued. So: let it end
  // (and record its 401), then lift the pause and run afresh.
  while (current) await current.catch(() => undefined);
  await setState('pausedForAuth', false);
  failures = 0;
  return syncNow();
}

/**
 * Wires the triggers and runs once (app start). Call it when a staff session is known
 * (the back office's layout); the returned function unwires them (logout, unmount).
 */
export function startSync(): () => void {
  started += 1;
  const trigger = () => void syncNow();
  const onVisible = () => {
    if (document.visibilityState === 'visible') trigger();
  };
  const onSwMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'sync') trigger();
  };
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  window.addEventListener('online', trigger);
  document.addEventListener('visibilitychange', onVisible);
  sw?.addEventListener('message', onSwMessage);
  const unsubscribe = enqueued.subscribe(trigger);
  trigger();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    started -= 1;
    window.removeEventListener('online', trigger);
    document.removeEventListener('visibilitychange', onVisible);
    sw?.removeEventListener('message', onSwMessage);
    unsubscribe();
    if (started === 0) clearRetry();
  };
}

/** Tests only: forget the in-memory state between tests. */
export function resetEngineForTests(): void {
  clearRetry();
  failures = 0;
  started = 0;
  checkedLocalData = false;
  current = null;
  runAgain = false;
  status = { replaying: false, pulling: false, lastError: null, nextRetryAt: null, localData: null };
}
