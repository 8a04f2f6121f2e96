import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes.js';
import { AppProviders } from './app/providers.js';
import { createQueryClient } from './app/query-client.js';
import { PwaUpdatePrompt } from './app/pwa-update-prompt.js';
import { seedQueriesFromPage } from './app/page-data.js';
import { preloadBackOfficePage, routes } from './app/routes.js';
import { seedVisitorWithoutSession, startLoginCheckEarly } from './features/auth/api/use-auth.js';
import { accommodationsQueryOptions } from './features/accommodations/api/use-accommodations.js';
import { unitsQueryOptions } from './features/accommodations/api/use-units.js';

const queryClient = createQueryClient();
// What the server wrote into the page (the lodge's settings; on /accommodations the list) and
// a visitor's known "nobody logged in": the first render is drawn with them.
seedQueriesFromPage(queryClient);
seedVisitorWithoutSession(queryClient);

// /accommodations opens on the list and its units: where the page did not carry them (the
// service worker's copy of the page), they are asked for now, beside the page's code, rather
// than once that code has arrived and drawn (the first card's picture, the page's largest
// paint, waits for them). The page's queries then find them in the cache or in flight; a list
// already in the cache is fresh (no query goes stale on its own) and is not asked again.
if (window.location.pathname.replace(/\/+$/, '') === '/accommodations') {
  void queryClient.prefetchQuery(accommodationsQueryOptions());
  void queryClient.prefetchQuery(unitsQueryOptions());
}
// A back-office address (the desk's tablet opening the app, online or not): the login check
// and the page's code start now, side by side, rather than one after the other once the
// back office's frame has drawn.
if (window.location.pathname.startsWith('/admin')) {
  startLoginCheckEarly();
  preloadBackOfficePage(window.location.pathname);
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
