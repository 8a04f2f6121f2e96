import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { Invoice } from '../../../../shared/contracts/invoices.js';
import { EARLY_DEPARTURE_MESSAGES, ReleaseNightsResponse } from '../../../../shared/contracts/early-departure.js';
import { SyncPushResponse, type SyncPushEntry } from '../../../../shared/contracts/sync.js';
import { BOOKING_UPDATE_MESSAGES } from '../../../../shared/domain/booking-update.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { countRows, createPackage, createTypeWithUnits, folioAs, guestData, putBooking } from './test-fixtures.js';

/**
 * Early departures (docs/design.md, The desk's day: early departures). A guest checked out
 * before the check-out date has the remaining nights released: the stay ends the day they
 * left, the check-out booked is kept, the freed nights can be booked at once, and by Lodge
 * Settings the folio credits those nights ('none') or keeps charging them ('full'). Every
 * amount below is worked out by hand in its comment.
 *
 * The clock: each stay begins on a Wednesday at 10:00 at the lodge and is 4 nights, Wed, Thu
 * (weekday, R1,500) and Fri, Sat (weekend, R1,800): R6,600. "Leaving after night 2" is the
 * Friday morning.
 */

// Monday 2 March 2026, 10:00 at the lodge; the stays' Wednesdays are 4, 11, 18 ... March.
const NOW = Date.parse('2026-03-02T08:00:00Z');
const DAY = 86_400_000;
let week = 0;
/** Sets the clock to the next unused week's Wednesday 10:00 at the lodge. */
function nextWednesday(): void {
  t.clock.set(new Date(NOW + (2 + 7 * week++) * DAY));
}
const today = () => todayInLodge(t.clock.now());
const laterToday = (days: number) => t.clock.advance(days * DAY);

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
beforeAll(async () => {
  t = await createTestContext({ now: new Date(NOW) });
  [manager, receptionist] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist')]);
});
afterAll(() => t?.close());
beforeEach(async () => {
  nextWednesday();
  await t.db('settings').where({ id: 1 }).update({ early_departure_charge: 'none', vat_registered: false, vat_number: null, tourism_levy_percent: 0 });
});

const flatType = (units = 1) => createTypeWithUnits(t.db, { weekdayRate: 1500, weekendRate: 1800, units });

const put = (id: string, body: Record<string, unknown>, client = receptionist) => putBooking(client, id, body);
const release = (id: string, departureDate = today(), client = receptionist) => client.post(`/api/admin/bookings/${id}/release-nights`, { departureDate });
async function released(id: string, departureDate = today()) {
  const res = await release(id, departureDate);
  expect(res.status, res.text).toBe(200);
  return ReleaseNightsResponse.parse(res.body);
}
const folioOf = (id: string) => folioAs(receptionist, id);
const row = (id: string) => t.db('bookings').where({ id }).first();

/** Booked at the desk from today for 4 nights, paid R6,600 in cash, and checked in. */
async function checkedInStay(unitId: string, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await receptionist.post('/api/admin/bookings', {
    unitId,
    checkInDate: today(),
    checkOutDate: addDays(today(), 4),
    totalAmount: 6600,
    paymentMethod: 'Cash',
    paymentStatus: 'Paid',
    guestData: guestData(randomUUID().slice(0, 8)),
    ...over,
  });
  expect(res.status, res.text).toBe(201);
  return put(res.body.id, { status: 'Checked-In' });
}

/** Another guest's booking of the nights the first one left, as the desk would take it. */
const bookFreedNights = (unitId: string, checkIn: string, checkOut: string) =>
  receptionist.post('/api/admin/bookings', { unitId, checkInDate: checkIn, checkOutDate: checkOut, totalAmount: 3600, paymentMethod: 'Cash', paymentStatus: 'Paid', guestData: guestData(randomUUID().slice(0, 8)) });

describe('releasing the remaining nights', () => {
  it("under 'none': the stay ends the day the guest left, the nights are free at once, the folio credits 3,600.00 and the ledger is unchanged", async () => {
    const { unitIds } = await flatType();
    const wednesday = today();
    const sunday = addDays(wednesday, 4);
    const booking = await checkedInStay(unitIds[0]);
    // While the guest is in, the last two nights are theirs.
    expect((await bookFreedNights(unitIds[0], addDays(wednesday, 2), sunday)).status).toBe(409);

    laterToday(2); // Friday morning: after night 2.
    const friday = today();
    await put(booking.id, { status: 'Checked-Out' });
    const res = await released(booking.id);
    // Fri 1,800 + Sat 1,800 = 3,600.00.
    expect(res).toMatchObject({ nightsReleased: 2, credit: 3600, creditNote: null });
    expect(res.booking).toMatchObject({ status: 'Checked-Out', checkInDate: wednesday, checkOutDate: friday, originalCheckOutDate: sunday, earlyDepartureCredit: 3600 });
    // Paid 6,600 against 6,600 - 3,600 = 3,000 owed: nothing due (the lodge owes the guest 3,600).
    expect(res.booking).toMatchObject({ amountPaid: 6600, balanceDue: 0 });
    expect(await row(booking.id)).toMatchObject({ check_out_date: friday, original_check_out_date: sunday, early_departure_credit: '3600.00' });

    const folio = await folioOf(booking.id);
    expect(folio.lines).toEqual([
      expect.objectContaining({ key: 'accommodation', kind: 'accommodation', quantity: 4, unitAmount: 1650, amount: 6600, vat: 0 }),
      expect.objectContaining({ key: 'credit:early-departure', kind: 'credit', description: 'Early departure: 2 nights released', date: friday, quantity: 2, unitAmount: -1800, amount: -3600, vat: 0, invoiceNumber: null }),
    ]);
    expect(folio.lines[0].description).toMatch(/, 4 nights$/);
    // 6,600 - 3,600 = 3,000 charged; paid 6,600: the balance is -3,600 (owed back to the guest).
    expect(folio.totals).toEqual({ charges: 3000, vat: 0, paid: 6600, refunded: 0, balance: -3600 });
    expect(folio.stay).toMatchObject({ checkOutDate: friday, originalCheckOutDate: sunday, earlyDepartureCredit: 3600 });
    // The ledger holds what it held: the one cash payment.
    const ledger = await manager.get(`/api/admin/payments/history?bookingId=${booking.id}`);
    expect(ledger.status, ledger.text).toBe(200);
    expect(await t.db('payment_transactions').where({ booking_id: booking.id }).select('type', 'amount')).toEqual([{ type: 'payment', amount: '6600.00' }]);

    // Friday and Saturday can be booked at once.
    const next = await bookFreedNights(unitIds[0], friday, sunday);
    expect(next.status, next.text).toBe(201);
    // The released stay holds only Wed and Thu now: a manager may reopen it beside the new guest.
    expect((await put(booking.id, { status: 'Checked-In' }, manager)).status).toBe('Checked-In');

    const audit = await t.db('audit_log').where({ entity_id: booking.id, action: 'booking.release_nights' }).first();
    expect(audit.before).toEqual({ checkOutDate: sunday });
    expect(audit.after).toEqual({ checkOutDate: friday, originalCheckOutDate: sunday, nightsReleased: 2, earlyDepartureCredit: 3600 });
    expect(audit.note).toBe(`Left on ${friday}; released nights credited`);
  });

  it("under 'full': the nights are released all the same, the folio keeps charging them and records 0", async () => {
    expect((await manager.put('/api/admin/settings', { earlyDepartureCharge: 'full' })).status).toBe(200);
    const { unitIds } = await flatType();
    const sunday = addDays(today(), 4);
    const booking = await checkedInStay(unitIds[0]);
    laterToday(2);
    const friday = today();
    await put(booking.id, { status: 'Checked-Out' });
    const res = await released(booking.id);
    expect(res).toMatchObject({ nightsReleased: 2, credit: 0, creditNote: null });
    expect(res.booking).toMatchObject({ checkOutDate: friday, originalCheckOutDate: sunday, earlyDepartureCredit: 0, totalAmount: 6600, balanceDue: 0 });

    const folio = await folioOf(booking.id);
    // The stay as booked, and no credit line: 6,600 charged, 6,600 paid, nothing owed either way.
    expect(folio.lines.map((l) => [l.key, l.amount, l.quantity])).toEqual([['accommodation', 6600, 4]]);
    expect(folio.totals).toEqual({ charges: 6600, vat: 0, paid: 6600, refunded: 0, balance: 0 });
    expect(await t.db('payment_transactions').where({ booking_id: booking.id }).select('type', 'amount')).toEqual([{ type: 'payment', amount: '6600.00' }]);
    expect((await bookFreedNights(unitIds[0], friday, sunday)).status).toBe(201);
    const audit = await t.db('audit_log').where({ entity_id: booking.id, action: 'booking.release_nights' }).first();
    expect(audit.after).toMatchObject({ nightsReleased: 2, earlyDepartureCredit: 0 });
    expect(audit.note).toBe(`Left on ${friday}; released nights still charged (Lodge Settings)`);
  });

  it('checking out without releasing leaves the stay as booked: the freed nights taken, it cannot be reopened', async () => {
    const { unitIds } = await flatType();
    const sunday = addDays(today(), 4);
    const booking = await checkedInStay(unitIds[0]);
    laterToday(2);
    await put(booking.id, { status: 'Checked-Out' });
    expect((await bookFreedNights(unitIds[0], today(), sunday)).status).toBe(201);
    // Wed to Sun still on the booking: reopening it would put two stays on Friday.
    expect((await manager.put(`/api/admin/bookings/${booking.id}`, { status: 'Checked-In' })).status).toBe(409);
    expect((await folioOf(booking.id)).totals).toMatchObject({ charges: 6600, balance: 0 });
  });

  it('credits what the guest paid for the nights: a R500 promo spread with the rest of the stay, to the cent', async () => {
    const { unitIds } = await flatType();
    const sunday = addDays(today(), 4);
    const made = await t.client().post('/api/bookings', { unitId: unitIds[0], checkInDate: today(), checkOutDate: sunday, paymentMethod: 'EFT', promoCode: 'WELCOME500', guestData: guestData(randomUUID().slice(0, 8)) });
    expect(made.status, made.text).toBe(201);
    expect(made.body.totalAmount).toBe(6100);
    await put(made.body.id, { paymentStatus: 'Paid' });
    await put(made.body.id, { status: 'Checked-In' });
    laterToday(2);
    await put(made.body.id, { status: 'Checked-Out' });
    const res = await released(made.body.id);
    // R6,100 over 1,500 : 1,500 : 1,800 : 1,800 is 1,386.3636, 1,386.3636, 1,663.6363, 1,663.6363;
    // the two cents left go to the two largest remainders (the weekend nights): 1,663.64 each,
    // so the credit is 3,327.28 (and the nights kept 2,772.72).
    expect(res.credit).toBe(3327.28);
    const folio = await folioOf(made.body.id);
    expect(folio.lines.map((l) => [l.key, l.amount])).toEqual([
      ['accommodation', 6600],
      ['discount:promo', -500],
      ['credit:early-departure', -3327.28],
    ]);
    expect(folio.totals).toEqual({ charges: 2772.72, vat: 0, paid: 6100, refunded: 0, balance: -3327.28 });
  });

  it('keeps the first night of a guest who leaves on the arrival day: 5,100.00 credited for Thu, Fri and Sat', async () => {
    const { unitIds } = await flatType();
    const wednesday = today();
    const booking = await checkedInStay(unitIds[0]);
    await put(booking.id, { status: 'Checked-Out' });
    const res = await released(booking.id);
    // 1,500 + 1,800 + 1,800 = 5,100.00; the stay keeps Wednesday night.
    expect(res).toMatchObject({ nightsReleased: 3, credit: 5100 });
    expect(res.booking.checkOutDate).toBe(addDays(wednesday, 1));
    expect((await folioOf(booking.id)).totals).toMatchObject({ charges: 1500, balance: -5100 });
  });

  it('prices an older booking without night amounts by its rates as they stand now', async () => {
    const { unitIds, typeId } = await flatType();
    const booking = await checkedInStay(unitIds[0]);
    await t.db('bookings').where({ id: booking.id }).update({ night_amounts: null });
    // The weekend rate has gone up since: Wed, Thu 1,500, Fri, Sat 2,400.
    await t.db('accommodation_types').where({ id: typeId }).update({ base_weekend_rate: '2400.00' });
    laterToday(2);
    await put(booking.id, { status: 'Checked-Out' });
    const res = await released(booking.id);
    // R6,600 over 1,500 : 1,500 : 2,400 : 2,400 (7,800): 1,269.2308 twice and 2,030.7692 twice;
    // the two cents left go to the weekend nights: 2,030.77 + 2,030.77 = 4,061.54.
    expect(res.credit).toBe(4061.54);
  });
});

describe('an invoiced stay', () => {
  it('gets a credit note for the credit instead of a changed invoice; the credit line is on no later invoice', async () => {
    expect((await manager.put('/api/admin/settings', { legalName: 'Leadwood Koppie (Pty) Ltd', physicalAddress: 'Farm Leadwood 12', vatRegistered: true, vatNumber: '4123456789' })).status).toBe(200);
    const { unitIds } = await flatType();
    const booking = await checkedInStay(unitIds[0]);
    const issued = await manager.post(`/api/admin/bookings/${booking.id}/invoices`);
    expect(issued.status, issued.text).toBe(201);
    const invoice = Invoice.parse(issued.body);
    // 6,600 inclusive: VAT 660,000 x 15 / 115 = 86,086.96 cents -> 860.87.
    expect(invoice).toMatchObject({ total: 6600, vat: 860.87 });

    laterToday(2);
    await put(booking.id, { status: 'Checked-Out' });
    const res = await released(booking.id);
    expect(res.credit).toBe(3600);
    expect(res.creditNote?.number).toMatch(/^CN-\d{6}$/);

    // The invoice is as issued.
    const again = Invoice.parse((await manager.get(`/api/admin/invoices/${invoice.id}`)).body);
    expect(again).toMatchObject({ total: 6600, vat: 860.87, creditable: 3000 });
    expect(again.lines).toEqual(invoice.lines);
    // The credit note: 3,600.00 with its VAT, 360,000 x 15 / 115 = 46,956.52 cents -> 469.57.
    const note = Invoice.parse((await manager.get(`/api/admin/invoices/${res.creditNote!.id}`)).body);
    expect(note).toMatchObject({ kind: 'credit_note', total: 3600, vat: 469.57, net: 3130.43, creditedInvoiceNumber: invoice.number, reason: 'Early departure: 2 nights released' });
    expect(note.lines).toEqual([{ position: 1, folioKey: 'credit:early-departure', description: 'Early departure: 2 nights released', quantity: 1, unitAmount: 3600, amount: 3600, vat: 469.57 }]);
    // The guest is sent the credit note.
    expect(Number((await t.db('email_outbox').where({ attachment_invoice_id: note.id }).count({ n: '*' }))[0].n)).toBe(1);

    // The folio's credit line names the credit note, and its VAT is the note's.
    const folio = await folioOf(booking.id);
    expect(folio.lines.find((l) => l.key === 'credit:early-departure')).toMatchObject({ amount: -3600, vat: -469.57, invoiceNumber: note.number });
    expect(folio.lines.find((l) => l.key === 'accommodation')).toMatchObject({ amount: 6600, vat: 860.87, invoiceNumber: invoice.number });
    // 6,600 - 3,600 = 3,000 charged; VAT 860.87 - 469.57 = 391.30.
    expect(folio.totals).toEqual({ charges: 3000, vat: 391.3, paid: 6600, refunded: 0, balance: -3600 });
    // Nothing is left for another invoice: the credit is documented already.
    expect((await manager.post(`/api/admin/bookings/${booking.id}/invoices`)).status).toBe(409);
    const audit = await t.db('audit_log').where({ entity_id: booking.id, action: 'booking.release_nights' }).first();
    expect(audit.after).toMatchObject({ creditNote: note.number });
  });

  it('a stay not invoiced yet: the credit line goes on its invoice as a line of its own, no credit note', async () => {
    expect((await manager.put('/api/admin/settings', { legalName: 'Leadwood Koppie (Pty) Ltd', physicalAddress: 'Farm Leadwood 12', vatRegistered: true, vatNumber: '4123456789' })).status).toBe(200);
    const { unitIds } = await flatType();
    const booking = await checkedInStay(unitIds[0]);
    laterToday(2);
    await put(booking.id, { status: 'Checked-Out' });
    expect((await released(booking.id)).creditNote).toBeNull();
    expect(await t.db('invoices').where({ booking_id: booking.id })).toEqual([]);
    const invoice = Invoice.parse((await manager.post(`/api/admin/bookings/${booking.id}/invoices`)).body);
    // 6,600 - 3,600 = 3,000; VAT 860.87 - 469.57 = 391.30.
    expect(invoice).toMatchObject({ total: 3000, vat: 391.3 });
    expect(invoice.lines.map((l) => [l.folioKey, l.amount, l.vat])).toEqual([
      ['accommodation', 6600, 860.87],
      ['credit:early-departure', -3600, -469.57],
    ]);
  });
});

describe('entire-lodge and group stays', () => {
  it('an entire-lodge stay is released through its parent, and every unit of it ends the same day', async () => {
    const a = await flatType(2);
    const packageTypeId = await createPackage(t.db, [a.typeId], { weekdayRate: 10000, weekendRate: 12000 });
    const made = await receptionist.post('/api/bookings', { accommodationTypeId: packageTypeId, isPackageBooking: true, checkInDate: today(), checkOutDate: addDays(today(), 4), paymentMethod: 'EFT', paymentStatus: 'Paid', guestData: guestData(randomUUID().slice(0, 8)) });
    expect(made.status, made.text).toBe(201);
    // 10,000 + 10,000 + 12,000 + 12,000 = 44,000.
    expect(made.body.totalAmount).toBe(44000);
    const sunday = addDays(today(), 4);
    await put(made.body.id, { status: 'Checked-In' });
    laterToday(2);
    const friday = today();
    await put(made.body.id, { status: 'Checked-Out' });
    const children = await t.db('bookings').where({ parent_booking_id: made.body.id }).orderBy('reference');
    // A unit of it is released through the stay.
    const child = await release(children[0].id);
    expect(child.status).toBe(422);
    expect(child.body.message).toBe(BOOKING_UPDATE_MESSAGES.entireLodgeChild);

    const res = await released(made.body.id);
    // The weekend nights: 12,000 + 12,000 = 24,000.
    expect(res).toMatchObject({ nightsReleased: 2, credit: 24000 });
    const after = await t.db('bookings').where({ parent_booking_id: made.body.id }).orderBy('reference').select('check_out_date', 'original_check_out_date', 'status');
    expect(after).toEqual([
      { check_out_date: friday, original_check_out_date: sunday, status: 'Checked-Out' },
      { check_out_date: friday, original_check_out_date: sunday, status: 'Checked-Out' },
    ]);
    // Both units are free from Friday.
    for (const unitId of a.unitIds) expect((await bookFreedNights(unitId, friday, sunday)).status).toBe(201);
    expect((await folioOf(children[1].id)).totals).toMatchObject({ charges: 20000, paid: 44000, balance: -24000 });
  });

  it('a group of two units: both units end the day the guest left', async () => {
    const { unitIds } = await flatType(2);
    const sunday = addDays(today(), 4);
    const made = await receptionist.post('/api/admin/bookings', { unitId: unitIds[0], unitCount: 2, numberOfGuests: 4, checkInDate: today(), checkOutDate: sunday, totalAmount: 13200, paymentMethod: 'Cash', paymentStatus: 'Paid', guestData: guestData(randomUUID().slice(0, 8)) });
    expect(made.status, made.text).toBe(201);
    await put(made.body.id, { status: 'Checked-In' });
    laterToday(3); // Saturday morning: after night 3.
    const saturday = today();
    await put(made.body.id, { status: 'Checked-Out' });
    const res = await released(made.body.id);
    // 13,200 over 1,500 : 1,500 : 1,800 : 1,800 per unit: Saturday night is 3,600 of it.
    expect(res).toMatchObject({ nightsReleased: 1, credit: 3600 });
    const units = await t.db('bookings').where({ parent_booking_id: made.body.id }).select('check_out_date', 'original_check_out_date');
    expect(units).toEqual([
      { check_out_date: saturday, original_check_out_date: sunday },
      { check_out_date: saturday, original_check_out_date: sunday },
    ]);
  });

  it('a split stay: the segment it is in ends that day, a later segment is removed', async () => {
    // Built as a room move from a date leaves it: a parent with two consecutive segments.
    const { unitIds } = await flatType(2);
    const booking = await checkedInStay(unitIds[0]);
    const wednesday = booking.checkInDate;
    const friday = addDays(wednesday, 2);
    const sunday = addDays(wednesday, 4);
    const parentId = randomUUID();
    await t.db.transaction(async (trx) => {
      const source = await trx('bookings').where({ id: booking.id }).first();
      const common = {
        accommodation_type_id: source.accommodation_type_id,
        guest_id: source.guest_id,
        guest_name: source.guest_name,
        guest_email: source.guest_email,
        number_of_guests: source.number_of_guests,
        status: 'Checked-In',
        payment_status: 'Paid',
        payment_method: 'Cash',
        payment_verified: true,
        source: 'staff',
        checked_in_at: source.checked_in_at,
      };
      await trx('bookings').where({ id: booking.id }).delete();
      await trx('bookings').insert({
        ...common,
        id: parentId,
        reference: `${source.reference}S`,
        unit_id: null,
        is_split_stay: true,
        check_in_date: wednesday,
        check_out_date: sunday,
        total_amount: '6600.00',
        night_amounts: JSON.stringify([150000, 150000, 180000, 180000]),
      });
      const segment = { ...common, parent_booking_id: parentId, is_entire_lodge_child: true, total_amount: '0.00' };
      await trx('bookings').insert([
        { ...segment, id: randomUUID(), reference: `${source.reference}S-01`, unit_id: unitIds[0], check_in_date: wednesday, check_out_date: addDays(wednesday, 3) },
        { ...segment, id: randomUUID(), reference: `${source.reference}S-02`, unit_id: unitIds[1], check_in_date: addDays(wednesday, 3), check_out_date: sunday },
      ]);
      await trx('payment_transactions').insert({ booking_id: parentId, type: 'payment', subtype: 'cash', status: 'success', amount: '6600.00', description: 'Cash payment received' });
    });
    laterToday(2);
    await put(parentId, { status: 'Checked-Out' });
    const res = await released(parentId);
    expect(res).toMatchObject({ nightsReleased: 2, credit: 3600 });
    const segments = await t.db('bookings').where({ parent_booking_id: parentId }).select('reference', 'check_in_date', 'check_out_date', 'original_check_out_date');
    // The first segment (Wed to Sat) ends on Friday; the second (Sat to Sun) is gone.
    expect(segments).toEqual([{ reference: expect.stringMatching(/S-01$/), check_in_date: wednesday, check_out_date: friday, original_check_out_date: addDays(wednesday, 3) }]);
    const audit = await t.db('audit_log').where({ entity_id: parentId, action: 'booking.release_nights' }).first();
    expect(audit.after).toMatchObject({ unitsShortened: 1, segmentsRemoved: 1 });
    expect((await bookFreedNights(unitIds[1], addDays(wednesday, 3), sunday)).status).toBe(201);
  });
});

describe('a release that does not apply, and bad input', () => {
  it('refuses, with a message and nothing changed: not checked out, checked out on the day, released already, a day to come, no such booking', async () => {
    const { unitIds } = await flatType(3);
    const inHouse = await checkedInStay(unitIds[0]);
    const onTime = await checkedInStay(unitIds[1]);
    const early = await checkedInStay(unitIds[2]);
    laterToday(2);
    await put(early.id, { status: 'Checked-Out' });
    await released(early.id);
    laterToday(2);
    await put(onTime.id, { status: 'Checked-Out' });
    const versions = async () => (await t.db('bookings').whereIn('id', [inHouse.id, onTime.id, early.id]).orderBy('id').select('id', 'version', 'check_out_date'));
    const before = await versions();
    const audits = await countRows(t.db, 'audit_log');

    const cases: [string, string, number, string, Record<string, string>?][] = [
      ['still in house', inHouse.id, 409, EARLY_DEPARTURE_MESSAGES.notCheckedOut],
      ['left on the check-out date', onTime.id, 409, EARLY_DEPARTURE_MESSAGES.nothingToRelease],
      ['released already', early.id, 409, EARLY_DEPARTURE_MESSAGES.alreadyReleased],
      ['no such booking', randomUUID(), 404, 'Booking not found'],
    ];
    for (const [name, id, status, message] of cases) {
      const res = await release(id);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.message, name).toBe(message);
    }
    const future = await release(onTime.id, addDays(today(), 1));
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ departureDate: EARLY_DEPARTURE_MESSAGES.departureInFuture });
    const missing = await receptionist.post(`/api/admin/bookings/${onTime.id}/release-nights`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ departureDate: EARLY_DEPARTURE_MESSAGES.departureDateRequired });
    const garbage = await receptionist.post(`/api/admin/bookings/${onTime.id}/release-nights`, { departureDate: '2026-02-30' });
    expect(garbage.status).toBe(400);
    expect(Object.keys(garbage.body.errors)).toEqual(['departureDate']);

    expect(await versions()).toEqual(before);
    expect(await countRows(t.db, 'audit_log')).toBe(audits);
  });

  it('is for staff: a guest is refused, and every staff role may release', async () => {
    const { unitIds } = await flatType();
    const booking = await checkedInStay(unitIds[0]);
    laterToday(2);
    await put(booking.id, { status: 'Checked-Out' });
    const guest = await t.loginAs('guest');
    expect((await release(booking.id, today(), guest)).status).toBe(403);
    expect((await t.client().post(`/api/admin/bookings/${booking.id}/release-nights`, { departureDate: today() })).status).toBe(401);
    expect((await row(booking.id)).original_check_out_date).toBeNull();
    expect((await released(booking.id)).nightsReleased).toBe(2);
  });
});

describe('the desk offline: booking.releaseNights through the sync push', () => {
  const deviceId = `tablet-${randomUUID().slice(0, 8)}`;
  let seq = 1;
  const entry = (op: string, entityId: string, baseVersion: number, args: Record<string, unknown>): SyncPushEntry => ({
    id: randomUUID(),
    seq: seq++,
    op,
    entityId,
    baseVersion,
    args,
    schemaVersion: 1,
  });
  async function push(entries: SyncPushEntry[]) {
    const res = await receptionist.post('/api/sync/push', { deviceId, entries });
    expect(res.status, res.text).toBe(200);
    return SyncPushResponse.parse(res.body).results;
  }

  it('applied once behind its check-out, a duplicate when sent again, and the same release from another entry rejected', async () => {
    const { unitIds } = await flatType();
    const booking = await checkedInStay(unitIds[0]);
    const sunday = addDays(today(), 4);
    laterToday(2);
    const friday = today();
    const checkOut = entry('booking.setStatus', booking.id, booking.version, { status: 'Checked-Out' });
    const releaseEntry = entry('booking.releaseNights', booking.id, booking.version, { departureDate: friday });
    // The tablet was offline until Saturday: the nights released are still from Friday.
    laterToday(1);
    const results = await push([checkOut, releaseEntry]);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    expect(results[1].note).toBe('2 nights released, R3,600.00 credited');
    expect(Booking.parse(results[1].record)).toMatchObject({ status: 'Checked-Out', checkOutDate: friday, originalCheckOutDate: sunday, earlyDepartureCredit: 3600 });
    const once = await row(booking.id);

    const [again] = await push([releaseEntry]);
    expect(again).toMatchObject({ outcome: 'duplicate', storedOutcome: 'applied' });
    expect(await row(booking.id)).toEqual(once);
    expect(Number((await t.db('audit_log').where({ entity_id: booking.id, action: 'booking.release_nights' }).count({ n: '*' }))[0].n)).toBe(1);

    const [other] = await push([entry('booking.releaseNights', booking.id, once.version, { departureDate: friday })]);
    expect(other).toMatchObject({ outcome: 'rejected', reason: EARLY_DEPARTURE_MESSAGES.alreadyReleased });
    expect(await row(booking.id)).toEqual(once);
    expect((await folioOf(booking.id)).totals).toMatchObject({ charges: 3000, balance: -3600 });
  });

  it('rejected with the reason when its check-out did not go through', async () => {
    const { unitIds } = await flatType();
    // Confirmed, never checked in: the check-out is refused by the state machine, the release after it too.
    const made = await receptionist.post('/api/admin/bookings', { unitId: unitIds[0], checkInDate: today(), checkOutDate: addDays(today(), 4), totalAmount: 6600, paymentMethod: 'Cash', paymentStatus: 'Paid', guestData: guestData(randomUUID().slice(0, 8)) });
    const booking = Booking.parse(made.body);
    const results = await push([
      entry('booking.setStatus', booking.id, booking.version, { status: 'Checked-Out' }),
      entry('booking.releaseNights', booking.id, booking.version, { departureDate: today() }),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['rejected', 'rejected']);
    expect(results[1].reason).toBe(EARLY_DEPARTURE_MESSAGES.notCheckedOut);
    expect(await row(booking.id)).toMatchObject({ status: 'Confirmed', original_check_out_date: null, version: booking.version });
  });

  it('rejects bad arguments and a departure still to come', async () => {
    const { unitIds } = await flatType();
    const booking = await checkedInStay(unitIds[0]);
    const results = await push([
      entry('booking.releaseNights', booking.id, booking.version, { departureDate: 'friday' }),
      entry('booking.releaseNights', booking.id, booking.version, { departureDate: today(), extra: 1 }),
      entry('booking.releaseNights', booking.id, booking.version, { departureDate: addDays(today(), 1) }),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results[0].reason).toMatch(/^Bad arguments for booking\.releaseNights: departureDate/);
    expect(results[2].reason).toBe(`departureDate: ${EARLY_DEPARTURE_MESSAGES.departureInFuture}`);
  });
});
