import type { Middleware } from 'koa';
import { ForbiddenError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own origin (CSRF defence on top of
 * SameSite=Lax). A browser says where a request comes from (Origin, else Sec-Fetch-Site or
 * Referer); one that is not ours is refused. A request that says nothing at all passes only
 * without a session cookie: it is then not a browser page acting with a victim's login (curl,
 * a server), while a cookie with no provenance (an old browser, a stripped header) could be.
 * The Paystack webhook is exempt: Paystack is a server, and the handler checks its signature.
 */
export function originCheck(allowedOrigins: () => string[], exemptPaths: string[] = [], sessionCookie?: string): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || exemptPaths.includes(ctx.path)) return next();
    const origin = ctx.get('Origin') || originOfReferer(ctx.get('Referer'));
    if (origin) {
      const own = `${ctx.protocol}://${ctx.host}`;
      if (origin !== own && !allowedOrigins().includes(origin)) {
        throw new ForbiddenError('Cross-origin request refused', 'bad_origin');
      }
    } else {
      const site = ctx.get('Sec-Fetch-Site');
      if (site && site !== 'same-origin') throw new ForbiddenError('Cross-origin request refused', 'bad_origin');
      if (!site && sessionCookie && ctx.cookies.get(sessionCookie)) {
        throw new ForbiddenError('Request refused: it does not say which site it comes from', 'missing_origin');
      }
    }
    await next();
  };
}

function originOfReferer(referer: string): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/** Security headers for every response (API and the PWA's files). */
export function securityHeaders(opts: { production: boolean; paystackScriptOrigin: string }): Middleware {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${opts.paystackScriptOrigin}`,
    // MUI/emotion injects style tags at run time.
    "style-src 'self' 'unsafe-inline'",
    // Map tiles come from OpenStreetMap; every other picture (remote ones too) comes through
    // our own image endpoints.
    "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
    "font-src 'self' data:",
    `connect-src 'self' ${opts.paystackScriptOrigin} https://api.paystack.co`,
    `frame-src 'self' ${opts.paystackScriptOrigin} https://checkout.paystack.com`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
  return async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    ctx.set('Content-Security-Policy', csp);
    if (opts.production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
