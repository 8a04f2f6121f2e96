import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { AppRouterProvider } from '@/app/app-router-provider.js';
import { AppProviders } from '@/app/providers.js';
import { createQueryClient } from '@/app/query-client.js';
import { routes as appRoutes } from '@/app/routes.js';

/** Renders the real app (routes, guards, layouts, providers) at a path, as a browser would. */
export function renderApp(path: string, { routes = appRoutes }: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient();
  // Retries keep their count (the weather read's two retries are part of the spec) but not
  // their real back-off, so a test never waits seconds for them.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
