import { lazy, type ComponentType } from 'react';

/**
 * A page (or a heavy part of one) that loads on demand (the service worker precaches them
 * all), picked by name from its module so pages keep named exports. `preload()` starts the
 * download ahead of the first render (main.tsx does it for the page the visitor opened, so
 * its chunk loads beside the app's own instead of after it); the render then reuses it.
 */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loading: Promise<M> | undefined;
  const start = () => {
    // A failed download (offline) is not kept: the next render or preload tries again.
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  const Page = lazy(async () => ({ default: pick(await start()) }));
  return Object.assign(Page, {
    preload: () => {
      start().catch(() => undefined);
    },
  });
}
