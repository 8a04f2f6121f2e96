import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { buildOpenApiDocument } from './openapi.js';

const require = createRequire(import.meta.url);
const appVersion = (require('../../../../package.json') as { version: string }).version;

/**
 * The API described: `GET /api/openapi.json` (OpenAPI 3.1, generated once per process from
 * the route table and the contracts) and `GET /api/docs`, a reference page drawn by Scalar's
 * standalone bundle served from node_modules (no CDN: the page works where the lodge's
 * internet does not, and sends nothing elsewhere).
 */
export function apiDocsRoutes(router: Router<AppState>, _deps: Deps): void {
  let documentJson: string | undefined;
  router.get('/openapi.json', (ctx) => {
    documentJson ??= JSON.stringify(buildOpenApiDocument({ version: appVersion }));
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = documentJson;
  });

  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = DOCS_PAGE;
  });

  // The page's own script (the CSP allows no inline script) and Scalar's bundle.
  router.get('/docs/init.js', (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = INIT_SCRIPT;
  });

  let bundle: Buffer | undefined;
  router.get('/docs/scalar.js', (ctx) => {
    bundle ??= fs.readFileSync(scalarBundlePath());
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = bundle;
  });
}

function scalarBundlePath(): string {
  // The package exports no path to its browser bundle; it sits beside the module's entry.
  return path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser/standalone.js');
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Lodge API reference</title>
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const INIT_SCRIPT = `Scalar.createApiReference('#api-reference', {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  hideClientButton: false,
  telemetry: false,
});
`;
