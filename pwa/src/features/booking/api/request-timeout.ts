/**
 * On weak signal a request can hang for minutes. After this long it is given up and becomes
 * a NetworkError, so the page says "you appear to be offline" with a Retry instead of spinning.
 */
export const REQUEST_TIMEOUT_MS = 25_000;

export function withTimeout(signal?: AbortSignal, ms = REQUEST_TIMEOUT_MS): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}
