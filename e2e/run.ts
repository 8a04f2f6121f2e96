/** `npm run test:e2e`: builds the PWA if needed, then runs the Playwright specs in the system Chromium. */
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
const res = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
process.exit(res.status ?? 1);
