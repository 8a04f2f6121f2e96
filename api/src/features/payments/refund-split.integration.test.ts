import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { startPaystackDouble, type PaystackDouble } from '../../../../e2e/doubles/paystack-double.js';
import { createPaystackClient } from '../../adapters/paystack.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { generatePaystackReference } from '../../../../shared/domain/reference.js';
import { formatRand } from '../../../../shared/format.js';
import { insertPaymentRequest } from './payment-requests.repo.js';
import { recordLedgerEntry } from './ledger.service.js';
import { markBookingPaid } from '../bookings/record-payment.js';
import { createTypeWithUnits } from '../bookings/test-fixtures.js';

/**
 * A card refund over a booking's several card charges (a 30% deposit, then the balance by its
 * own payment request): newest charge first, each up to what is left on it, one Paystack refund
 * and one ledger row per charge; staff refunding, a guest cancelling, Paystack refusing one, and
 * a card deposit with an EFT balance.
 */
let t: TestContext;
let paystack: PaystackDouble;
let manager: TestClient;
let unitIds: string[];
const LINK = /https:\/\/book\.example-lodge\.co\.za\/my-booking\/([A-Za-z0-9_-]{43})/;

beforeAll(async () => {
  paystack = await startPaystackDouble();
  t = await createTestContext({
    now: '2026-03-02T08:00:00Z',
    env: { PAYSTACK_BASE_URL: paystack.url, PAYSTACK_TIMEOUT_MS: '2000', PUBLIC_URL: 'https://book.example-lodge.co.za' },
  });
  await t.db('settings').where({ id: 1 }).update({
    paystack_public_key: paystack.publicKey,
    paystack_secret_key: paystack.secretKey,
    deposit_percent: 30,
    balance_due_days: 30,
  });
  manager = await t.loginAs('manager');
  // Units of their own: the demo data's stays never stand in the way.
  ({ unitIds } = await createTypeWithUnits(t.db, { units: 12, weekdayRate: 2450, weekendRate: 3100 }));
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

const cents = (rand: string | number) => Math.round(Number(rand) * 100);
const bookingRow = (id: string) => t.db('bookings').where({ id }).first();
/**
 * Refund rows oldest first; the rows of one refund share their time, and come largest first
 * here so the tests read the same on every run.
 */
const refundRows = async (bookingId: string) =>
  (await t.db('payment_transactions').where({ booking_id: bookingId, type: 'refund' })).sort(
    (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || cents(a.amount) - cents(b.amount),
  );
const refundMails = (bookingId: string) => t.db('email_outbox').where({ booking_id: bookingId, template: 'refund-issued' });
const refund = (body: Record<string, unknown>) => manager.post('/api/admin/payments/refund', body);
const refundsAt = (reference: string) => paystack.transactions.get(reference)!.refunds;
const verify = (reference: string) => t.client().post('/api/payments/verify', { reference });

// Each stay has a unit of its own.
let stayNo = 0;

/** A card booking `daysAhead` with its 30% deposit paid by card (initialize, pay, verify). */
async function depositPaidBooking(daysAhead: number) {
  const checkInDate = addDays(todayInLodge(t.clock.now()), daysAhead);
  const init = await t.client().post('/api/payments/initialize', {
    bookingData: { unitId: unitIds[stayNo++], checkInDate, checkOutDate: addDays(checkInDate, 2), paymentMethod: 'Card', numberOfGuests: 2 },
    guestData: { firstName: 'Lerato', lastName: 'Dlamini', email: `lerato.${randomUUID().slice(0, 8)}@example.com` },
  });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  paystack.pay(init.body.reference);
  const verified = await verify(init.body.reference);
  expect(verified.body.paymentStatus).toBe('Deposit Paid');
  const row = await bookingRow(init.body.bookingId);
  const totalCents = cents(row.total_amount);
  const depositCents = cents(row.deposit_amount);
  expect(depositCents).toBe(Math.round((totalCents * 30) / 100));
  return { row, depositRef: init.body.reference as string, totalCents, depositCents, balanceCents: totalCents - depositCents };
}

/** The deposit, then the balance paid by card on a payment request of its own: Paid. */
async function paidDepositAndBalance(daysAhead = 60) {
  const b = await depositPaidBooking(daysAhead);
  const balanceRef = generatePaystackReference(b.row.reference);
  await t.db.transaction((trx) => insertPaymentRequest(trx, { bookingId: b.row.id, reference: balanceRef, amountCents: b.balanceCents, source: 'guest-balance' }));
  await createPaystackClient({ baseUrl: paystack.url, secretKey: paystack.secretKey, timeoutMs: 2000 }).initialize({
    email: b.row.guest_email,
    amountCents: b.balanceCents,
    currency: 'ZAR',
    reference: balanceRef,
    metadata: { bookingId: b.row.id },
  });
  paystack.pay(balanceRef);
  const paid = await verify(balanceRef);
  expect(paid.body.paymentStatus).toBe('Paid');
  return { ...b, balanceRef };
}

describe('a booking paid 30% deposit + 70% balance by card', () => {
  it('a full refund is two Paystack refunds, each naming its own charge, and two ledger rows', async () => {
    const { row, depositRef, balanceRef, totalCents, depositCents, balanceCents } = await paidDepositAndBalance();
    const res = await refund({ bookingId: row.id, reason: 'Lodge closed for repairs' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const [onBalance] = refundsAt(balanceRef);
    const [onDeposit] = refundsAt(depositRef);
    expect(refundsAt(balanceRef)).toHaveLength(1);
    expect(refundsAt(depositRef)).toHaveLength(1);
    expect(onBalance).toMatchObject({ amount: balanceCents, transactionReference: balanceRef, merchantNote: 'Lodge closed for repairs' });
    expect(onDeposit).toMatchObject({ amount: depositCents, transactionReference: depositRef, merchantNote: 'Lodge closed for repairs' });

    const rows = await refundRows(row.id);
    expect(rows.map((r) => [r.amount, r.subtype, r.status, r.gateway_reference, r.provider_data.transactionReference])).toEqual([
      [(-balanceCents / 100).toFixed(2), 'card', 'pending', String(onBalance.id), balanceRef],
      [(-depositCents / 100).toFixed(2), 'card', 'pending', String(onDeposit.id), depositRef],
    ]);

    // The answer names the larger row; the history shows both.
    expect(res.body).toMatchObject({ message: 'Refund processed', paymentStatus: 'Refunded' });
    expect(res.body.refund).toMatchObject({ id: rows[0].id, amount: -balanceCents / 100, gatewayReference: String(onBalance.id) });
    expect(res.body.summary).toMatchObject({ totalPaid: totalCents / 100, totalRefunded: totalCents / 100, netAmount: 0 });
    const history = await manager.get(`/api/admin/payments/history?bookingId=${row.id}`);
    const historyRefunds = history.body.transactions.filter((x: { type: string }) => x.type === 'refund');
    expect(historyRefunds.map((x: { amount: number }) => x.amount).sort((a: number, b: number) => a - b)).toEqual([-balanceCents / 100, -depositCents / 100]);
    expect((await bookingRow(row.id)).payment_status).toBe('Refunded');

    // One e-mail to the guest for the whole refund.
    const mails = await refundMails(row.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain(`We have issued a full refund of ${formatRand(totalCents / 100)} for booking ${row.reference}.`);

    // A refund webhook for the deposit's refund moves its own row only.
    paystack.setRefundStatus(onDeposit.id, 'processed');
    const hook = await paystack.sendWebhook(`${t.url}/api/payments/webhook`, 'refund.processed', paystack.refundEventData(onDeposit.id));
    expect(hook.status).toBe(200);
    expect((await refundRows(row.id)).map((r) => r.status)).toEqual(['pending', 'success']);
  });

  it('a refund smaller than the newest charge is one Paystack refund against it and one ledger row', async () => {
    const { row, depositRef, balanceRef, totalCents } = await paidDepositAndBalance();
    const res = await refund({ bookingId: row.id, amount: 500 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(refundsAt(balanceRef).map((r) => [r.amount, r.transactionReference])).toEqual([[500_00, balanceRef]]);
    expect(refundsAt(depositRef)).toEqual([]);
    const rows = await refundRows(row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '-500.00', status: 'pending', gateway_reference: String(refundsAt(balanceRef)[0].id) });
    expect(res.body).toMatchObject({ paymentStatus: 'Partially Refunded', refund: { amount: -500, subtype: 'card' } });
    expect(res.body.summary).toMatchObject({ totalRefunded: 500, netAmount: (totalCents - 500_00) / 100 });
  });

  it('a later refund takes what is left on the newest charge first, then the deposit', async () => {
    const { row, depositRef, balanceRef, depositCents, balanceCents } = await paidDepositAndBalance();
    expect((await refund({ bookingId: row.id, amount: (balanceCents - 100_00) / 100 })).status).toBe(200);
    const rest = await refund({ bookingId: row.id });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(refundsAt(balanceRef).map((r) => r.amount)).toEqual([balanceCents - 100_00, 100_00]);
    expect(refundsAt(depositRef).map((r) => r.amount)).toEqual([depositCents]);
    expect((await refundRows(row.id)).map((r) => cents(r.amount))).toEqual([-(balanceCents - 100_00), -depositCents, -100_00]);
    expect(rest.body).toMatchObject({ paymentStatus: 'Refunded', refund: { amount: -depositCents / 100 } });
  });

  it('a refund event without a refund id moves the row of the charge it names, when two rows have the same amount', async () => {
    const { row, depositRef, balanceRef, balanceCents } = await paidDepositAndBalance();
    expect((await refund({ bookingId: row.id, amount: (balanceCents - 100_00) / 100 })).status).toBe(200);
    // R100 left on the balance charge: R200 is R100 on each charge.
    expect((await refund({ bookingId: row.id, amount: 200 })).status).toBe(200);
    const onDeposit = refundsAt(depositRef)[0];
    expect(onDeposit.amount).toBe(100_00);
    expect(refundsAt(balanceRef).map((r) => r.amount)).toEqual([balanceCents - 100_00, 100_00]);

    paystack.setRefundStatus(onDeposit.id, 'processed');
    const { id: _id, ...data } = paystack.refundEventData(onDeposit.id);
    expect((await paystack.sendWebhook(`${t.url}/api/payments/webhook`, 'refund.processed', data)).status).toBe(200);
    const rows = await t.db('payment_transactions').where({ booking_id: row.id, type: 'refund', amount: '-100.00' });
    expect(rows.map((r) => [r.provider_data.transactionReference, r.status]).sort()).toEqual([
      [balanceRef, 'pending'],
      [depositRef, 'success'],
    ].sort());
  });

  it('Paystack refusing the deposit share: the balance share stands, the deposit row is failed, staff are told what went back', async () => {
    const { row, depositRef, balanceRef, totalCents, depositCents, balanceCents } = await paidDepositAndBalance();
    // Someone refunded R100 of the deposit on the Paystack dashboard: Paystack refuses the whole deposit.
    await createPaystackClient({ baseUrl: paystack.url, secretKey: paystack.secretKey, timeoutMs: 2000 }).refund({ transaction: depositRef, amountCents: 100_00 });

    const res = await refund({ bookingId: row.id });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      `Refund failed: Refund amount cannot be greater than the transaction amount. ${formatRand(balanceCents / 100)} of it did go back to the card; the payment history shows each charge.`,
    );
    expect(refundsAt(balanceRef).map((r) => r.amount)).toEqual([balanceCents]);
    expect((await refundRows(row.id)).map((r) => [cents(r.amount), r.status])).toEqual([
      [-balanceCents, 'pending'],
      [-depositCents, 'failed'],
    ]);
    expect((await bookingRow(row.id)).payment_status).toBe('Partially Refunded');
    const mails = await refundMails(row.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain(`We have issued a partial refund of ${formatRand(balanceCents / 100)} for booking ${row.reference}.`);
    const history = await manager.get(`/api/admin/payments/history?bookingId=${row.id}`);
    expect(history.body.summary).toMatchObject({ totalRefunded: balanceCents / 100, netAmount: (totalCents - balanceCents) / 100 });
  });

  it('Paystack refusing the newest share: nothing is asked of the deposit, both rows are failed, the booking is Paid again', async () => {
    const { row, depositRef, balanceRef } = await paidDepositAndBalance();
    paystack.overrideNext('refund', { status: 400, body: { status: false, message: 'Transaction has been fully reversed' } });
    const res = await refund({ bookingId: row.id });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Refund failed: Transaction has been fully reversed');
    expect(refundsAt(balanceRef)).toEqual([]);
    expect(refundsAt(depositRef)).toEqual([]);
    expect((await refundRows(row.id)).map((r) => r.status)).toEqual(['failed', 'failed']);
    expect((await bookingRow(row.id)).payment_status).toBe('Paid');
    expect(await refundMails(row.id)).toHaveLength(0);
  });
});

describe('a booking with only its deposit paid by card', () => {
  it('a partial refund Paystack refuses leaves it Deposit Paid, not Paid', async () => {
    const { row, depositRef, depositCents } = await depositPaidBooking(70);
    paystack.overrideNext('refund', { status: 400, body: { status: false, message: 'Transaction has been fully reversed' } });
    const res = await refund({ bookingId: row.id, amount: 200 });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Refund failed: Transaction has been fully reversed');
    expect((await refundRows(row.id)).map((r) => [cents(r.amount), r.status])).toEqual([[-200_00, 'failed']]);
    expect((await bookingRow(row.id)).payment_status).toBe('Deposit Paid');

    // Asked again, it goes through against the deposit's own transaction.
    const again = await refund({ bookingId: row.id, amount: 200 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(refundsAt(depositRef).map((r) => r.amount)).toEqual([200_00]);
    expect(again.body.summary).toMatchObject({ totalPaid: depositCents / 100, totalRefunded: 200 });
  });
});

describe('a guest cancelling a deposit + balance card booking 40 days ahead', () => {
  it('gets both charges back: two Paystack refunds, two ledger rows by the system', async () => {
    const { row, depositRef, balanceRef, totalCents, depositCents, balanceCents } = await paidDepositAndBalance(40);
    const [confirmed] = await t.db('email_outbox').where({ booking_id: row.id, template: 'payment-confirmed' }).orderBy('created_at');
    const token = LINK.exec(confirmed.text_body)![1];

    const res = await t.client().post(`/api/guest/bookings/${token}/cancel`, { reason: 'Flights cancelled' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ status: 'Cancelled', refundAmount: totalCents / 100 });
    expect(refundsAt(balanceRef).map((r) => [r.amount, r.transactionReference])).toEqual([[balanceCents, balanceRef]]);
    expect(refundsAt(depositRef).map((r) => [r.amount, r.transactionReference])).toEqual([[depositCents, depositRef]]);
    const rows = await refundRows(row.id);
    expect(rows.map((r) => [cents(r.amount), r.subtype, r.status, r.created_by_user_id])).toEqual([
      [-balanceCents, 'card', 'pending', null],
      [-depositCents, 'card', 'pending', null],
    ]);
    expect(await bookingRow(row.id)).toMatchObject({ status: 'Cancelled', payment_status: 'Refunded' });
  });
});

describe('a card deposit and a balance paid by EFT', () => {
  async function cardDepositEftBalance() {
    const b = await depositPaidBooking(60);
    await t.db.transaction(async (trx) => {
      await recordLedgerEntry(trx, {
        bookingId: b.row.id,
        type: 'payment',
        subtype: 'eft',
        status: 'success',
        amountCents: b.balanceCents,
        description: 'EFT received',
        gatewayReference: `bank-${randomUUID()}`,
      });
      await markBookingPaid(t.deps, b.row.id, { trx });
    });
    expect((await bookingRow(b.row.id)).payment_status).toBe('Paid');
    return b;
  }

  it('staff refunding it all: the card part through Paystack, the rest as an EFT refund paid out by hand', async () => {
    const { row, depositRef, totalCents, depositCents, balanceCents } = await cardDepositEftBalance();
    const res = await refund({ bookingId: row.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(refundsAt(depositRef).map((r) => r.amount)).toEqual([depositCents]);
    expect((await refundRows(row.id)).map((r) => [cents(r.amount), r.subtype, r.status, r.description])).toEqual([
      [-balanceCents, 'eft', 'success', 'Full refund (EFT, paid out by hand)'],
      [-depositCents, 'card', 'pending', 'Full refund via Paystack'],
    ]);
    expect(res.body).toMatchObject({ paymentStatus: 'Refunded', refund: { amount: -balanceCents / 100, subtype: 'eft' } });
    expect(res.body.summary).toMatchObject({ totalRefunded: totalCents / 100, netAmount: 0 });
    // Each way the money goes back has its own e-mail.
    const mails = (await refundMails(row.id)).map((m) => m.text_body as string);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.includes(`partial refund of ${formatRand(depositCents / 100)}`) && m.includes('goes back to the card'))).toBe(true);
    expect(mails.some((m) => m.includes(`partial refund of ${formatRand(balanceCents / 100)}`) && m.includes('paid to you directly'))).toBe(true);
  });

  it('a guest cancelling it: the card part through Paystack, the rest owed by EFT for a manager to pay', async () => {
    const { row, depositRef, totalCents, depositCents, balanceCents } = await cardDepositEftBalance();
    const [confirmed] = await t.db('email_outbox').where({ booking_id: row.id, template: 'payment-confirmed' }).orderBy('created_at');
    const token = LINK.exec(confirmed.text_body)![1];
    const res = await t.client().post(`/api/guest/bookings/${token}/cancel`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ status: 'Cancelled', refundAmount: totalCents / 100 });
    expect(refundsAt(depositRef).map((r) => r.amount)).toEqual([depositCents]);
    expect((await refundRows(row.id)).map((r) => [cents(r.amount), r.subtype, r.status])).toEqual([
      [-balanceCents, 'eft-owed', 'pending'],
      [-depositCents, 'card', 'pending'],
    ]);
    const attention = await manager.get('/api/admin/payments/attention');
    expect(attention.status).toBe(200);
    expect(attention.body.eftRefundsOwed).toContainEqual(expect.objectContaining({ bookingId: row.id, amount: balanceCents / 100 }));
  });
});
