import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/precompress.js';
import { hoistStaticsWithoutSideEffects, muiWithoutCssVariables } from './scripts/bundle-trims.js';

/** Path aliases, the same as tsconfig.json's `paths` (and vitest.config.ts). */
export const aliases = {
  '@/': fileURLToPath(new URL('./pwa/src/', import.meta.url)),
  '@shared/': fileURLToPath(new URL('./shared/', import.meta.url)),
};

export default defineConfig({
  root: 'pwa',
  resolve: {
    alias: [
      // zod configured not to use eval (the CSP forbids it): see pwa/src/lib/zod-jitless.ts.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./pwa/src/lib/zod-jitless.ts', import.meta.url)) },
      ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  build: {
    outDir: '../dist/pwa',
    emptyOutDir: true,
    // No source maps in the build by default: served in production they hand out the app's
    // whole source. BUILD_SOURCEMAP=1 builds them (for debugging a build locally).
    sourcemap: process.env.BUILD_SOURCEMAP === '1',
    // Every browser the PWA supports knows <link rel="modulepreload">; the polyfill would be
    // one more kilobyte on the landing page for none of them.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Libraries change less often than app code: separate chunks survive app deploys in
        // the browser cache and in the service worker's precache. Only libraries every page
        // needs whole get a chunk of their own: MUI is left to rollup, which splits it along
        // the pages that use each component, so the landing page does not carry the back
        // office's tables and dialogs (bench/landing-bytes.ts measures it).
        manualChunks(id) {
          if (id.endsWith('/zod-jitless.ts')) return 'zod';
          // The lodge's dates, money and pricing rules, which most pages share, in a chunk of
          // their own: left to rollup they shared one with the contracts' common schemas, and
          // every page that formats a date or a price loaded and ran zod for them.
          if (/\/shared\/domain\/(dates|money|pricing|party-pricing|specials)\.ts$/.test(id) || id.includes('node_modules/@date-fns/tz/')) {
            return 'lodge-rules';
          }
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          // The windowed bookings table's virtualizer is the back office's only: it stays with that page.
          if (/node_modules\/@tanstack\/(react-virtual|virtual-core)\//.test(id)) return undefined;
          // TanStack Query's client and useQuery are every page's; mutations and the
          // several-queries and infinite observers are the forms' and back office's: a chunk
          // of their own, which the pages that use them load, rather than the landing page.
          // The packages' index modules are left to the bundler: a manual chunk takes in
          // whatever its modules import, and an index imports everything.
          if (/node_modules\/@tanstack\/[\w-]+\/build\/modern\/index\.js$/.test(id)) return undefined;
          if (/node_modules\/@tanstack\/[\w-]+\/build\/modern\/(use(?!BaseQuery|Query\.)\w+|\w*(?:mutation|queries|infiniteQuery)Observer|HydrationBoundary|hydration|streamedQuery)\.js$/.test(id)) {
            return 'query-pages';
          }
          if (id.includes('node_modules/@tanstack/')) return 'query';
          if (id.includes('node_modules/zod/')) return 'zod';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // Host is forwarded unchanged (no changeOrigin) so the API's same-origin check sees
    // the dev server's own origin and cookies stay on localhost:5173.
    proxy: { '/api': 'http://127.0.0.1:3001', '/manifest.webmanifest': 'http://127.0.0.1:3001' },
  },
  preview: { port: 4173 },
  plugins: [
    // The theme is a plain palette theme: MUI's CSS-variables theming is left out of the bundle.
    muiWithoutCssVariables(),
    hoistStaticsWithoutSideEffects(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registration is done in main.tsx through virtual:pwa-register (no inline script:
      // the API's CSP allows only 'self' scripts).
      injectRegister: false,
      // The manifest is the API's (GET /manifest.webmanifest, built from the lodge's settings
      // so an installed app carries the lodge's name); index.html links it.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,jpg,ico,woff2}'],
        // The app shell only; source maps are not needed offline.
        globIgnores: ['**/*.map'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of the build's text files, served in place of the files.
    precompress(),
  ],
});
