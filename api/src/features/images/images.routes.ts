import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { AccommodationImageQuery, BackgroundImageQuery } from '../../../../shared/contracts/images.js';
import { createImageService, type ImageClient, type ModernImageFormat, type ServedImage } from './images.service.js';

export function imageRoutes(router: Router<AppState>, deps: Deps, opts: { publicDirs: string[] }): void {
  const images = createImageService(deps, opts);

  /** Public: one of the lodge's pictures (or an allow-listed remote one), resized. */
  router.get('/accommodation-image', async (ctx) => {
    const query = parse(AccommodationImageQuery, ctx.query);
    send(ctx, await images.accommodationImage(query, clientOf(ctx)));
  });

  /** Public: the custom hero picture of the settings, resized; 404 when none is set. */
  router.get('/background-image', async (ctx) => {
    const query = parse(BackgroundImageQuery, ctx.query);
    send(ctx, await images.backgroundImage(query, clientOf(ctx)));
  });
}

const clientOf = (ctx: Context): ImageClient => ({ modernFormat: modernFormatOf(ctx), ifNoneMatch: ctx.get('If-None-Match') });

const MODERN: Record<string, ModernImageFormat> = { 'image/avif': 'avif', 'image/webp': 'webp' };

/**
 * AVIF or WebP, whichever comes first in the client's Accept as Koa ranks it (by q-value,
 * then the client's own order; q=0 means "not this"). Only a type the client names counts:
 * browsers that decode neither send `image/*` and the catch-all too, and get JPEG or PNG.
 */
function modernFormatOf(ctx: Context): ModernImageFormat | undefined {
  for (const type of ctx.accepts()) {
    const format = MODERN[type.toLowerCase()];
    if (format) return format;
  }
  return undefined;
}

function send(ctx: Context, image: ServedImage): void {
  // The format follows the Accept header: caches must keep one copy per Accept.
  ctx.set('Vary', 'Accept');
  ctx.set('ETag', image.etag);
  ctx.set('Cache-Control', image.cacheControl);
  if (!image.body) {
    ctx.status = 304;
    return;
  }
  ctx.type = image.contentType;
  ctx.body = image.body;
}
