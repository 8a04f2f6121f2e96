import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { BookingProofList, PaymentsAttentionResponse } from '../../../../shared/contracts/desk-money.js';
import { GUEST_BOOKING_MESSAGES, MAX_UPLOAD_BYTES, ProofUploadResponse } from '../../../../shared/contracts/guest-bookings.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { issueGuestLink } from '../guest-bookings/guest-links.js';
import { createLogger } from '../../logger.js';
import { createTypeWithUnits, guestData, stay } from '../bookings/test-fixtures.js';
import { PROOF_MESSAGES } from './payment-proofs.service.js';
import { EFT_REFUND_MESSAGES } from '../payments/eft-refunds.js';

// Tuesday 10 March 2026, 09:15 at the lodge.
let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let superadmin: TestClient;
let guestUser: TestClient;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-proofs-'));
  t = await createTestContext({ now: '2026-03-10T07:15:00Z', env: { DATA_DIR: dataDir } });
  [manager, receptionist, superadmin, guestUser] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist'), t.loginAs('superadmin'), t.loginAs('guest')]);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const today = () => todayInLodge(t.clock.now());
// Every test client comes from 127.0.0.1: each test starts with the address's full allowance.
const refillAllowance = () => t.db('rate_limit_buckets').where({ scope: 'payment-proofs' }).delete();
beforeEach(refillAllowance);

let offset = 0;
/** A Provisional EFT booking of a fresh unit, 2 nights at R1000 a night (R2000). */
async function eftBooking(): Promise<Booking> {
  const { unitIds } = await createTypeWithUnits(t.db, { units: 1, weekdayRate: 1000, weekendRate: 1000 });
  const dates = stay(t.clock.now(), 20 + (offset++ % 40) * 3, 2);
  const res = await t.client().post('/api/bookings', {
    unitId: unitIds[0],
    checkInDate: dates.checkIn,
    checkOutDate: dates.checkOut,
    numberOfGuests: 2,
    paymentMethod: 'EFT',
    guestData: guestData(randomUUID().slice(0, 8)),
  });
  expect(res.status, res.text).toBe(201);
  return Booking.parse(res.body);
}

/** The guest's link token for a booking, issued as the confirmation e-mail issues it. */
async function tokenFor(b: Booking): Promise<string> {
  const url = await t.db.transaction((trx) => issueGuestLink(trx, t.deps.config, { id: b.id, checkOutDate: b.checkOutDate }));
  return url.slice(url.lastIndexOf('/') + 1);
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)]);
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

function form(bytes: Buffer, name: string, type: string, field = 'file'): FormData {
  const fd = new FormData();
  fd.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return fd;
}
const uploadAs = (client: TestClient, token: string, fd: FormData) => client.request('POST', `/api/guest/bookings/${token}/proofs`, undefined, { body: fd });
const upload = (token: string, fd: FormData) => uploadAs(t.client(), token, fd);
const proofRows = (bookingId: string) => t.db('payment_proofs').where({ booking_id: bookingId });

describe('a guest uploads a proof of payment by their link', () => {
  it('takes a PNG named .pdf as the PNG it is, and staff download the same bytes, as an attachment never cached', async () => {
    const b = await eftBooking();
    const token = await tokenFor(b);
    const res = await upload(token, form(PNG, 'FNB receipt.pdf', 'application/pdf'));
    expect(res.status, res.text).toBe(201);
    const created = ProofUploadResponse.parse(res.body);
    expect(created.fileName).toBe('FNB receipt.png');
    expect(created.uploadedAt).toBe(t.clock.now().toISOString());

    const list = await receptionist.get(`/api/admin/bookings/${b.id}/proofs`);
    expect(list.status, list.text).toBe(200);
    expect(BookingProofList.parse(list.body)).toEqual([
      { id: created.id, fileName: 'FNB receipt.png', contentType: 'image/png', sizeBytes: PNG.length, status: 'to_check', uploadedAt: created.uploadedAt, checkedAt: null, checkedBy: null },
    ]);

    const file = await fetch(`${t.url}/api/admin/bookings/${b.id}/proofs/${created.id}`, { headers: { Cookie: receptionist.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="FNB receipt.png"; filename*=UTF-8''FNB%20receipt.png`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    const [row] = await proofRows(b.id);
    expect(row.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
    const audit = await t.db('audit_log').where({ action: 'payment_proof.upload', entity_id: b.id });
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_username).toBe('system');
  });

  it('refuses a text file named .pdf with a 400 naming file, and stores nothing', async () => {
    const b = await eftBooking();
    const token = await tokenFor(b);
    const res = await upload(token, form(Buffer.from('I paid, honestly. Ref LDG-2026-00001\n'), 'proof.pdf', 'application/pdf'));
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual({ file: GUEST_BOOKING_MESSAGES.fileType });
    expect(await proofRows(b.id)).toHaveLength(0);
  });

  it('refuses 5 MB and one byte with a 413 and stores nothing; exactly 5 MB is kept', async () => {
    const b = await eftBooking();
    const token = await tokenFor(b);
    const over = await upload(token, form(pdfOf(MAX_UPLOAD_BYTES + 1), 'statement.pdf', 'application/pdf'));
    expect(over.status, over.text).toBe(413);
    expect(over.body.message).toBe(GUEST_BOOKING_MESSAGES.fileTooLarge);
    expect(await proofRows(b.id)).toHaveLength(0);

    const exact = await upload(token, form(pdfOf(MAX_UPLOAD_BYTES), 'statement.pdf', 'application/pdf'));
    expect(exact.status, exact.text).toBe(201);
    const rows = await proofRows(b.id);
    expect(rows.map((r) => [r.file_name, r.content_type, r.size_bytes])).toEqual([['statement.pdf', 'application/pdf', MAX_UPLOAD_BYTES]]);
  });

  it('answers 400 fileRequired when no file comes, and keeps a safe name without path parts', async () => {
    const b = await eftBooking();
    const token = await tokenFor(b);
    const none = new FormData();
    none.set('note', 'x');
    const res = await upload(token, none);
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual({ file: GUEST_BOOKING_MESSAGES.fileRequired });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
    const ok = await upload(token, form(jpeg, '..\\..\\C:\\Users\\thandi\\"proof".jpeg', 'image/jpeg'));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.fileName).toBe('proof.jpeg');
  });

  it('answers 404 with the guest message for an unknown, malformed or expired link', async () => {
    const b = await eftBooking();
    for (const token of [randomBytes(32).toString('base64url'), 'not-a-token', "1' OR '1'='1"]) {
      const res = await upload(encodeURIComponent(token), form(PNG, 'a.png', 'image/png'));
      expect(res.status, token).toBe(404);
      expect(res.body.message).toBe(GUEST_BOOKING_MESSAGES.notFound);
    }
    const token = await tokenFor(b);
    // The link stops working 60 days after check-out.
    await t.db('guest_booking_links').where({ booking_id: b.id }).update({ expires_at: new Date(t.clock.now().getTime() - 1000) });
    const expired = await upload(token, form(PNG, 'a.png', 'image/png'));
    expect(expired.status).toBe(404);
    expect(await proofRows(b.id)).toHaveLength(0);
  });

  it('refuses a cancelled booking and an eleventh proof with 409', async () => {
    const b = await eftBooking();
    const token = await tokenFor(b);
    for (let i = 0; i < 10; i++) expect((await upload(token, form(PNG, `p${i}.png`, 'image/png'))).status).toBe(201);
    await refillAllowance();
    const eleventh = await upload(token, form(PNG, 'p10.png', 'image/png'));
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe(PROOF_MESSAGES.tooMany);
    expect(await proofRows(b.id)).toHaveLength(10);

    const c = await eftBooking();
    const cToken = await tokenFor(c);
    await t.db('bookings').where({ id: c.id }).update({ status: 'Cancelled' });
    const res = await upload(cToken, form(PNG, 'late.png', 'image/png'));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PROOF_MESSAGES.bookingCancelled);
    expect(await proofRows(c.id)).toHaveLength(0);
  });
});

describe('guessing links from one address', () => {
  it('answers 429 after 10 tries in a burst, before the link is even looked at', async () => {
    for (let i = 0; i < 10; i++) expect((await upload(randomBytes(32).toString('base64url'), form(PNG, 'a.png', 'image/png'))).status).toBe(404);
    const b = await eftBooking();
    const res = await upload(await tokenFor(b), form(PNG, 'a.png', 'image/png'));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(GUEST_BOOKING_MESSAGES.tooManyTries);
    expect(Number(res.headers.get('retry-after'))).toBe(60);
    expect(await proofRows(b.id)).toHaveLength(0);
  });
});

describe('the token in the logs', () => {
  it('never appears: the request log shows the route pattern in its place', async () => {
    const lines: string[] = [];
    const logged = await createTestContext({
      seed: false,
      env: { LOG_LEVEL: 'info' },
      configure: (deps) => {
        deps.log = createLogger('info', false, { write: (line: string) => void lines.push(line) });
      },
    });
    try {
      const token = randomBytes(32).toString('base64url');
      const res = await logged.client().request('POST', `/api/guest/bookings/${token}/proofs`, undefined, { body: form(PNG, 'a.png', 'image/png') });
      expect(res.status).toBe(404);
      const requests = lines.map((l) => JSON.parse(l) as { msg: string; path?: string }).filter((l) => l.msg === 'request');
      expect(requests.map((l) => l.path)).toEqual(['/api/guest/bookings/:token/proofs']);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

describe('who may see a proof', () => {
  it('lets every staff role read it; no session is 401, a guest account 403, and no public path serves it', async () => {
    const b = await eftBooking();
    const token = await tokenFor(b);
    const { body } = await upload(token, form(PNG, 'receipt.png', 'image/png'));
    const filePath = `/api/admin/bookings/${b.id}/proofs/${body.id}`;
    for (const staff of [receptionist, manager, superadmin]) expect((await staff.get(filePath)).status).toBe(200);
    const anon = await t.client().get(filePath);
    expect(anon.status).toBe(401);
    expect((await t.client().get(`/api/admin/bookings/${b.id}/proofs`)).status).toBe(401);
    expect((await guestUser.get(filePath)).status).toBe(403);
    // A proof is found only under its own booking; an unknown booking is a 404 too.
    const other = await eftBooking();
    const elsewhere = await receptionist.get(`/api/admin/bookings/${other.id}/proofs/${body.id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(PROOF_MESSAGES.proofNotFound);
    const unknown = await receptionist.get(`/api/admin/bookings/${randomUUID()}/proofs`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(PROOF_MESSAGES.bookingNotFound);
    // Kept in the database only: nothing under the data folder, no static or image path.
    const onDisk = fs.existsSync(path.join(dataDir, 'uploads')) ? fs.readdirSync(path.join(dataDir, 'uploads')) : [];
    expect(onDisk).toEqual([]);
    for (const p of [`/uploads/${body.id}`, `/uploads/receipt.png`, `/api/uploads/${body.id}`, `/api/accommodation-image?url=/uploads/${body.id}&w=100`]) {
      const res = await t.client().get(p);
      expect(res.status, p).toBe(404);
    }
  });

  it('marks a proof checked (who and when), once', async () => {
    const b = await eftBooking();
    const token = await tokenFor(b);
    const { body } = await upload(token, form(PNG, 'receipt.png', 'image/png'));
    const res = await receptionist.post(`/api/admin/bookings/${b.id}/proofs/${body.id}/checked`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: body.id, status: 'checked', checkedBy: 'receptionist', checkedAt: t.clock.now().toISOString() });
    const again = await receptionist.post(`/api/admin/bookings/${b.id}/proofs/${body.id}/checked`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PROOF_MESSAGES.alreadyChecked);
    expect(await t.db('audit_log').where({ action: 'payment_proof.checked', entity_id: b.id })).toHaveLength(1);
  });
});

describe('payments needing attention', () => {
  const attention = async (client: TestClient, mine: string[]) => {
    const res = await client.get('/api/admin/payments/attention');
    expect(res.status, res.text).toBe(200);
    const a = PaymentsAttentionResponse.parse(res.body);
    return {
      overdueBalances: a.overdueBalances.filter((x) => mine.includes(x.bookingId)),
      proofsToCheck: a.proofsToCheck.filter((x) => mine.includes(x.bookingId)),
      eftRefundsOwed: a.eftRefundsOwed.filter((x) => mine.includes(x.bookingId)),
    };
  };
  const pay = (bookingId: string, amount: string) =>
    t.db('payment_transactions').insert({ booking_id: bookingId, type: 'payment', subtype: 'eft', status: 'success', amount, currency: 'ZAR', description: 'EFT received' });

  it('lists overdue balances, proofs to check and EFT refunds owed exactly; a manager marks a refund paid and it leaves', async () => {
    const [overdue, partPaid, dueToday, paidUp, cancelled, refunded] = await Promise.all([eftBooking(), eftBooking(), eftBooking(), eftBooking(), eftBooking(), eftBooking()]);
    const yesterday = addDays(today(), -1);
    const lastWeek = addDays(today(), -7);
    await t.db('bookings').whereIn('id', [overdue.id, paidUp.id, cancelled.id]).update({ balance_due_date: yesterday });
    await t.db('bookings').where({ id: partPaid.id }).update({ balance_due_date: lastWeek });
    await t.db('bookings').where({ id: dueToday.id }).update({ balance_due_date: today() });
    await t.db('bookings').where({ id: cancelled.id }).update({ status: 'Cancelled' });
    await pay(partPaid.id, '600.00');
    await pay(paidUp.id, '2000.00');
    await pay(refunded.id, '1500.00');
    const [refund] = await t
      .db('payment_transactions')
      .insert({ booking_id: refunded.id, type: 'refund', subtype: 'eft-owed', status: 'pending', amount: '-750.00', currency: 'ZAR', description: 'EFT refund owed to the guest' })
      .returning(['id', 'created_at']);
    const proof = await upload(await tokenFor(overdue), form(PNG, 'overdue.png', 'image/png'));
    expect(proof.status).toBe(201);

    const mine = [overdue, partPaid, dueToday, paidUp, cancelled, refunded].map((b) => b.id);
    const expected = {
      overdueBalances: [
        { bookingId: partPaid.id, reference: partPaid.reference, guestName: partPaid.guestName, checkInDate: partPaid.checkInDate, balanceDue: 1400, balanceDueDate: lastWeek },
        { bookingId: overdue.id, reference: overdue.reference, guestName: overdue.guestName, checkInDate: overdue.checkInDate, balanceDue: 2000, balanceDueDate: yesterday },
      ],
      proofsToCheck: [
        { proofId: proof.body.id, bookingId: overdue.id, reference: overdue.reference, guestName: overdue.guestName, fileName: 'overdue.png', uploadedAt: proof.body.uploadedAt, balanceDue: 2000 },
      ],
      eftRefundsOwed: [
        { refundId: refund.id, bookingId: refunded.id, reference: refunded.reference, guestName: refunded.guestName, amount: 750, requestedAt: new Date(refund.created_at).toISOString() },
      ],
    };
    expect(await attention(receptionist, mine)).toEqual(expected);

    const paidPath = `/api/admin/payments/eft-refunds/${refund.id}/paid`;
    expect((await receptionist.post(paidPath)).status).toBe(403);
    expect((await t.db('payment_transactions').where({ id: refund.id }).first()).status).toBe('pending');

    const marked = await manager.post(paidPath);
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({ id: refund.id, type: 'refund', subtype: 'eft-owed', status: 'success', amount: -750 });
    expect((await attention(manager, mine)).eftRefundsOwed).toEqual([]);
    expect(await t.db('audit_log').where({ action: 'payment.eft_refund_paid', entity_id: refunded.id })).toHaveLength(1);

    const twice = await manager.post(paidPath);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(EFT_REFUND_MESSAGES.notPending);

    // Checking the proof takes it off the list too.
    expect((await manager.post(`/api/admin/bookings/${overdue.id}/proofs/${proof.body.id}/checked`)).status).toBe(200);
    expect((await attention(manager, mine)).proofsToCheck).toEqual([]);
  });

  it('is for staff only', async () => {
    expect((await t.client().get('/api/admin/payments/attention')).status).toBe(401);
    expect((await guestUser.get('/api/admin/payments/attention')).status).toBe(403);
    expect((await t.client().post(`/api/admin/payments/eft-refunds/${randomUUID()}/paid`)).status).toBe(401);
    expect((await manager.post(`/api/admin/payments/eft-refunds/${randomUUID()}/paid`)).status).toBe(404);
  });
});
