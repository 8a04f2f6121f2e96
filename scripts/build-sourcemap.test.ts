import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserConfig } from 'vite';

/** Source maps carry the app's whole source: the production build leaves them out unless asked. */
async function buildConfig(): Promise<UserConfig> {
  vi.resetModules();
  return (await import('../vite.config.js')).default as UserConfig;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the PWA build and source maps', () => {
  it('builds no source maps by default', async () => {
    vi.stubEnv('BUILD_SOURCEMAP', '');
    expect((await buildConfig()).build?.sourcemap).toBe(false);
  });

  it('builds them with BUILD_SOURCEMAP=1', async () => {
    vi.stubEnv('BUILD_SOURCEMAP', '1');
    expect((await buildConfig()).build?.sourcemap).toBe(true);
  });
});
