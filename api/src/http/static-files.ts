import path from 'node:path';
import fs from 'node:fs';
import serve from 'koa-static';
import send from 'koa-send';
import type { Middleware } from 'koa';

/**
 * Serves the built PWA. Hashed assets are cached for a year; index.html and the service
 * worker never (a new deploy must reach tablets). Any other GET that wants HTML gets
 * index.html so client-side routes work on reload (the router shows 'Page Not Found').
 */
export function staticFiles(dir: string): Middleware {
  const root = path.resolve(dir);
  const files = serve(root, {
    index: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest') || name.startsWith('workbox-')) {
        res.setHeader('Cache-Control', 'no-cache');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) return next();
    await files(ctx, async () => {});
    if (ctx.body != null || ctx.status !== 404) return;
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.accepts('html') && fs.existsSync(path.join(root, 'index.html'))) {
      ctx.set('Cache-Control', 'no-cache');
      await send(ctx, 'index.html', { root });
      return;
    }
    await next();
  };
}
