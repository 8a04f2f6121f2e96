import crypto from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import { COMPRESS_THRESHOLD } from './compress-small.js';
import { versionedRead } from '../db/versioned-read.js';

export interface CachedJson {
  version: string;
  json: string;
  /** Strong, from the content: the same on every instance, so a load balancer does not matter. */
  etag: string;
  /** Compressed once, not per request. */
  gzip: Buffer;
  /**
   * Brotli, which every browser the app supports accepts: a third smaller than gzip on these
   * lists (the 14-day calendar at scale: 17-20 KB against 26 KB), which a phone on a weak
   * signal feels, and fewer bytes for the server to write. Quality 6: a couple of
   * milliseconds once per version (11 would cost a tenth of a second for little more).
   */
  br: Buffer;
}

function brotli(json: string): Buffer {
  return brotliCompressSync(json, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json) },
  });
}


/** A value as an answer: its JSON, its ETag and its compressed copies, made once. */
function toCachedJson(version: string, value: unknown): CachedJson {
  const json = JSON.stringify(value);
  const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27);
  return { version, json, etag: `"${hash}"`, gzip: gzipSync(json), br: brotli(json) };
}

/**
 * The answer of a versioned read (db/versioned-read.ts), encoded once per
 * version: the read may be shared with callers that want the value itself (the page data
 * written into the HTML), so both hold one copy loaded by one query.
 */
export function cachedJsonOf(read: () => Promise<{ version: string; value: unknown }>): () => Promise<CachedJson> {
  let cached: CachedJson | null = null;
  return async () => {
    const { version, value } = await read();
    if (cached?.version !== version) cached = toCachedJson(version, value);
    return cached;
  };
}

/**
 * An answer kept in memory while the probed version stays the same; loaded once per version
 * however many requests ask at the same moment.
 */
export function versionedJson(probe: () => Promise<string>, load: () => Promise<unknown>): () => Promise<CachedJson> {
  return cachedJsonOf(versionedRead(probe, load));
}

/**
 * versionedJson for answers that depend on a key (a window's dates): one cached answer per
 * key, the last `maxKeys` keys used, all checked against the same version.
 */
export function versionedJsonByKey(
  probe: () => Promise<string>,
  load: (key: string) => Promise<unknown>,
  maxKeys = 32,
): (key: string) => Promise<CachedJson> {
  const byKey = new Map<string, () => Promise<CachedJson>>();
  return (key) => {
    let get = byKey.get(key);
    if (get) {
      byKey.delete(key); // most recently used last
    } else {
      get = versionedJson(probe, () => load(key));
      if (byKey.size >= maxKeys) byKey.delete(byKey.keys().next().value!);
    }
    byKey.set(key, get);
    return get();
  };
}

/**
 * Sends a cached answer: 304 when the client holds it (If-None-Match), else brotli or gzip
 * when accepted (brotli first whatever order the client lists them in: it is smaller).
 * Stored by browsers but revalidated every time (`no-cache`; staff data: `private, no-cache`,
 * never kept by a shared cache).
 */
export function sendCachedJson(ctx: Context, entry: CachedJson, cacheControl = 'no-cache'): void {
  ctx.status = 200;
  ctx.vary('Accept-Encoding');
  ctx.set('ETag', entry.etag);
  ctx.set('Cache-Control', cacheControl);
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  const compress = entry.json.length >= COMPRESS_THRESHOLD;
  if (compress && ctx.acceptsEncodings('br')) {
    ctx.set('Content-Encoding', 'br');
    ctx.body = entry.br;
  } else if (compress && ctx.acceptsEncodings('gzip')) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = entry.gzip;
  } else {
    ctx.body = entry.json;
  }
}
