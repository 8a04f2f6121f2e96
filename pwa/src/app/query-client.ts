import { QueryClient } from '@tanstack/react-query';

/**
 * Every query names its own fetcher (features/<name>/api/*.ts); keys are names, not URLs.
 * Defaults (docs/product.md, Shared behaviour): data never goes stale on its own, no refetch
 * on focus, no polling, no retries. networkMode 'offlineFirst' (docs/design.md, Offline
 * sync): TanStack
 * otherwise assumes it is offline until told otherwise and would leave every query paused
 * on a cold offline start; here the request is tried and fails (or is served by the cache).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
        networkMode: 'offlineFirst',
      },
    },
  });
}
