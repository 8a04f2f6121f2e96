import { startTransition, useEffect, useState } from 'react';

/**
 * How many rows of a long list to draw: `first` (a screenful) in the frame in which the data
 * arrives, then all of them in a transition: React draws the rest in slices of a few
 * milliseconds, and the browser paints the screenful and answers taps in between. On a slow
 * tablet the front desk's fifty-odd cards took most of a second to draw in one go, and the
 * first of them showed only when the last was ready.
 *
 * `ready`: the list's data is in (the switch to all rows waits for it, or it would happen
 * while the loading state shows and buy nothing).
 */
export function useProgressiveLimit(first: number, ready: boolean): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (ready && !all) startTransition(() => setAll(true));
  }, [ready, all]);
  return all ? Infinity : first;
}
