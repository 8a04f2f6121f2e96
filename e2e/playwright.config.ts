import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // One server and one database for the run: specs that change data use their own records.
  workers: 1,
  fullyParallel: false,
  // On CI one retry, reported as "flaky" in the output: a spec that fails twice still fails
  // the run. A single slow machine hiccup (a service worker still writing its cache) must
  // not throw away a whole submission; the flaky report says which spec to harden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The API refuses a state-changing call that carries a session cookie but says nothing
    // of where it comes from (CSRF). A browser page always sends Origin; the specs' own
    // request contexts (page.request, the request fixture) say it too, as the page would.
    extraHTTPHeaders: { Origin: `http://127.0.0.1:${port}` },
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // tsx directly (not npx) so the stop signal reaches serve.ts, which drops its database.
    command: 'node node_modules/tsx/dist/cli.mjs e2e/serve.ts',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
