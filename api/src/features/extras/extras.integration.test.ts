import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { startPaystackDouble, type PaystackDouble } from '../../../../e2e/doubles/paystack-double.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { EXTRA_MESSAGES } from '../../../../shared/contracts/folio.js';
import { GUEST_EXTRA_MESSAGES } from '../../../../shared/contracts/guest-extras.js';
import { EXTRAS_SERVICE_MESSAGES, getExtraForCharge } from './extras.service.js';

/**
 * The extras catalogue (who may read and change it, bad input, delete of a charged extra,
 * stale forms) and the extras a guest adds when booking: priced to the cent into
 * calculate-rate, the booking's total and the Paystack amount, and posted to the folio.
 */

let t: TestContext;
let paystack: PaystackDouble;
let manager: TestClient;
let superadmin: TestClient;
let receptionist: TestClient;
let guestUser: TestClient;
let typeId: string;
let unitId: string;
let drive: { id: string; version: number };
let parkFee: { id: string };
let barTab: { id: string };

const count = async (table: string) => Number((await t.db(table).count('* as n'))[0].n);

const formOf = (over: Record<string, unknown> = {}) => ({
  name: 'Sunrise balloon flight',
  description: 'An hour over the reserve at dawn',
  price: 3950,
  childPrice: null,
  pricing: 'per_person',
  ...over,
});

beforeAll(async () => {
  paystack = await startPaystackDouble();
  t = await createTestContext({ env: { PAYSTACK_BASE_URL: paystack.url, PAYSTACK_TIMEOUT_MS: '2000' } });
  await t.db('settings').where({ id: 1 }).update({ paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey });
  manager = await t.loginAs('manager');
  superadmin = await t.loginAs('superadmin');
  receptionist = await t.loginAs('receptionist');
  guestUser = await t.loginAs('guest');
  // A flat R1000 a night, so every total below is worked out by hand.
  const type = await manager.post('/api/admin/accommodations', { name: 'Extras Test Suite', capacity: 4, baseWeekdayRate: 1000, baseWeekendRate: 1000 });
  typeId = type.body.id;
  unitId = (await manager.post('/api/admin/units', { name: 'ET 1', accommodationTypeId: typeId })).body.id;
  const mk = async (body: Record<string, unknown>) => {
    const res = await manager.post('/api/admin/extras', body);
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  drive = await mk(formOf({ name: 'Test morning drive', price: 650, childPrice: 325, pricing: 'per_person', bookableOnline: true }));
  parkFee = await mk(formOf({ name: 'Test park fee', price: 110.55, childPrice: 55, pricing: 'per_person_per_night', bookableOnline: true }));
  barTab = await mk(formOf({ name: 'Test bar tab', price: 45, pricing: 'per_item', bookableOnline: false }));
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

describe('the extras catalogue', () => {
  it('a manager creates, edits and deletes an extra; each change is audited', async () => {
    const created = await manager.post('/api/admin/extras', formOf({ childPrice: '1975.50' }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Sunrise balloon flight',
      description: 'An hour over the reserve at dawn',
      price: 3950,
      childPrice: 1975.5,
      pricing: 'per_person',
      vatInclusive: true,
      bookableOnline: false,
      isActive: true,
      version: 1,
      updatedAt: expect.any(String),
    });
    const id = created.body.id;

    const updated = await superadmin.put(`/api/admin/extras/${id}`, formOf({ price: 4100, vatInclusive: false, bookableOnline: true, version: 1 }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ price: 4100, childPrice: null, vatInclusive: false, bookableOnline: true, version: 2 });

    const listed = await receptionist.get('/api/admin/extras');
    expect(listed.status).toBe(200);
    expect(listed.body.find((e: { id: string }) => e.id === id)).toMatchObject({ name: 'Sunrise balloon flight', price: 4100 });

    const del = await manager.delete(`/api/admin/extras/${id}`);
    expect(del.status).toBe(204);
    expect(await t.db('extras').where({ id }).first()).toBeUndefined();
    const actions = (await t.db('audit_log').where({ entity_id: id }).orderBy('id')).map((r) => r.action);
    expect(actions).toEqual(['extra.create', 'extra.update', 'extra.delete']);
  });

  it('the demo catalogue holds the lodge’s four extras, sorted by name', async () => {
    const res = await receptionist.get('/api/admin/extras');
    const demo = res.body.filter((e: { name: string }) => !e.name.startsWith('Test '));
    expect(demo.map((e: { name: string; price: number; childPrice: number | null; pricing: string; bookableOnline: boolean }) => [e.name, e.price, e.childPrice, e.pricing, e.bookableOnline])).toEqual([
      ['Bar tab', 45, null, 'per_item', false],
      ['Bush dinner', 550, 275, 'per_person', true],
      ['Conservation fee', 110, 55, 'per_person_per_night', false],
      ['Morning game drive', 650, 325, 'per_person', true],
    ]);
  });

  it('a receptionist reads the catalogue but may not change it (403); a guest and anonymous may not read it', async () => {
    const before = await count('extras');
    expect((await receptionist.post('/api/admin/extras', formOf())).status).toBe(403);
    expect((await receptionist.put(`/api/admin/extras/${drive.id}`, formOf())).status).toBe(403);
    expect((await receptionist.delete(`/api/admin/extras/${drive.id}`)).status).toBe(403);
    expect((await guestUser.get('/api/admin/extras')).status).toBe(403);
    expect((await t.client().get('/api/admin/extras')).status).toBe(401);
    expect(await count('extras')).toBe(before);
  });

  it('bad input: 400 naming the field with the message, nothing stored', async () => {
    const before = await count('extras');
    const cases: [Record<string, unknown>, string, string][] = [
      [formOf({ name: '' }), 'name', EXTRA_MESSAGES.nameRequired],
      [formOf({ name: '   ' }), 'name', EXTRA_MESSAGES.nameRequired],
      [formOf({ name: 'x'.repeat(101) }), 'name', EXTRA_MESSAGES.nameTooLong],
      [formOf({ price: -1 }), 'price', EXTRA_MESSAGES.priceInvalid],
      [formOf({ price: 10.555 }), 'price', 'Amount can have at most 2 decimals'],
      [formOf({ price: undefined }), 'price', EXTRA_MESSAGES.priceInvalid],
      [formOf({ childPrice: -5 }), 'childPrice', EXTRA_MESSAGES.childPriceInvalid],
      [formOf({ pricing: 'per_hour' }), 'pricing', EXTRA_MESSAGES.pricingInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await manager.post('/api/admin/extras', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await count('extras')).toBe(before);
  });

  it('an unknown extra is a 404 naming it on update and delete', async () => {
    const missing = crypto.randomUUID();
    const put = await manager.put(`/api/admin/extras/${missing}`, formOf());
    expect(put.status).toBe(404);
    expect(put.body.message).toBe('Extra not found');
    const del = await manager.delete(`/api/admin/extras/${missing}`);
    expect(del.status).toBe(404);
    expect(del.body.message).toBe('Extra not found');
  });

  it('a stale form (an older version) is a 409 and changes nothing', async () => {
    const created = (await manager.post('/api/admin/extras', formOf({ name: 'Stale test' }))).body;
    expect((await manager.put(`/api/admin/extras/${created.id}`, formOf({ name: 'First edit', version: 1 }))).status).toBe(200);
    const stale = await superadmin.put(`/api/admin/extras/${created.id}`, formOf({ name: 'Second edit', version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_version');
    expect((await t.db('extras').where({ id: created.id }).first()).name).toBe('First edit');
  });

  it('deleting an extra that was charged deactivates it instead, and says so', async () => {
    const created = (await manager.post('/api/admin/extras', formOf({ name: 'Charged test', bookableOnline: true }))).body;
    const booking = await t.db('bookings').whereNull('parent_booking_id').first('id', 'check_in_date');
    await t.db('folio_charges').insert({
      booking_id: booking.id,
      extra_id: created.id,
      description: 'Charged test',
      pricing: 'per_person',
      unit_price: '3950.00',
      child_unit_price: '3950.00',
      quantity: 1,
      adults: 1,
      amount: '3950.00',
      vat_inclusive: true,
      charge_date: booking.check_in_date,
    });
    const res = await manager.delete(`/api/admin/extras/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('This extra has been charged before, so it was deactivated instead of deleted');
    expect(res.body.message).toBe(EXTRAS_SERVICE_MESSAGES.deactivatedInstead);
    expect(res.body.extra).toMatchObject({ id: created.id, isActive: false, version: 2 });
    expect(await t.db('extras').where({ id: created.id }).first()).toMatchObject({ is_active: false });
    const actions = (await t.db('audit_log').where({ entity_id: created.id }).orderBy('id')).map((r) => r.action);
    expect(actions).toEqual(['extra.create', 'extra.update']);
    // No longer offered to guests.
    const publicList = await t.client().get('/api/public/extras');
    expect(publicList.body.map((e: { id: string }) => e.id)).not.toContain(created.id);
  });

  it('getExtraForCharge (the folio prices a charge with it) gives the extra, inactive ones too, or undefined', async () => {
    const inactive = (await manager.post('/api/admin/extras', formOf({ name: 'Retired test', isActive: false }))).body;
    expect(await getExtraForCharge(t.db, drive.id)).toMatchObject({ id: drive.id, name: 'Test morning drive', price: 650, childPrice: 325, pricing: 'per_person', isActive: true });
    expect(await getExtraForCharge(t.db, inactive.id)).toMatchObject({ id: inactive.id, isActive: false });
    expect(await getExtraForCharge(t.db, crypto.randomUUID())).toBeUndefined();
  });

  it('GET /api/public/extras lists the active, bookable-online extras with public fields only', async () => {
    const res = await t.client().get('/api/public/extras');
    expect(res.status).toBe(200);
    const names = res.body.map((e: { name: string }) => e.name);
    expect(names).toContain('Morning game drive');
    expect(names).toContain('Bush dinner');
    expect(names).toContain('Test morning drive');
    expect(names).not.toContain('Bar tab');
    expect(names).not.toContain('Test bar tab');
    expect(res.body.find((e: { name: string }) => e.name === 'Test morning drive')).toEqual({
      id: drive.id,
      name: 'Test morning drive',
      description: 'An hour over the reserve at dawn',
      price: 650,
      childPrice: 325,
      pricing: 'per_person',
    });
  });

  it('a change made through the API shows in the public list at once (its cache is cleared)', async () => {
    const created = (await manager.post('/api/admin/extras', formOf({ name: 'Cache test', bookableOnline: true }))).body;
    const names = async () => (await t.client().get('/api/public/extras')).body.map((e: { name: string }) => e.name);
    expect(await names()).toContain('Cache test');
    await manager.put(`/api/admin/extras/${created.id}`, formOf({ name: 'Cache test', bookableOnline: false, version: created.version }));
    expect(await names()).not.toContain('Cache test');
  });
});

// Each test books its own nights far beyond the demo calendar.
let stayNo = 0;
function nextStay(nights = 3) {
  const checkIn = addDays(todayInLodge(t.clock.now()), 200 + 5 * stayNo++);
  return { checkIn, checkOut: addDays(checkIn, nights) };
}
const guestData = { firstName: 'Lerato', lastName: 'Khumalo', email: 'lerato.khumalo@example.com', phone: '+27 82 555 0199' };

describe('guests add extras when booking', () => {
  it('calculate-rate: per person x guests, per person per night x nights, promo on the stay only, card discount on the whole', async () => {
    const promo = await manager.post('/api/admin/promo-codes', { code: 'EXTRAS10', discountType: 'Percentage', discountValue: 10, expiryDate: addDays(todayInLodge(t.clock.now()), 400) });
    expect(promo.status, promo.text).toBe(201);
    const { checkIn, checkOut } = nextStay(3);
    const res = await t.client().post('/api/calculate-rate', {
      accommodationTypeId: typeId,
      checkIn,
      checkOut,
      promoCode: 'EXTRAS10',
      paymentMethod: 'Card',
      numberOfGuests: 2,
      extras: [
        { extraId: drive.id, quantity: 1 },
        { extraId: parkFee.id, quantity: 1 },
      ],
    });
    expect(res.status, res.text).toBe(200);
    // Stay 3 x 1000 = 3000, promo 10% = 300; drive 650 x 2 = 1300; park fee 110.55 x 2 x 3 = 663.30.
    // EFT total 2700 + 1963.30 = 4663.30; card 95% = 4430.135 -> R4430 (whole rand).
    expect(res.body.totalAmount).toBe(4663.3);
    expect(res.body.cardTotal).toBe(4430);
    expect(res.body.amountDue).toBe(4430);
    expect(res.body.breakdown).toMatchObject({ subtotal: 3000, promoDiscount: 300, cardDiscount: 233.3, totalAmount: 4663.3, cardTotal: 4430, extrasTotal: 1963.3 });
    expect(res.body.breakdown.extras).toEqual([
      { extraId: drive.id, name: 'Test morning drive', pricing: 'per_person', quantity: 1, adults: 2, children: 0, nights: 3, unitPrice: 650, childUnitPrice: 325, amount: 1300 },
      { extraId: parkFee.id, name: 'Test park fee', pricing: 'per_person_per_night', quantity: 1, adults: 2, children: 0, nights: 3, unitPrice: 110.55, childUnitPrice: 55, amount: 663.3 },
    ]);
  });

  it('calculate-rate and the booking: children named by their ages pay the child price of a per person extra', async () => {
    const { checkIn, checkOut } = nextStay(3);
    const party = { adults: 2, childAges: [8] };
    const res = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, checkIn, checkOut, ...party, extras: [{ extraId: drive.id, quantity: 1 }, { extraId: parkFee.id, quantity: 1 }] });
    expect(res.status, res.text).toBe(200);
    // Drive: 2 x 650 + 1 x 325 = 1625; park fee: (2 x 110.55 + 1 x 55) x 3 nights = 828.30.
    expect(res.body.breakdown.extras.map((e: { adults: number; children: number; amount: number }) => [e.adults, e.children, e.amount])).toEqual([
      [2, 1, 1625],
      [2, 1, 828.3],
    ]);
    expect(res.body.breakdown.extrasTotal).toBe(2453.3);
    // The stay (3 x 1000) plus the extras.
    expect(res.body.totalAmount).toBe(5453.3);
  });

  it('calculate-rate: without extras (or with none) the answer is exactly as before', async () => {
    const { checkIn, checkOut } = nextStay(2);
    const body = { accommodationTypeId: typeId, checkIn, checkOut };
    const plain = await t.client().post('/api/calculate-rate', body);
    const none = await t.client().post('/api/calculate-rate', { ...body, extras: [] });
    expect(plain.body).toEqual({
      totalAmount: 2000,
      cardTotal: 1900,
      amountDue: 2000,
      breakdown: expect.objectContaining({ subtotal: 2000, promoDiscount: 0, cardDiscount: 100, totalAmount: 2000, cardTotal: 1900 }),
    });
    expect(Object.keys(plain.body.breakdown)).not.toContain('extras');
    expect(none.text).toBe(plain.text);
  });

  it('an EFT booking with extras: total_amount includes them and each is a guest charge on the folio', async () => {
    const { checkIn, checkOut } = nextStay(2);
    const res = await t.client().post('/api/bookings', {
      unitId,
      checkInDate: checkIn,
      checkOutDate: checkOut,
      numberOfGuests: 3,
      paymentMethod: 'EFT',
      guestData,
      extras: [{ extraId: drive.id, quantity: 2 }],
    });
    expect(res.status, res.text).toBe(201);
    // Stay 2000 + drive 650 x 3 guests x 2 drives = 3900.
    expect(res.body.totalAmount).toBe(5900);
    const row = await t.db('bookings').where({ id: res.body.id }).first();
    expect(row.total_amount).toBe('5900.00');
    const charges = await t.db('folio_charges').where({ booking_id: res.body.id });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      extra_id: drive.id,
      description: 'Test morning drive',
      pricing: 'per_person',
      unit_price: '650.00',
      child_unit_price: '325.00',
      quantity: 2,
      adults: 3,
      children: 0,
      nights: 2,
      amount: '3900.00',
      vat_inclusive: true,
      source: 'guest',
      voided_at: null,
      created_by_user_id: null,
    });
    expect(String(charges[0].charge_date).slice(0, 10)).toBe(checkIn);
  });

  it('bad extras: 400 naming extras.<i>.<field>, and nothing is written', async () => {
    const { checkIn, checkOut } = nextStay(2);
    const base = { unitId, checkInDate: checkIn, checkOutDate: checkOut, numberOfGuests: 2, paymentMethod: 'EFT', guestData };
    const before = { bookings: await count('bookings'), charges: await count('folio_charges'), guests: await count('guests') };
    const cases: [unknown, string, string][] = [
      [[{ extraId: crypto.randomUUID(), quantity: 1 }], 'extras.0.extraId', 'Extra not found'],
      [[{ extraId: drive.id, quantity: 1 }, { extraId: barTab.id, quantity: 1 }], 'extras.1.extraId', GUEST_EXTRA_MESSAGES.extraUnavailable],
      [[{ extraId: 'drive', quantity: 1 }], 'extras.0.extraId', 'Must be a valid id'],
      [[{ extraId: drive.id, quantity: 0 }], 'extras.0.quantity', GUEST_EXTRA_MESSAGES.quantityRange],
      [[{ extraId: drive.id, quantity: 100 }], 'extras.0.quantity', GUEST_EXTRA_MESSAGES.quantityRange],
      [[{ extraId: drive.id, quantity: 1.5 }], 'extras.0.quantity', GUEST_EXTRA_MESSAGES.quantityRange],
      [[{ extraId: drive.id, quantity: 1 }, { extraId: drive.id, quantity: 2 }], 'extras.1.extraId', GUEST_EXTRA_MESSAGES.chosenTwice],
      [Array.from({ length: 11 }, () => ({ extraId: crypto.randomUUID(), quantity: 1 })), 'extras', GUEST_EXTRA_MESSAGES.tooMany],
      ['drive', 'extras', 'Extras must be a list'],
    ];
    for (const [extras, field, message] of cases) {
      const res = await t.client().post('/api/bookings', { ...base, extras });
      expect(res.status, JSON.stringify(extras)).toBe(400);
      expect(res.body.errors?.[field], res.text).toBe(message);
      const quote = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, checkIn, checkOut, extras });
      expect(quote.status).toBe(400);
      expect(quote.body.errors?.[field], quote.text).toBe(message);
    }
    // An inactive extra is refused too.
    const inactive = (await manager.post('/api/admin/extras', formOf({ name: 'Inactive test', bookableOnline: true, isActive: false }))).body;
    const res = await t.client().post('/api/bookings', { ...base, extras: [{ extraId: inactive.id, quantity: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'extras.0.extraId': GUEST_EXTRA_MESSAGES.extraUnavailable });
    expect({ bookings: await count('bookings'), charges: await count('folio_charges'), guests: await count('guests') }).toEqual(before);
  });

  it('payments/initialize: the Paystack amount is the card total with the extras, stored as the booking total', async () => {
    const { checkIn, checkOut } = nextStay(3);
    const res = await t.client().post('/api/payments/initialize', {
      bookingData: {
        unitId,
        checkInDate: checkIn,
        checkOutDate: checkOut,
        numberOfGuests: 2,
        paymentMethod: 'Card',
        extras: [
          { extraId: drive.id, quantity: 1 },
          { extraId: parkFee.id, quantity: 1 },
        ],
      },
      guestData,
    });
    expect(res.status, res.text).toBe(200);
    // 3000 + 1300 + 663.30 = 4963.30; card 95% = 4715.135 -> R4715.
    expect(res.body.amount).toBe(4715);
    expect(paystack.transactions.get(res.body.reference)!.amount).toBe(471500);
    const booking = await t.db('bookings').where({ id: res.body.bookingId }).first();
    expect(booking.total_amount).toBe('4715.00');
    const discount = await t.db('payment_transactions').where({ booking_id: booking.id, type: 'discount', subtype: 'card_discount' }).first();
    expect(discount.amount).toBe('-248.30');
    const charges = await t.db('folio_charges').where({ booking_id: booking.id }).orderBy('amount', 'desc');
    expect(charges.map((c) => [c.description, c.amount, c.source])).toEqual([
      ['Test morning drive', '1300.00', 'guest'],
      ['Test park fee', '663.30', 'guest'],
    ]);
  });

  it('payments/initialize: a bad extra is a 400 naming bookingData.extras.<i>.extraId, and nothing is booked or charged', async () => {
    const { checkIn, checkOut } = nextStay(2);
    const before = { bookings: await count('bookings'), requests: paystack.requests.length };
    const res = await t.client().post('/api/payments/initialize', {
      bookingData: { unitId, checkInDate: checkIn, checkOutDate: checkOut, numberOfGuests: 2, extras: [{ extraId: barTab.id, quantity: 1 }] },
      guestData,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'bookingData.extras.0.extraId': GUEST_EXTRA_MESSAGES.extraUnavailable });
    expect({ bookings: await count('bookings'), requests: paystack.requests.length }).toEqual(before);
  });
});
