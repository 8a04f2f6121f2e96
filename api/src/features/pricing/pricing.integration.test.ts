import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countStatements, createTestContext, type TestContext } from '../../../test/harness.js';
import { CalculateRateRequest, CalculateRateResponse, toCalculateRateResponse } from '../../../../shared/contracts/pricing.js';
import { calculateRate } from './pricing.service.js';
import { quoteStay, PROMO_MESSAGES } from '../../../../shared/domain/pricing.js';
import { createTypeWithUnits } from '../bookings/test-fixtures.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:00:00Z' });
});
afterAll(() => t?.close());

const rate = (body: Record<string, unknown>) => t.client().post('/api/calculate-rate', body);

describe('POST /api/calculate-rate', () => {
  it('prices weekday and weekend nights, with the card total from the settings discount', async () => {
    const { typeId } = await createTypeWithUnits(t.db, { weekdayRate: 1000, weekendRate: 1500 });
    // Thursday 9 April to Monday 13 April: Thu weekday, Fri and Sat weekend, Sun weekday.
    const res = await rate({ accommodationTypeId: typeId, checkIn: '2026-04-09', checkOut: '2026-04-13', paymentMethod: 'Card' });
    expect(res.status).toBe(200);
    const body = CalculateRateResponse.parse(res.body);
    expect(body.breakdown.nights).toEqual([
      { date: '2026-04-09', kind: 'weekday', rate: 1000 },
      { date: '2026-04-10', kind: 'weekend', rate: 1500 },
      { date: '2026-04-11', kind: 'weekend', rate: 1500 },
      { date: '2026-04-12', kind: 'weekday', rate: 1000 },
    ]);
    expect(body).toMatchObject({ totalAmount: 5000, cardTotal: 4750, amountDue: 4750 });
    expect(body.breakdown).toMatchObject({ nightCount: 4, subtotal: 5000, promoDiscount: 0, cardDiscount: 250, minimumStay: 1 });
  });

  it('matches the domain quote with an override (weekday rate set, weekend kept) and a promo code', async () => {
    const { typeId } = await createTypeWithUnits(t.db, { weekdayRate: 1000, weekendRate: 1500 });
    const [override] = await t
      .db('rate_overrides')
      .insert({ accommodation_type_id: typeId, start_date: '2026-04-10', end_date: '2026-04-12', weekday_rate: '1800.00', weekend_rate: null, min_length_of_stay: 2 })
      .returning('*');
    const res = await rate({ accommodationTypeId: typeId, checkIn: '2026-04-09', checkOut: '2026-04-14', promoCode: 'welcome500' });
    expect(res.status).toBe(200);
    const expected = quoteStay({
      type: { id: typeId, baseWeekdayRateCents: 100000, baseWeekendRateCents: 150000 },
      overrides: [
        { id: override.id, accommodationTypeId: typeId, startDate: '2026-04-10', endDate: '2026-04-12', weekdayRateCents: 180000, weekendRateCents: null, minLengthOfStay: 2, createdAt: override.created_at },
      ],
      checkIn: '2026-04-09',
      checkOut: '2026-04-14',
      promo: { code: 'welcome500', rule: { id: 'x', code: 'WELCOME500', discountType: 'Fixed', amountCents: 50000, isActive: true, expiryDate: '2026-05-31', maxUses: null, usedCount: 0, applicableToAccommodation: true } },
      cardDiscountPercent: 5,
      today: '2026-03-02',
    });
    if (!expected.ok) throw new Error('expected a quote');
    expect(res.body).toEqual(toCalculateRateResponse(expected.quote));
    // Thu 1000, Fri 1500, Sat 1500, Sun 1800 (override weekday), Mon 1000 = 6800 - 500.
    expect(res.body.totalAmount).toBe(6300);
    expect(res.body.breakdown.promoCode).toBe('WELCOME500');
  });

  it('refuses a stay shorter than an override minimum with a message naming it', async () => {
    const { typeId } = await createTypeWithUnits(t.db);
    await t.db('rate_overrides').insert({ accommodation_type_id: typeId, start_date: '2026-04-20', end_date: '2026-04-30', min_length_of_stay: 3 });
    const res = await rate({ accommodationTypeId: typeId, checkIn: '2026-04-19', checkOut: '2026-04-21' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Minimum stay for these dates is 3 nights');
    expect((await rate({ accommodationTypeId: typeId, checkIn: '2026-04-19', checkOut: '2026-04-22' })).status).toBe(200);
  });

  it.each([
    ['NOSUCHCODE', PROMO_MESSAGES['not found']],
    ['EARLYBIRD15', PROMO_MESSAGES.expired],
    ['STAFF25', PROMO_MESSAGES.inactive],
  ])('refuses promo code %s: %s', async (promoCode, message) => {
    const { typeId } = await createTypeWithUnits(t.db);
    const res = await rate({ accommodationTypeId: typeId, checkIn: '2026-04-06', checkOut: '2026-04-08', promoCode });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
  });

  it('judges promo expiry by the day at the lodge, not in UTC', async () => {
    const { typeId } = await createTypeWithUnits(t.db);
    await t.db('promo_codes').insert({ code: 'LASTDAY', discount_type: 'Fixed', discount_value: '100.00', expiry_date: '2026-03-02' });
    const body = { accommodationTypeId: typeId, checkIn: '2026-04-06', checkOut: '2026-04-08', promoCode: 'LASTDAY' };
    t.clock.set('2026-03-02T21:59:00Z'); // 23:59 on the 2nd at the lodge
    expect((await rate(body)).status).toBe(200);
    t.clock.set('2026-03-02T22:01:00Z'); // 00:01 on the 3rd at the lodge, still the 2nd in UTC
    const res = await rate(body);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(PROMO_MESSAGES.expired);
    t.clock.set('2026-03-02T08:00:00Z');
  });

  it('prices quotes asked together each for its own stay and code, sharing their reads, and sees a rate changed before them', async () => {
    const a = await createTypeWithUnits(t.db, { weekdayRate: 1000, weekendRate: 1500 });
    const b = await createTypeWithUnits(t.db, { weekdayRate: 2000, weekendRate: 2000 });
    // Thursday 9 to Sunday 12 April: Thu weekday, Fri and Sat weekend. Monday 13 to Wednesday 15: two weekdays.
    const asks = [
      { body: { accommodationTypeId: a.typeId, checkIn: '2026-04-09', checkOut: '2026-04-12' }, expected: [200, 4000] },
      { body: { accommodationTypeId: a.typeId, checkIn: '2026-04-09', checkOut: '2026-04-12', promoCode: 'welcome500' }, expected: [200, 3500] },
      // The code as typed, spaces and case aside, is the same code.
      { body: { accommodationTypeId: a.typeId.toUpperCase(), checkIn: '2026-04-09', checkOut: '2026-04-12', promoCode: ' Welcome500 ' }, expected: [200, 3500] },
      { body: { accommodationTypeId: a.typeId, checkIn: '2026-04-09', checkOut: '2026-04-12', promoCode: 'NO-SUCH-CODE' }, expected: [422, 'invalid_promo'] },
      { body: { accommodationTypeId: b.typeId, checkIn: '2026-04-13', checkOut: '2026-04-15' }, expected: [200, 4000] },
      { body: { accommodationTypeId: randomUUID(), checkIn: '2026-04-13', checkOut: '2026-04-15' }, expected: [400, 'unknown_id'] },
    ];
    const all = Array.from({ length: 4 }, () => asks).flat();
    const expected = all.map((ask) => ask.expected);
    const answers = await Promise.all(all.map(async (ask) => rate(ask.body)));
    expect(answers.map((r) => [r.status, r.status === 200 ? r.body.totalAmount : r.body.code])).toEqual(expected);

    // Asked at the same moment, the quotes share reads: the first goes alone, the 23 asked while
    // it runs share the next statement.
    const { result: shared, statements } = await countStatements(t.db, /from unnest/i, () =>
      Promise.all(
        all.map(async (ask) =>
          calculateRate(t.deps, CalculateRateRequest.parse(ask.body)).then(
            (quote) => quote.totalAmount,
            (err: { code: string }) => err.code,
          ),
        ),
      ),
    );
    expect(statements).toBe(2);
    expect(shared).toEqual(expected.map(([, answer]) => answer));

    await t.db('accommodation_types').where({ id: b.typeId }).update({ base_weekday_rate: '2500.00' });
    const [, , , , bAfter] = await Promise.all(asks.map(async (ask) => rate(ask.body)));
    expect(bAfter.body.totalAmount).toBe(5000);
  });

  it('answers 400 naming accommodationTypeId for an unknown type', async () => {
    const res = await rate({ accommodationTypeId: randomUUID(), checkIn: '2026-04-06', checkOut: '2026-04-08' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('accommodationTypeId');
  });

  it.each([
    [{ checkIn: '2026-04-06', checkOut: '2026-04-08' }, 'accommodationTypeId'],
    [{ accommodationTypeId: 7, checkIn: '2026-04-06', checkOut: '2026-04-08' }, 'accommodationTypeId'],
    [{ accommodationTypeId: randomUUID(), checkIn: '2026-02-29', checkOut: '2026-04-08' }, 'checkIn'],
    [{ accommodationTypeId: randomUUID(), checkIn: '2026-04-06', checkOut: '2026-04-06' }, 'checkOut'],
    [{ accommodationTypeId: randomUUID(), checkIn: '2026-04-06', checkOut: '2026-04-08', promoCode: 5 }, 'promoCode'],
    [{ accommodationTypeId: randomUUID(), checkIn: '2026-04-06', checkOut: '2026-04-08', paymentMethod: 'Gold' }, 'paymentMethod'],
  ])('%j: 400 naming %s', async (body, field) => {
    const res = await rate(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
  });
});
