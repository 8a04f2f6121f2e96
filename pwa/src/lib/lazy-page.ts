import { createContext, createElement, lazy, useContext, useState, type ComponentType } from 'react';

/**
 * Which attempt at loading deferred code this part of the tree is on (components/deferred-part.tsx
 * counts them). React keeps a lazy component's failure for good, and re-renders a suspended
 * tree that never committed from scratch, so a stand-in cannot be replaced on failure alone (the
 * re-render would pick the new one and suspend again, never showing the error): it is replaced
 * when a later attempt asks for it.
 */
export const LazyAttempt = createContext(0);

/**
 * A page (or a heavy part of one) that loads on demand (the service worker precaches them
 * all), picked by name from its module so pages keep named exports. `preload()` starts the
 * download ahead of the first render (main.tsx does it for the page the visitor opened, so
 * its chunk loads beside the app's own instead of after it); the render then reuses it.
 *
 * `drawWhenLoaded` (the back office's pages): a page whose code is already loaded when it
 * mounts is drawn at once, without suspending. React reveals a suspended boundary no sooner
 * than 300 ms after its fallback appeared (so a fast load does not flash), which made every
 * first visit of a page cost 300 ms more than later ones even when its chunk took 15 ms (the
 * desk's calendar: 410 ms against 80). Not for the public pages: there the suspension is what
 * splits a phone's first render into a quick frame and the page after it (Lighthouse's
 * blocking time on `/` went from about 45 to 180-270 ms when the page was drawn in one go).
 */
export function lazyPage<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  options: { drawWhenLoaded?: boolean } = {},
) {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType<P> | undefined;
  const lazyOnce = () => lazy(async () => ({ default: pick(await start()) }));
  let stand = { lazy: lazyOnce(), attempt: undefined as number | undefined, failed: false };
  const start = () => {
    // A failed download (offline) is not kept: the next render or preload tries again.
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return module;
      },
      (err: unknown) => {
        loading = undefined;
        stand.failed = true;
        throw err;
      },
    );
    return loading;
  };
  const Lazy = stand.lazy;
  if (!options.drawWhenLoaded) return Object.assign(Lazy, { preload: () => void start().catch(() => undefined) });
  /** The lazy stand-in for this attempt: a new one once the last one failed in an earlier attempt. */
  const standFor = (attempt: number) => {
    if (stand.failed && stand.attempt !== attempt) stand = { lazy: lazyOnce(), attempt, failed: false };
    stand.attempt ??= attempt;
    return stand.lazy;
  };
  function Page(props: P) {
    const attempt = useContext(LazyAttempt);
    // Decided once per mount: switching from Lazy to the page itself on a later render would
    // be a different element type, which React answers by remounting (losing the page's state).
    const [component] = useState(() => loaded ?? standFor(attempt));
    return createElement(component as ComponentType<P>, props);
  }
  return Object.assign(Page, {
    preload: () => {
      start().catch(() => undefined);
    },
  });
}
