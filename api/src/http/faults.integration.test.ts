import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createKnex } from '../db/knex.js';
import { startPaystackDouble, type PaystackDouble } from '../../../e2e/doubles/paystack-double.js';
import { createPaystackClient } from '../adapters/paystack.js';
import { expireHolds } from '../features/bookings/hold-expiry.job.js';
import { reconcileCardHolds } from '../features/payments/reconcile-card-holds.js';
import { addDays, todayInLodge } from '../../../shared/domain/dates.js';

/**
 * Faults: the database going away mid-traffic, Paystack down or slow, and the process dying
 * between "Paystack took the money" and "we recorded it". SMTP down is covered in
 * features/email/email.integration.test.ts (mail waits in the outbox, goes when it is back).
 */

/** A TCP proxy to PostgreSQL that the test can cut and restore, so the shared server never stops. */
async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let up = true;
  let sentBytes = 0;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.on('data', (chunk: Buffer) => (sentBytes += chunk.length));
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Bytes the app has sent towards the database so far. */
    get sentBytes() {
      return sentBytes;
    },
    /** Every open connection dropped, new ones refused: the database is "down". */
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const onPostgres = !!process.env.DATABASE_URL;

describe.skipIf(!onPostgres)('PostgreSQL stopped and restarted during traffic (a proxy cut, PostgreSQL only)', () => {
  let t: TestContext;
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
  let unitIds: string[];

  beforeAll(async () => {
    t = await createTestContext({
      async configure(deps) {
        // The app talks to the test database through the proxy; the test itself goes direct.
        const direct = new URL(process.env.DATABASE_URL!);
        direct.pathname = `/${(await deps.db.raw('select current_database() as name')).rows[0].name}`;
        proxy = await startCuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
        direct.host = `127.0.0.1:${proxy.port}`;
        deps.db = createKnex({ kind: 'postgres', url: direct.toString(), poolMax: 5 });
      },
    });
    // These stays lie far beyond the demo calendar, past the default two-year booking horizon.
    await t.db('settings').update({ booking_horizon_days: 3650 });
    const units = await t.db('units as u')
      .join('accommodation_types as a', 'a.id', 'u.accommodation_type_id')
      .where({ 'a.is_package': false, 'u.is_active': true })
      .select('u.id');
    unitIds = units.map((u) => u.id);
  });
  afterAll(async () => {
    await t?.deps.db.destroy();
    await t?.close();
    await proxy?.close();
  });

  const book = (i: number, email: string) =>
    t.client().post('/api/bookings', {
      unitId: unitIds[i % unitIds.length],
      checkInDate: addDays(todayInLodge(t.clock.now()), 800 + 3 * Math.floor(i / unitIds.length)),
      checkOutDate: addDays(todayInLodge(t.clock.now()), 801 + 3 * Math.floor(i / unitIds.length)),
      paymentMethod: 'EFT',
      guestData: { firstName: 'Fault', lastName: `No${i}`, email },
    });

  it('answers 503 with a message while it is down, recovers without a restart, and leaves no half-written booking', async () => {
    expect((await t.client().get('/api/accommodations')).status).toBe(200);

    // Traffic in flight when the database goes away.
    const emails = Array.from({ length: 12 }, (_, i) => `fault.${i}.${Date.now()}@example.com`);
    const sentBefore = proxy.sentBytes;
    const inFlight = emails.map((email, i) => book(i, email));
    // Cut once the bookings' statements are on their way to the database.
    await vi.waitFor(() => expect(proxy.sentBytes).toBeGreaterThan(sentBefore), { timeout: 10_000, interval: 1 });
    proxy.cut();
    const during = await Promise.all(inFlight);
    for (const res of during) expect([201, 503], res.text).toContain(res.status);

    // While down: a clear 503, for reads and writes.
    for (const res of [await t.client().get('/api/accommodations'), await book(99, 'fault.down@example.com')]) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'The service is temporarily unavailable. Please try again in a moment.', code: 'database_unavailable' });
      expect(res.headers.get('retry-after')).toBe('5');
    }

    proxy.restore();
    await vi.waitFor(async () => expect((await t.client().get('/api/accommodations')).status).toBe(200), { timeout: 10_000, interval: 100 });
    expect((await book(100, 'fault.after@example.com')).status).toBe(201);

    // Every booking is whole: each answered 201 is there with its guest and its e-mail, and
    // one answered 503 is either wholly there (the commit went through as the line dropped)
    // or not at all.
    for (const [i, res] of during.entries()) {
      const rows = await t.db('bookings as b').join('guests as g', 'g.id', 'b.guest_id').where('g.email', emails[i]).select('b.id');
      if (res.status === 201) expect(rows).toHaveLength(1);
      expect(rows.length).toBeLessThanOrEqual(1);
      for (const row of rows) {
        expect(Number((await t.db('email_outbox').where({ booking_id: row.id }).count({ n: '*' }))[0].n)).toBeGreaterThan(0);
      }
    }
  });
});

describe('Paystack down, slow, or the process killed during a payment', () => {
  let t: TestContext;
  let paystack: PaystackDouble;
  let unitIds: string[];
  let stayNo = 0;

  beforeAll(async () => {
    paystack = await startPaystackDouble();
    t = await createTestContext({ env: { PAYSTACK_BASE_URL: paystack.url, PAYSTACK_TIMEOUT_MS: '1000' } });
    // These stays lie far beyond the demo calendar, past the default two-year booking horizon.
    await t.db('settings').update({ booking_horizon_days: 3650 });
    t.deps.paystack = (secretKey) => createPaystackClient({ baseUrl: paystack.url, secretKey, timeoutMs: 1000 });
    await t.db('settings').where({ id: 1 }).update({ paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey });
    const units = await t.db('units as u')
      .join('accommodation_types as a', 'a.id', 'u.accommodation_type_id')
      .where({ 'a.is_package': false, 'u.is_active': true, 'a.is_active': true })
      .where('a.capacity', '>=', 2)
      .select('u.id');
    unitIds = units.map((u) => u.id);
  });
  afterAll(async () => {
    await t?.close();
    await paystack?.close();
  });

  const initBody = () => {
    const checkIn = addDays(todayInLodge(t.clock.now()), 900 + 4 * stayNo++);
    return {
      bookingData: { unitId: unitIds[0], checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), paymentMethod: 'Card', numberOfGuests: 2 },
      guestData: { firstName: 'Thabo', lastName: 'Mokoena', email: `thabo.${stayNo}@example.com`, phone: '+27 82 555 0102' },
    };
  };
  const confirmed = () => t.db('bookings').where({ status: 'Confirmed', payment_method: 'Card' }).whereRaw('check_in_date > ?', [addDays(todayInLodge(t.clock.now()), 850)]);

  for (const [name, override] of [
    ['down', { status: 503 }],
    ['too slow', { hang: true }],
  ] as const) {
    it(`Paystack ${name} at checkout: a clear error, no booking confirmed, the unit not held`, async () => {
      paystack.overrideNext('initialize', override);
      const body = initBody();
      const res = await t.client().post('/api/payments/initialize', body);
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/\S/);
      expect(await confirmed()).toEqual([]);
      // The hold made for the popup is let go at once, so the unit can be booked again.
      const held = await t.db('bookings').where({ unit_id: unitIds[0], check_in_date: body.bookingData.checkInDate }).whereIn('status', ['Provisional', 'Confirmed']);
      expect(held).toEqual([]);
    });
  }

  it('Paystack down at verify: 502, nothing confirmed; the hold is released when it runs out', async () => {
    const init = await t.client().post('/api/payments/initialize', initBody());
    expect(init.status).toBe(200);
    paystack.overrideNext('verify', { status: 500 });
    const res = await t.client().post('/api/payments/verify', { reference: init.body.reference });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Payment verification failed');
    expect((await t.db('bookings').where({ id: init.body.bookingId }).first()).status).toBe('Provisional');

    // The guest never paid; Paystack answers again by the time the hold runs out.
    t.clock.advance(31 * 60_000);
    await reconcileCardHolds(t.deps);
    await expireHolds(t.deps);
    expect(await t.db('bookings').where({ id: init.body.bookingId }).first()).toMatchObject({ status: 'Cancelled', payment_status: 'Pending' });
    t.clock.set(new Date());
  });

  it('killed during verification: the reconciliation completes the payment exactly once, and a late webhook adds nothing', async () => {
    const init = await t.client().post('/api/payments/initialize', initBody());
    expect(init.status).toBe(200);
    // Paystack took the money; the process died before anything was recorded (no verify answer,
    // no webhook yet). Restart = the jobs run again after the hold ran out.
    paystack.pay(init.body.reference);
    t.clock.advance(31 * 60_000);
    try {
      expect(await reconcileCardHolds(t.deps)).toEqual({ checked: 1, confirmed: 1 });
      expect(await expireHolds(t.deps)).toEqual({ expired: 0 });
      expect(await reconcileCardHolds(t.deps)).toEqual({ checked: 0, confirmed: 0 });
      const webhook = await paystack.sendWebhook(`${t.url}/api/payments/webhook`, 'charge.success', paystack.verifyData(init.body.reference));
      expect(webhook.status).toBe(200);
      const verify = await t.client().post('/api/payments/verify', { reference: init.body.reference });
      expect(verify.status).toBe(200);

      expect(await t.db('bookings').where({ id: init.body.bookingId }).first()).toMatchObject({ status: 'Confirmed', payment_status: 'Paid' });
      expect(await t.db('payment_transactions').where({ booking_id: init.body.bookingId, type: 'payment' })).toHaveLength(1);
      expect(await t.db('email_outbox').where({ booking_id: init.body.bookingId, template: 'payment-confirmed' })).toHaveLength(1);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('the reconciliation leaves an unpaid or mismatched hold to expire', async () => {
    const unpaid = await t.client().post('/api/payments/initialize', initBody());
    const wrong = await t.client().post('/api/payments/initialize', initBody());
    paystack.pay(wrong.body.reference, { amount: 100 });
    t.clock.advance(31 * 60_000);
    try {
      expect(await reconcileCardHolds(t.deps)).toEqual({ checked: 2, confirmed: 0 });
      await expireHolds(t.deps);
      for (const id of [unpaid.body.bookingId, wrong.body.bookingId]) {
        expect((await t.db('bookings').where({ id }).first()).status).toBe('Cancelled');
      }
    } finally {
      t.clock.set(new Date());
    }
  });
});
