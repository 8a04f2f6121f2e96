import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { syncWatermarkSettled } from '../../../test/sync-watermark.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { Folio, FolioChargeResponse } from '../../../../shared/contracts/folio.js';
import { SyncPullResponse, SyncPushResponse, type SyncPushEntry } from '../../../../shared/contracts/sync.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { createGuestBooking } from '../bookings/create-guest-booking.js';
import { countRows, createTypeWithUnits, guestData, stay } from '../bookings/test-fixtures.js';

// Monday 2 March 2026, 10:42 at the lodge.
let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:42:00Z' });
  [manager, receptionist] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist')]);
});
afterAll(() => t?.close());

const today = () => todayInLodge(t.clock.now());

async function taxSettings(s: { vatRegistered: boolean; levy: number }) {
  await t.db('settings').where({ id: 1 }).update({
    vat_number: s.vatRegistered ? '4123456789' : null,
    vat_registered: s.vatRegistered,
    tourism_levy_percent: s.levy,
  });
}
beforeEach(() => taxSettings({ vatRegistered: false, levy: 0 }));

/** An extra of the catalogue, inserted as the extras feature stores it. */
async function extra(over: { name: string; price: number; childPrice?: number | null; pricing: string; vatInclusive?: boolean; isActive?: boolean }) {
  const id = randomUUID();
  await t.db('extras').insert({
    id,
    name: over.name,
    price: over.price.toFixed(2),
    child_price: over.childPrice == null ? null : over.childPrice.toFixed(2),
    pricing: over.pricing,
    vat_inclusive: over.vatInclusive ?? true,
    is_active: over.isActive ?? true,
  });
  return id;
}

let offset = 0;
/** A Provisional EFT booking of a fresh unit for 2 guests, 2 nights (R1000 a night). */
async function eftBooking(startsIn?: number): Promise<Booking> {
  const { unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1000, weekendRate: 1000 });
  const dates = stay(t.clock.now(), startsIn ?? 5 + (offset++ % 40) * 3, 2);
  const res = await t.client().post('/api/bookings', {
    unitId: unitIds[0],
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    numberOfGuests: 2,
    paymentMethod: 'EFT',
    guestData: guestData(randomUUID().slice(0, 8)),
  });
  expect(res.status).toBe(201);
  return Booking.parse(res.body);
}

const folioOf = async (bookingId: string, client = receptionist) => {
  const res = await client.get(`/api/admin/bookings/${bookingId}/folio`);
  expect(res.status, res.text).toBe(200);
  return Folio.parse(res.body);
};
const post = (bookingId: string, body: Record<string, unknown>, client = receptionist) =>
  client.post(`/api/admin/bookings/${bookingId}/folio/charges`, body);
const chargeRows = (bookingId: string) => t.db('folio_charges').where({ booking_id: bookingId });

describe('the folio of a stay with extras, discounts, the levy and VAT', () => {
  it('adds up to the cent, VAT per line at 15/115 of the inclusive amount', async () => {
    await taxSettings({ vatRegistered: true, levy: 1 });
    const { unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1234.56, weekendRate: 1234.56 });
    const dates = stay(t.clock.now(), 3, 2);
    // A card booking with a promo: 2469.12 - 500 promo = 1969.12, less 5 % card discount -> R1871 whole rand.
    const { booking } = await createGuestBooking(
      t.deps,
      {
        target: { kind: 'unit', unitId: unitIds[0] },
        checkInDate: dates.checkIn,
        checkOutDate: dates.checkOut,
        numberOfGuests: 2,
        guest: guestData('folio'),
        paymentMethod: 'Card',
        promoCode: 'WELCOME500',
      },
      { holdExpiresAt: new Date(t.clock.now().getTime() + 30 * 60_000), paystackReference: 'WL-TEST-folio-1' },
    );
    expect(booking.totalAmount).toBe(1871);
    // One after the other (the payment first, as the folio lists them). Their times are set:
    // two statements in a row can get the same now() on the embedded database.
    const paidAt = t.clock.now();
    await t.db('payment_transactions').insert({ booking_id: booking.id, type: 'payment', subtype: 'cash', status: 'success', amount: '1871.00', description: 'Cash payment received', created_at: paidAt });
    await t.db('payment_transactions').insert({ booking_id: booking.id, type: 'refund', subtype: 'cash', status: 'success', amount: '-100.00', description: 'Refund', created_at: new Date(paidAt.getTime() + 60_000) });

    const fee = await extra({ name: 'Conservation fee', price: 110, childPrice: 55, pricing: 'per_person_per_night' });
    const drive = await extra({ name: 'Morning game drive', price: 650, childPrice: 325, pricing: 'per_person', vatInclusive: false });
    const bar = await extra({ name: 'Bar tab', price: 45.5, pricing: 'per_item' });
    expect((await post(booking.id, { extraId: fee, adults: 2, children: 1 })).status).toBe(201);
    expect((await post(booking.id, { extraId: drive, adults: 2, children: 1, note: 'Sunrise' })).status).toBe(201);
    const barRes = FolioChargeResponse.parse((await post(booking.id, { extraId: bar, quantity: 3 })).body);
    const voided = await manager.post(`/api/admin/bookings/${booking.id}/folio/charges/${barRes.charge.id}/void`, { reason: 'Wrong room' });
    expect(voided.status, voided.text).toBe(200);

    const folio = await folioOf(booking.id);
    expect(folio.bookingId).toBe(booking.id);
    expect(folio.reference).toBe(booking.reference);
    const line = (key: string) => folio.lines.find((l) => l.key === key)!;
    // The stay: the total before its discounts (1871 + 500 + 98.12); VAT 246912 x 15/115 = 32206.09 -> 322.06.
    expect(line('accommodation')).toMatchObject({ kind: 'accommodation', quantity: 2, unitAmount: 1234.56, amount: 2469.12, vat: 322.06, voided: false });
    // (2 x 110 + 55) x 2 nights = 550, inclusive: VAT 55000 x 15/115 = 7173.91 -> 71.74.
    expect(line(`charge:${folio.lines[1].chargeId}`)).toMatchObject({ kind: 'extra', description: 'Conservation fee (2 adults, 1 child)', amount: 550, vat: 71.74 });
    // 2 x 650 + 325 = 1625 exclusive: VAT 243.75 on top, 1868.75.
    const driveLine = folio.lines.find((l) => l.description.startsWith('Morning game drive'))!;
    expect(driveLine).toMatchObject({ amount: 1868.75, vat: 243.75, quantity: 1, unitAmount: 1625, date: today() });
    // Voided: shown, marked, counted for nothing.
    expect(line(`charge:${barRes.charge.id}`)).toMatchObject({ description: 'Bar tab', quantity: 3, amount: 136.5, voided: true, voidReason: 'Wrong room' });
    // Discounts: -500 (VAT -6521.74 -> -65.22) and -98.12 (VAT -1279.83 -> -12.80).
    expect(line('discount:promo')).toMatchObject({ kind: 'discount', amount: -500, vat: -65.22 });
    expect(line('discount:card')).toMatchObject({ kind: 'discount', amount: -98.12, vat: -12.8 });
    // Levy: 1 % of the stay after promo without VAT: 1969.12 - 256.84 VAT = 1712.28 -> 17.12, no VAT.
    expect(line('levy')).toMatchObject({ kind: 'levy', amount: 17.12, vat: 0 });
    expect(folio.lines.map((l) => l.kind)).toEqual(['accommodation', 'extra', 'extra', 'extra', 'discount', 'discount', 'levy']);
    expect(folio.lines.every((l) => l.invoiceNumber === null)).toBe(true);

    // 2469.12 - 500 - 98.12 + 550 + 1868.75 + 17.12 = 4306.87; VAT 322.06 - 65.22 - 12.80 + 71.74 + 243.75 = 559.53.
    expect(folio.totals).toEqual({ charges: 4306.87, vat: 559.53, paid: 1871, refunded: 100, balance: 2535.87 });
    expect(folio.payments.map((p) => [p.type, p.method, p.amount])).toEqual([
      ['payment', 'cash', 1871],
      ['refund', 'cash', -100],
    ]);
    expect(folio.tax).toEqual({ vatRegistered: true, tourismLevyPercent: 1 });
  });

  it('a lodge not registered for VAT charges none, and with nothing posted the folio is the booking total', async () => {
    const b = await eftBooking();
    const folio = await folioOf(b.id);
    expect(folio.lines).toEqual([
      {
        key: 'accommodation',
        kind: 'accommodation',
        description: `${b.unitName}, 2 nights`,
        date: b.checkInDate,
        quantity: 2,
        unitAmount: 1000,
        amount: 2000,
        vat: 0,
        chargeId: null,
        voided: false,
        voidReason: null,
        invoiceNumber: null,
      },
    ]);
    expect(folio.totals).toEqual({ charges: b.totalAmount, vat: 0, paid: 0, refunded: 0, balance: 2000 });
  });
});

describe('posting a charge', () => {
  it('prices from the catalogue at posting time, adults default to the guests, date to the lodge today, and audits it', async () => {
    const b = await eftBooking();
    const drive = await extra({ name: 'Bush dinner', price: 450, pricing: 'per_person' });
    const res = await post(b.id, { extraId: drive });
    expect(res.status, res.text).toBe(201);
    const { charge, folio } = FolioChargeResponse.parse(res.body);
    expect(charge).toMatchObject({ bookingId: b.id, description: 'Bush dinner', adults: 2, children: 0, nights: 2, quantity: 1, unitPrice: 450, childUnitPrice: 450, amount: 900, date: today(), source: 'desk' });
    // A later price change reprices nothing posted.
    await t.db('extras').where({ id: drive }).update({ price: '999.00' });
    expect((await folioOf(b.id)).totals.charges).toBe(2900);
    expect(folio.totals.charges).toBe(2900);
    const audit = await t.db('audit_log').where({ action: 'folio.charge', entity_id: b.id });
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_username).toBe('receptionist');
  });

  it('children at the child price, the price when there is none', async () => {
    const b = await eftBooking();
    const withChild = await extra({ name: 'Walk', price: 300, childPrice: 150, pricing: 'per_person' });
    const noChild = await extra({ name: 'Boma', price: 200, pricing: 'per_person' });
    const a = FolioChargeResponse.parse((await post(b.id, { extraId: withChild, adults: 1, children: 2, date: addDays(today(), 1) })).body).charge;
    const c = FolioChargeResponse.parse((await post(b.id, { extraId: noChild, adults: 1, children: 2 })).body).charge;
    expect([a.amount, a.date, c.amount]).toEqual([600, addDays(today(), 1), 600]);
  });

  it('the same chargeId twice makes one charge (201, then 200 with the same charge)', async () => {
    const b = await eftBooking();
    const bar = await extra({ name: 'Bar', price: 30, pricing: 'per_item' });
    const chargeId = randomUUID();
    const first = await post(b.id, { chargeId, extraId: bar, quantity: 2 });
    const again = await post(b.id, { chargeId, extraId: bar, quantity: 2 });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.charge).toEqual(first.body.charge);
    // The folio's own read of its charges (one statement) answers the same charge.
    expect(again.body.folio.charges).toEqual([first.body.charge]);
    expect(await chargeRows(b.id)).toHaveLength(1);
    expect((await folioOf(b.id)).totals.charges).toBe(2060);
  });

  it('refuses bad input naming the field, unknown ids with 404, a cancelled booking with 409, and writes nothing', async () => {
    const b = await eftBooking();
    const perPerson = await extra({ name: 'Drive', price: 650, pricing: 'per_person' });
    const before = await countRows(t.db, 'folio_charges');
    const cases: [Record<string, unknown>, string][] = [
      [{ extraId: perPerson, quantity: 0 }, 'quantity'],
      [{ extraId: perPerson, quantity: 100 }, 'quantity'],
      [{ extraId: perPerson, quantity: 1.5 }, 'quantity'],
      [{ extraId: perPerson, adults: 100 }, 'adults'],
      [{ extraId: perPerson, children: -1 }, 'children'],
      [{ extraId: perPerson, date: '2026-02-30' }, 'date'],
      [{ extraId: perPerson, date: 'tomorrow' }, 'date'],
      [{ extraId: 'drive' }, 'extraId'],
      [{ extraId: perPerson, adults: 0, children: 0 }, 'adults'],
    ];
    for (const [body, field] of cases) {
      const res = await post(b.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)[0], JSON.stringify(body)).toBe(field);
      expect(res.body.message.startsWith(`${field}: `)).toBe(true);
    }
    expect((await post(b.id, { extraId: perPerson, adults: 0, children: 0 })).body.errors.adults).toBe('A per person extra needs at least one adult or child');

    const noBooking = await post(randomUUID(), { extraId: perPerson });
    expect([noBooking.status, noBooking.body.message]).toEqual([404, 'Booking not found']);
    const noExtra = await post(b.id, { extraId: randomUUID() });
    expect([noExtra.status, noExtra.body.message]).toEqual([404, 'Extra not found']);
    expect((await receptionist.get(`/api/admin/bookings/${randomUUID()}/folio`)).status).toBe(404);

    const cancel = await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled', cancellationReason: 'Plans changed' });
    expect(cancel.status, cancel.text).toBe(200);
    const onCancelled = await post(b.id, { extraId: perPerson });
    expect([onCancelled.status, onCancelled.body.message]).toEqual([409, 'This booking is cancelled: nothing can be charged to it']);
    expect(await countRows(t.db, 'folio_charges')).toBe(before);
  });
});

describe('voiding a charge', () => {
  it('a Manager voids once (audited); a second void is 409; a Receptionist is refused with 403', async () => {
    const b = await eftBooking();
    const bar = await extra({ name: 'Wine', price: 250, pricing: 'per_item' });
    const { charge } = FolioChargeResponse.parse((await post(b.id, { extraId: bar })).body);
    const url = `/api/admin/bookings/${b.id}/folio/charges/${charge.id}/void`;

    const denied = await receptionist.post(url, { reason: 'Mistake' });
    expect(denied.status).toBe(403);
    expect((await t.db('folio_charges').where({ id: charge.id }).first()).voided_at).toBeNull();

    expect((await manager.post(url, { reason: '  ' })).body.errors).toEqual({ reason: 'A reason is required to void a charge' });
    const first = await manager.post(url, { reason: 'Mistake' });
    expect(first.status).toBe(200);
    const body = FolioChargeResponse.parse(first.body);
    expect(body.charge).toMatchObject({ voidReason: 'Mistake' });
    expect(body.folio.totals.charges).toBe(2000);
    const second = await manager.post(url, { reason: 'Again' });
    expect([second.status, second.body.message]).toEqual([409, 'This charge was voided already']);
    expect((await t.db('folio_charges').where({ id: charge.id }).first()).void_reason).toBe('Mistake');
    expect(await t.db('audit_log').where({ action: 'folio.void', entity_id: b.id })).toHaveLength(1);

    const unknown = await manager.post(`/api/admin/bookings/${b.id}/folio/charges/${randomUUID()}/void`, { reason: 'x' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Charge not found']);
  });
});

describe('offline: folio.addCharge through the sync push, and the pull', () => {
  let seq = 0;
  const entry = (bookingId: string, args: Record<string, unknown>): SyncPushEntry => ({
    id: randomUUID(),
    seq: ++seq,
    op: 'folio.addCharge',
    entityId: bookingId,
    baseVersion: 1,
    args,
    schemaVersion: 1,
  });
  const push = async (...entries: SyncPushEntry[]) => {
    const res = await receptionist.post('/api/sync/push', { deviceId: 'tablet-folio', entries });
    expect(res.status, res.text).toBe(200);
    return SyncPushResponse.parse(res.body).results;
  };
  const args = (extraId: string, over: Record<string, unknown> = {}) => ({
    chargeId: randomUUID(),
    extraId,
    quantity: 1,
    adults: 2,
    children: 0,
    date: today(),
    note: null,
    ...over,
  });

  it('applies a charge once: the same entry again is a duplicate, the same chargeId in a new entry changes nothing', async () => {
    const b = await eftBooking();
    const drive = await extra({ name: 'Game drive', price: 650, pricing: 'per_person' });
    const e = entry(b.id, args(drive));
    const [applied] = await push(e);
    expect(applied).toMatchObject({ outcome: 'applied', record: { id: e.args.chargeId, bookingId: b.id, amount: 1300 } });
    const [dup] = await push(e);
    expect(dup).toMatchObject({ outcome: 'duplicate', storedOutcome: 'applied' });
    const [again] = await push(entry(b.id, e.args));
    expect(again).toMatchObject({ outcome: 'applied', note: 'already posted' });
    expect(await chargeRows(b.id)).toHaveLength(1);
    expect((await folioOf(b.id)).totals.charges).toBe(3300);
  });

  it('a booking cancelled meanwhile: conflict with the booking as it is; bad args and unknown extras are rejected', async () => {
    const b = await eftBooking();
    const drive = await extra({ name: 'Night drive', price: 500, pricing: 'per_person' });
    await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled', cancellationReason: 'No show' });
    const [conflict] = await push(entry(b.id, args(drive)));
    expect(conflict).toMatchObject({ outcome: 'conflict', reason: 'This booking is cancelled: nothing can be charged to it', record: { id: b.id, status: 'Cancelled' } });

    const live = await eftBooking();
    const [badArgs, unknownExtra] = await push(entry(live.id, args(drive, { quantity: 0 })), entry(live.id, args(randomUUID())));
    expect(badArgs.outcome).toBe('rejected');
    expect(badArgs.reason).toMatch(/^Bad arguments for folio.addCharge: quantity/);
    expect(unknownExtra).toMatchObject({ outcome: 'rejected', reason: 'Extra not found' });
    expect(await chargeRows(b.id)).toHaveLength(0);
    expect(await chargeRows(live.id)).toHaveLength(0);
  });

  it('the pull carries the extras catalogue and the charges of the bookings it serves, then only what changed', async () => {
    const b = await eftBooking();
    await syncWatermarkSettled(t.db);
    const first = SyncPullResponse.parse((await receptionist.get('/api/sync/pull?limit=2000')).body);
    let cursor = first.cursor;
    let page = first;
    while (page.hasMore) {
      page = SyncPullResponse.parse((await receptionist.get(`/api/sync/pull?limit=2000&since=${encodeURIComponent(cursor)}`)).body);
      cursor = page.cursor;
    }
    const walk = await extra({ name: 'Guided walk', price: 380, childPrice: 190, pricing: 'per_person' });
    const { charge } = FolioChargeResponse.parse((await post(b.id, { extraId: walk, adults: 1, children: 1 })).body);
    await syncWatermarkSettled(t.db);
    const next = SyncPullResponse.parse((await receptionist.get(`/api/sync/pull?since=${encodeURIComponent(cursor)}`)).body);
    expect(next.changes.extras).toEqual([expect.objectContaining({ id: walk, name: 'Guided walk', price: 380, childPrice: 190, pricing: 'per_person', isActive: true })]);
    expect(next.changes.folioCharges).toEqual([charge]);

    // A voided charge comes again; a deleted extra comes as a deletion.
    await manager.post(`/api/admin/bookings/${b.id}/folio/charges/${charge.id}/void`, { reason: 'Cancelled walk' });
    const unused = await extra({ name: 'Unused', price: 1, pricing: 'per_item' });
    await t.db('extras').where({ id: unused }).delete();
    await syncWatermarkSettled(t.db);
    const after = SyncPullResponse.parse((await receptionist.get(`/api/sync/pull?since=${encodeURIComponent(next.cursor)}`)).body);
    expect(after.changes.folioCharges).toEqual([expect.objectContaining({ id: charge.id, voidReason: 'Cancelled walk' })]);
    expect(after.deleted).toContainEqual({ entityType: 'extras', id: unused });
  });
});
