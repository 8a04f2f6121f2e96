import { QueryClient } from '@tanstack/react-query';

/**
 * Every query names its own fetcher (features/<name>/api/*.ts); keys are names, not URLs.
 * Defaults from public-site.md section 7: data never goes stale on its own, no refetch on
 * focus, no polling, no retries. networkMode 'offlineFirst' (DESIGN.md section 6): TanStack
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
