import { useEffect, useState } from 'react';

/** Runs a task when the browser is idle (soon after, where requestIdleCallback is missing); returns a cancel. */
export type IdleScheduler = (task: () => void) => () => void;

/** `timeoutMs`: the task runs by then even if the browser is never idle. */
export function whenIdle(task: () => void, timeoutMs = 5000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/**
 * False until the browser has had an idle moment since the component mounted (or `timeoutMs`
 * has passed): for work that can wait until the screen's own is done.
 */
export function useAfterIdle(timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
