/**
 * Domain errors. Use cases, repos and adapters throw these (and the sync push maps them to
 * an entry's outcome); the one error middleware (http/error-middleware.ts) maps them to HTTP
 * statuses in one table. Anything else is a bug: logged, answered 500.
 */
export type FieldErrors = Record<string, string>;

/**
 * Data an error carries for the client, merged into the body by the error middleware (e.g.
 * `{ current: <the record as it is now> }` for a stale write). The sync push reads the same
 * data to answer an entry's outcome.
 */
export type ErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly errors?: FieldErrors,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request is malformed or a field is invalid. */
export class ValidationError extends AppError {}
/** 401: not logged in (or the session ended). */
export class UnauthorizedError extends AppError {}
/** 403: logged in, but the role does not allow it. */
export class ForbiddenError extends AppError {}
/** 404 */
export class NotFoundError extends AppError {}
/** 409: the request conflicts with the current state (taken dates, stale version). */
export class ConflictError extends AppError {}
/** 413 */
export class PayloadTooLargeError extends AppError {}
/** 415: a body that is not JSON (or multipart where uploads are taken). */
export class UnsupportedMediaTypeError extends AppError {}
/** 422: well-formed, but the business rules refuse it (e.g. shorter than the minimum stay). */
export class UnprocessableError extends AppError {}
/** 429 */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 'rate_limited');
  }
}
/** 502: an outside provider (Paystack, weather, SMTP) failed or answered nonsense. */
export class UpstreamError extends AppError {}
/** 503: a dependency is not configured or unavailable. */
export class ServiceUnavailableError extends AppError {}

/** PostgreSQL error codes the services translate into domain errors. */
export const PG = {
  UNIQUE_VIOLATION: '23505',
  EXCLUSION_VIOLATION: '23P01',
  CHECK_VIOLATION: '23514',
  FOREIGN_KEY_VIOLATION: '23503',
  SERIALIZATION_FAILURE: '40001',
  DEADLOCK: '40P01',
} as const;

export function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function pgConstraint(err: unknown): string | undefined {
  const c = (err as { constraint?: unknown } | null)?.constraint;
  return typeof c === 'string' ? c : undefined;
}

/**
 * An id in the request body or query that names nothing: the request is bad (400 naming the
 * field), unlike an unknown id in the path, which is a missing resource (404).
 */
export function unknownId(field: string, message: string): ValidationError {
  return new ValidationError(message, 'unknown_id', { [field]: message });
}
