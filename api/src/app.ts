import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import { HttpMethodEnum, koaBody } from 'koa-body';
import compress from 'koa-compress';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Deps } from './deps.js';
import type { AppState } from './http/types.js';
import { errorMiddleware } from './http/error-middleware.js';
import { loggedPath } from './http/logged-path.js';
import { UnsupportedMediaTypeError } from './errors.js';
import { originCheck, securityHeaders } from './http/security.js';
import { COMPRESS_THRESHOLD, compressSmallBodies } from './http/compress-small.js';
import { applyRouteTable } from './http/guards.js';
import { SESSION_COOKIE, sessionMiddleware, loadUser } from './features/auth/session.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { accommodationRoutes } from './features/accommodations/accommodations.routes.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { webManifestRoute } from './features/settings/web-manifest.js';
import { bankStatementRoutes } from './features/bank-reconciliation/bank-statements.routes.js';
import { paymentRoutes } from './features/payments/payments.routes.js';
import { invoiceRoutes } from './features/invoices/invoices.routes.js';
import { availabilityRoutes } from './features/availability/availability.routes.js';
import { pricingRoutes } from './features/pricing/pricing.routes.js';
import { bookingRoutes } from './features/bookings/bookings.routes.js';
import { housekeepingRoutes } from './features/housekeeping/housekeeping.routes.js';
import { folioRoutes } from './features/folio/folio.routes.js';
import { bookingLookupRoutes } from './features/bookings/booking-lookup.routes.js';
import { guestBookingRoutes, guestTokenMisses } from './features/guest-bookings/guest-bookings.routes.js';
import { syncRoutes } from './features/sync/sync.routes.js';
import { idempotency, onlyFor } from './http/idempotency.js';
import { chatRoutes } from './features/chat/chat.routes.js';
import { contactRoutes } from './features/contact/contact.routes.js';
import { waitlistRoutes } from './features/waitlist/waitlist.routes.js';
import { weatherRoutes } from './features/weather/weather.routes.js';
import { imageRoutes } from './features/images/images.routes.js';
import { staticFiles } from './http/static-files.js';
import { isPrivatePage, pageDataFor, pagePictureOf } from './features/page-data/page-data.js';
import { eventRoutes } from './features/events/events.routes.js';
import { staffRoutes } from './features/auth/staff.routes.js';
import { auditRoutes } from './features/audit/audit.routes.js';
import { rateAdminRoutes } from './features/pricing/rates-admin.routes.js';
import { specialsRoutes } from './features/specials/specials.routes.js';
import { extrasRoutes } from './features/extras/extras.routes.js';
import { useSettingsKey } from './features/settings/settings-crypto.js';
import { healthRoutes } from './features/health/health.routes.js';
import { calendarRoutes } from './features/calendar/calendar.routes.js';
import { systemStatusRoutes } from './features/system-status/system-status.routes.js';
import { paymentProofRoutes } from './features/payment-proofs/payment-proofs.routes.js';
import { lodgerRegisterRoutes } from './features/lodger-register/lodger-register.routes.js';
import { registerAdminRoutes } from './features/lodger-register/register-admin.routes.js';
import { reportRoutes } from './features/reports/reports.routes.js';
import { apiDocsRoutes } from './features/api-docs/api-docs.routes.js';
import { channelRoutes } from './features/channels/channels.routes.js';
import { icalExportRoute } from './features/channels/ical-export.js';

export interface AppOptions {
  /** Directory of the built PWA; served with an index.html fallback when set. */
  pwaDir?: string;
}

/** Paths whose callers are servers, not browsers (no Origin; authenticated otherwise). */
const ORIGIN_EXEMPT = ['/api/payments/webhook'];

/** Builds the Koa app: middleware order and routers. No listen() here (see server.ts). */
export function createApp(deps: Deps, options: AppOptions = {}): Koa<AppState> {
  const app = new Koa<AppState>();
  app.keys = deps.sessionKeys;
  useSettingsKey(deps.settingsKey);
  app.proxy = deps.config.TRUST_PROXY;

  const allowedOrigins = (deps.config.PUBLIC_ORIGIN ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);

  // A client that goes away mid-response (a tab closed, a navigation) is not a server error.
  const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
  app.silent = true;
  app.on('error', (err: Error & { code?: string; status?: number }) => {
    if ((err.code && CLIENT_GONE.has(err.code)) || (err.status && err.status < 500)) return;
    deps.log.error({ err }, 'unhandled app error');
  });

  // Request logs are info: with the level above it (production often, the benchmarks always)
  // a request does not build the log line only for pino to drop it.
  const logRequests = deps.log.isLevelEnabled('info');
  app.use(async (ctx, next) => {
    ctx.state.reqId = ctx.get('X-Request-Id') || crypto.randomUUID();
    ctx.state.user = null;
    const started = performance.now();
    await next();
    if (logRequests && ctx.path.startsWith('/api/')) {
      deps.log.info(
        { reqId: ctx.state.reqId, method: ctx.method, path: loggedPath(ctx.path), status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  });
  // Outside the error middleware, so error answers (400, 401, 403, 404, 5xx) carry them too.
  app.use(
    securityHeaders({
      production: deps.config.isProduction,
      paystackScriptOrigin: new URL(deps.config.PAYSTACK_INLINE_SCRIPT_URL).origin,
    }),
  );
  app.use(errorMiddleware(deps.log));
  app.use(compress({ threshold: COMPRESS_THRESHOLD }));
  // Small answers in one call (compress-small.ts); big ones and files by koa-compress's streams.
  app.use(compressSmallBodies);
  // The units' calendars for the channels (outside /api: the token in the path is the
  // credential). Ahead of the body, session and user middleware, which it has no use for: a
  // channel polls every unit every few minutes, with no cookie and no body.
  app.use(icalExportRoute(deps));
  app.use(stringifyJsonOnce);
  app.use(originCheck(() => allowedOrigins, ORIGIN_EXEMPT, SESSION_COOKIE, !deps.config.isProduction));
  app.use(requireJsonOrMultipart);
  // koa-body ships its own copy of Koa's types; the middleware is the same at run time.
  const parseBody = koaBody({
      json: true,
      multipart: false,
      urlencoded: false,
      text: false,
      jsonLimit: '100kb',
      jsonStrict: true,
      // DELETE /api/admin/accommodations/:id/images names the picture in its body.
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
      // The Paystack webhook signature is computed over the exact bytes received.
      includeUnparsed: true,
      onError: (err) => {
        throw err;
      },
    }) as unknown as Koa.Middleware;
  // A raw upload's route reads its own body, up to its own limit.
  app.use((ctx, next) => (isRawUpload(ctx) ? next() : parseBody(ctx, next)));
  app.use(sessionMiddleware(app, deps));
  app.use(loadUser(deps));

  // A guest's retry after a lost answer must not book or charge twice (idempotency.ts).
  app.use(onlyFor(['POST /api/bookings', 'POST /api/payments/initialize'], idempotency(deps)));

  const api = createApiRouter(deps, options);
  app.use(api.routes());
  app.use(api.allowedMethods());

  // Built from the settings row (the lodge's name), before the built PWA's files.
  app.use(webManifestRoute(deps));
  if (options.pwaDir) {
    const tokenMisses = guestTokenMisses(deps);
    const pageData = (ctx: Context) => {
      if (isPrivatePage(ctx.path)) ctx.set('Cache-Control', 'no-store');
      return pageDataFor(deps, ctx.path, { guestTokenMiss: () => tokenMisses.take(ctx.ip) });
    };
    app.use(staticFiles(options.pwaDir, { pageData, pagePicture: (ctx, data) => pagePictureOf(ctx.path, data), log: deps.log }));
  }
  return app;
}

/**
 * Every API route, each behind the guard the route table (http/route-table.ts) gives it.
 * Exported so the authorization matrix test can list what is registered (router.stack).
 */
export function createApiRouter(deps: Deps, options: AppOptions = {}): Router<AppState> {
  const api = new Router<AppState>({ prefix: '/api' });
  healthRoutes(api, deps);
  authRoutes(api, deps);
  accommodationRoutes(api, deps);
  settingsRoutes(api, deps);
  paymentRoutes(api, deps);
  bankStatementRoutes(api, deps);
  invoiceRoutes(api, deps);
  availabilityRoutes(api, deps);
  pricingRoutes(api, deps);
  rateAdminRoutes(api, deps);
  specialsRoutes(api, deps);
  extrasRoutes(api, deps);
  eventRoutes(api, deps);
  staffRoutes(api, deps);
  auditRoutes(api, deps);
  bookingLookupRoutes(api, deps);
  guestBookingRoutes(api, deps);
  bookingRoutes(api, deps);
  housekeepingRoutes(api, deps);
  folioRoutes(api, deps);
  chatRoutes(api, deps);
  contactRoutes(api, deps);
  waitlistRoutes(api, deps);
  weatherRoutes(api, deps);
  imageRoutes(api, deps, { publicDirs: publicImageDirs(options.pwaDir) });
  syncRoutes(api, deps);
  calendarRoutes(api, deps);
  systemStatusRoutes(api, deps);
  paymentProofRoutes(api, deps);
  lodgerRegisterRoutes(api, deps);
  registerAdminRoutes(api, deps);
  reportRoutes(api, deps);
  apiDocsRoutes(api, deps);
  channelRoutes(api, deps);
  // Who may call each route comes from one table (http/route-table.ts), read here and by the
  // authorization matrix test; an unlisted route is refused to everyone.
  const unlisted = applyRouteTable(api);
  if (unlisted.length) deps.log.error({ routes: unlisted }, 'routes missing from the route table are refused');
  return api;
}

/**
 * Where the lodge's own pictures (/images/...) are found: the built PWA being served, and
 * the PWA's public/ folder of the source tree (npm run dev and tests serve no built PWA).
 */
function publicImageDirs(pwaDir: string | undefined): string[] {
  const source = path.resolve(import.meta.dirname, '../../pwa/public');
  return pwaDir ? [path.resolve(pwaDir), source] : [source];
}

/**
 * koa-compress learns a JSON body's size by stringifying it, and koa stringifies it again to
 * send it: a big list (the bookings, a sync page) paid twice. Turning plain objects and
 * arrays into their JSON text here, inside compression, makes it once.
 */
const stringifyJsonOnce: Koa.Middleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  if (body !== null && typeof body === 'object' && (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype)) {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(body);
  }
};

/**
 * The register's files from the desk's outbox: the body is the file itself (its type in
 * Content-Type), so the route reads it raw. Staff only and behind the Origin check: a form
 * post from another site carries no session the route table would let through.
 */
const RAW_UPLOAD_PATH = /^\/api\/sync\/attachments\/[^/]+$/;
const isRawUpload = (ctx: Koa.Context) => ctx.method === 'PUT' && RAW_UPLOAD_PATH.test(ctx.path);

/**
 * A state-changing request with a body must say it is JSON (or multipart for uploads): a
 * form post from another site cannot smuggle a JSON body past the Origin check.
 */
const requireJsonOrMultipart: Koa.Middleware = async (ctx, next) => {
  if (!isRawUpload(ctx) && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) && ctx.path.startsWith('/api/')) {
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || !!ctx.get('Transfer-Encoding');
    if (hasBody && !ctx.is('application/json', 'multipart/form-data')) {
      throw new UnsupportedMediaTypeError('Content-Type must be application/json', 'unsupported_media_type');
    }
  }
  await next();
};
