import type { z } from 'zod';
import type { LightContract } from './light-contracts.js';

/**
 * The one HTTP client of the PWA (docs/product.md, Shared behaviour). Cookies always go along;
 * a JSON body and content type only when there is a payload. Every fetcher in
 * `features/<name>/api/*.ts` goes through `apiFetch` and names the shared zod contract of the
 * answer, so a server that answers something else fails loudly here instead of deep in a page.
 *
 * What can go wrong is told apart by class, so later code (the offline outbox, the booking
 * flow) can decide without parsing strings:
 * - `ApiError`: the server answered with a non-OK status. `message` is "status: body text"
 *   (or the status text when the body is empty), as docs/product.md, Shared behaviour says; `body` is
 *   the parsed JSON when the body was JSON (e.g. a 409 carrying the current record).
 * - `NetworkError`: no answer at all (offline, DNS, connection reset, aborted by a timeout).
 * - `ContractError`: an OK answer whose body does not match the contract.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The parsed JSON body, or the raw text when it was not JSON, or null when empty. */
    readonly body: unknown,
    bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's own words (`message` of a JSON body), meant for people; else undefined. */
  get serverMessage(): string | undefined {
    const b = this.body as { message?: unknown } | null;
    return b && typeof b === 'object' && typeof b.message === 'string' && b.message ? b.message : undefined;
  }

  /** The error code of a JSON body (`code`), if any. */
  get code(): string | undefined {
    const b = this.body as { code?: unknown } | null;
    return b && typeof b === 'object' && typeof b.code === 'string' ? b.code : undefined;
  }

  /** Field errors of a 400 (`errors: { field: message }`), empty when none. */
  get fieldErrors(): Record<string, string> {
    const b = this.body as { errors?: unknown } | null;
    return b && typeof b === 'object' && b.errors && typeof b.errors === 'object' ? (b.errors as Record<string, string>) : {};
  }
}

export class NetworkError extends Error {
  constructor(readonly cause: unknown) {
    super('Network request failed');
    this.name = 'NetworkError';
  }
}

export class ContractError extends Error {
  constructor(
    readonly path: string,
    readonly issues: unknown,
  ) {
    super(`Unexpected answer from ${path}`);
    this.name = 'ContractError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A zod contract, or one of the landing page's zod-free checks (light-contracts.ts). */
export type Contract = z.ZodType | LightContract<unknown>;

export interface ApiFetchOptions<S extends Contract | undefined> {
  method?: HttpMethod;
  body?: unknown;
  /** Query string parameters; undefined, null and '' are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** The contract of the answer. Without one the answer is not read (e.g. 204). */
  schema?: S;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type ApiResult<S> = S extends LightContract<infer T> ? T : S extends z.ZodType ? z.infer<S> : undefined;

/** One request: throws ApiError / NetworkError / ContractError as described above. */
export async function apiFetch<S extends Contract | undefined = undefined>(
  path: string,
  options: ApiFetchOptions<S> = {},
): Promise<ApiResult<S>> {
  const { method = 'GET', body, params, schema, signal, headers } = options;
  const hasBody = body !== undefined;
  // A FormData body (uploads) goes as multipart: the browser writes the boundary into the type.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  // Bytes go as they are (a register file): the caller names their Content-Type.
  const isRaw = ArrayBuffer.isView(body) || (typeof Blob !== 'undefined' && body instanceof Blob);
  const url = withParams(path, params);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: { ...(hasBody && !isForm && !isRaw ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: isForm || isRaw ? (body as BodyInit) : hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (err) {
    throw new NetworkError(err);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new NetworkError(err);
  }
  if (!res.ok) throw new ApiError(res.status, parseMaybeJson(text), text, res.statusText);
  if (!schema) return undefined as ApiResult<S>;
  const parsed = schema.safeParse(text ? parseMaybeJson(text) : undefined);
  if (!parsed.success) throw new ContractError(path, parsed.error.issues);
  return parsed.data as ApiResult<S>;
}

function parseMaybeJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function withParams(path: string, params?: ApiFetchOptions<undefined>['params']): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The server's own words from any error: the `message` of an ApiError's JSON body.
 * Undefined otherwise (network failure, a proxy's HTML page, an empty body), so callers fall
 * back to the spec's wording.
 */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The HTTP status of an ApiError; undefined for anything else. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** True when the request never got an answer (offline, timeout): worth retrying later. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof NetworkError;
}

/** The one "needs a connection" text: what cannot be done or shown without one, and when it can. */
export const needsConnection = (what: string) => `${what} needs a connection. It will be available when this device is back online.`;

/** The "needs a connection" text of a control or change that has nothing more particular to say. */
export const NEEDS_CONNECTION = needsConnection('This');

/**
 * The words for a failed change: the server's own message, else the screen's fallback; no
 * answer at all says it needs a connection (`offline`, where the screen can say what).
 */
export function errorText(error: unknown, fallback: string, offline: string = NEEDS_CONNECTION): string {
  if (error instanceof NetworkError) return offline;
  return serverMessage(error) ?? fallback;
}
