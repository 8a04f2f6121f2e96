import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * The one HTTP client of the PWA (public-site.md sections 7 and 8): cookies always go
 * along; a JSON body and content type only when there is a payload; any non-OK answer
 * throws an Error whose message is "status: body text" (or the status text when the body
 * is empty), e.g. '401: {"message":"Not logged in"}'.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the JSON answer (undefined for an empty body such as 204). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return parseJsonBody<T>(res);
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

async function parseJsonBody<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What a read does with a 401: the current-user read treats it as "nobody". */
export type On401 = 'returnNull' | 'throw';

/**
 * Builds the request path of a read from its cache key: segments joined by '/'.
 * A trailing plain object becomes the query string, so ['/api/admin/bookings',
 * { startDate }] is GET /api/admin/bookings?startDate=...; empty values are left out.
 */
export function pathFromQueryKey(queryKey: QueryKey): string {
  const segments = [...queryKey];
  let params: Record<string, unknown> | undefined;
  const last = segments[segments.length - 1];
  if (last !== null && typeof last === 'object' && !Array.isArray(last)) {
    params = last as Record<string, unknown>;
    segments.pop();
  }
  const path = segments.map(String).join('/');
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(pathFromQueryKey(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return parseJsonBody<T>(res);
  };
}

/**
 * The server's own words from an error thrown by apiRequest: the `message` of its JSON
 * body ('409: {"message":"..."}'). Undefined otherwise (network failure, a proxy's text or
 * HTML page, an empty body), so callers fall back to the spec's wording.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  try {
    const parsed: unknown = JSON.parse(match[1]);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || undefined;
    }
  } catch {
    // Not JSON: not a message written for people.
  }
  return undefined;
}

/** The HTTP status of an error thrown by apiRequest, if it carries one. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}
