import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aliases } from './vite.config.js';

// Johannesburg-day logic must be tested where it bites: the machine clock is UTC.
process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    // Integration tests each get their own database; two cores, so two workers.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['api/**/*.test.ts', 'shared/**/*.test.ts', 'e2e/doubles/**/*.test.ts', 'scripts/**/*.test.ts'],
          // One migrated database for the run; each test file's starts as a copy of it.
          globalSetup: ['api/test/global-setup.ts'],
          // A worker runs its files one after another in one module graph, rather than
          // importing the whole API (about a thousand modules) again for each file: that import
          // was four seconds of a file's CPU. Each file still builds its own database, app and
          // clock (test/harness.ts), and no API module keeps state a file could leave behind
          // (caches hang off the app's deps; the settings key is set by each createApp). The
          // pwa project stays isolated: its msw server and jsdom globals are per file.
          isolate: false,
          testTimeout: 30_000,
          // A test file's database (PGlite's WASM start and the migrations) can take over a
          // minute on a loaded two-core machine; a bound, not a wait.
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: aliases },
        test: {
          name: 'pwa',
          environment: 'jsdom',
          include: ['pwa/**/*.test.{ts,tsx}'],
          setupFiles: ['pwa/src/test/setup.ts'],
          // A bound for a hung test, not a wait. On a loaded CI machine a form test that types
          // takes four times as long; when one overran a shorter bound, vitest moved on while
          // its body went on clicking in the next test's page (screen is one document), and
          // the next test failed for it.
          testTimeout: 120_000,
        },
      },
    ],
  },
});
