import { defineConfig } from '@playwright/test';
import specs from './playwright.config.js';

/** `npm run screens`: the screens/*.screens.ts files, against the same server as the specs. */
export default defineConfig({
  ...specs,
  testDir: './screens',
  testMatch: '*.screens.ts',
  // No retry: a picture is taken or the run says why not.
  retries: 0,
  // The pictures wait for the screens they show; a lazy page on the shared machine can be slow.
  expect: { timeout: 30_000 },
  outputDir: '../test-results/screens',
});
