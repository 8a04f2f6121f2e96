import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import { ForbiddenError } from '../errors.js';
import { BUILT_ASSETS } from './static-files.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own origin (CSRF defence on top of
 * SameSite=Lax). A browser says where a request comes from (Origin, else Sec-Fetch-Site or
 * Referer); one that is not ours is refused. A request that says nothing at all passes only
 * without a session cookie: it is then not a browser page acting with a victim's login (curl,
 * a server), while a cookie with no provenance (an old browser, a stripped header) could be.
 * The Paystack webhook is exempt: Paystack is a server, and the handler checks its signature.
 *
 * With `trustHost` false (production) the origin is compared only with the configured public
 * origins (PUBLIC_ORIGIN): the Host header is the client's to choose, so a request sending
 * `Host: evil.example` with `Origin: https://evil.example` would otherwise match itself.
 * Development and tests keep the own-origin rule, as the dev server and e2e run on ports
 * nobody configures.
 */
export function originCheck(
  allowedOrigins: () => string[],
  exemptPaths: string[] = [],
  sessionCookie?: string,
  trustHost = true,
): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || exemptPaths.includes(ctx.path)) return next();
    const origin = ctx.get('Origin') || originOfReferer(ctx.get('Referer'));
    if (origin) {
      const own = trustHost ? `${ctx.protocol}://${ctx.host}` : undefined;
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

/**
 * The headers that only a document (a page, or a worker's script, which takes its CSP from
 * its own response) acts on. A script, a style sheet, a picture or a font loaded by our page
 * is governed by the page's policy, not its own.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

/**
 * The policy of an API answer that is not a page (JSON, a PDF, a CSV, a calendar, a picture).
 * Opened in a tab it is a document that runs nothing and loads nothing, and no site may frame
 * it; the page's policy (about 470 bytes, sent uncompressed on HTTP/1.1 with every answer)
 * would allow more. Inline styles stay allowed for the browser's own viewers of a PDF, a
 * picture or JSON, which some browsers draw with them; such a document has no markup of
 * anyone's to style. The API's one page, its reference at /api/docs, keeps the page's policy.
 */
export const API_ANSWER_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * Security headers for every response (API and the PWA's files), by helmet, set before the
 * rest of the chain runs so error answers carry them too. Besides what is configured here
 * helmet adds its defaults: Cross-Origin-Resource-Policy: same-origin (nothing of ours is
 * embedded by another site), Origin-Agent-Cluster, X-DNS-Prefetch-Control: off,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies: none and X-XSS-Protection: 0.
 *
 * The build's hashed files, served as what they are (not a page), go without the
 * document-only ones: on HTTP/1.1, where headers are sent uncompressed, those were about
 * 750 bytes of every chunk, 3 KB of the landing page's four scripts and some 150 KB of a
 * tablet's precache of the whole app, for no effect. They keep nosniff (a script must be
 * served as a script), Cross-Origin-Resource-Policy, the referrer policy (a module's imports
 * follow its response's) and, in production, HSTS. The service worker (/sw.js) is not under
 * /assets/ and keeps the whole set, its CSP included. API answers other than a page carry
 * API_ANSWER_POLICY in place of the page's policy.
 */
export function securityHeaders(opts: { production: boolean; paystackScriptOrigin: string }): Middleware {
  const headers = helmet({
    contentSecurityPolicy: {
      // Only what is listed: none of helmet's default directives.
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", opts.paystackScriptOrigin],
        // MUI/emotion injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from OpenStreetMap; every other picture (remote ones too) comes
        // through our own image endpoints.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", opts.paystackScriptOrigin, 'https://api.paystack.co'],
        frameSrc: ["'self'", opts.paystackScriptOrigin, 'https://checkout.paystack.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    // The Paystack checkout opens in a popup that must be able to answer its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Only behind TLS: a development server on http must not pin browsers to https.
    strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  return async (ctx, next) => {
    // Helmet has no Permissions-Policy.
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    await headers(ctx, next);
    if (ctx.response.is('html')) return;
    if (ctx.path.startsWith(BUILT_ASSETS) && (ctx.status === 200 || ctx.status === 304)) {
      for (const name of DOCUMENT_ONLY_HEADERS) ctx.remove(name);
    } else if (ctx.path.startsWith('/api/')) {
      ctx.set('Content-Security-Policy', API_ANSWER_POLICY);
    }
  };
}
