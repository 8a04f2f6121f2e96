import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createApp } from '../app.js';
import { createLogger } from '../logger.js';
import { SESSION_COOKIE } from '../features/auth/session.js';
import { serveBuiltApp, writeBuiltPwa } from '../../test/built-app.js';

/** A Content-Security-Policy header as its directives and their values. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

/**
 * Security checks that cut across features: CSRF (Origin / Sec-Fetch-Site), what the logs
 * and answers may never contain, and the security headers. Session fixation, logout and the
 * login rate limit are in features/auth/auth.integration.test.ts; SSRF in
 * features/images; uploads in features/uploads; webhook signatures and amount tampering in
 * features/payments.
 */
let t: TestContext;
const logLines: string[] = [];
const SECRET_KEY = 'sk_test_0123456789abcdefSECRETkey4242';
const WEATHER_KEY = 'weather-key-9f8e7d6c5b4a39281706';
const NEW_PASSWORD = 'Correct-Horse-Battery-77';
const SESSION_SECRET = 'test-session-key-0123456789abcdefghijklmnop';

beforeAll(async () => {
  t = await createTestContext({
    env: { OPEN_METEO_BASE_URL: 'http://127.0.0.1:9', OPENWEATHER_BASE_URL: 'http://127.0.0.1:9', PAYSTACK_BASE_URL: 'http://127.0.0.1:9' },
    configure(deps) {
      // Everything the app would log, at the most talkative level, kept for the assertions.
      const sink = new Writable({
        write(chunk, _enc, cb) {
          logLines.push(String(chunk));
          cb();
        },
      });
      deps.log = createLogger('trace', false, sink);
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const counts = async () => ({
  users: Number((await t.db('users').count({ n: '*' }))[0].n),
  bookings: Number((await t.db('bookings').count({ n: '*' }))[0].n),
  contact: Number((await t.db('contact_enquiries').count({ n: '*' }))[0].n),
});

describe('CSRF: state-changing requests must say they come from our site', () => {
  const register = (n: string) => ({ username: `csrf_${n}`, password: 'lodge-demo', firstName: 'A', lastName: 'B', email: `csrf_${n}@example.com` });

  it('a logged-in request with no Origin, Referer or Sec-Fetch-Site is refused, and changes nothing', async () => {
    const c = await t.loginAs('superadmin');
    const before = await counts();
    const res = await fetch(`${t.url}/api/admin/staff`, {
      method: 'POST',
      headers: { Cookie: c.cookieHeader(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...register('a'), role: 'SuperAdmin' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Request refused: it does not say which site it comes from', code: 'missing_origin' });
    expect(await counts()).toEqual(before);
  });

  it('a logged-in request from another site is refused by Origin, Referer or Sec-Fetch-Site', async () => {
    const c = await t.loginAs('superadmin');
    const before = await counts();
    const cases: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: '', Referer: 'https://evil.example/page' },
      { Origin: '', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: '', 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of cases) {
      const h = new Headers(headers);
      if (!h.get('Origin')) h.delete('Origin');
      const res = await fetch(`${t.url}/api/admin/staff`, {
        method: 'POST',
        headers: { ...Object.fromEntries(h), Cookie: c.cookieHeader(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...register('b'), role: 'SuperAdmin' }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ message: 'Cross-origin request refused', code: 'bad_origin' });
    }
    expect(await counts()).toEqual(before);
  });

  it('our own page is let through, by Origin or by Sec-Fetch-Site: same-origin', async () => {
    const c = await t.loginAs('superadmin');
    const byOrigin = await c.post('/api/admin/staff', { ...register('c'), role: 'Receptionist' });
    expect(byOrigin.status).toBe(201);
    const bySite = await fetch(`${t.url}/api/admin/staff`, {
      method: 'POST',
      headers: { Cookie: c.cookieHeader(), 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ ...register('d'), role: 'Receptionist' }),
    });
    expect(bySite.status).toBe(201);
  });

  it('a request with no cookie and no Origin (curl, a server) is not a CSRF and passes', async () => {
    const res = await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: 'lodge-demo' }),
    });
    expect(res.status).toBe(200);
  });

  it('the Paystack webhook is exempt (a server calls it) and still refuses a bad signature with 401', async () => {
    const c = await t.loginAs('superadmin');
    const res = await fetch(`${t.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { Cookie: c.cookieHeader(), 'Content-Type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
      body: JSON.stringify({ event: 'charge.success', data: { reference: 'X' } }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('invalid_signature');
  });

  it('the session cookie is HttpOnly and SameSite=Lax', async () => {
    const res = await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: t.url },
      body: JSON.stringify({ username: 'guest', password: 'lodge-demo' }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
  });
});

describe('passwords and secrets never leave the server', () => {
  it('are in no answer and no log line, whatever the route', async () => {
    const anon = t.client();
    const answers: string[] = [];
    const keep = (res: { text: string }) => answers.push(res.text);

    keep(await anon.post('/api/register', { username: 'leaky_guest', password: NEW_PASSWORD, firstName: 'L', lastName: 'G', email: 'leaky@example.com' }));
    keep(await anon.post('/api/login', { username: 'leaky_guest', password: NEW_PASSWORD }));
    keep(await anon.post('/api/login', { username: 'leaky_guest', password: `${NEW_PASSWORD}-wrong` }));
    keep(await anon.post('/api/login', { username: 'nobody_here', password: NEW_PASSWORD }));
    keep(await anon.get('/api/auth/user'));

    const admin = await t.loginAs('superadmin');
    keep(await admin.put('/api/admin/settings', { paystackSecretKey: SECRET_KEY, paystackPublicKey: 'pk_test_abc', weatherApiKey: WEATHER_KEY }));
    keep(await admin.get('/api/admin/settings'));
    keep(await admin.post('/api/admin/settings/test-paystack'));
    keep(await anon.get('/api/public/settings'));
    keep(await anon.get('/api/weather'));
    const staff = await admin.post('/api/admin/staff', { username: 'leaky_staff', password: NEW_PASSWORD, firstName: 'L', lastName: 'S', email: 'leaky.staff@example.com', role: 'Receptionist' });
    keep(staff);
    keep(await admin.post(`/api/admin/staff/${staff.body.id}/reset-password`, { password: `${NEW_PASSWORD}-2` }));
    keep(await admin.get('/api/admin/staff'));
    keep(await admin.get('/api/admin/audit'));

    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [NEW_PASSWORD, SECRET_KEY, WEATHER_KEY, SESSION_SECRET, '$argon2']) {
      expect(answers.filter((a) => a.includes(secret)), `an answer contains ${secret}`).toEqual([]);
      expect(logs.includes(secret), `the log contains ${secret}`).toBe(false);
    }
    // The settings screen shows the keys masked, so the lodge can tell which one is set.
    expect(answers.some((a) => a.includes('sk_test_••••4242'))).toBe(true);
  });
});

describe('security headers', () => {
  it("every answer carries them; a page's Content-Security-Policy allows only what the app needs", async () => {
    const pwaDir = writeBuiltPwa({ 'index.html': '<!doctype html><html><head><title>Lodge</title></head><body><div id="root"></div></body></html>' });
    const served = await serveBuiltApp(t, pwaDir);
    try {
      const pages = [await fetch(`${served.base}/`), await fetch(`${served.base}/accommodations`), await fetch(`${served.base}/api/docs`)];
      expect(pages.map((res) => [res.status, res.headers.get('content-type')])).toEqual([
        [200, 'text/html; charset=utf-8'],
        [200, 'text/html; charset=utf-8'],
        [200, 'text/html; charset=utf-8'],
      ]);
      for (const res of pages) {
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(directives(res.headers.get('content-security-policy')!), res.url).toEqual({
          'default-src': ["'self'"],
          // The Paystack popup script; nothing inline.
          'script-src': ["'self'", 'https://js.paystack.co'],
          // MUI (emotion) writes style tags at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          // Pictures come through our own image endpoints; map tiles from OpenStreetMap.
          'img-src': ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
          'font-src': ["'self'", 'data:'],
          // Weather (Open-Meteo) is fetched by the server, never the browser.
          'connect-src': ["'self'", 'https://js.paystack.co', 'https://api.paystack.co'],
          'frame-src': ["'self'", 'https://js.paystack.co', 'https://checkout.paystack.com'],
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          'object-src': ["'none'"],
        });
      }
    } finally {
      await served.close();
    }
  });

  it("an API answer that is not a page carries a policy that lets it load and run nothing, nor be framed", async () => {
    const answers = [await t.client().get('/api/health'), await t.client().get('/api/public/settings'), await t.client().get('/api/openapi.json')];
    expect(answers.map((res) => [res.status, res.headers.get('content-type')?.split(';')[0]])).toEqual([
      [200, 'application/json'],
      [200, 'application/json'],
      [200, 'application/json'],
    ]);
    for (const res of answers) {
      expect(directives(res.headers.get('content-security-policy')!)).toEqual({
        'default-src': ["'none'"],
        // The browser's own viewer of a PDF, a picture or JSON may style itself inline.
        'style-src': ["'unsafe-inline'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('the rest of the set: the popup-friendly opener policy, no camera or microphone, and helmet\'s defaults', async () => {
    const res = await t.client().get('/api/health');
    const headers = Object.fromEntries(
      [
        'cross-origin-opener-policy',
        'permissions-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
        'strict-transport-security',
        'x-powered-by',
      ].map((name) => [name, res.headers.get(name)]),
    );
    expect(headers).toEqual({
      // The Paystack checkout popup answers its opener.
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      // HSTS only in production (below): a development server on http must not pin https.
      'strict-transport-security': null,
      'x-powered-by': null,
    });
  });

  it('in production every answer also carries HSTS for a year, subdomains included', async () => {
    const app = createApp({ ...t.deps, config: { ...t.deps.config, isProduction: true } });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const path of ['/api/health', '/api/no-such-route']) {
        const res = await fetch(`${base}${path}`);
        expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('error answers carry the same headers: 400, 401, 403 and 404', async () => {
    const csp = (await t.client().get('/api/health')).headers.get('content-security-policy');
    const manager = await t.loginAs('manager');
    const answers = [
      await t.client().post('/api/availability', { checkIn: 'soon' }),
      await t.client().get('/api/admin/bookings'),
      await manager.post('/api/admin/rate-overrides', {}, { headers: { Origin: 'https://evil.example' } }),
      await t.client().get('/api/no-such-route'),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 401, 403, 404]);
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toBe(csp);
    }
  });
});
