import net from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { signPaystackBody, startPaystackDouble, type PaystackDouble } from '../../../../e2e/doubles/paystack-double.js';
import { expireHolds } from '../bookings/hold-expiry.job.js';
import { createPaystackClient } from '../../adapters/paystack.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';

/**
 * Card payments end to end against the Paystack double: initialize, verify, the webhook, and
 * what a guest and the database see when something goes wrong.
 */
let t: TestContext;
let paystack: PaystackDouble;
let unitIds: string[];
const realPaystack = () => (secretKey: string) =>
  createPaystackClient({ baseUrl: paystack.url, secretKey, timeoutMs: 2000 });

beforeAll(async () => {
  paystack = await startPaystackDouble();
  t = await createTestContext({ now: '2026-03-02T08:00:00Z', env: { PAYSTACK_BASE_URL: paystack.url, PAYSTACK_TIMEOUT_MS: '2000' } });
  await setKeys(paystack.publicKey, paystack.secretKey);
  const units = await t.db('units as u')
    .join('accommodation_types as a', 'a.id', 'u.accommodation_type_id')
    .where({ 'a.is_package': false, 'u.is_active': true, 'a.is_active': true })
    .where('a.capacity', '>=', 2)
    .orderBy(['a.sort_order', 'u.sort_order'])
    .select('u.id');
  unitIds = units.map((u) => u.id);
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});
beforeEach(() => {
  t.deps.paystack = realPaystack();
});

async function setKeys(publicKey: string | null, secretKey: string | null) {
  await t.db('settings').where({ id: 1 }).update({ paystack_public_key: publicKey, paystack_secret_key: secretKey });
}

// Each test books its own nights, far beyond the demo calendar, so tests never collide.
let stayNo = 0;
function nextStay(nights = 2) {
  const checkIn = addDays(todayInLodge(t.clock.now()), 120 + 4 * stayNo++);
  return { checkInDate: checkIn, checkOutDate: addDays(checkIn, nights) };
}

const guest = { firstName: 'Naledi', lastName: 'Dube', email: 'naledi.dube@example.com', phone: '+27 82 555 0101', address: 'Hoedspruit' };

function initBody(overrides: { bookingData?: Record<string, unknown>; guestData?: Record<string, unknown> } = {}) {
  return {
    bookingData: {
      unitId: unitIds[0],
      ...nextStay(),
      totalAmount: 1,
      paymentMethod: 'Card',
      specialRequests: 'Late arrival',
      numberOfGuests: 2,
      ...overrides.bookingData,
    },
    guestData: { ...guest, ...overrides.guestData },
  };
}

async function initialize(overrides: Parameters<typeof initBody>[0] = {}) {
  const body = initBody(overrides);
  const res = await t.client().post('/api/payments/initialize', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { res, body, booking: await bookingRow(res.body.bookingId) };
}

const bookingRow = (id: string) => t.db('bookings').where({ id }).first();
const paymentRows = (bookingId: string) => t.db('payment_transactions').where({ booking_id: bookingId, type: 'payment' });
const confirmationMails = (bookingId: string) =>
  t.db('email_outbox').where({ booking_id: bookingId, template: 'payment-confirmed' });
const bookingCount = async () => Number((await t.db('bookings').count('* as c').first())?.c);
const verify = (reference: string) => t.client().post('/api/payments/verify', { reference });
const webhookUrl = () => `${t.url}/api/payments/webhook`;
const chargeSuccess = (reference: string) => paystack.sendWebhook(webhookUrl(), 'charge.success', paystack.verifyData(reference));

describe('POST /api/payments/initialize', () => {
  it('holds the unit Provisional and opens a Paystack transaction for the card total in cents', async () => {
    const before = t.clock.now();
    const { res, booking } = await initialize();
    expect(res.body).toMatchObject({ public_key: paystack.publicKey, bookingId: booking.id });
    expect(res.body.access_code).toBe(paystack.transactions.get(res.body.reference)?.accessCode);
    expect(res.body.authorization_url).toContain('/checkout/');

    expect(booking).toMatchObject({ status: 'Provisional', payment_status: 'Pending', payment_method: 'Card', paystack_reference: res.body.reference });
    const holdMinutes = (new Date(booking.hold_expires_at).getTime() - before.getTime()) / 60_000;
    expect(holdMinutes).toBeGreaterThan(29);
    expect(holdMinutes).toBeLessThanOrEqual(31);

    const tx = paystack.transactions.get(res.body.reference)!;
    const totalCents = Math.round(Number(booking.total_amount) * 100);
    expect(tx.amount).toBe(totalCents);
    expect(Number.isInteger(tx.amount)).toBe(true);
    expect(tx.currency).toBe('ZAR');
    expect(tx.email).toBe(guest.email);
    expect(tx.metadata).toMatchObject({ bookingId: booking.id, bookingReference: booking.reference });
    expect(res.body.amount).toBe(totalCents / 100);
    // The client's totalAmount (R1) is ignored.
    expect(totalCents).toBeGreaterThan(100);
  });

  it('answers 503 "The payment provider is not configured" without keys, and books nothing', async () => {
    await setKeys(null, null);
    try {
      const before = await bookingCount();
      const res = await t.client().post('/api/payments/initialize', initBody());
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The payment provider is not configured');
      expect(await bookingCount()).toBe(before);
    } finally {
      await setKeys(paystack.publicKey, paystack.secretKey);
    }
  });

  it('refuses when card payments are switched off', async () => {
    await t.db('settings').where({ id: 1 }).update({ allow_card_payments: false });
    try {
      const before = await bookingCount();
      const res = await t.client().post('/api/payments/initialize', initBody());
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/card payments are not available/i);
      expect(await bookingCount()).toBe(before);
    } finally {
      await t.db('settings').where({ id: 1 }).update({ allow_card_payments: true });
    }
  });

  it.each([
    ['Paystack answers 500', () => paystack.overrideNext('initialize', { status: 500 })],
    [
      'Paystack is unreachable',
      async () => {
        const port = await closedPort();
        t.deps.paystack = (secretKey) => createPaystackClient({ baseUrl: `http://127.0.0.1:${port}`, secretKey, timeoutMs: 2000 });
      },
    ],
  ])('%s: 502 "Payment initialization failed", the booking is released and the dates are bookable again', async (_label, breakIt) => {
    await breakIt();
    const body = initBody();
    const res = await t.client().post('/api/payments/initialize', body);
    expect(res.status).toBe(502);
    expect(res.body.message).toContain('Payment initialization failed');

    const released = await t.db('bookings').where({ unit_id: body.bookingData.unitId, check_in_date: body.bookingData.checkInDate }).first();
    expect(released.status).toBe('Cancelled');
    const audit = await t.db('audit_log').where({ entity_id: released.id, action: 'booking.cancel' }).first();
    expect(audit.actor_username).toBe('system');

    t.deps.paystack = realPaystack();
    const again = await t.client().post('/api/payments/initialize', body);
    expect(again.status).toBe(200);
    expect((await bookingRow(again.body.bookingId)).status).toBe('Provisional');
  });

  it("passes on Paystack's reason when it refuses the request", async () => {
    paystack.overrideNext('initialize', { status: 400, body: { status: false, message: 'Invalid Email Address Passed' } });
    const res = await t.client().post('/api/payments/initialize', initBody());
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Payment initialization failed: Invalid Email Address Passed');
  });

  describe('bad input gets 400 naming the field and changes nothing', () => {
    it.each([
      ['missing guestData.email', { guestData: { email: undefined } }, 'guestData.email'],
      ['invalid email', { guestData: { email: 'not-an-email' } }, 'guestData.email'],
      ['numberOfGuests as text', { bookingData: { numberOfGuests: 'two' } }, 'bookingData.numberOfGuests'],
      ['unitId as a number', { bookingData: { unitId: 42 } }, 'bookingData.unitId'],
      ['check-out before check-in', { bookingData: { checkInDate: '2027-03-10', checkOutDate: '2027-03-08' } }, 'bookingData.checkOutDate'],
      ['2026-02-30', { bookingData: { checkInDate: '2026-02-30', checkOutDate: '2026-03-02' } }, 'bookingData.checkInDate'],
      ['EFT on the card endpoint', { bookingData: { paymentMethod: 'EFT' } }, 'bookingData.paymentMethod'],
      ['neither unit nor package', { bookingData: { unitId: undefined } }, 'bookingData.unitId'],
    ])('%s', async (_label, overrides, field) => {
      const before = await bookingCount();
      const requests = paystack.requests.length;
      const res = await t.client().post('/api/payments/initialize', initBody(overrides as never));
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(field);
      expect(res.body.message).toContain(field);
      expect(await bookingCount()).toBe(before);
      expect(paystack.requests.length).toBe(requests);
    });

    it('an unknown unit id is refused and books nothing', async () => {
      const before = await bookingCount();
      const res = await t.client().post(
        '/api/payments/initialize',
        initBody({ bookingData: { unitId: '00000000-0000-4000-8000-000000000000' } }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Unit not found', code: 'unknown_id', errors: { unitId: 'Unit not found' } });
      expect(await bookingCount()).toBe(before);
    });

    it('a missing body is refused', async () => {
      const res = await t.client().post('/api/payments/initialize', {});
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('bookingData');
    });
  });
});

describe('POST /api/payments/verify', () => {
  it('confirms a paid booking once: Confirmed, Paid, one ledger row, one e-mail, an audit entry', async () => {
    const { res: init, booking } = await initialize();
    paystack.pay(init.body.reference);

    const res = await verify(init.body.reference);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reference: init.body.reference,
      bookingId: booking.id,
      bookingReference: booking.reference,
      status: 'Confirmed',
      paymentStatus: 'Paid',
      amount: Number(booking.total_amount),
    });
    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({ status: 'Confirmed', payment_status: 'Paid', payment_verified: true, hold_expires_at: null });
    const rows = await paymentRows(booking.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subtype: 'card', status: 'success', gateway_reference: init.body.reference, amount: booking.total_amount });
    const mails = await confirmationMails(booking.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe(guest.email);
    expect(mails[0].subject).toBe(`Booking ${booking.reference} confirmed`);
    const audit = await t.db('audit_log').where({ entity_id: booking.id, action: 'payment.card' });
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_username).toBe('system');

    const again = await verify(init.body.reference);
    expect(again.status).toBe(200);
    expect(await paymentRows(booking.id)).toHaveLength(1);
    expect(await confirmationMails(booking.id)).toHaveLength(1);
  });

  it('does not confirm a payment whose amount differs from the booking', async () => {
    const { res: init, booking } = await initialize();
    const totalCents = Math.round(Number(booking.total_amount) * 100);
    paystack.pay(init.body.reference, { amount: totalCents - 100_00 });

    const res = await verify(init.body.reference);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Payment verification failed');
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Provisional', payment_status: 'Pending', payment_verified: false });
    expect(await paymentRows(booking.id)).toHaveLength(0);
    expect(await confirmationMails(booking.id)).toHaveLength(0);
    const audit = await t.db('audit_log').where({ entity_id: booking.id, action: 'payment.mismatch' }).first();
    expect(audit.after).toMatchObject({ reason: 'wrong_amount', received: { amountCents: totalCents - 100_00 } });

    // The webhook for the same charge is acknowledged but confirms nothing either.
    const hook = await chargeSuccess(init.body.reference);
    expect(hook.status).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Provisional', payment_status: 'Pending' });
    expect(await paymentRows(booking.id)).toHaveLength(0);
  });

  it('does not confirm a payment in another currency', async () => {
    const { res: init, booking } = await initialize();
    paystack.pay(init.body.reference, { currency: 'NGN' });
    const res = await verify(init.body.reference);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Payment verification failed');
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Provisional', payment_status: 'Pending' });
    expect(await paymentRows(booking.id)).toHaveLength(0);
  });

  it.each([
    ['abandoned', 'abandoned', /not completed/],
    ['failed', 'failed', /^Payment failed/],
    ['still processing', 'ongoing', /still being processed/],
  ] as const)('a %s payment is reported and the booking stays Provisional', async (_label, status, message) => {
    const { res: init, booking } = await initialize();
    if (status === 'failed') paystack.pay(init.body.reference, { status: 'failed' });
    else paystack.setStatus(init.body.reference, status);
    const res = await verify(init.body.reference);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(message);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Provisional', payment_status: 'Pending' });
    expect(await paymentRows(booking.id)).toHaveLength(0);
  });

  it('answers 400 naming reference for one we never issued, or a missing or malformed one', async () => {
    const unknown = await verify('WL-NOPE00-abcdefabcdef');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('reference');
    expect(unknown.body.message).toMatch(/^Payment verification failed/);
    const missing = await t.client().post('/api/payments/verify', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('reference');
    const malformed = await verify('bad ref/../x');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('reference');
  });

  it('answers 502 "Payment verification failed" when Paystack is down, and changes nothing', async () => {
    const { res: init, booking } = await initialize();
    paystack.pay(init.body.reference);
    paystack.overrideNext('verify', { status: 503 });
    const res = await verify(init.body.reference);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Payment verification failed');
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Provisional', payment_status: 'Pending' });
  });
});

describe('a payment that lands after the hold expired', () => {
  /** Lets the hold run out and runs the real hold-expiry job. */
  async function expireHold(bookingId: string) {
    const b = await bookingRow(bookingId);
    t.clock.set(new Date(new Date(b.hold_expires_at).getTime() + 60_000));
    await expireHolds(t.deps);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'Cancelled', cancellation_reason: 'Card payment not completed before the hold expired' });
  }
  afterEach(() => t.clock.set('2026-03-02T08:00:00Z'));

  it('reinstates the booking when its unit is still free', async () => {
    const { res: init, booking } = await initialize();
    await expireHold(booking.id);
    paystack.pay(init.body.reference);
    const res = await verify(init.body.reference);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Confirmed', payment_status: 'Paid', cancelled_at: null });
    expect(await confirmationMails(booking.id)).toHaveLength(1);
  });

  it('records the money but keeps the booking Cancelled, flagged for a refund, when the unit was taken', async () => {
    const first = await initialize();
    await expireHold(first.booking.id);
    // Someone else books the same nights meanwhile.
    const second = await initialize({
      bookingData: { checkInDate: first.body.bookingData.checkInDate, checkOutDate: first.body.bookingData.checkOutDate },
    });
    expect(second.booking.unit_id).toBe(first.booking.unit_id);

    paystack.pay(first.res.body.reference);
    const res = await verify(first.res.body.reference);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already been released.*refund your payment in full/);
    expect(await bookingRow(first.booking.id)).toMatchObject({ status: 'Cancelled', payment_status: 'Paid', payment_verified: true });
    expect(await paymentRows(first.booking.id)).toHaveLength(1);
    expect(await confirmationMails(first.booking.id)).toHaveLength(0);
    const audit = await t.db('audit_log').where({ entity_id: first.booking.id, action: 'payment.card' }).first();
    expect(audit.note).toBe('paid after hold expired: refund needed');
    expect((await bookingRow(second.booking.id)).status).toBe('Provisional');

    // The webhook for the same charge changes nothing more.
    expect((await chargeSuccess(first.res.body.reference)).status).toBe(200);
    expect(await paymentRows(first.booking.id)).toHaveLength(1);
  });
});

describe('POST /api/payments/webhook', () => {
  it.each([
    ['a wrong signature', { badSignature: true }],
    ['no signature', { omitSignature: true }],
  ])('with %s gets 401 and changes nothing', async (_label, options) => {
    const { res: init, booking } = await initialize();
    paystack.pay(init.body.reference);
    const res = await paystack.sendWebhook(webhookUrl(), 'charge.success', paystack.verifyData(init.body.reference), options);
    expect(res.status).toBe(401);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Provisional', payment_status: 'Pending' });
    expect(await paymentRows(booking.id)).toHaveLength(0);
    expect(await confirmationMails(booking.id)).toHaveLength(0);
  });

  it('a body altered after signing gets 401', async () => {
    const { res: init, booking } = await initialize();
    paystack.pay(init.body.reference);
    const signed = JSON.stringify({ event: 'charge.success', data: paystack.verifyData(init.body.reference) });
    const { signPaystackBody } = await import('../../../../e2e/doubles/paystack-double.js');
    const signature = signPaystackBody(signed, paystack.secretKey);
    const res = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
      // Same JSON, different bytes: the signature covers the bytes.
      body: signed.replace('{"event"', '{ "event"'),
    });
    expect(res.status).toBe(401);
    expect(await paymentRows(booking.id)).toHaveLength(0);
  });

  it('charge.success confirms the booking; a repeated delivery changes nothing', async () => {
    const { res: init, booking } = await initialize();
    paystack.pay(init.body.reference);
    const first = await chargeSuccess(init.body.reference);
    expect(first.status).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Confirmed', payment_status: 'Paid', payment_verified: true });
    expect((await chargeSuccess(init.body.reference)).status).toBe(200);
    expect(await paymentRows(booking.id)).toHaveLength(1);
    expect(await confirmationMails(booking.id)).toHaveLength(1);
  });

  it.each(['webhook first', 'verify first'])('verify and the webhook record one payment (%s)', async (order) => {
    const { res: init, booking } = await initialize();
    paystack.pay(init.body.reference);
    const steps = [() => chargeSuccess(init.body.reference), () => verify(init.body.reference)];
    if (order === 'verify first') steps.reverse();
    for (const step of steps) expect((await step()).status).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Confirmed', payment_status: 'Paid' });
    expect(await paymentRows(booking.id)).toHaveLength(1);
    expect(await confirmationMails(booking.id)).toHaveLength(1);
  });

  it('verify and the webhook sent at the same time record one payment and one e-mail', async () => {
    const { res: init, booking } = await initialize();
    paystack.pay(init.body.reference);
    const results = await Promise.all([
      verify(init.body.reference),
      chargeSuccess(init.body.reference),
      verify(init.body.reference),
      chargeSuccess(init.body.reference),
      chargeSuccess(init.body.reference),
      verify(init.body.reference),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Confirmed', payment_status: 'Paid' });
    expect(await paymentRows(booking.id)).toHaveLength(1);
    expect(await confirmationMails(booking.id)).toHaveLength(1);
    expect(await t.db('audit_log').where({ entity_id: booking.id, action: 'payment.card' })).toHaveLength(1);
  });

  it('acknowledges events it does not act on, and charges for references it does not know', async () => {
    expect((await paystack.sendWebhook(webhookUrl(), 'transfer.success', { id: 1 })).status).toBe(200);
    const stranger = { ...paystack.verifyData((await initialize()).res.body.reference), reference: 'SOMEONE-ELSES-REF' };
    expect((await paystack.sendWebhook(webhookUrl(), 'charge.success', stranger)).status).toBe(200);
  });

  it('is not subject to the Origin check, yet other payment calls are', async () => {
    const raw = JSON.stringify({ event: 'transfer.success', data: { id: 1 } });
    const webhook = await fetch(webhookUrl(), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'https://evil.example',
        'x-paystack-signature': signPaystackBody(raw, paystack.secretKey),
      },
      body: raw,
    });
    expect(webhook.status).toBe(200);
    expect(await webhook.json()).toEqual({ received: true });

    const res = await t.client().post('/api/payments/verify', { reference: 'WL-AAAAAA-abc' }, { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
