import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { createTypeWithUnits, stay } from '../bookings/test-fixtures.js';
import { BANK_STATEMENT_MESSAGES } from '../../../../shared/contracts/bank-statements.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';

/**
 * Bank reconciliation through the API: each bank's export, matching, confirming, and a bank
 * line never recorded twice however often (or overlapping) the statement is uploaded.
 */
let t: TestContext;
let manager: TestClient;
let unitIds: string[];

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-25T06:00:00Z' });
  manager = await t.loginAs('manager');
  ({ unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1000, weekendRate: 1500 }));
});
afterAll(async () => {
  await t?.close();
});

const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

function upload(client: TestClient, content: string | Buffer, fields: Record<string, string> = {}, fileName = 'statement.csv') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), fileName);
  return client.post('/api/admin/payments/bank-statements', undefined, { body: form });
}
const confirm = (statementId: string, lines: { lineId: string; bookingId: string }[]) =>
  manager.post(`/api/admin/payments/bank-statements/${statementId}/confirm`, { lines });

// Each booking its own nights (one unit), far beyond the demo calendar.
let stayNo = 0;
async function book(lastName: string) {
  const dates = stay(t.clock.now(), 200 + 3 * stayNo++, 2);
  const res = await t.client().post('/api/bookings', {
    paymentMethod: 'EFT',
    unitId: unitIds[0],
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    numberOfGuests: 2,
    guestData: { firstName: 'Lerato', lastName, email: `lerato.${lastName.toLowerCase()}@example.com`, phone: '+27 82 555 0199', address: 'Modimolle' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; reference: string; totalAmount: number; status: string };
}

async function adminBooking(id: string) {
  const res = await manager.get('/api/admin/bookings');
  return (res.body as { id: string }[]).find((b) => b.id === id) as Record<string, unknown>;
}
const eftRows = (bookingId: string) => t.db('payment_transactions').where({ booking_id: bookingId, type: 'payment', subtype: 'eft' });
const statementCount = async () => Number((await t.db('bank_statements').count('* as c').first())?.c);
const rand = (n: number) => n.toFixed(2);
const day = (n: number) => addDays(todayInLodge(t.clock.now()), -n);

/** A plain signed export (FNB's header) of [date, description, amount] rows. */
function csv(rows: [string, string, number][]) {
  return 'Date,Amount,Balance,Description\n' + rows.map(([d, desc, a]) => `${d},${rand(a)},0.00,"${desc}"`).join('\n') + '\n';
}

describe('POST /api/admin/payments/bank-statements: each bank export', () => {
  // Each export holds ten lines from 2 to 10 November; the second falls on the 2nd or the 3rd.
  const dates = (second: string) => ['2026-11-02', second, '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08', '2026-11-09', '2026-11-10'];
  it.each([
    ['fnb', '2026-11-03', [-450, 3200, -85.5, 1850, -1200, 2400, 5600, -3500, 750, -12.5]],
    ['standard-bank', '2026-11-02', [4100, -640, -69, 2750, -2300, 1980, -15, 3300, -980, 500]],
    ['absa', '2026-11-02', [6250, -1450, -95, 2200, -3100, 1600, -4200, 3900, -28.5, 900]],
    ['nedbank', '2026-11-03', [-350, 4480, -55, 2975, -1875, 1320, -600, 5150, -7.5, 1100]],
    ['capitec', '2026-11-02', [3650, -289.99, -6, 2100, -1500, 1740, -450, 4400, -1200, 650]],
  ] as const)('%s: the dates and amounts as the bank wrote them', async (bank, second, amounts) => {
    const res = await upload(manager, fs.readFileSync(path.join(fixturesDir, `${bank}.csv`)), { bank }, `${bank}.csv`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bank).toBe(bank);
    expect(res.body.lines.map((l: { date: string }) => l.date)).toEqual(dates(second));
    expect(res.body.lines.map((l: { amount: number }) => l.amount)).toEqual(amounts);
  });

  it('without a bank chosen, the layout is recognised by its header', async () => {
    const res = await upload(manager, fs.readFileSync(path.join(fixturesDir, 'capitec.csv')));
    expect(res.status).toBe(201);
    expect(res.body.bank).toBe('capitec');
    expect(res.body.lines[0]).toMatchObject({ date: '2026-11-02', description: 'Payment Received: WL-9QHT4B Ndlovu', amount: 3650 });
  });
});

describe('matching', () => {
  it('a reference written "ldg 2026 00123" matches the booking LDG-2026-00123', async () => {
    const b = await book('Mokoena');
    await t.db('bookings').where({ id: b.id }).update({ reference: 'LDG-2026-00123' });
    const res = await upload(manager, csv([[day(1), 'IB PAYMENT FROM ldg 2026 00123', 100]]));
    expect(res.status).toBe(201);
    expect(res.body.lines[0].match).toEqual({ bookingId: b.id, reference: 'LDG-2026-00123', reason: 'reference', guestName: 'Lerato Mokoena' });
  });

  it('the amount owed and the surname propose a booking; another amount proposes none', async () => {
    const b = await book('Zwane');
    const res = await upload(manager, csv([[day(1), 'MAGTAPE CREDIT ZWANE HOLIDAY', b.totalAmount], [day(1), 'MAGTAPE CREDIT ZWANE', b.totalAmount - 1]]));
    expect(res.body.lines[0].match).toEqual({ bookingId: b.id, reference: b.reference, reason: 'amount-and-surname', guestName: 'Lerato Zwane' });
    expect(res.body.lines[1].match).toBeUndefined();
  });
});

describe('POST /api/admin/payments/bank-statements/:id/confirm', () => {
  it('records an EFT payment and confirms a Provisional booking, once however often the statement comes', async () => {
    const b = await book('Ndlovu');
    expect(b.status).toBe('Provisional');
    const text = csv([
      [day(2), 'BANK CHARGES', -69],
      [day(1), `FNB APP PAYMENT FROM ${b.reference.toLowerCase().replace('-', ' ')}`, b.totalAmount],
    ]);
    const first = await upload(manager, text);
    const line = first.body.lines[1];
    expect(line.match).toMatchObject({ bookingId: b.id, reason: 'reference' });

    const res = await confirm(first.body.statementId, [{ lineId: line.id, bookingId: b.id }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ recorded: [{ lineId: line.id, bookingId: b.id, reference: b.reference, amount: b.totalAmount }], alreadyRecorded: [] });

    expect(await adminBooking(b.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', amountPaid: b.totalAmount, balanceDue: 0 });
    const rows = await eftRows(b.id);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].amount)).toBe(b.totalAmount);
    expect(rows[0].status).toBe('success');
    expect(rows[0].description).toBe(`EFT received (bank statement ${day(1)})`);
    expect(await t.db('email_outbox').where({ booking_id: b.id }).andWhere('dedupe_key', 'like', 'payment-received:%')).toHaveLength(1);
    expect(await t.db('audit_log').where({ entity_id: b.id, action: 'payment.eft_bank_statement' })).toHaveLength(1);

    // The same file again: the line shows as recorded, with no proposal, and confirming it records nothing.
    const second = await upload(manager, text);
    expect(second.body.lines[1]).toMatchObject({ recorded: { bookingId: b.id, reference: b.reference } });
    expect(second.body.lines[1].match).toBeUndefined();
    const again = await confirm(second.body.statementId, [{ lineId: second.body.lines[1].id, bookingId: b.id }]);
    expect(again.body).toEqual({ recorded: [], alreadyRecorded: [{ lineId: second.body.lines[1].id, bookingId: b.id }] });
    // And confirming the first statement's line again too.
    const twice = await confirm(first.body.statementId, [{ lineId: line.id, bookingId: b.id }]);
    expect(twice.body.alreadyRecorded).toEqual([{ lineId: line.id, bookingId: b.id }]);
    expect(await eftRows(b.id)).toHaveLength(1);
    expect((await adminBooking(b.id)).amountPaid).toBe(b.totalAmount);
  });

  it('an overlapping statement: the lines seen before are recorded once, the new ones are recorded', async () => {
    const [a, b, c] = [await book('Pillay'), await book('Fourie'), await book('Botha')];
    const lineA: [string, string, number] = [day(5), `TRF ${a.reference}`, a.totalAmount];
    const lineB: [string, string, number] = [day(4), `TRF ${b.reference}`, b.totalAmount];
    const lineC: [string, string, number] = [day(2), `TRF ${c.reference}`, c.totalAmount];
    const first = await upload(manager, csv([lineA, [day(4), 'FEE', -5], lineB]));
    const r1 = await confirm(first.body.statementId, [
      { lineId: first.body.lines[0].id, bookingId: a.id },
      { lineId: first.body.lines[2].id, bookingId: b.id },
    ]);
    expect(r1.body.recorded.map((r: { bookingId: string }) => r.bookingId)).toEqual([a.id, b.id]);

    const second = await upload(manager, csv([[day(4), 'FEE', -5], lineB, lineC]));
    expect(second.body.lines[1].recorded).toEqual({ bookingId: b.id, reference: b.reference });
    expect(second.body.lines[2].match).toMatchObject({ bookingId: c.id, reason: 'reference' });
    const r2 = await confirm(second.body.statementId, [
      { lineId: second.body.lines[1].id, bookingId: b.id },
      { lineId: second.body.lines[2].id, bookingId: c.id },
    ]);
    expect(r2.body).toEqual({
      recorded: [{ lineId: second.body.lines[2].id, bookingId: c.id, reference: c.reference, amount: c.totalAmount }],
      alreadyRecorded: [{ lineId: second.body.lines[1].id, bookingId: b.id }],
    });
    for (const x of [a, b, c]) expect(await eftRows(x.id)).toHaveLength(1);
  });

  it('money for a booking that stays cancelled is recorded, flagged for a refund, and the guest gets no "payment received" mail', async () => {
    const b = await book('Naidoo');
    await t.db('bookings').where({ id: b.id }).update({ status: 'Cancelled', cancelled_at: t.clock.now(), cancellation_reason: 'Guest changed plans' });
    const up = await upload(manager, csv([[day(1), `IB PAYMENT ${b.reference}`, b.totalAmount]]));
    // A cancelled booking is no candidate: staff pick it themselves.
    expect(up.body.lines[0].match).toBeUndefined();
    const res = await confirm(up.body.statementId, [{ lineId: up.body.lines[0].id, bookingId: b.id }]);
    expect(res.body.recorded).toEqual([{ lineId: up.body.lines[0].id, bookingId: b.id, reference: b.reference, amount: b.totalAmount }]);
    expect(await adminBooking(b.id)).toMatchObject({ status: 'Cancelled', amountPaid: b.totalAmount });
    const [audit] = await t.db('audit_log').where({ entity_id: b.id, action: 'payment.eft_bank_statement' });
    expect(audit.note).toBe(`EFT of R${b.totalAmount.toFixed(2)} on ${day(1)} recorded from the bank statement ("IB PAYMENT ${b.reference}"): the booking stays cancelled, refund needed`);
    expect(await t.db('email_outbox').where({ booking_id: b.id }).andWhere('dedupe_key', 'like', 'payment-received:%')).toHaveLength(0);
  });

  it('money out cannot be recorded, an unknown booking or line is named, and nothing is recorded', async () => {
    const b = await book('Khumalo');
    const up = await upload(manager, csv([[day(1), `TRF ${b.reference}`, b.totalAmount], [day(1), 'DEBIT ORDER', -300]]));
    const [credit, debit] = up.body.lines;

    const notCredit = await confirm(up.body.statementId, [{ lineId: credit.id, bookingId: b.id }, { lineId: debit.id, bookingId: b.id }]);
    expect(notCredit.status).toBe(400);
    expect(notCredit.body.errors).toEqual({ 'lines.1.lineId': BANK_STATEMENT_MESSAGES.lineNotCredit });

    const unknownBooking = await confirm(up.body.statementId, [
      { lineId: credit.id, bookingId: b.id },
      { lineId: credit.id, bookingId: '00000000-0000-4000-8000-000000000000' },
    ]);
    expect(unknownBooking.status).toBe(404);
    expect(unknownBooking.body.errors).toEqual({ 'lines.1.bookingId': BANK_STATEMENT_MESSAGES.bookingUnknown });

    const unknownLine = await confirm(up.body.statementId, [{ lineId: '00000000-0000-4000-8000-000000000000', bookingId: b.id }]);
    expect(unknownLine.status).toBe(400);
    expect(unknownLine.body.errors).toEqual({ 'lines.0.lineId': BANK_STATEMENT_MESSAGES.lineUnknown });

    const none = await confirm(up.body.statementId, []);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ lines: BANK_STATEMENT_MESSAGES.linesRequired });

    const unknownStatement = await confirm('00000000-0000-4000-8000-000000000000', [{ lineId: credit.id, bookingId: b.id }]);
    expect(unknownStatement.status).toBe(404);
    expect(unknownStatement.body.message).toBe(BANK_STATEMENT_MESSAGES.notFound);

    expect(await eftRows(b.id)).toHaveLength(0);
    expect((await t.db('bank_statement_lines').where({ id: credit.id }).first()).recorded_booking_id).toBeNull();
    expect((await adminBooking(b.id)).status).toBe('Provisional');
  });
});

describe('bad uploads store nothing', () => {
  it.each([
    ['a picture', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]), 400, { file: BANK_STATEMENT_MESSAGES.notCsv }],
    ['a letter', 'Dear lodge,\nplease find my payment attached.\n', 400, { file: BANK_STATEMENT_MESSAGES.notCsv }],
    ['an empty file', '\n', 400, { file: BANK_STATEMENT_MESSAGES.empty }],
    ['a header alone', 'Date,Amount,Balance,Description\n', 400, { file: BANK_STATEMENT_MESSAGES.empty }],
  ])('%s', async (_name, content, status, errors) => {
    const before = await statementCount();
    const res = await upload(manager, content, { bank: 'fnb' });
    expect(res.status).toBe(status);
    expect(res.body.errors).toEqual(errors);
    expect(await statementCount()).toBe(before);
  });

  it('over 5 MB: 413', async () => {
    const before = await statementCount();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 'a');
    const res = await upload(manager, big, { bank: 'fnb' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(BANK_STATEMENT_MESSAGES.tooLarge);
    expect(await statementCount()).toBe(before);
  });

  it('no file, an unknown bank, Other without columns, or a date column without dates: 400 naming the field', async () => {
    const before = await statementCount();
    const form = new FormData();
    form.set('bank', 'fnb');
    const noFile = await manager.post('/api/admin/payments/bank-statements', undefined, { body: form });
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors).toEqual({ file: BANK_STATEMENT_MESSAGES.fileRequired });

    const badBank = await upload(manager, 'Date,Amount\n', { bank: 'lloyds' });
    expect(badBank.body.errors).toEqual({ bank: BANK_STATEMENT_MESSAGES.layout });

    const noColumns = await upload(manager, 'a,b,c\n', { bank: 'other', dateColumn: '1' });
    expect(noColumns.body.errors).toEqual({ descriptionColumn: BANK_STATEMENT_MESSAGES.columnsRequired, amountColumn: BANK_STATEMENT_MESSAGES.columnsRequired });

    const zero = await upload(manager, 'a,b,c\n', { bank: 'other', dateColumn: '0', descriptionColumn: '2', amountColumn: '3' });
    expect(zero.body.errors).toMatchObject({ dateColumn: BANK_STATEMENT_MESSAGES.column });

    const wrongColumn = await upload(manager, 'Date,Narrative,Amount\n2026-11-03,TRF,100.00\n', { bank: 'other', dateColumn: '2', descriptionColumn: '1', amountColumn: '3' });
    expect(wrongColumn.status).toBe(400);
    expect(wrongColumn.body.errors).toEqual({ dateColumn: BANK_STATEMENT_MESSAGES.noDateColumn });
    expect(await statementCount()).toBe(before);
  });
});

describe('who may reconcile', () => {
  it('a Receptionist is refused (403) and a guest must log in (401)', async () => {
    const receptionist = await t.loginAs('receptionist');
    const before = await statementCount();
    expect((await upload(receptionist, fs.readFileSync(path.join(fixturesDir, 'fnb.csv')), { bank: 'fnb' })).status).toBe(403);
    expect((await upload(t.client(), fs.readFileSync(path.join(fixturesDir, 'fnb.csv')), { bank: 'fnb' })).status).toBe(401);
    expect(
      (await receptionist.post('/api/admin/payments/bank-statements/00000000-0000-4000-8000-000000000000/confirm', { lines: [] })).status,
    ).toBe(403);
    expect(await statementCount()).toBe(before);
  });
});
