import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { startPaystackDouble, type PaystackDouble } from '../../../../e2e/doubles/paystack-double.js';
import { createPaystackClient } from '../../adapters/paystack.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { generatePaystackReference } from '../../../../shared/domain/reference.js';
import { insertPaymentRequest } from './payment-requests.repo.js';
import { recordLedgerEntry } from './ledger.service.js';
import { markBookingPaid } from '../bookings/record-payment.js';

/**
 * Deposits end to end with depositPercent 30 and balanceDueDays 30: what a booking stores,
 * what the card is charged, what verify and the webhook record (the deposit, then a balance
 * by its own payment request), and what staff marking Deposit Paid / Paid writes.
 */
let t: TestContext;
let paystack: PaystackDouble;
let manager: TestClient;
let unitIds: string[];

beforeAll(async () => {
  paystack = await startPaystackDouble();
  t = await createTestContext({ now: '2026-03-02T08:00:00Z', env: { PAYSTACK_BASE_URL: paystack.url, PAYSTACK_TIMEOUT_MS: '2000' } });
  await t.db('settings').where({ id: 1 }).update({
    paystack_public_key: paystack.publicKey,
    paystack_secret_key: paystack.secretKey,
    deposit_percent: 30,
    balance_due_days: 30,
  });
  t.deps.paystack = (secretKey) => createPaystackClient({ baseUrl: paystack.url, secretKey, timeoutMs: 2000 });
  manager = await t.loginAs('manager');
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

const today = () => todayInLodge(t.clock.now());
const cents = (rand: string | number) => Math.round(Number(rand) * 100);
const depositOf = (totalCents: number) => Math.round((totalCents * 30) / 100);
const bookingRow = (id: string) => t.db('bookings').where({ id }).first();
const payments = (bookingId: string) => t.db('payment_transactions').where({ booking_id: bookingId, type: 'payment' }).orderBy('created_at');
const verify = (reference: string) => t.client().post('/api/payments/verify', { reference });
/** The booking as the admin list answers it (what the staff screens show). */
const adminBooking = async (id: string) => {
  const row = await bookingRow(id);
  const res = await manager.get(`/api/admin/bookings?unitId=${row.unit_id}`);
  expect(res.status).toBe(200);
  const found = res.body.find((b: { id: string }) => b.id === id);
  expect(found).toBeDefined();
  return found;
};

// Each stay has its own unit, so the tests never collide with each other or the demo data.
let unitNo = 0;
function stayFrom(daysAhead: number) {
  const checkInDate = addDays(today(), daysAhead);
  return { unitId: unitIds[unitNo++ % unitIds.length], checkInDate, checkOutDate: addDays(checkInDate, 2) };
}

function guest() {
  return { firstName: 'Thandi', lastName: 'Mokoena', email: `thandi.${randomUUID().slice(0, 8)}@example.com`, phone: '+27 82 555 0199' };
}

async function cardBooking(daysAhead: number) {
  const res = await t.client().post('/api/payments/initialize', {
    bookingData: { ...stayFrom(daysAhead), totalAmount: 1, paymentMethod: 'Card', numberOfGuests: 2 },
    guestData: guest(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { init: res.body, row: await bookingRow(res.body.bookingId) };
}

/** A balance charge as the guest's page asks for it: a payment request with its own reference, opened at Paystack. */
async function balanceRequest(bookingId: string, bookingReference: string, amountCents: number) {
  const reference = generatePaystackReference(bookingReference);
  await t.db.transaction((trx) => insertPaymentRequest(trx, { bookingId, reference, amountCents, source: 'guest-balance' }));
  await createPaystackClient({ baseUrl: paystack.url, secretKey: paystack.secretKey, timeoutMs: 2000 }).initialize({
    email: 'guest@example.com',
    amountCents,
    currency: 'ZAR',
    reference,
    metadata: { bookingId },
  });
  return reference;
}

describe('a card booking made 60 days ahead pays a 30% deposit now and the balance later', () => {
  it('stores the deposit and due date, charges the deposit, then records the balance once', async () => {
    const { init, row } = await cardBooking(60);
    const totalCents = cents(row.total_amount);
    const deposit = depositOf(totalCents);
    expect(deposit).toBeGreaterThan(0);
    expect(deposit).toBeLessThan(totalCents);
    expect(cents(row.deposit_amount)).toBe(deposit);
    expect(row.balance_due_date).toBe(addDays(row.check_in_date, -30));

    // The card is charged the deposit, in cents, and the answer says so in rand.
    expect(init.amount).toBe(deposit / 100);
    expect(paystack.transactions.get(init.reference)!.amount).toBe(deposit);

    paystack.pay(init.reference);
    const verified = await verify(init.reference);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ status: 'Confirmed', paymentStatus: 'Deposit Paid', amount: deposit / 100 });
    expect(await adminBooking(row.id)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'Deposit Paid',
      amountPaid: deposit / 100,
      balanceDue: (totalCents - deposit) / 100,
      balanceDueDate: addDays(row.check_in_date, -30),
      depositAmount: deposit / 100,
    });

    const balanceRef = await balanceRequest(row.id, row.reference, totalCents - deposit);
    paystack.pay(balanceRef);
    const paid = await verify(balanceRef);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', amount: (totalCents - deposit) / 100, bookingId: row.id });
    expect(await adminBooking(row.id)).toMatchObject({ paymentStatus: 'Paid', amountPaid: totalCents / 100, balanceDue: 0 });

    // The same verify again, and the webhook for the same charge, record nothing more.
    const again = await verify(balanceRef);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ paymentStatus: 'Paid', amount: (totalCents - deposit) / 100 });
    const hook = await paystack.sendWebhook(`${t.url}/api/payments/webhook`, 'charge.success', paystack.verifyData(balanceRef));
    expect(hook.status).toBe(200);
    expect((await payments(row.id)).map((p) => [p.gateway_reference, cents(p.amount)])).toEqual([
      [init.reference, deposit],
      [balanceRef, totalCents - deposit],
    ]);
    expect(await adminBooking(row.id)).toMatchObject({ paymentStatus: 'Paid', amountPaid: totalCents / 100, balanceDue: 0 });
  });

  it('records a balance paid through the webhook alone, once', async () => {
    const { init, row } = await cardBooking(62);
    const totalCents = cents(row.total_amount);
    paystack.pay(init.reference);
    expect((await verify(init.reference)).status).toBe(200);
    const balanceRef = await balanceRequest(row.id, row.reference, totalCents - depositOf(totalCents));
    paystack.pay(balanceRef);
    for (let i = 0; i < 2; i++) {
      const hook = await paystack.sendWebhook(`${t.url}/api/payments/webhook`, 'charge.success', paystack.verifyData(balanceRef));
      expect(hook.status).toBe(200);
    }
    expect(await payments(row.id)).toHaveLength(2);
    expect(await adminBooking(row.id)).toMatchObject({ paymentStatus: 'Paid', amountPaid: totalCents / 100, balanceDue: 0 });
  });

  it('does not record a balance charge of another amount than its payment request asked for', async () => {
    const { init, row } = await cardBooking(64);
    const totalCents = cents(row.total_amount);
    const deposit = depositOf(totalCents);
    paystack.pay(init.reference);
    expect((await verify(init.reference)).status).toBe(200);
    const balanceRef = await balanceRequest(row.id, row.reference, totalCents - deposit);
    paystack.pay(balanceRef, { amount: 100 });
    const res = await verify(balanceRef);
    expect(res.status).toBe(422);
    expect(await payments(row.id)).toHaveLength(1);
    expect(await adminBooking(row.id)).toMatchObject({ paymentStatus: 'Deposit Paid', amountPaid: deposit / 100, balanceDue: (totalCents - deposit) / 100 });
  });
});

describe('a booking made inside the balance window pays in full', () => {
  it('a card booking 10 days ahead is charged the total, has no due date, and is Paid after verify', async () => {
    const { init, row } = await cardBooking(10);
    const totalCents = cents(row.total_amount);
    expect(cents(row.deposit_amount)).toBe(totalCents);
    expect(row.balance_due_date).toBeNull();
    expect(init.amount).toBe(totalCents / 100);
    expect(paystack.transactions.get(init.reference)!.amount).toBe(totalCents);

    paystack.pay(init.reference);
    const verified = await verify(init.reference);
    expect(verified.body).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', amount: totalCents / 100 });
    expect(await adminBooking(row.id)).toMatchObject({ amountPaid: totalCents / 100, balanceDue: 0, balanceDueDate: null });
  });
});

describe('staff record an EFT deposit and then the balance', () => {
  async function eftBooking(daysAhead: number) {
    const res = await t.client().post('/api/bookings', { ...stayFrom(daysAhead), paymentMethod: 'EFT', numberOfGuests: 2, guestData: guest() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }
  const staffPayments = async (id: string) => (await payments(id)).map((p) => [p.subtype ?? null, cents(p.amount)]);

  it('Deposit Paid records the deposit and confirms; Paid records the rest', async () => {
    const booking = await eftBooking(60);
    const totalCents = cents(booking.totalAmount);
    const deposit = depositOf(totalCents);
    expect(booking).toMatchObject({
      status: 'Provisional',
      paymentStatus: 'Pending',
      depositAmount: deposit / 100,
      balanceDueDate: addDays(booking.checkInDate, -30),
      amountPaid: 0,
      balanceDue: totalCents / 100,
    });

    const dep = await manager.put(`/api/admin/bookings/${booking.id}`, { paymentStatus: 'Deposit Paid' });
    expect(dep.status, JSON.stringify(dep.body)).toBe(200);
    expect(dep.body).toMatchObject({ status: 'Confirmed', paymentStatus: 'Deposit Paid', amountPaid: deposit / 100, balanceDue: (totalCents - deposit) / 100 });
    const afterDeposit = await staffPayments(booking.id);
    expect(afterDeposit.map(([, c]) => c)).toEqual([deposit]);

    const paid = await manager.put(`/api/admin/bookings/${booking.id}`, { paymentStatus: 'Paid' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', amountPaid: totalCents / 100, balanceDue: 0 });
    expect((await staffPayments(booking.id)).map(([, c]) => c)).toEqual([deposit, totalCents - deposit]);
  });

  it('refuses Deposit Paid with a 422 for a booking that was due in full, changing nothing', async () => {
    const booking = await eftBooking(10);
    expect(booking).toMatchObject({ depositAmount: booking.totalAmount, balanceDueDate: null });
    const res = await manager.put(`/api/admin/bookings/${booking.id}`, { paymentStatus: 'Deposit Paid' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This booking has no deposit: the full amount was due when it was made, so mark it Paid instead');
    expect(await payments(booking.id)).toHaveLength(0);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Provisional', payment_status: 'Pending', version: booking.version });
  });
});

describe('an EFT payment recorded in the ledger (as the bank reconciliation does) then markBookingPaid', () => {
  async function eftReceived(bookingId: string, amountCents: number, ref: string) {
    return t.db.transaction(async (trx) => {
      await recordLedgerEntry(trx, {
        bookingId,
        type: 'payment',
        subtype: 'eft',
        status: 'success',
        amountCents,
        description: 'EFT received',
        gatewayReference: ref,
      });
      return markBookingPaid(t.deps, bookingId, { trx });
    });
  }

  it('less than the deposit keeps it Provisional; the deposit confirms it as Deposit Paid; the rest makes it Paid', async () => {
    const res = await t.client().post('/api/bookings', { ...stayFrom(70), paymentMethod: 'EFT', numberOfGuests: 2, guestData: guest() });
    expect(res.status).toBe(201);
    const totalCents = cents(res.body.totalAmount);
    const deposit = depositOf(totalCents);

    const short = await eftReceived(res.body.id, 100_00, `bank-${randomUUID()}`);
    expect(short.outcome).toBe('part_paid');
    expect(short.booking).toMatchObject({ status: 'Provisional', paymentStatus: 'Deposit Paid', amountPaid: 100, balanceDue: (totalCents - 100_00) / 100 });

    const rest = await eftReceived(res.body.id, deposit - 100_00, `bank-${randomUUID()}`);
    expect(rest.outcome).toBe('confirmed');
    expect(rest.booking).toMatchObject({ status: 'Confirmed', paymentStatus: 'Deposit Paid', amountPaid: deposit / 100, holdExpiresAt: null });

    const balance = await eftReceived(res.body.id, totalCents - deposit, `bank-${randomUUID()}`);
    expect(balance.outcome).toBe('paid');
    expect(balance.booking).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', amountPaid: totalCents / 100, balanceDue: 0 });
  });
});
