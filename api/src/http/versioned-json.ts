import crypto from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'koa';

export interface CachedJson {
  version: string;
  json: string;
  /** Strong, from the content: the same on every instance, so a load balancer does not matter. */
  etag: string;
  /** Compressed once, not per request. */
  gzip: Buffer;
}

/** Worth compressing: koa-compress's own threshold. */
const GZIP_THRESHOLD = 1024;

/**
 * An answer kept in memory while the probed version stays the same; loaded once per version
 * however many requests ask at the same moment.
 */
export function versionedJson(probe: () => Promise<string>, load: () => Promise<unknown>): () => Promise<CachedJson> {
  let cached: CachedJson | null = null;
  let loading: { version: string; promise: Promise<CachedJson> } | null = null;
  return async () => {
    const version = await probe();
    if (cached?.version === version) return cached;
    if (loading?.version === version) return loading.promise;
    const promise = load()
      .then((value) => {
        const json = JSON.stringify(value);
        const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27);
        const entry: CachedJson = { version, json, etag: `"${hash}"`, gzip: gzipSync(json) };
        cached = entry;
        return entry;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = null;
      });
    loading = { version, promise };
    return promise;
  };
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
 * Sends a cached answer: 304 when the client holds it (If-None-Match), gzip when accepted.
 * Stored by browsers but revalidated every time (`no-cache`; staff data: `private, no-cache`,
 * never kept by a shared cache).
 */
export function sendCachedJson(ctx: Context, entry: CachedJson, cacheControl = 'no-cache'): void {
  ctx.status = 200;
  ctx.set('ETag', entry.etag);
  ctx.set('Cache-Control', cacheControl);
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  if (entry.json.length >= GZIP_THRESHOLD && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = entry.gzip;
  } else {
    ctx.body = entry.json;
  }
}
