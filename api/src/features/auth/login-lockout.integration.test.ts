import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { KNOWN_DEVICE_COOKIE, SESSION_COOKIE } from './session.js';
import { LOGIN_MESSAGES } from './auth.service.js';

/**
 * Nobody can lock a staff member out (issue 18): wrong passwords are counted per username and
 * address pair (that pair is locked), per address (kept), and per username from all addresses
 * (slowed, never locked; a browser the account signed in from before is not slowed).
 * LOGIN_RATE_LIMIT is the default 10; addresses are told by X-Forwarded-For (TRUST_PROXY=1).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '10' } });
});
afterAll(async () => {
  await t?.close();
});

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
const login = (c: TestClient, username: string, password: string, address: string) => c.post('/api/login', { username, password }, from(address));

/** A browser that signed in as `username` before, then signed out (only its device cookie is left). */
async function knownBrowser(username: string, address: string): Promise<TestClient> {
  const c = t.client();
  expect((await login(c, username, 'lodge-demo', address)).status).toBe(200);
  expect(c.cookies.has(KNOWN_DEVICE_COOKIE)).toBe(true);
  expect((await c.post('/api/logout', {}, from(address))).status).toBeLessThan(300);
  c.cookies.delete(SESSION_COOKIE);
  return c;
}

describe('wrong passwords from many addresses', () => {
  it('slow the account down but never lock it; the desk’s own browser still signs in at once', async () => {
    const desk = await knownBrowser('receptionist', '198.51.100.1');
    for (let i = 0; i < 10; i++) {
      const res = await login(t.client(), 'receptionist', `wrong-${i}`, `203.0.113.${10 + i}`);
      expect(res.status, `guess ${i + 1}`).toBe(401);
    }
    // The next guess, from yet another address, has to wait.
    const eleventh = await login(t.client(), 'receptionist', 'wrong-10', '203.0.113.30');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe(LOGIN_MESSAGES.slowed);
    // The desk's browser: the right password works at once.
    const signedIn = await login(desk, 'receptionist', 'lodge-demo', '198.51.100.1');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.username).toBe('receptionist');

    // A browser the account never used waits a second (ten failures), not 15 minutes, and
    // then signs in with the right password.
    const laptop = t.client();
    const slowed = await login(laptop, 'receptionist', 'lodge-demo', '198.51.100.2');
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toBe(LOGIN_MESSAGES.slowed);
    expect(slowed.headers.get('retry-after')).toBe('1');
    t.clock.advance(1_000);
    expect((await login(laptop, 'receptionist', 'lodge-demo', '198.51.100.2')).status).toBe(200);
  });

  it('the wait doubles with each failure up to a minute, so guessing is slowed to about one a minute', async () => {
    for (let i = 0; i < 10; i++) expect((await login(t.client(), 'manager', `wrong-${i}`, `203.0.113.${40 + i}`)).status).toBe(401);
    const waits: string[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await login(t.client(), 'manager', `wrong-again-${i}`, `203.0.113.${60 + i}`);
      expect(refused.status).toBe(429);
      waits.push(refused.headers.get('retry-after')!);
      t.clock.advance(Number(refused.headers.get('retry-after')) * 1000);
      expect((await login(t.client(), 'manager', `wrong-after-${i}`, `203.0.113.${80 + i}`)).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60']);
  });
});

describe('wrong passwords from one address', () => {
  it('lock that username and address pair for the window; the account still signs in elsewhere', async () => {
    const home = await knownBrowser('superadmin', '198.51.100.5');
    const guesser = t.client();
    for (let i = 0; i < 10; i++) expect((await login(guesser, 'superadmin', `wrong-${i}`, '203.0.113.99')).status).toBe(401);
    const locked = await login(guesser, 'superadmin', 'lodge-demo', '203.0.113.99');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(LOGIN_MESSAGES.locked);
    expect(locked.headers.get('retry-after')).toBe(String(15 * 60));
    expect((await login(home, 'superadmin', 'lodge-demo', '198.51.100.5')).status).toBe(200);
    // The window passes: the pair may try again.
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(guesser, 'superadmin', 'lodge-demo', '203.0.113.99')).status).toBe(200);
  });

  it('are still limited per address across usernames (five times the limit)', async () => {
    const address = '203.0.113.200';
    for (let i = 0; i < 50; i++) {
      expect((await login(t.client(), `nobody${i}`, 'wrong-password', address)).status, `guess ${i + 1}`).toBe(401);
    }
    const refused = await login(t.client(), 'guest', 'lodge-demo', address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(LOGIN_MESSAGES.locked);
    expect((await login(t.client(), 'guest', 'lodge-demo', '198.51.100.201')).status).toBe(200);
  });
});
