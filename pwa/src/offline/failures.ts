import { ApiError, ContractError, NetworkError } from '@/lib/api.js';

/**
 * Why a sync request failed, told apart by class (never by parsing strings), because each
 * reason calls for something else:
 * - 'auth': 401/403, the session is gone: pause until a staff member logs in again.
 * - 'retry': no answer, a timeout, a 5xx, 404 (a server without the sync endpoints yet),
 *   408/429, or an answer we cannot read: stop, keep the order, try again later.
 * - 'refused': any other 4xx: the server will never take this request as it is; the entry
 *   goes to the Conflicts list with the server's words (nothing dropped silently).
 */
export type FailureKind = 'auth' | 'retry' | 'refused';

export interface SyncFailure {
  kind: FailureKind;
  /** For the desk and the entry's lastError. */
  message: string;
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s`);
    this.name = 'TimeoutError';
  }
}

export function classifyFailure(err: unknown, timedOut = false): SyncFailure {
  if (timedOut) return { kind: 'retry', message: 'timeout: no answer in time' };
  if (err instanceof ApiError) {
    const words = err.serverMessage ?? err.message;
    if (err.status === 401 || err.status === 403) return { kind: 'auth', message: `${err.status}: ${words}` };
    if (err.status >= 500 || err.status === 404 || err.status === 408 || err.status === 429) {
      return { kind: 'retry', message: `${err.status}: ${words}` };
    }
    return { kind: 'refused', message: words };
  }
  if (err instanceof NetworkError) return { kind: 'retry', message: 'network: no connection to the server' };
  if (err instanceof ContractError) return { kind: 'retry', message: `unexpected answer: ${err.message}` };
  return { kind: 'retry', message: err instanceof Error ? err.message : String(err) };
}

/**
 * Runs a request with a timeout. The abort surfaces as apiFetch's NetworkError; `timedOut`
 * tells it apart from a dropped connection.
 */
export async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new TimeoutError(ms));
  }, ms);
  try {
    return await run(controller.signal);
  } catch (err) {
    if (timedOut) throw new TimeoutError(ms);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

export function failureOf(err: unknown): SyncFailure {
  return classifyFailure(err, err instanceof TimeoutError);
}
