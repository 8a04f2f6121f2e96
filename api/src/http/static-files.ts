import path from 'node:path';
import fs from 'node:fs';
import serve from 'koa-static';
import send from 'koa-send';
import type { Context, Middleware } from 'koa';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../shared/contracts/page-data.js';
import type { Logger } from 'pino';
import type { ResponsivePicture } from '../../../shared/image-urls.js';

/**
 * Where the build puts its hashed files (Vite's assetsDir): scripts, styles, pictures, fonts; no
 * page and no worker. They are cached for good, a missing one is a 404, and they go without
 * the document-only security headers (security.ts).
 */
export const BUILT_ASSETS = '/assets/';

export interface StaticFilesOptions {
  /**
   * Data written into the HTML of the pages this serves (shared/contracts/page-data.ts). Not
   * into /index.html asked for by name: that is the copy the service worker keeps, the same for
   * every page.
   */
  pageData?: (ctx: Context) => Promise<PageData>;
  /**
   * The picture a page's first screen shows largest, read from its page data: named in the
   * page's head (`<link rel="preload">`) so the browser fetches it with the page rather than
   * once the app's code has run and drawn it.
   */
  pagePicture?: (ctx: Context, data: PageData) => ResponsivePicture | undefined;
  log?: Logger;
}


/**
 * JSON that is safe inside a <script> element: no '<' (so no '</script>' or '<!--' in a lodge's
 * name can end the element early), nor '>' or '&'. JSON.parse reads the escapes back.
 */
function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A value inside a double-quoted HTML attribute (a srcset's addresses hold '&'). */
function attribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The preload of a responsive picture: the browser reuses it for the `<img>` only when the
 * srcset and sizes are the same, so both are the picture's own.
 */
function picturePreload(picture: ResponsivePicture): string {
  return (
    `<link rel="preload" as="image" href="${attribute(picture.src)}" imagesrcset="${attribute(picture.srcSet)}"` +
    ` imagesizes="${attribute(picture.sizes)}" fetchpriority="high">`
  );
}

/** index.html with the page's picture preload and its data before </head>. */
function withPageData(html: string, data: PageData, picture: ResponsivePicture | undefined): string {
  const element = `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScriptElement(data)}</script>`;
  const at = html.indexOf('</head>');
  return at < 0 ? html : html.slice(0, at) + (picture ? picturePreload(picture) : '') + element + html.slice(at);
}

/**
 * Serves the built PWA. Hashed assets are cached for a year; index.html and the service
 * worker never (a new deploy must reach tablets). Any other GET that wants HTML gets
 * index.html so client-side routes work on reload (the router shows 'Page Not Found'),
 * except below /assets/: a chunk that is not there (a tab still running the build before the
 * last deploy) is a 404, not the page sent as if it were the script, which a browser refuses
 * by its type anyway and a cache could keep under the chunk's name.
 */
export function staticFiles(dir: string, options: StaticFilesOptions = {}): Middleware {
  const root = path.resolve(dir);
  const indexFile = path.join(root, 'index.html');
  // Read once per build (a deploy replaces the file, and its modification time with it).
  let index: { mtimeMs: number; html: string } | undefined;
  const indexHtml = () => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (index?.mtimeMs !== mtimeMs) index = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
    return index.html;
  };
  const files = serve(root, {
    index: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (filePath.startsWith(path.join(root, BUILT_ASSETS))) {
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
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.path.startsWith(BUILT_ASSETS) && ctx.accepts('html') && fs.existsSync(indexFile)) {
      ctx.set('Cache-Control', 'no-cache');
      if (!options.pageData) {
        await send(ctx, 'index.html', { root });
        return;
      }
      let html = indexHtml();
      try {
        const data = await options.pageData(ctx);
        html = withPageData(html, data, options.pagePicture?.(ctx, data));
      } catch (err) {
        // The page still works without it: the app asks the API, which answers the error.
        options.log?.warn({ err }, 'page data could not be read; the page is served without it');
      }
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = html;
      return;
    }
    await next();
  };
}
