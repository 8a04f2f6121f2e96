import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, MemoryRouter, type Location, type RouteObject } from 'react-router';
import { AppRoutes } from '@/app/app-routes.js';
import { AppProviders } from '@/app/providers.js';
import { createQueryClient } from '@/app/query-client.js';
import { routes as appRoutes } from '@/app/routes.js';

/** Where a rendered app is now (kept up to date by LocationProbe). */
export interface TestRouter {
  location: Location | null;
}

/** Reports every location the router renders into `router`. */
export function LocationProbe({ router }: { router: TestRouter }) {
  router.location = useLocation();
  return null;
}

/** Renders the real app (routes, guards, layouts, providers) at a path, as a browser would. */
export function renderApp(path: string, { routes = appRoutes }: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient();
  // Retries keep their count (the weather read's two retries are part of the spec) but not
  // their real back-off, so a test never waits seconds for them.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
  });
  const router: TestRouter = { location: null };
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      {/* As main.tsx does. */}
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <LocationProbe router={router} />
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

export function currentPath(router: TestRouter): string {
  return router.location ? router.location.pathname + router.location.search : '';
}
