/** Timings of the sync engine; tests shorten them with configureSync. */
export interface SyncConfig {
  /** One push or pull request gives up after this long (then counts as a network failure). */
  requestTimeoutMs: number;
  /** First retry after a failed run; doubles per failure up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Rows per pull page. */
  pullLimit: number;
}

export const DEFAULT_SYNC_CONFIG: SyncConfig = { requestTimeoutMs: 15_000, retryBaseMs: 2_000, retryMaxMs: 60_000, pullLimit: 500 };

export const syncConfig: SyncConfig = { ...DEFAULT_SYNC_CONFIG };

export function configureSync(overrides: Partial<SyncConfig>): void {
  Object.assign(syncConfig, overrides);
}

/** The wait before retry number `failures` (1 = the first): base, doubling, at most max. */
export function retryDelay(failures: number, config: SyncConfig = syncConfig): number {
  if (failures < 1) return 0;
  return Math.min(config.retryBaseMs * 2 ** (failures - 1), config.retryMaxMs);
}
