import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type Koa from 'koa';
import { createApp } from '../src/app.js';
import type { TestContext } from './harness.js';

/** An HTTP server on a free port of 127.0.0.1, with its address and a close that waits. */
export interface Listening {
  base: string;
  close(): Promise<void>;
}

export async function listen(app: Koa): Promise<Listening> {
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A folder shaped like the PWA's build (index.html, assets/...), written to a temporary
 * directory: the paths are relative to the build's root.
 */
export function writeBuiltPwa(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-pwa-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** The whole app (API and static files) serving the given build, on the test's database. */
export function serveBuiltApp(t: TestContext, pwaDir: string): Promise<Listening> {
  return listen(createApp(t.deps, { pwaDir }));
}
