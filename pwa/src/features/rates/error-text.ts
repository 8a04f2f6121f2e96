import { ApiError, NetworkError } from '@/lib/api.js';

export const NEEDS_CONNECTION = 'This needs a connection. It will be available when this device is back online.';

/** The server's words, else the spec's fallback; no answer at all says it needs a connection. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof NetworkError) return NEEDS_CONNECTION;
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return fallback;
}
