import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { startPaystackDouble, type PaystackDouble } from '../../../../e2e/doubles/paystack-double.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { formatRand } from '../../../../shared/format.js';

/** Refunds (Paystack and manual), refund webhooks and the payment history, as staff see them. */
let t: TestContext;
let paystack: PaystackDouble;
let manager: TestClient;
let receptionist: TestClient;
let unitId: string;

beforeAll(async () => {
  paystack = await startPaystackDouble();
  t = await createTestContext({ now: '2026-03-02T08:00:00Z', env: { PAYSTACK_BASE_URL: paystack.url, PAYSTACK_TIMEOUT_MS: '2000' } });
  await t.db('settings').where({ id: 1 }).update({ paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey });
  const unit = await t.db('units as u')
    .join('accommodation_types as a', 'a.id', 'u.accommodation_type_id')
    .where({ 'a.is_package': false, 'u.is_active': true })
    .orderBy(['a.sort_order', 'u.sort_order'])
    .first('u.id');
  unitId = unit.id;
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

let stayNo = 0;
/** A booking paid by card through the double: initialize, pay, verify. */
async function cardPaidBooking() {
  const checkIn = addDays(todayInLodge(t.clock.now()), 150 + 4 * stayNo++);
  const init = await t.client().post('/api/payments/initialize', {
    bookingData: { unitId, checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), paymentMethod: 'Card', numberOfGuests: 2 },
    guestData: { firstName: 'Pieter', lastName: 'Nel', email: 'pieter.nel@example.com' },
  });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  paystack.pay(init.body.reference);
  const verified = await t.client().post('/api/payments/verify', { reference: init.body.reference });
  expect(verified.status).toBe(200);
  const booking = await bookingRow(init.body.bookingId);
  return { booking, reference: init.body.reference as string, totalCents: cents(booking.total_amount) };
}

const cents = (v: string | number) => Math.round(Number(v) * 100);
const bookingRow = (id: string) => t.db('bookings').where({ id }).first();
const refundRows = (bookingId: string) => t.db('payment_transactions').where({ booking_id: bookingId, type: 'refund' }).orderBy('created_at');
const refund = (client: TestClient, body: Record<string, unknown>) => client.post('/api/admin/payments/refund', body);
const refundMails = (bookingId: string) => t.db('email_outbox').where({ booking_id: bookingId, template: 'refund-issued' });

async function demoBooking(method: 'EFT' | 'Card', paymentStatus: string) {
  const row = await t.db('bookings')
    .where({ payment_method: method, payment_status: paymentStatus, is_entire_lodge_child: false })
    // Demo data only (WL-D00001...), not bookings made by earlier tests.
    .andWhere('reference', 'like', 'WL-D%')
    .orderBy('reference')
    .first();
  expect(row, `a demo ${method} booking with payment status ${paymentStatus}`).toMatchObject({ payment_method: method, payment_status: paymentStatus });
  return row;
}

describe('who may refund', () => {
  it('a receptionist gets 403 and nothing changes; a visitor gets 401', async () => {
    const { booking } = await cardPaidBooking();
    const res = await refund(receptionist, { bookingId: booking.id, amount: 100 });
    expect(res.status).toBe(403);
    expect((await t.client().post('/api/admin/payments/refund', { bookingId: booking.id })).status).toBe(401);
    expect(await refundRows(booking.id)).toHaveLength(0);
    expect((await bookingRow(booking.id)).payment_status).toBe('Paid');
  });

  it('a receptionist gets 403 on the payment history', async () => {
    const { booking } = await cardPaidBooking();
    expect((await receptionist.get(`/api/admin/payments/history?bookingId=${booking.id}`)).status).toBe(403);
  });
});

describe('card refunds through Paystack', () => {
  it('a manager refunds part of a card payment: Paystack gets it, the ledger and the booking show it', async () => {
    const { booking, reference, totalCents } = await cardPaidBooking();
    const res = await refund(manager, { bookingId: booking.id, amount: 500, reason: 'Game drive cancelled' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Refund processed');
    expect(res.body.paymentStatus).toBe('Partially Refunded');
    expect(res.body.refund).toMatchObject({ type: 'refund', subtype: 'card', status: 'pending', amount: -500 });

    const [sent] = paystack.transactions.get(reference)!.refunds;
    expect(sent).toMatchObject({ amount: 500_00, transactionReference: reference, merchantNote: 'Game drive cancelled' });
    expect(res.body.refund.gatewayReference).toBe(String(sent.id));

    const [row] = await refundRows(booking.id);
    expect(row).toMatchObject({ amount: '-500.00', status: 'pending', gateway_reference: String(sent.id), reason: 'Game drive cancelled' });
    expect((await bookingRow(booking.id)).payment_status).toBe('Partially Refunded');
    expect(res.body.summary).toMatchObject({ totalPaid: totalCents / 100, totalRefunded: 500, netAmount: (totalCents - 500_00) / 100 });
    expect(await refundMails(booking.id)).toHaveLength(1);
    const audit = await t.db('audit_log').where({ entity_id: booking.id, action: 'payment.refund' }).first();
    expect(audit).toMatchObject({ actor_username: 'manager', note: 'Game drive cancelled' });
  });

  it('refuses more than is left, naming the maximum, and changes nothing', async () => {
    const { booking, reference, totalCents } = await cardPaidBooking();
    expect((await refund(manager, { bookingId: booking.id, amount: 100 })).status).toBe(200);
    const left = (totalCents - 100_00) / 100;

    const res = await refund(manager, { bookingId: booking.id, amount: totalCents / 100 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Refund amount cannot be more than ${formatRand(left)}, the amount paid less earlier refunds`);
    expect(res.body.errors).toHaveProperty('amount');
    expect(await refundRows(booking.id)).toHaveLength(1);
    expect(paystack.transactions.get(reference)!.refunds).toHaveLength(1);
    expect((await bookingRow(booking.id)).payment_status).toBe('Partially Refunded');
  });

  it('a full refund refunds what is left; a second full refund is refused', async () => {
    const { booking, reference, totalCents } = await cardPaidBooking();
    const full = await refund(manager, { bookingId: booking.id });
    expect(full.status).toBe(200);
    expect(full.body.refund.amount).toBe(-totalCents / 100);
    expect(full.body.paymentStatus).toBe('Refunded');
    expect((await bookingRow(booking.id)).payment_status).toBe('Refunded');
    expect(paystack.transactions.get(reference)!.refunds[0].amount).toBe(totalCents);

    const second = await refund(manager, { bookingId: booking.id });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('This booking has already been fully refunded');
    expect(await refundRows(booking.id)).toHaveLength(1);
    expect(paystack.transactions.get(reference)!.refunds).toHaveLength(1);
  });

  it('two refunds at once cannot together refund more than was paid', async () => {
    const { booking, totalCents } = await cardPaidBooking();
    const amount = Math.ceil((totalCents * 0.6) / 100);
    const results = await Promise.all([
      refund(manager, { bookingId: booking.id, amount }),
      refund(manager, { bookingId: booking.id, amount }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await refundRows(booking.id)).toHaveLength(1);
  });

  it('a refund Paystack refuses is marked failed, the booking is Paid again, and staff see why', async () => {
    const { booking } = await cardPaidBooking();
    paystack.overrideNext('refund', { status: 400, body: { status: false, message: 'Transaction has been fully reversed' } });
    const res = await refund(manager, { bookingId: booking.id, amount: 200 });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Refund failed: Transaction has been fully reversed');
    const [row] = await refundRows(booking.id);
    expect(row.status).toBe('failed');
    expect((await bookingRow(booking.id)).payment_status).toBe('Paid');
    expect(await refundMails(booking.id)).toHaveLength(0);
    // The failed attempt no longer counts: the full amount can still be refunded.
    expect((await refund(manager, { bookingId: booking.id })).status).toBe(200);
  });
});

describe('refund webhooks', () => {
  const send = (event: string, refundId: number, opts: { badSignature?: boolean } = {}) =>
    paystack.sendWebhook(`${t.url}/api/payments/webhook`, event, paystack.refundEventData(refundId), opts);

  it('refund.processed marks the refund done; a late refund.pending does not move it back', async () => {
    const { booking, reference } = await cardPaidBooking();
    expect((await refund(manager, { bookingId: booking.id, amount: 300 })).status).toBe(200);
    const refundId = paystack.transactions.get(reference)!.refunds[0].id;

    paystack.setRefundStatus(refundId, 'processing');
    expect((await send('refund.processing', refundId)).status).toBe(200);
    expect((await refundRows(booking.id))[0].status).toBe('processing');

    paystack.setRefundStatus(refundId, 'processed');
    expect((await send('refund.processed', refundId)).status).toBe(200);
    expect((await refundRows(booking.id))[0].status).toBe('success');

    paystack.setRefundStatus(refundId, 'pending');
    expect((await send('refund.pending', refundId)).status).toBe(200);
    expect((await refundRows(booking.id))[0].status).toBe('success');
    expect((await bookingRow(booking.id)).payment_status).toBe('Partially Refunded');
  });

  it('refund.failed marks it failed and recomputes the payment status', async () => {
    const { booking, reference } = await cardPaidBooking();
    expect((await refund(manager, { bookingId: booking.id })).status).toBe(200);
    expect((await bookingRow(booking.id)).payment_status).toBe('Refunded');
    const refundId = paystack.transactions.get(reference)!.refunds[0].id;

    paystack.setRefundStatus(refundId, 'failed');
    expect((await send('refund.failed', refundId, { badSignature: true })).status).toBe(401);
    expect((await refundRows(booking.id))[0].status).toBe('pending');

    expect((await send('refund.failed', refundId)).status).toBe(200);
    expect((await refundRows(booking.id))[0].status).toBe('failed');
    expect((await bookingRow(booking.id)).payment_status).toBe('Paid');
    const history = await manager.get(`/api/admin/payments/history?bookingId=${booking.id}`);
    expect(history.body.summary.totalRefunded).toBe(0);
  });

  it('finds the refund by transaction reference and amount when the event carries no refund id', async () => {
    const { booking, reference } = await cardPaidBooking();
    expect((await refund(manager, { bookingId: booking.id, amount: 150 })).status).toBe(200);
    const refundId = paystack.transactions.get(reference)!.refunds[0].id;
    paystack.setRefundStatus(refundId, 'processed');
    const { id: _id, ...data } = paystack.refundEventData(refundId);
    expect((await paystack.sendWebhook(`${t.url}/api/payments/webhook`, 'refund.processed', data)).status).toBe(200);
    expect((await refundRows(booking.id))[0].status).toBe('success');
  });
});

describe('manual refunds (EFT and cash)', () => {
  it('records an EFT refund as a manual ledger row without calling Paystack', async () => {
    const booking = await demoBooking('EFT', 'Paid');
    const requests = paystack.requests.length;
    const res = await refund(manager, { bookingId: booking.id, amount: '250.50', reason: 'Goodwill' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.refund).toMatchObject({ type: 'refund', subtype: 'eft', status: 'success', amount: -250.5, gatewayReference: null });
    expect(res.body.paymentStatus).toBe('Partially Refunded');
    expect(paystack.requests.length).toBe(requests);
    expect(await refundRows(booking.id)).toHaveLength(1);
    expect(await refundMails(booking.id)).toHaveLength(1);
  });

  it('a superadmin may refund too; a booking not paid has nothing to refund', async () => {
    const admin = await t.loginAs('superadmin');
    const pending = await t.db('bookings').where({ payment_status: 'Pending', is_entire_lodge_child: false }).first();
    const res = await refund(admin, { bookingId: pending.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('No payment has been received for this booking, so there is nothing to refund');
    expect(await refundRows(pending.id)).toHaveLength(0);
  });
});

describe('GET /api/admin/payments/history', () => {
  it('lists the ledger with signed amounts and a summary that adds up', async () => {
    // A demo card booking with a promo code, the card discount and an earlier partial refund.
    const booking = await demoBooking('Card', 'Partially Refunded');
    // Demo references were never Paystack's: the refund is refused, and its failed row must not count.
    const refused = await refund(manager, { bookingId: booking.id, amount: 100 });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('Refund failed: Transaction not found');

    const res = await manager.get(`/api/admin/payments/history?bookingId=${booking.id}`);
    expect(res.status).toBe(200);
    const rows = await t.db('payment_transactions').where({ booking_id: booking.id });
    expect(res.body.transactions).toHaveLength(rows.length);
    const sum = (type: string, counts: (s: string) => boolean) =>
      rows.filter((r) => r.type === type && counts(r.status)).reduce((s, r) => s + Math.abs(cents(r.amount)), 0) / 100;
    const paid = sum('payment', (s) => s === 'success');
    const refunded = sum('refund', (s) => s !== 'failed');
    const discounts = sum('discount', (s) => s !== 'failed');
    // The demo stay was paid in full by card, and R2,500 of it given back as goodwill.
    expect(paid).toBe(cents(booking.total_amount) / 100);
    expect(refunded).toBe(2500);
    expect(res.body.summary).toEqual({ totalPaid: paid, totalRefunded: refunded, totalDiscounts: discounts, netAmount: Math.round((paid - refunded) * 100) / 100 });
    for (const tx of res.body.transactions) {
      const row = rows.find((r) => r.id === tx.id)!;
      expect(tx.amount).toBe(tx.type === 'payment' ? Math.abs(cents(row.amount)) / 100 : -Math.abs(cents(row.amount)) / 100);
      expect(tx).toHaveProperty('createdAt');
      expect(tx).toHaveProperty('description');
    }
  });

  it('a card-paid booking shows its payment, discount and refunds', async () => {
    const { booking, totalCents } = await cardPaidBooking();
    await refund(manager, { bookingId: booking.id, amount: 100 });
    const res = await manager.get(`/api/admin/payments/history?bookingId=${booking.id}`);
    expect(res.status).toBe(200);
    const payment = res.body.transactions.find((x: { type: string }) => x.type === 'payment');
    expect(payment).toMatchObject({ subtype: 'card', status: 'success', amount: totalCents / 100, description: 'Card payment via Paystack' });
    expect(res.body.summary.totalPaid).toBe(totalCents / 100);
    expect(res.body.summary.totalRefunded).toBe(100);
    expect(res.body.summary.netAmount).toBe((totalCents - 100_00) / 100);
  });
});

describe('bad input (an unknown booking too) gets 400 naming the field and changes nothing', () => {
  it.each([
    ['a non-numeric amount', { amount: 'lots' }, 'amount'],
    ['a negative amount', { amount: -5 }, 'amount'],
    ['a zero amount', { amount: 0 }, 'amount'],
    ['three decimals', { amount: 10.001 }, 'amount'],
    ['an amount as an object', { amount: { $gt: 0 } }, 'amount'],
    ['a reason too long', { reason: 'x'.repeat(501) }, 'reason'],
  ])('refund with %s', async (_label, body, field) => {
    const booking = await demoBooking('EFT', 'Paid');
    const before = (await refundRows(booking.id)).length;
    const res = await refund(manager, { bookingId: booking.id, ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
    expect(res.body.message).toContain(field);
    expect(await refundRows(booking.id)).toHaveLength(before);
  });

  it('refund without, with a malformed or with an unknown bookingId gets 400', async () => {
    expect((await refund(manager, { amount: 10 })).body.errors).toHaveProperty('bookingId');
    const malformed = await refund(manager, { bookingId: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('bookingId');
    const unknown = await refund(manager, { bookingId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('bookingId');
    expect(unknown.body.message).toBe('Booking not found');
  });

  it('history without, with a malformed or with an unknown bookingId', async () => {
    const missing = await manager.get('/api/admin/payments/history');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('bookingId');
    expect((await manager.get('/api/admin/payments/history?bookingId=nope')).status).toBe(400);
    const unknown = await manager.get('/api/admin/payments/history?bookingId=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('bookingId');
  });
});
