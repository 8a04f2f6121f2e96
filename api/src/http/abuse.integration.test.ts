import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createApp } from '../app.js';
import { countRows, createTypeWithUnits, guestData, stay } from '../features/bookings/test-fixtures.js';

/**
 * Abuse found by a security test of the running app (issue 18): the Origin check in
 * production, idempotency keys tied to their caller. Addresses are told by X-Forwarded-For
 * (TRUST_PROXY=1), as behind the production proxy.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t?.close();
});

const from = (address: string, headers: Record<string, string> = {}) => ({ headers: { 'X-Forwarded-For': address, ...headers } });

/** One raw request (fetch will not send another Host header). */
function rawPost(base: string, path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: any }> {
  const url = new URL(path, base);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('the Origin check in production', () => {
  it('compares with PUBLIC_ORIGIN, not with the Host header the client sends', async () => {
    const app = createApp({ ...t.deps, config: { ...t.deps.config, isProduction: true, PUBLIC_ORIGIN: 'https://book.lodge.example' } });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // An empty availability request: past the Origin check it is a 400, refused there a 403.
      const forged = await rawPost(base, '/api/availability', { Host: 'evil.example', Origin: 'http://evil.example' }, {});
      expect(forged.status).toBe(403);
      expect(forged.body.message).toBe('Cross-origin request refused');
      const ownHost = await rawPost(base, '/api/availability', { Origin: base }, {});
      expect(ownHost.status).toBe(403);
      const configured = await rawPost(base, '/api/availability', { Host: 'book.lodge.example', Origin: 'https://book.lodge.example' }, {});
      expect(configured.status).toBe(400);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('outside production the own origin still passes (development, tests)', async () => {
    const res = await t.client().post('/api/availability', {});
    expect(res.status).toBe(400);
  });
});

describe('an Idempotency-Key belongs to its caller', () => {
  let offset = 40;
  async function eftBody() {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const dates = stay(t.clock.now(), (offset += 5), 2);
    return {
      unitId: unitIds[0],
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      paymentMethod: 'EFT',
      guestData: guestData(randomUUID().slice(0, 8)),
    };
  }

  it('another address sending the same key and body does not get the first booking', async () => {
    const body = await eftBody();
    const key = randomUUID();
    const first = await t.client().post('/api/bookings', body, from('198.51.100.10', { 'Idempotency-Key': key }));
    expect(first.status).toBe(201);
    const replay = await t.client().post('/api/bookings', body, from('198.51.100.10', { 'Idempotency-Key': key }));
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replay')).toBe('true');
    expect(replay.body.reference).toBe(first.body.reference);

    const before = await countRows(t.db, 'bookings');
    const other = await t.client().post('/api/bookings', body, from('203.0.113.99', { 'Idempotency-Key': key }));
    // Its own processing: the unit is held by the first booking, so it is refused, and the
    // answer carries nothing of the first booking.
    expect(other.headers.get('Idempotent-Replay')).toBeNull();
    expect(other.status).toBe(409);
    expect(other.body.reference).toBeUndefined();
    expect(JSON.stringify(other.body)).not.toContain(first.body.reference);
    expect(await countRows(t.db, 'bookings')).toBe(before);
  });

  it('a signed-in staff member does not get a guest’s booking by its key', async () => {
    const body = await eftBody();
    const key = randomUUID();
    const first = await t.client().post('/api/bookings', body, from('198.51.100.11', { 'Idempotency-Key': key }));
    expect(first.status).toBe(201);
    const staff = await t.loginAs('receptionist');
    const other = await staff.post('/api/bookings', body, from('198.51.100.11', { 'Idempotency-Key': key }));
    expect(other.headers.get('Idempotent-Replay')).toBeNull();
    expect(other.status).toBe(409);
    expect(other.body.reference).toBeUndefined();
  });
});
