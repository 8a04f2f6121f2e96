import { lazy, type ComponentType } from 'react';

/**
 * A page that loads on demand (the service worker precaches them all), picked by name from
 * its module so pages keep named exports.
 */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await load()) }));
}
