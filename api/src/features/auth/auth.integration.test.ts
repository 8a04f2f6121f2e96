import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, createTestContext, type TestContext } from '../../../test/harness.js';
import { KNOWN_DEVICE_COOKIE, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from './session.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:00:00Z', env: { LOGIN_RATE_LIMIT: '5' } });
});
afterAll(() => t?.close());

const userCount = async () => Number((await t.db('users').count('* as c').first())?.c);

describe('login and the current user', () => {
  it.each([
    ['superadmin', 'SuperAdmin'],
    ['manager', 'Manager'],
    ['receptionist', 'Receptionist'],
    ['guest', null],
  ])('%s logs in and /api/auth/user returns role %s', async (username, role) => {
    const c = t.client();
    const login = await c.post('/api/login', { username, password: 'lodge-demo' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username, role });
    expect(login.body).not.toHaveProperty('passwordHash');
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username, role });
  });

  it('concurrent requests of different users each get their own user, though their session reads are shared', async () => {
    const users = ['superadmin', 'manager', 'receptionist', 'guest'];
    const clients = await Promise.all(
      users.map(async (username) => {
        const c = t.client();
        expect((await c.post('/api/login', { username, password: 'lodge-demo' })).status).toBe(200);
        return { username, c };
      }),
    );
    // One of them has logged out: its session must not come back from a shared read.
    const loggedOut = t.client();
    await loggedOut.post('/api/login', { username: 'manager', password: 'lodge-demo' });
    await loggedOut.post('/api/logout', {});

    const asks = Array.from({ length: 15 }, () => [...clients.map(({ username, c }) => ({ username, c })), { username: null, c: loggedOut }]).flat();
    const { result: answers, statements: sessionStatements } = await countStatements(t.db, /from "sessions"/, () =>
      Promise.all(asks.map(async ({ c }) => (await c.get('/api/auth/user')).body?.username ?? null)),
    );

    expect(answers).toEqual(asks.map((a) => a.username));
    // 75 requests with a session cookie, fewer statements: requests arriving together shared them.
    expect(sessionStatements).toBeLessThan(asks.length);
    expect(sessionStatements).toBeGreaterThan(0);
  });

  it('answers 401 when not logged in', async () => {
    const res = await t.client().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized', code: 'unauthenticated' });
  });

  it('sets an httpOnly SameSite=Lax session cookie', async () => {
    const c = t.client();
    const res = await c.post('/api/login', { username: 'manager', password: 'lodge-demo' });
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
  });

  it('refuses a wrong password with the spec message', async () => {
    const res = await t.client().post('/api/login', { username: 'manager', password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid username or password');
  });

  it('renews the session id on login (a planted id is worthless)', async () => {
    // The attacker gets a session of their own and plants its cookies in the victim's browser.
    const attacker = t.client();
    expect((await attacker.post('/api/login', { username: 'guest', password: 'lodge-demo' })).status).toBe(200);
    const planted = new Map(attacker.cookies);
    expect([...planted.keys()].sort()).toEqual([KNOWN_DEVICE_COOKIE, `${KNOWN_DEVICE_COOKIE}.sig`, SESSION_COOKIE, `${SESSION_COOKIE}.sig`, SIGNED_IN_HINT_COOKIE]);
    const victim = t.client();
    victim.cookies = new Map(planted);

    expect((await victim.post('/api/login', { username: 'manager', password: 'lodge-demo' })).status).toBe(200);
    expect(victim.cookies.get(SESSION_COOKIE)).toMatch(/\S/);
    expect(victim.cookies.get(SESSION_COOKIE)).not.toBe(planted.get(SESSION_COOKIE));
    expect((await victim.get('/api/auth/user')).body).toMatchObject({ username: 'manager' });
    // The planted id does not carry the manager's login.
    const withPlanted = await attacker.get('/api/auth/user');
    expect(withPlanted.body.username).not.toBe('manager');
  });
});

describe('the signed-in hint cookie', () => {
  const hintOf = (headers: Headers) => headers.getSetCookie().find((s) => s.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

  it('is set on login, readable by the page (not HttpOnly), SameSite=Lax, and holds only 1', async () => {
    const c = t.client();
    const res = await c.post('/api/login', { username: 'guest', password: 'lodge-demo' });
    const hint = hintOf(res.headers);
    expect(hint).toMatch(/^lodge_signed_in=1;/);
    expect(hint).not.toMatch(/httponly/i);
    expect(hint).toMatch(/samesite=lax/i);
    expect(c.cookies.get(SIGNED_IN_HINT_COOKIE)).toBe('1');
  });

  it('is removed on logout', async () => {
    const c = await t.loginAs('receptionist');
    expect(c.cookies.get(SIGNED_IN_HINT_COOKIE)).toBe('1');
    await c.post('/api/logout');
    expect(c.cookies.has(SIGNED_IN_HINT_COOKIE)).toBe(false);
  });

  it('is removed by the 401 of a session that has ended, and the 401 is unchanged', async () => {
    const c = t.client();
    c.cookies.set(SIGNED_IN_HINT_COOKIE, '1');
    const res = await c.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized', code: 'unauthenticated' });
    expect(hintOf(res.headers)).toMatch(/^lodge_signed_in=;/);
    expect(c.cookies.has(SIGNED_IN_HINT_COOKIE)).toBe(false);
  });
});

describe('logout', () => {
  it('ends the session server-side: the old cookie no longer works', async () => {
    const c = await t.loginAs('receptionist');
    const oldCookie = c.cookieHeader();
    expect((await c.get('/api/auth/user')).status).toBe(200);
    const out = await c.post('/api/logout');
    expect(out.status).toBe(200);
    const replay = await fetch(`${t.url}/api/auth/user`, { headers: { Cookie: oldCookie } });
    expect(replay.status).toBe(401);
  });
});

describe('register', () => {
  it('creates a guest without a role even when the body claims SuperAdmin', async () => {
    const c = t.client();
    const res = await c.post('/api/register', {
      username: 'sneaky',
      password: 'secret-123',
      firstName: 'Sam',
      lastName: 'Sneak',
      email: 'sam@example.com',
      role: 'SuperAdmin',
    });
    expect(res.status).toBe(201);
    expect(res.body.role).toBeNull();
    const me = await c.get('/api/auth/user');
    expect(me.body).toMatchObject({ username: 'sneaky', role: null });
    const row = await t.db('users').where({ username: 'sneaky' }).first();
    expect(row.role).toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // A guest cannot reach staff endpoints.
    expect((await c.get('/api/admin/bookings')).status).toBe(403);
  });

  it('refuses a taken username with 409', async () => {
    const res = await t.client().post('/api/register', {
      username: 'Manager',
      password: 'secret-123',
      firstName: 'M',
      lastName: 'M',
      email: 'm@example.com',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Username is already taken');
  });
});

describe('bad input changes nothing', () => {
  const good = { username: 'newbie', password: 'secret-123', firstName: 'New', lastName: 'Bie', email: 'new@example.com' };
  it.each([
    ['missing username', { ...good, username: undefined }, 'username'],
    ['short username', { ...good, username: 'ab' }, 'username'],
    ['short password', { ...good, password: '123' }, 'password'],
    ['password as a number', { ...good, password: 12345678 }, 'password'],
    ['missing first name', { ...good, firstName: '' }, 'firstName'],
    ['bad email', { ...good, email: 'not-an-email' }, 'email'],
    ['names as objects', { ...good, lastName: { $ne: 1 } }, 'lastName'],
  ])('register with %s gets 400 naming the field', async (_label, body, field) => {
    const before = await userCount();
    const res = await t.client().post('/api/register', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
    expect(res.body.message).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it('register with a short password says so in the spec words', async () => {
    const res = await t.client().post('/api/register', { ...good, password: '123' });
    expect(res.body.errors.password).toBe('Password must be at least 6 characters');
  });

  it.each([
    ['missing password', { username: 'manager' }, 'password'],
    ['short username', { username: 'ab', password: 'lodge-demo' }, 'username'],
    ['username as array', { username: ['manager'], password: 'lodge-demo' }, 'username'],
  ])('login with %s gets 400 naming the field', async (_label, body, field) => {
    const res = await t.client().post('/api/login', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('a 1 MB body gets 413 with a message and creates nothing', async () => {
    const before = await userCount();
    const res = await t.client().post('/api/register', { ...good, firstName: 'x'.repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Request body is too large');
    expect(await userCount()).toBe(before);
  });

  it('invalid JSON gets 400 with a message', async () => {
    const res = await t.client().post('/api/login', '{"username": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body is not valid JSON');
  });

  it('a form post (not JSON) is refused', async () => {
    const res = await t.client().post('/api/login', 'username=manager&password=lodge-demo', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('a cross-origin login is refused', async () => {
    const res = await t.client().post('/api/login', { username: 'manager', password: 'lodge-demo' }, { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });
});

describe('login rate limit', () => {
  it('refuses further attempts after repeated failures, even with the right password', async () => {
    const c = t.client();
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/api/login', { username: 'superadmin', password: 'wrong-' + i })).status).toBe(401);
    }
    const blocked = await c.post('/api/login', { username: 'superadmin', password: 'lodge-demo' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(15 * 60);
    expect(blocked.body.message).toMatch(/too many/i);
  });
});
