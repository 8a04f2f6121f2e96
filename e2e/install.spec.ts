import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import config, { chromiumPath } from './playwright.config.js';

/**
 * The app is installable (manifest, icons, service worker) and the worker takes control.
 * Chromium never offers installation in an incognito profile, which every ordinary
 * Playwright context is: this one runs in a real (temporary) profile.
 */
test('no installability errors, and the service worker controls the page after a reload', async ({ baseURL }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: config.use?.launchOptions?.args,
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
  // Served by the API from the settings row: the demo lodge's name.
  expect(manifest).toMatchObject({ name: 'Leadwood Koppie', short_name: 'Leadwood', display: 'standalone', start_url: '/', theme_color: '#4b5a2a' });
  expect((manifest.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
});

test('the public catalogue is served from the cache when offline', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // A controlled load fills the catalogue cache. The worker writes each response after
  // answering the page, so wait for the very entry this test reads offline, not just any.
  await page.goto('/accommodations');
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('lodge-catalogue')).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search).sort(),
      ),
    )
    .toContain('/api/accommodations');

  await context.setOffline(true);
  const status = await page.evaluate(async () => (await fetch('/api/accommodations')).status);
  expect(status).toBe(200);
});
