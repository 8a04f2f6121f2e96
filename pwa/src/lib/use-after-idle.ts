import { useEffect, useState } from 'react';

/**
 * False until the browser has had an idle moment since the component mounted (or `timeoutMs`
 * has passed): for work that can wait until the screen's own is done. Without
 * requestIdleCallback, true on the next turn.
 */
export function useAfterIdle(timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const id = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(id);
    }
    const id = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }, [timeoutMs]);
  return idle;
}
