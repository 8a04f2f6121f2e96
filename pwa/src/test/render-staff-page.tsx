import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { User } from '@shared/contracts/auth.js';
import { AppProviders } from '@/app/providers.js';
import { createQueryClient } from '@/app/query-client.js';
import { AUTH_USER_KEY } from '@/features/auth/api/auth-keys.js';
import { LocationProbe, type TestRouter } from './render-app.js';
import { server, signedInAs } from './server.js';

/**
 * One back-office page on its own, as `user` sees it: the providers and a router at `path`,
 * without the admin layout (whose header starts the sync engine). The page reads whatever
 * the test seeded into the local store.
 */
export function renderStaffPage(page: ReactElement, { user, path = '/admin' }: { user: User; path?: string }) {
  server.use(signedInAs(user));
  const router: TestRouter = { location: null };
  const userEvents = userEvent.setup();
  const queryClient = createQueryClient();
  // The session is known from the first render, as it is behind the admin layout's guard.
  queryClient.setQueryData(AUTH_USER_KEY, user);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <LocationProbe router={router} />
        <Routes>
          <Route path={path.split('?')[0]} element={page} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, user: userEvents };
}
