/**
 * Whether the app may reload now to take a new version (docs/design.md, Offline sync: never while
 * the outbox holds entries or a form is unsaved). Features register a blocker that returns
 * a reason to wait, or null; the update prompt asks before reloading.
 */
export type ReloadBlocker = () => string | null;

const blockers = new Set<ReloadBlocker>();

/** Registers a blocker; call the returned function to remove it (e.g. on unmount). */
export function registerReloadBlocker(blocker: ReloadBlocker): () => void {
  blockers.add(blocker);
  return () => {
    blockers.delete(blocker);
  };
}

/** The reasons not to reload right now; empty when it is safe. */
export function reloadBlockReasons(): string[] {
  const reasons: string[] = [];
  for (const blocker of blockers) {
    const reason = blocker();
    if (reason) reasons.push(reason);
  }
  return reasons;
}

export function canReloadNow(): boolean {
  return reloadBlockReasons().length === 0;
}
