import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes.js';
import { AppProviders } from './app/providers.js';
import { createQueryClient } from './app/query-client.js';
import { PwaUpdatePrompt } from './app/pwa-update-prompt.js';
import { routes } from './app/routes.js';
import { accommodationsQueryOptions } from './features/accommodations/api/use-accommodations.js';

const queryClient = createQueryClient();

// /accommodations opens on the list: it is asked for now, beside the page's code, rather than
// once that code has arrived and drawn (the first card's picture, the page's largest paint,
// waits for it). The page's query then finds it in the cache or in flight.
if (window.location.pathname.replace(/\/+$/, '') === '/accommodations') {
  void queryClient.prefetchQuery(accommodationsQueryOptions());
}

// The first render is a transition: React draws the app in slices of a few milliseconds,
// letting the browser in between, instead of one long task that holds a phone's main thread
// (Lighthouse's Total Blocking Time). What it draws is the same.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* No transitions: a navigation renders at once (logout leaves a protected page synchronously). */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes routes={routes} />
        </BrowserRouter>
        <PwaUpdatePrompt />
      </AppProviders>
    </StrictMode>,
  ),
);
