import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createApp } from '../app.js';
import { countRows, createTypeWithUnits, guestData, stay } from '../features/bookings/test-fixtures.js';
import { addDays, todayInLodge } from '../../../shared/domain/dates.js';
import { formatStayDate } from '../../../shared/format.js';

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

describe('stay length and booking horizon, checked before any work', () => {
  const today = () => todayInLodge(t.clock.now());
  let typeId: string;
  let unitId: string;
  beforeAll(async () => {
    const created = await createTypeWithUnits(t.db, { units: 1 });
    typeId = created.typeId;
    unitId = created.unitIds[0];
  });
  const quote = (checkIn: string, checkOut: string, client = t.client()) =>
    client.post('/api/calculate-rate', { accommodationTypeId: typeId, checkIn, checkOut }, from('198.51.100.20'));

  it('a check-out of 9999-12-31 or a year-0000 date is a 400 naming the field', async () => {
    const far = await quote(addDays(today(), 5), '9999-12-31');
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual({ checkOut: 'Date must be between 2000-01-01 and 2099-12-31' });
    const zero = await t.client().post(
      '/api/bookings',
      { unitId, checkInDate: '0000-01-01', checkOutDate: '0000-01-03', paymentMethod: 'EFT', guestData: guestData('zero') },
      from('198.51.100.21'),
    );
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual({
      checkInDate: 'Date must be between 2000-01-01 and 2099-12-31',
      checkOutDate: 'Date must be between 2000-01-01 and 2099-12-31',
    });
    const rates = await t.client().post('/api/availability', { accommodationTypeId: typeId, checkIn: '0000-02-29', checkOut: addDays(today(), 3) });
    expect(rates.status).toBe(400);
    expect(rates.body.errors).toEqual({ checkIn: 'Date must be between 2000-01-01 and 2099-12-31' });
  });

  it('a guest stays at most 30 nights by default; staff may book longer', async () => {
    const checkIn = addDays(today(), 10);
    expect((await quote(checkIn, addDays(checkIn, 30))).status).toBe(200);
    const tooLong = await quote(checkIn, addDays(checkIn, 31));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ message: 'checkOut: Stays can be at most 30 nights', errors: { checkOut: 'Stays can be at most 30 nights' } });
    const booking = await t.client().post(
      '/api/bookings',
      { unitId, checkInDate: checkIn, checkOutDate: addDays(checkIn, 31), paymentMethod: 'EFT', guestData: guestData('long') },
      from('198.51.100.22'),
    );
    expect(booking.status).toBe(400);
    expect(booking.body.errors).toEqual({ checkOutDate: 'Stays can be at most 30 nights' });
    const staff = await t.loginAs('receptionist');
    expect((await quote(checkIn, addDays(checkIn, 60), staff)).status).toBe(200);
  });

  it('dates beyond the horizon (730 days by default) are refused on the field that passes it', async () => {
    const last = addDays(today(), 730);
    expect((await quote(addDays(last, -2), last)).status).toBe(200);
    const beyond = await quote(addDays(last, -1), addDays(last, 1));
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors).toEqual({ checkOut: `Bookings can be made up to ${formatStayDate(last)}` });
    const both = await quote(addDays(last, 100), addDays(last, 102));
    expect(both.body.errors).toEqual({
      checkIn: `Bookings can be made up to ${formatStayDate(last)}`,
      checkOut: `Bookings can be made up to ${formatStayDate(last)}`,
    });
    // Staff are held to the horizon too (the 2031-2099 chalet).
    const staff = await t.loginAs('receptionist');
    expect((await quote(addDays(last, 10), addDays(last, 12), staff)).status).toBe(400);
  });

  it('the limits are Lodge Settings: validated, saved, and published to the booking page', async () => {
    const manager = await t.loginAs('manager');
    const bad = await manager.put('/api/admin/settings', { maxStayNights: 0, bookingHorizonDays: 5000 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      maxStayNights: 'Maximum stay must be between 1 and 365 nights',
      bookingHorizonDays: 'Booking horizon must be between 30 and 3650 days',
    });
    const before = (await t.client().get('/api/public/settings')).body;
    expect([before.maxStayNights, before.bookingHorizonDays]).toEqual([30, 730]);
    try {
      const saved = await manager.put('/api/admin/settings', { maxStayNights: '5', bookingHorizonDays: 60 });
      expect(saved.status).toBe(200);
      expect([saved.body.maxStayNights, saved.body.bookingHorizonDays]).toEqual([5, 60]);
      const published = (await t.client().get('/api/public/settings')).body;
      expect([published.maxStayNights, published.bookingHorizonDays]).toEqual([5, 60]);
      const checkIn = addDays(today(), 10);
      expect((await quote(checkIn, addDays(checkIn, 6))).body.errors).toEqual({ checkOut: 'Stays can be at most 5 nights' });
      expect((await quote(addDays(today(), 61), addDays(today(), 62))).body.errors).toEqual({
        checkIn: `Bookings can be made up to ${formatStayDate(addDays(today(), 60))}`,
        checkOut: `Bookings can be made up to ${formatStayDate(addDays(today(), 60))}`,
      });
    } finally {
      await manager.put('/api/admin/settings', { maxStayNights: 30, bookingHorizonDays: 730 });
    }
  });
});

describe('control characters in text are a 400 naming the field', () => {
  const NUL = 'Tha\u0000ndi';
  const MESSAGE = 'Must not contain control characters';

  it('booking names, special requests and the promo code', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const dates = stay(t.clock.now(), 12, 2);
    const base = { unitId: unitIds[0], checkInDate: dates.checkIn, checkOutDate: dates.checkOut, paymentMethod: 'EFT', guestData: guestData('nul') };
    const before = await countRows(t.db, 'bookings');
    for (const [body, field] of [
      [{ ...base, guestData: { ...base.guestData, firstName: NUL } }, 'guestData.firstName'],
      [{ ...base, guestData: { ...base.guestData, lastName: NUL } }, 'guestData.lastName'],
      [{ ...base, specialRequests: `Late\u0000arrival` }, 'specialRequests'],
      [{ ...base, promoCode: 'SAVE\u000010' }, 'promoCode'],
    ] as const) {
      const res = await t.client().post('/api/bookings', body, from('198.51.100.30'));
      expect(res.status, field).toBe(400);
      expect(res.body.errors, field).toEqual({ [field]: MESSAGE });
      expect(res.body.message, field).toBe(`${field}: ${MESSAGE}`);
    }
    expect(await countRows(t.db, 'bookings')).toBe(before);
  });

  it('the register form, the lookup reference, the contact form and the chat', async () => {
    const register = await t.client().post('/api/register', {
      username: 'nul\u0000user',
      password: 'secret-123',
      firstName: 'A',
      lastName: 'B',
      email: 'nul@example.com',
    });
    expect(register.status).toBe(400);
    expect(register.body.errors).toEqual({ username: MESSAGE });
    const lookup = await t.client().get(`/api/bookings/lookup?reference=${encodeURIComponent('WL-\u0000')}&email=a%40example.com`);
    expect(lookup.status).toBe(400);
    expect(lookup.body.errors).toEqual({ reference: MESSAGE });
    const contact = await t.client().post('/api/contact', { name: NUL, email: 'a@example.com', message: 'Hello' }, from('198.51.100.31'));
    expect(contact.status).toBe(400);
    expect(contact.body.errors).toEqual({ name: MESSAGE });
    const chat = await t.client().post('/api/chatbot/chat', { message: 'Hi\u0007' }, from('198.51.100.32'));
    expect(chat.status).toBe(400);
    expect(chat.body.errors).toEqual({ message: MESSAGE });
  });

  it('tabs and new lines in a multi-line text are kept', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const dates = stay(t.clock.now(), 14, 2);
    const res = await t.client().post(
      '/api/bookings',
      { unitId: unitIds[0], checkInDate: dates.checkIn, checkOutDate: dates.checkOut, paymentMethod: 'EFT', guestData: guestData('tab'), specialRequests: 'Cot\tplease\nthanks' },
      from('198.51.100.33'),
    );
    expect(res.status).toBe(201);
  });
});
