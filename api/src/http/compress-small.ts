import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type Koa from 'koa';

/** Below this, compressing saves no packet on the wire (koa-compress's own threshold). */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Up to this size a body is compressed in one synchronous call (well under a millisecond at
 * these settings); bigger bodies and streams are left to koa-compress's streams, which run
 * beside the event loop.
 */
const SMALL_BODY_MAX = 64 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
/** Text the API and the static pages send; images and PDFs are compressed already. */
const TEXT_TYPE = /^(?:text\/|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))\b)/i;

/**
 * Compresses the API's small answers (a guest's booking page, a price, a list of a few
 * bookings) in one call instead of koa-compress's stream per response. Under load the stream
 * was the dearest part of such a request: a brotli encoder's state set up and torn down for a
 * kilobyte or two, the work handed to the thread pool and back, and the answer sent chunked.
 * Here the encoder is told the size (a small window), the answer carries its Content-Length,
 * and koa-compress, which runs outside this, sees Content-Encoding set and leaves it alone.
 *
 * The same choice koa-compress makes: brotli first when the client accepts it (it is
 * smaller), else gzip, else nothing; no Accept-Encoding header means no compression.
 */
export const compressSmallBodies: Koa.Middleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return;
  if (
    ctx.method === 'HEAD' ||
    ctx.compress === false ||
    ctx.response.get('Content-Encoding') ||
    ctx.response.get('Content-Range') ||
    NO_TRANSFORM.test(ctx.response.get('Cache-Control')) ||
    !ctx.get('Accept-Encoding') ||
    !TEXT_TYPE.test(ctx.type)
  ) {
    return;
  }
  // Sized before any copy: a big string body is left to koa-compress without being encoded
  // into a Buffer here first.
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  if (size < COMPRESS_THRESHOLD || size > SMALL_BODY_MAX) return;
  const encoding = ctx.acceptsEncodings('br') ? 'br' : ctx.acceptsEncodings('gzip') ? 'gzip' : null;
  if (!encoding) return;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const type = ctx.type;
  ctx.body =
    encoding === 'br'
      ? brotliCompressSync(bytes, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size },
        })
      : gzipSync(bytes);
  // Setting a Buffer body makes Koa call it a binary download; the type stays what it was.
  ctx.type = type;
  ctx.set('Content-Encoding', encoding);
};
