/**
 * `npm run test:e2e`: builds the PWA if needed, then runs the Playwright specs in the system
 * Chromium. With `--screens` first (`npm run screens`), the screens/*.screens.ts files instead:
 * they take the pictures (screens/, git-ignored) and are not part of `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildPwaIfNeeded } from '../scripts/build-pwa.js';
import { chromiumPath } from './playwright.config.js';

if (!fs.existsSync(chromiumPath)) {
  console.error(`Chromium not found at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
buildPwaIfNeeded();
const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const screens = args[0] === '--screens';
const config = screens ? 'e2e/screens.config.ts' : 'e2e/playwright.config.ts';
const res = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', config, ...(screens ? args.slice(1) : args)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
process.exit(res.status ?? 1);
