import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { countRows, createTypeWithUnits, guestData, stay } from './test-fixtures.js';
import { GUEST_LIMIT_MESSAGES } from './guest-limits.js';
import { LOOKUP_RATE_MESSAGE } from './booking-lookup.routes.js';

/**
 * Guests holding rooms without limit and guessing look-ups (issue 18): attempts per address,
 * unpaid holds per e-mail address and per address, look-ups per address. The limits are the
 * defaults, set explicitly (the harness raises them for every other test file); addresses are
 * told by X-Forwarded-For (TRUST_PROXY=1).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: { TRUST_PROXY: '1', GUEST_BOOKING_RATE_LIMIT: '10', GUEST_HOLD_LIMIT: '3', LOOKUP_RATE_LIMIT: '20' },
  });
});
afterAll(async () => {
  await t?.close();
});

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
let offset = 20;
async function eftBody(email?: string) {
  const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
  const dates = stay(t.clock.now(), (offset += 3), 2);
  const guest = guestData(randomUUID().slice(0, 8));
  return {
    unitId: unitIds[0],
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    paymentMethod: 'EFT',
    guestData: email ? { ...guest, email } : guest,
  };
}

it('the defaults are 10 attempts an hour, 3 unpaid holds and 20 look-ups a minute', () => {
  const config = loadConfig({} as NodeJS.ProcessEnv);
  expect([config.GUEST_BOOKING_RATE_LIMIT, config.GUEST_HOLD_LIMIT, config.LOOKUP_RATE_LIMIT]).toEqual([10, 3, 20]);
});

describe('unpaid holds are capped', () => {
  it('per e-mail address, whatever the address: the fourth hold is a 429 with a message', async () => {
    const email = `holder.${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await t.client().post('/api/bookings', await eftBody(email), from(`198.51.100.${40 + i}`));
      expect(res.status, `hold ${i + 1}`).toBe(201);
    }
    const before = await countRows(t.db, 'bookings');
    const fourth = await t.client().post('/api/bookings', await eftBody(email.toUpperCase()), from('198.51.100.49'));
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(
      'There are already 3 unpaid bookings on hold for these details. Please complete payment for one, or wait for its hold to end, before booking again.',
    );
    expect(await countRows(t.db, 'bookings')).toBe(before);
  });

  it('per address, whatever the e-mail address; a hold that ended no longer counts', async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < 3; i++) {
      expect((await t.client().post('/api/bookings', await eftBody(), from(address))).status).toBe(201);
    }
    const fourth = await t.client().post('/api/bookings', await eftBody(), from(address));
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(GUEST_LIMIT_MESSAGES.holds(3));
    // The holds run 48 hours (the EFT hold setting): after that the address may book again.
    t.clock.advance(49 * 3_600_000);
    try {
      expect((await t.client().post('/api/bookings', await eftBody(), from(address))).status).toBe(201);
    } finally {
      t.clock.advance(-49 * 3_600_000);
    }
  });

  it('staff are not limited: the desk books many guests from one address', async () => {
    const staff = await t.loginAs('receptionist');
    const email = `desk.${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < 5; i++) {
      const res = await staff.post('/api/bookings', await eftBody(email), from('198.51.100.60'));
      expect(res.status, `booking ${i + 1}`).toBe(201);
    }
  });
});

describe('guest booking attempts are rate-limited per address', () => {
  it('the eleventh attempt within the hour is a 429, counted across instances in the database', async () => {
    const taken = await eftBody();
    expect((await t.client().post('/api/bookings', taken, from('198.51.100.70'))).status).toBe(201);
    const address = '198.51.100.71';
    // Attempts on taken dates: each one is refused (409) and still counts.
    for (let i = 0; i < 10; i++) {
      const res = await t.client().post('/api/bookings', { ...taken, guestData: guestData(`rate${i}`) }, from(address));
      expect(res.status, `attempt ${i + 1}`).toBe(409);
    }
    const eleventh = await t.client().post('/api/bookings', await eftBody(), from(address));
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe('Too many booking attempts from this address. Please try again later.');
    expect(Number(eleventh.headers.get('Retry-After'))).toBeGreaterThan(0);
    const row = await t.db('rate_limit_buckets').where({ scope: 'guest-booking' }).count<{ c: string }[]>('* as c').first();
    expect(Number(row?.c)).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await t.client().post('/api/bookings', await eftBody(), from('198.51.100.72'))).status).toBe(201);
  });
});

describe('GET /api/bookings/lookup is rate-limited per address', () => {
  it('20 look-ups a minute, then 429 with a message; another address still looks up', async () => {
    const lookup = (address: string, n: number) =>
      t.client().get(`/api/bookings/lookup?reference=WL-GUESS${n}&email=guess%40example.com`, from(address));
    for (let i = 0; i < 20; i++) expect((await lookup('198.51.100.80', i)).status, `look-up ${i + 1}`).toBe(404);
    const refused = await lookup('198.51.100.80', 21);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(LOOKUP_RATE_MESSAGE);
    expect((await lookup('198.51.100.81', 22)).status).toBe(404);
    // The bucket refills: a minute later the address may look up again.
    t.clock.advance(60_000);
    expect((await lookup('198.51.100.80', 23)).status).toBe(404);
  });
});
