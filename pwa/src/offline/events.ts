/**
 * In-tab signals of the offline layer. Fired only after the Dexie transaction that caused
 * them has committed, so a listener always reads the new state.
 */

type Listener = () => void;

function signal() {
  const listeners = new Set<Listener>();
  return {
    subscribe(fn: Listener): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    emit(): void {
      for (const fn of [...listeners]) fn();
    },
  };
}

/** A new outbox entry was committed (a trigger of the replay). */
export const enqueued = signal();

/** The replay started or stopped in this tab (useSyncStatus's `replaying`). */
export const replayingChanged = signal();
