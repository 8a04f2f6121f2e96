import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { createApiRouter } from '../app.js';
import { ROUTE_TABLE, routeKey, type Access, type RouteEntry } from './route-table.js';
import { can, type Role } from '../../../shared/roles.js';

/**
 * The authorization matrix: every route of the route table against every kind of caller,
 * from the same table the routers' guards are made of. "Allowed" means the guard let the
 * request through: whatever the handler then says (400 for the empty body sent here, 404 for
 * a random id), it is not 401 or 403.
 */
type Caller = 'anonymous' | 'guest' | Role;
const CALLERS: Caller[] = ['anonymous', 'guest', 'Receptionist', 'Manager', 'SuperAdmin'];
const USERNAME: Record<Exclude<Caller, 'anonymous'>, string> = {
  guest: 'guest',
  Receptionist: 'receptionist',
  Manager: 'manager',
  SuperAdmin: 'superadmin',
};

type Expected = 401 | 403 | 'allowed';

export function expectedStatus(access: Access, caller: Caller): Expected {
  if (access === 'public') return 'allowed';
  // The webhook authenticates Paystack by signature; a session cookie is worth nothing there.
  if (access === 'webhook') return 401;
  if (caller === 'anonymous') return 401;
  if (access === 'signed-in') return 'allowed';
  if (caller === 'guest') return 403;
  return can(caller, access) ? 'allowed' : 403;
}

/** A concrete path for a route pattern: each :param a fresh random UUID (names nothing). */
export function concretePath(entry: RouteEntry): string {
  return entry.path.replace(/:\w+/g, () => crypto.randomUUID());
}

let t: TestContext;
const clients = new Map<Caller, TestClient>();

beforeAll(async () => {
  t = await createTestContext({
    // Nothing here may leave the machine: providers point at a closed port and fail at once.
    env: { OPEN_METEO_BASE_URL: 'http://127.0.0.1:9', OPENWEATHER_BASE_URL: 'http://127.0.0.1:9', PAYSTACK_BASE_URL: 'http://127.0.0.1:9' },
  });
  clients.set('anonymous', t.client());
  for (const [caller, username] of Object.entries(USERNAME)) clients.set(caller as Caller, await t.loginAs(username));
});
afterAll(async () => {
  await t?.close();
});

async function call(client: TestClient, entry: RouteEntry) {
  const path = concretePath(entry);
  return entry.method === 'GET' ? client.get(path) : client.request(entry.method, path, {});
}

describe('the route table', () => {
  it('lists every route registered on the API router, and nothing else', () => {
    const router = createApiRouter(t.deps);
    const registered = router.stack
      .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => routeKey(m, String(layer.path))))
      .sort();
    const listed = ROUTE_TABLE.map((e) => routeKey(e.method, e.path)).sort();
    expect(registered.filter((k) => !listed.includes(k)), 'registered but missing from route-table.ts').toEqual([]);
    expect(listed.filter((k) => !registered.includes(k)), 'in route-table.ts but not registered').toEqual([]);
    expect(new Set(listed).size, 'a route listed twice').toBe(listed.length);
  });
});

describe('authorization matrix', () => {
  for (const entry of ROUTE_TABLE) {
    const label = `${routeKey(entry.method, entry.path)} (${entry.access})`;
    it(label, async () => {
      const seen: Record<string, number | string> = {};
      const wanted: Record<string, number | string> = {};
      for (const caller of CALLERS) {
        // Logging out ends the session, so it gets a session of its own.
        const client = entry.path === '/api/logout' && caller !== 'anonymous' ? await t.loginAs(USERNAME[caller]) : clients.get(caller)!;
        const res = await call(client, entry);
        const expected = expectedStatus(entry.access, caller);
        wanted[caller] = expected;
        if (expected === 'allowed') {
          seen[caller] = res.status === 401 || res.status === 403 ? res.status : 'allowed';
          expect(res.status, `${caller}: ${res.text}`).not.toBe(500);
        } else {
          seen[caller] = res.status;
          if (res.status === 401 && entry.access !== 'webhook') expect(res.body).toEqual({ message: 'Unauthorized', code: 'unauthenticated' });
          if (res.status === 403) expect(res.body).toEqual({ message: "You don't have permission to do this", code: 'forbidden' });
        }
      }
      expect(seen).toEqual(wanted);
    });
  }

  it('refuses a route missing from the table to everyone, a SuperAdmin included', async () => {
    const { applyRouteTable } = await import('./guards.js');
    const fresh = new (await import('@koa/router')).default({ prefix: '/api' });
    fresh.get('/not-in-the-table', (ctx) => {
      ctx.body = { secret: true };
    });
    expect(applyRouteTable(fresh)).toEqual(['GET /api/not-in-the-table']);
    const Koa = (await import('koa')).default;
    const app = new Koa();
    const { errorMiddleware } = await import('./error-middleware.js');
    app.use(errorMiddleware(t.deps.log));
    app.use(fresh.routes());
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/api/not-in-the-table`);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Internal server error' });
    } finally {
      server.close();
    }
  });
});
