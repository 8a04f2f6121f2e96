/**
 * The front desk's offline engine (docs/design.md, Offline sync). Screens read through the hooks and
 * write through the outbox functions; the back office's layout calls startSync() once a
 * staff session is known, requestPersistence() after login and resumeAfterLogin(user)
 * after a login that follows a 401 pause.
 */
export { configureSync, DEFAULT_SYNC_CONFIG, retryDelay, type SyncConfig } from './config.js';
export {
  LOCAL_DATA_VERSION,
  acknowledgeEviction,
  checkLocalData,
  db as offlineDb,
  requestPersistence,
  resetServerData,
  setSyncUser,
  type LocalDataCheck,
  type OutboxEntry,
  type OutboxStatus,
  type OutcomeLogEntry,
  type SyncUser,
} from './db.js';
export { getEngineStatus, resumeAfterLogin, startSync, syncNow, type EngineStatus, type SyncRunResult } from './engine.js';
export { classifyFailure, type FailureKind, type SyncFailure } from './failures.js';
export * from './hooks.js';
export {
  OfflineEditError,
  applyMineAgain,
  discardMine,
  enqueue,
  markPaymentReceived,
  setBookingStatus,
  setSpecialRequests,
  setUnitActive,
  type OfflineEditErrorCode,
} from './outbox.js';
export { applyEntryLocally, overlayRow, type ApplyResult, type Overlaid, type OverlayMarks } from './overlay.js';
export { pullChanges, type PullResult } from './pull.js';
export { removeServerRows, storeServerRows } from './server-rows.js';
export type { BookingFilter, DeskBooking, DeskUnit, OutboxView, StoredSyncStatus, TodayBoard } from './queries.js';
export { replayOutbox, type ReplayResult, type ReplayStatus } from './replay.js';
