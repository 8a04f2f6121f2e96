import '@testing-library/jest-dom/vitest';
// The back office reads the offline store (Dexie); jsdom has no IndexedDB of its own.
import 'fake-indexeddb/auto';
import { createElement, type ReactNode } from 'react';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server, setSignedInHint } from './server.js';

// Leaflet needs a real layout engine; tests check what the page says, not the map tiles.
vi.mock('react-leaflet', () => ({
  MapContainer: ({ children }: { children?: ReactNode }) => createElement('div', { 'data-testid': 'map' }, children),
  TileLayer: () => null,
  Marker: ({ children }: { children?: ReactNode }) => createElement('div', null, children),
  Popup: ({ children }: { children?: ReactNode }) => createElement('div', null, children),
}));

/**
 * jsdom has no matchMedia; MUI's useMediaQuery then reports "small screen". This one
 * answers min-width/max-width queries against window.innerWidth, which tests may change
 * (desktop, 1440 px, by default).
 */
function installMatchMedia() {
  window.matchMedia = (query: string): MediaQueryList => {
    const width = window.innerWidth;
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  };
}

// Pages are lazy chunks; their first import is transformed on the fly and can take a while
// on a busy machine. Waiting longer costs nothing when they come quickly.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  installMatchMedia();
  // AppRoutes scrolls to the top on navigation; jsdom does not implement it.
  window.scrollTo = (() => {}) as typeof window.scrollTo;
});

beforeEach(() => {
  window.innerWidth = 1440;
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  setSignedInHint(false);
  sessionStorage.clear();
  vi.useRealTimers();
});

afterAll(() => server.close());
