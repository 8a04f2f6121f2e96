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
          testTimeout: 30_000,
        },
      },
    ],
  },
});
