/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// The app shell: every built asset, injected at build time by vite-plugin-pwa.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes load offline from the cached index.html; the API never does (an
// offline API call must fail visibly, not come back as HTML).
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

// Resized pictures (cards, hero): kept for guests on weak signal and for offline pages.
// The cached copy shows at once; a fresh one is fetched behind it (a replaced picture at
// the same address shows on the next visit).
registerRoute(
  ({ url, request }) =>
    request.destination === 'image' && (url.pathname === '/api/accommodation-image' || url.pathname === '/api/background-image'),
  new StaleWhileRevalidate({
    cacheName: 'lodge-images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The public catalogue (accommodations, the lodge's public settings) from the cache at
// once, refreshed behind: guests on weak signal still see the lodge. Only these two reads:
// staff data lives in IndexedDB (the offline store), never in a response cache.
const CATALOGUE_PATHS = new Set(['/api/accommodations', '/api/public/settings']);
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && CATALOGUE_PATHS.has(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'lodge-catalogue', plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

// registerType 'prompt': the new worker waits until the page says the user chose to reload.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * Background Sync and periodic wake-ups only tell the open app to send its outbox: the
 * outbox is Dexie's (docs/design.md, Offline sync) and the app's engine replays it, so a wake-up can
 * never drop or reorder an entry. With no window open there is nothing to do.
 */
async function wakeClients(): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage({ type: 'sync' });
}

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener('sync', (event) => {
  (event as SyncEvent).waitUntil(wakeClients());
});
self.addEventListener('periodicsync', (event) => {
  (event as SyncEvent).waitUntil(wakeClients());
});
