import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { loggedPath } from './logged-path.js';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  UpstreamError,
  ValidationError,
  pgCode,
  PG,
} from '../errors.js';

/** The one table from domain error to HTTP status. */
const statusOf = (err: AppError): number => {
  if (err instanceof ValidationError) return 400;
  if (err instanceof UnauthorizedError) return 401;
  if (err instanceof ForbiddenError) return 403;
  if (err instanceof NotFoundError) return 404;
  if (err instanceof ConflictError) return 409;
  if (err instanceof PayloadTooLargeError) return 413;
  if (err instanceof UnsupportedMediaTypeError) return 415;
  if (err instanceof UnprocessableError) return 422;
  if (err instanceof TooManyRequestsError) return 429;
  if (err instanceof UpstreamError) return 502;
  if (err instanceof ServiceUnavailableError) return 503;
  return 500;
};

/**
 * Mounted first. Every error becomes JSON `{ message, code?, errors?, ...details }` (details:
 * data the error carries, such as `current` for a stale write); unknown errors are
 * logged with the request id and answered with a plain 500 that reveals no internals.
 */
export function errorMiddleware(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { message: 'Not found', code: 'not_found' };
      }
    } catch (err) {
      if (err instanceof AppError) {
        ctx.status = statusOf(err);
        ctx.body = {
          // Details first: they never replace the message, code or field errors.
          ...(err.details ?? {}),
          message: err.message,
          ...(err.code ? { code: err.code } : {}),
          ...(err.errors ? { errors: err.errors } : {}),
        };
        if (err instanceof TooManyRequestsError) ctx.set('Retry-After', String(err.retryAfterSeconds));
        if (ctx.status >= 500) log.warn({ err, reqId: ctx.state.reqId }, err.message);
        return;
      }
      // Errors from koa-body / http-errors carry their own status (413 body too large, 415, 400 bad JSON).
      const httpStatus = (err as { status?: number; expose?: boolean }).status;
      if (typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500) {
        ctx.status = httpStatus;
        ctx.body = { message: httpMessage(httpStatus, err as Error) };
        return;
      }
      // A constraint that the code should have caught first still answers sensibly.
      const code = pgCode(err);
      if (code === PG.EXCLUSION_VIOLATION) {
        ctx.status = 409;
        ctx.body = { message: 'This accommodation is not available for the selected dates', code: 'unavailable' };
        return;
      }
      if (isDatabaseUnavailable(err)) {
        // The database is down or unreachable: a temporary state the client may retry, not a bug.
        log.warn({ err, reqId: ctx.state.reqId, path: loggedPath(ctx.path) }, 'database unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.body = { message: 'The service is temporarily unavailable. Please try again in a moment.', code: 'database_unavailable' };
        return;
      }
      log.error({ err, reqId: ctx.state.reqId, path: loggedPath(ctx.path) }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { message: 'Internal server error' };
    }
  };
}

function httpMessage(status: number, err: Error): string {
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Unsupported content type';
  if (status === 400 && /json|parse|unexpected/i.test(err.message)) return 'Request body is not valid JSON';
  return err.message || 'Bad request';
}

/** Socket errors, PostgreSQL's connection and shutdown classes (08, 57P0x), a pool that cannot connect. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03']);

export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgCode(err);
  if (code && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  const e = err as { name?: unknown; message?: unknown } | null;
  if (e?.name === 'KnexTimeoutError') return true;
  return typeof e?.message === 'string' && /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i.test(e.message);
}
