import type { Clock } from '../deps.js';
import { TooManyRequestsError } from './errors.js';

export interface TokenBucketOptions {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Tokens regained per window (spread evenly over it). */
  refillPerWindow: number;
  windowMs: number;
  clock: Clock;
  message?: string;
}

/**
 * A per-key token bucket held in this process (the chat and the contact form: cheap
 * endpoints where a limit per instance is enough; the login limit lives in the database).
 * Keys are usually the client address. Old keys are forgotten once their bucket is full
 * again, so the map cannot grow without bound.
 */
export function createTokenBucket(opts: TokenBucketOptions) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const ratePerMs = opts.refillPerWindow / opts.windowMs;
  const message = opts.message ?? 'Too many requests. Please wait a moment and try again.';

  function sweep(now: number) {
    for (const [key, b] of buckets) {
      if (b.tokens + (now - b.at) * ratePerMs >= opts.capacity) buckets.delete(key);
    }
  }

  return {
    /** Takes one token for `key`, or throws TooManyRequestsError with the seconds to wait. */
    take(key: string): void {
      const now = opts.clock.now().getTime();
      if (buckets.size > 10_000) sweep(now);
      const b = buckets.get(key) ?? { tokens: opts.capacity, at: now };
      const tokens = Math.min(opts.capacity, b.tokens + Math.max(0, now - b.at) * ratePerMs);
      if (tokens < 1) {
        buckets.set(key, { tokens, at: now });
        throw new TooManyRequestsError(message, Math.max(1, Math.ceil((1 - tokens) / ratePerMs / 1000)));
      }
      buckets.set(key, { tokens: tokens - 1, at: now });
    },
  };
}
