import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { startPaystackDouble, type PaystackDouble } from '../../../../e2e/doubles/paystack-double.js';
import { createPaystackClient } from '../../adapters/paystack.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { expireHolds } from './hold-expiry.job.js';
import { createTypeWithUnits, guestData, stay } from './test-fixtures.js';

/**
 * A promo code use is given back when the booking that took it ends before any money came
 * in: a failed Paystack initialize, a card or EFT hold that runs out, a cancellation before
 * payment. Once per booking, never below zero, in the transaction that cancels.
 */
const NOW = '2026-03-02T08:00:00Z';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestContext;
let paystack: PaystackDouble;
let manager: Awaited<ReturnType<TestContext['loginAs']>>;
beforeAll(async () => {
  paystack = await startPaystackDouble();
  t = await createTestContext({ now: NOW, env: { PAYSTACK_BASE_URL: paystack.url, PAYSTACK_TIMEOUT_MS: '2000', CARD_HOLD_MINUTES: '30' } });
  await t.db('settings').where({ id: 1 }).update({ paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey });
  manager = await t.loginAs('manager');
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});
beforeEach(() => {
  t.clock.set(NOW);
  t.deps.paystack = (secretKey) => createPaystackClient({ baseUrl: paystack.url, secretKey, timeoutMs: 2000 });
});

/** A fresh code with one use, and a fresh unit to book with it. */
async function oneUseCode(): Promise<{ code: string; id: string; unitId: string }> {
  const code = `ONCE${randomUUID().slice(0, 6).toUpperCase()}`;
  const [row] = await t
    .db('promo_codes')
    .insert({
      code,
      discount_type: 'Percentage',
      discount_value: '10.00',
      expiry_date: addDays(todayInLodge(t.clock.now()), 365),
      max_uses: 1,
      used_count: 0,
    })
    .returning('*');
  const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
  return { code, id: row.id, unitId: unitIds[0] };
}

const usedCount = async (promoId: string) => (await t.db('promo_codes').where({ id: promoId }).first()).used_count as number;
const bookingRow = (id: string) => t.db('bookings').where({ id }).first();

function cardBody(unitId: string, promoCode: string, offset: number) {
  const dates = stay(t.clock.now(), offset, 2);
  return {
    bookingData: { unitId, checkInDate: dates.checkIn, checkOutDate: dates.checkOut, numberOfGuests: 2, paymentMethod: 'Card', promoCode },
    guestData: guestData('promo'),
  };
}

function eftBody(unitId: string, promoCode: string, offset: number) {
  const dates = stay(t.clock.now(), offset, 2);
  return { unitId, checkInDate: dates.checkIn, checkOutDate: dates.checkOut, paymentMethod: 'EFT', promoCode, guestData: guestData('promo') };
}

describe('promo code uses given back', () => {
  it('a failed Paystack initialize gives the use back, so the guest can retry with a one-use code', async () => {
    const { code, id, unitId } = await oneUseCode();
    paystack.overrideNext('initialize', { status: 500 });
    const failed = await t.client().post('/api/payments/initialize', cardBody(unitId, code, 40));
    expect(failed.status).toBe(502);
    expect(await usedCount(id)).toBe(0);

    const retry = await t.client().post('/api/payments/initialize', cardBody(unitId, code, 40));
    expect(retry.status).toBe(200);
    expect(await usedCount(id)).toBe(1);
    expect((await bookingRow(retry.body.bookingId)).promo_code_id).toBe(id);
  });

  it('a card hold that runs out gives the use back once', async () => {
    const { code, id, unitId } = await oneUseCode();
    const init = await t.client().post('/api/payments/initialize', cardBody(unitId, code, 44));
    expect(init.status).toBe(200);
    expect(await usedCount(id)).toBe(1);

    t.clock.advance(31 * MINUTE);
    await expireHolds(t.deps);
    expect((await bookingRow(init.body.bookingId)).status).toBe('Cancelled');
    expect(await usedCount(id)).toBe(0);
    await expireHolds(t.deps);
    expect(await usedCount(id)).toBe(0);
  });

  it('an EFT hold that runs out unpaid gives the use back', async () => {
    const { code, id, unitId } = await oneUseCode();
    const res = await t.client().post('/api/bookings', eftBody(unitId, code, 48));
    expect(res.status).toBe(201);
    expect(await usedCount(id)).toBe(1);

    const hours = (await t.db('settings').where({ id: 1 }).first()).eft_hold_duration_hours as number;
    t.clock.advance(hours * HOUR + MINUTE);
    await expireHolds(t.deps);
    expect((await bookingRow(res.body.id)).status).toBe('Cancelled');
    expect(await usedCount(id)).toBe(0);
  });

  it('a cancellation before payment gives the use back exactly once; a cancelled booking cancelled again gives nothing more', async () => {
    const { code, id, unitId } = await oneUseCode();
    const res = await t.client().post('/api/bookings', eftBody(unitId, code, 52));
    expect(res.status).toBe(201);
    const cancelled = await manager.put(`/api/admin/bookings/${res.body.id}`, { status: 'Cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await usedCount(id)).toBe(0);

    // Another guest takes the use that came back ...
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const other = await t.client().post('/api/bookings', eftBody(unitIds[0], code, 52));
    expect(other.status).toBe(201);
    expect(await usedCount(id)).toBe(1);
    // ... and cancelling the first booking again does not hand it out a second time.
    const again = await manager.put(`/api/admin/bookings/${res.body.id}`, { status: 'Cancelled', cancellationReason: 'Again' });
    expect(again.status).toBe(200);
    expect(await usedCount(id)).toBe(1);
  });

  it('never goes below zero', async () => {
    const { code, id, unitId } = await oneUseCode();
    const res = await t.client().post('/api/bookings', eftBody(unitId, code, 56));
    expect(res.status).toBe(201);
    // Someone reset the count by hand meanwhile.
    await t.db('promo_codes').where({ id }).update({ used_count: 0 });
    const cancelled = await manager.put(`/api/admin/bookings/${res.body.id}`, { status: 'Cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await usedCount(id)).toBe(0);
  });

  it('a booking cancelled after it was paid keeps its use', async () => {
    const { code, id, unitId } = await oneUseCode();
    const res = await t.client().post('/api/bookings', eftBody(unitId, code, 60));
    expect((await manager.put(`/api/admin/bookings/${res.body.id}`, { paymentStatus: 'Paid' })).status).toBe(200);
    const cancelled = await manager.put(`/api/admin/bookings/${res.body.id}`, { status: 'Cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await usedCount(id)).toBe(1);
  });
});
