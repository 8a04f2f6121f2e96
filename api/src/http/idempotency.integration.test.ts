import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { startPaystackDouble, type PaystackDouble } from '../../../e2e/doubles/paystack-double.js';
import { countRows, createTypeWithUnits, guestData, stay } from '../features/bookings/test-fixtures.js';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENCY_TTL_MS, anonymousCaller } from './idempotency.js';

/** Idempotency-Key on POST /api/bookings and POST /api/payments/initialize (weak-signal retries). */
let t: TestContext;
let paystack: PaystackDouble;
beforeAll(async () => {
  paystack = await startPaystackDouble();
  t = await createTestContext({ env: { PAYSTACK_BASE_URL: paystack.url, PAYSTACK_TIMEOUT_MS: '2000' } });
  await t.db('settings').where({ id: 1 }).update({ paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey });
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

let offset = 30;
async function eftBody() {
  const { unitIds } = await createTypeWithUnits(t.db, { units: 2 });
  const dates = stay(t.clock.now(), (offset += 5), 2);
  return {
    unitId: unitIds[0],
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    paymentMethod: 'EFT',
    guestData: guestData(randomUUID().slice(0, 8)),
  };
}
const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });
const bookingsOf = (email: string) => t.db('bookings').where({ guest_email: email, is_entire_lodge_child: false });

describe('POST /api/bookings with an Idempotency-Key', () => {
  it('two concurrent requests with one key make one booking; the other is told to wait or gets the same answer', async () => {
    const body = await eftBody();
    const key = randomUUID();
    const client = t.client();
    const [a, b] = await Promise.all([client.post('/api/bookings', body, withKey(key)), client.post('/api/bookings', body, withKey(key))]);
    expect(await bookingsOf(body.guestData.email)).toHaveLength(1);
    const statuses = [a.status, b.status].sort();
    // Which one waits depends on timing: the loser either sees the first still running (409)
    // or, if the first finished, its replay (201 with the same reference).
    if (statuses[1] === 409) {
      expect(statuses).toEqual([201, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    } else {
      expect(statuses).toEqual([201, 201]);
      expect(a.body.reference).toBe(b.body.reference);
    }
    // A retry afterwards replays the one booking.
    const again = await client.post('/api/bookings', body, withKey(key));
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replay')).toBe('true');
    const [only] = await bookingsOf(body.guestData.email);
    expect(again.body.reference).toBe(only.reference);
  });

  it('a sequential repeat replays the same status, body and reference with Idempotent-Replay: true', async () => {
    const body = await eftBody();
    const key = randomUUID();
    const first = await t.client().post('/api/bookings', body, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replay')).toBeNull();
    const before = await countRows(t.db, 'bookings');
    // Another connection (the phone came back on another network): same key, same body.
    const second = await t.client().post('/api/bookings', { ...body }, withKey(key));
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replay')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await countRows(t.db, 'bookings')).toBe(before);
  });

  it('the same key with a different body is refused with 422 and books nothing', async () => {
    const body = await eftBody();
    const key = randomUUID();
    expect((await t.client().post('/api/bookings', body, withKey(key))).status).toBe(201);
    const before = await countRows(t.db, 'bookings');
    const other = await t.client().post('/api/bookings', { ...body, specialRequests: 'Something else' }, withKey(key));
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(IDEMPOTENCY_MESSAGES.reused);
    expect(await countRows(t.db, 'bookings')).toBe(before);
  });

  it('a repeat while the first is still in progress answers 409', async () => {
    const body = await eftBody();
    const key = randomUUID();
    const { hashBody } = await import('./idempotency.js');
    await t.db('idempotency_keys').insert({ key, scope: `POST /api/bookings ${anonymousCaller('127.0.0.1')}`, request_hash: hashBody(body), status: 'in_progress', created_at: t.clock.now() });
    const res = await t.client().post('/api/bookings', body, withKey(key));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress, code: 'idempotency_in_progress' });
    expect(await bookingsOf(body.guestData.email)).toHaveLength(0);
  });

  it('a refused first attempt keeps no key: the corrected retry with the same key runs', async () => {
    const body = await eftBody();
    const key = randomUUID();
    const bad = await t.client().post('/api/bookings', { ...body, guestData: { ...body.guestData, firstName: '' } }, withKey(key));
    expect(bad.status).toBe(400);
    expect(await t.db('idempotency_keys').where({ key })).toHaveLength(0);
    const good = await t.client().post('/api/bookings', body, withKey(key));
    expect(good.status).toBe(201);
  });

  it('a key older than 24 hours is forgotten: the same key books again', async () => {
    const body = await eftBody();
    const key = randomUUID();
    expect((await t.client().post('/api/bookings', body, withKey(key))).status).toBe(201);
    await t.db('idempotency_keys').where({ key }).update({ created_at: new Date(t.clock.now().getTime() - IDEMPOTENCY_TTL_MS - 1000) });
    // Same guest, other dates (the first booking still holds the first ones).
    const later = stay(t.clock.now(), (offset += 5), 2);
    const res = await t.client().post('/api/bookings', { ...body, checkInDate: later.checkIn, checkOutDate: later.checkOut }, withKey(key));
    expect(res.status).toBe(201);
    expect(res.headers.get('Idempotent-Replay')).toBeNull();
    expect(await bookingsOf(body.guestData.email)).toHaveLength(2);
  });

  it('without the header every request books (nothing changes for other callers)', async () => {
    const body = await eftBody();
    const first = await t.client().post('/api/bookings', body);
    const second = await t.client().post('/api/bookings', body);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.reference).not.toBe(second.body.reference);
  });
});

describe('POST /api/payments/initialize with an Idempotency-Key', () => {
  it('a repeat returns the same Paystack transaction and creates one booking', async () => {
    const body = await eftBody();
    const request = {
      bookingData: { unitId: body.unitId, checkInDate: body.checkInDate, checkOutDate: body.checkOutDate, paymentMethod: 'Card' },
      guestData: body.guestData,
    };
    const key = randomUUID();
    const first = await t.client().post('/api/payments/initialize', request, withKey(key));
    expect(first.status).toBe(200);
    const second = await t.client().post('/api/payments/initialize', request, withKey(key));
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replay')).toBe('true');
    expect(second.body.reference).toBe(first.body.reference);
    expect(second.body.access_code).toBe(first.body.access_code);
    expect(await bookingsOf(body.guestData.email)).toHaveLength(1);
    expect(paystack.transactions.has(first.body.reference)).toBe(true);
  });

  it('a first attempt Paystack fails (502) is forgotten: the retry with the same key runs again', async () => {
    const body = await eftBody();
    const request = {
      bookingData: { unitId: body.unitId, checkInDate: body.checkInDate, checkOutDate: body.checkOutDate, paymentMethod: 'Card' },
      guestData: body.guestData,
    };
    const key = randomUUID();
    paystack.overrideNext('initialize', { status: 500 });
    const first = await t.client().post('/api/payments/initialize', request, withKey(key));
    expect(first.status).toBe(502);
    const retry = await t.client().post('/api/payments/initialize', request, withKey(key));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replay')).toBeNull();
    const live = await bookingsOf(body.guestData.email).whereNot({ status: 'Cancelled' });
    expect(live).toHaveLength(1);
  });
});
