import type { Middleware } from 'koa';
import { ForbiddenError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own origin (CSRF defence on top of
 * SameSite=Lax). A request without Origin and Referer is not from a browser page (curl, the
 * Paystack webhook) and cannot carry a victim's cookie-driven intent, so it passes.
 */
export function originCheck(allowedOrigins: () => string[], exemptPaths: string[] = []): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || exemptPaths.includes(ctx.path)) return next();
    const origin = ctx.get('Origin') || originOfReferer(ctx.get('Referer'));
    if (origin) {
      const own = `${ctx.protocol}://${ctx.host}`;
      if (origin !== own && !allowedOrigins().includes(origin)) {
        throw new ForbiddenError('Cross-origin request refused', 'bad_origin');
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
    // Map tiles come from OpenStreetMap; accommodation images may be remote.
    "img-src 'self' data: blob: https:",
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
