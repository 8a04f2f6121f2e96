import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { SyncPushResponse, type SyncPushEntry } from '../../../../shared/contracts/sync.js';
import {
  AttachmentUploadResponse,
  DeskRegisterResponse,
  GuestRegisterEntry,
  GuestRegisterResponse,
  MAX_REGISTER_FILE_BYTES,
  REGISTER_MESSAGES,
} from '../../../../shared/contracts/lodger-register.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { withSaIdCheckDigit } from '../../../../shared/domain/sa-id-number.js';
import { issueGuestLink } from '../guest-bookings/guest-links.js';
import { decryptFile } from '../settings/settings-crypto.js';
import { createTypeWithUnits, guestData, stay } from '../bookings/test-fixtures.js';

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let guestUser: TestClient;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-10T07:15:00Z' });
  [manager, receptionist, guestUser] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist'), t.loginAs('guest')]);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db('rate_limit_buckets').delete();
  await t.db('settings').update({ register_check_in_rule: 'warn' });
});

const today = () => todayInLodge(t.clock.now());
let offset = 0;
/** A booking of 2 guests on a fresh unit, arriving `startsIn` days from today (own dates by default). */
async function newBooking(startsIn?: number): Promise<Booking> {
  const { unitIds } = await createTypeWithUnits(t.db, { units: 1 });
  const dates = stay(t.clock.now(), startsIn ?? 20 + (offset++ % 40) * 3, 2);
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

async function tokenFor(b: Booking): Promise<string> {
  const url = await t.db.transaction((trx) => issueGuestLink(trx, t.deps.config, { id: b.id, checkOutDate: b.checkOutDate }));
  return url.slice(url.lastIndexOf('/') + 1);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = () => Buffer.concat([PNG_MAGIC, randomBytes(400)]);
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(400)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const VALID_SA_ID = withSaIdCheckDigit('800101500908');
const wrongCheckDigit = VALID_SA_ID.slice(0, 12) + String((Number(VALID_SA_ID[12]) + 1) % 10);
const fields = (over: Record<string, string> = {}) => ({
  fullNames: 'Thandiwe Nomsa',
  surname: 'Dlamini',
  idType: 'SA ID',
  idNumber: VALID_SA_ID,
  nationality: 'ZA',
  residenceStatus: 'Citizen',
  homeAddress: '12 Marula Street, Hoedspruit, 1380',
  ...over,
});

function guestForm(f: Record<string, string>, files: { signature?: Buffer; idCopy?: Buffer; idCopyType?: string } = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(f)) fd.set(k, v);
  if (files.signature) fd.set('signature', new Blob([new Uint8Array(files.signature)], { type: 'image/png' }), 'signature.png');
  if (files.idCopy) fd.set('idCopy', new Blob([new Uint8Array(files.idCopy)], { type: files.idCopyType ?? 'image/jpeg' }), 'id.jpg');
  return fd;
}
const guestPut = (token: string, entryId: string, fd: FormData) =>
  t.client().request('PUT', `/api/guest/bookings/${token}/register/${entryId}`, undefined, { body: fd });

function upload(client: TestClient, id: string, bookingId: string, kind: string, bytes: Buffer, type: string, hash = sha(bytes)) {
  return client.request('PUT', `/api/sync/attachments/${id}?bookingId=${bookingId}&kind=${kind}`, undefined, {
    body: new Uint8Array(bytes),
    headers: { 'Content-Type': type, sha256: hash },
  });
}

let seq = 0;
function entry(op: string, entityId: string, args: Record<string, unknown>, baseVersion = 1): SyncPushEntry {
  return { id: randomUUID(), seq: ++seq, op, entityId, baseVersion, args, schemaVersion: 1 };
}
async function push(client: TestClient, ...entries: SyncPushEntry[]) {
  const res = await client.post('/api/sync/push', { deviceId: 'tablet-1', entries });
  expect(res.status, res.text).toBe(200);
  return SyncPushResponse.parse(res.body).results;
}

const entryRows = (bookingId: string) => t.db('register_entries').where({ booking_id: bookingId });
const attachmentRows = (bookingId: string) => t.db('register_attachments').where({ booking_id: bookingId });

/** Both files uploaded by the desk; answers their ids. */
async function deskFiles(client: TestClient, bookingId: string) {
  const signatureAttachmentId = randomUUID();
  const idCopyAttachmentId = randomUUID();
  expect((await upload(client, signatureAttachmentId, bookingId, 'signature', png(), 'image/png')).status).toBe(201);
  expect((await upload(client, idCopyAttachmentId, bookingId, 'id-copy', jpeg(), 'image/jpeg')).status).toBe(201);
  return { signatureAttachmentId, idCopyAttachmentId };
}
async function deskEntry(client: TestClient, b: Booking, over: Record<string, string> = {}) {
  const files = await deskFiles(client, b.id);
  const [res] = await push(client, entry('register.upsertEntry', b.id, { entryId: randomUUID(), bookingId: b.id, ...fields(over), ...files }));
  expect(res.outcome, JSON.stringify(res)).toBe('applied');
  return res;
}

describe('the guest registers from their link', () => {
  it('takes a valid SA ID number and answers the entry; refuses each kind of bad number naming idNumber, storing nothing', async () => {
    const b = await newBooking();
    const token = await tokenFor(b);
    const bad: [string, string][] = [
      ['12345', REGISTER_MESSAGES.saIdFormat],
      ['8013015009087', REGISTER_MESSAGES.saIdDate],
      [withSaIdCheckDigit('800101500928'), REGISTER_MESSAGES.saIdCitizenship],
      [wrongCheckDigit, REGISTER_MESSAGES.saIdChecksum],
    ];
    for (const [idNumber, message] of bad) {
      const res = await guestPut(token, randomUUID(), guestForm(fields({ idNumber }), { signature: png(), idCopy: jpeg() }));
      expect(res.status, idNumber).toBe(400);
      expect(res.body.errors).toEqual({ idNumber: message });
    }
    expect(await entryRows(b.id)).toEqual([]);
    expect(await attachmentRows(b.id)).toEqual([]);

    const entryId = randomUUID();
    const res = await guestPut(token, entryId, guestForm(fields({ idNumber: `${VALID_SA_ID.slice(0, 6)} ${VALID_SA_ID.slice(6)}` }), { signature: png(), idCopy: jpeg() }));
    expect(res.status, res.text).toBe(200);
    const answered = GuestRegisterEntry.parse(res.body);
    expect(answered).toEqual({
      id: entryId,
      fullNames: 'Thandiwe Nomsa',
      surname: 'Dlamini',
      idType: 'SA ID',
      nationality: 'ZA',
      residenceStatus: 'Citizen',
      hasSignature: true,
      hasIdCopy: true,
      capturedAt: t.clock.now().toISOString(),
    });
    const [row] = await entryRows(b.id);
    expect(row).toMatchObject({ id_number: VALID_SA_ID, captured_by: 'guest', captured_by_user_id: null, version: 1 });
    // The audit row names the entry and the booking, never what the guest wrote.
    const audit = await t.db('audit_log').where({ entity_id: entryId });
    expect(audit.map((a) => a.action)).toEqual(['register.entry.captured']);
    const auditText = JSON.stringify(audit);
    for (const personal of [VALID_SA_ID, 'Dlamini', 'Thandiwe', 'Marula']) expect(auditText).not.toContain(personal);
    expect(auditText).toContain(b.reference);
  });

  it('refuses an unknown country naming nationality, a missing signature naming signature, a file that is not what it says naming idCopy', async () => {
    const b = await newBooking();
    const token = await tokenFor(b);
    const country = await guestPut(token, randomUUID(), guestForm(fields({ nationality: 'XX' }), { signature: png(), idCopy: jpeg() }));
    expect(country.status).toBe(400);
    expect(country.body.errors).toEqual({ nationality: REGISTER_MESSAGES.nationalityInvalid });
    const noSignature = await guestPut(token, randomUUID(), guestForm(fields(), { idCopy: jpeg() }));
    expect(noSignature.status).toBe(400);
    expect(noSignature.body.errors).toEqual({ signature: REGISTER_MESSAGES.signatureRequired });
    const noIdCopy = await guestPut(token, randomUUID(), guestForm(fields(), { signature: png() }));
    expect(noIdCopy.body.errors).toEqual({ idCopy: REGISTER_MESSAGES.idCopyRequired });
    const text = await guestPut(token, randomUUID(), guestForm(fields(), { signature: png(), idCopy: Buffer.from('not a picture at all'), idCopyType: 'image/jpeg' }));
    expect(text.status).toBe(400);
    expect(text.body.errors).toEqual({ idCopy: REGISTER_MESSAGES.fileType });
    const pdfSignature = await guestPut(token, randomUUID(), guestForm(fields(), { signature: Buffer.from('%PDF-1.7\n'), idCopy: jpeg() }));
    expect(pdfSignature.body.errors).toEqual({ signature: REGISTER_MESSAGES.signatureType });
    const big = await guestPut(token, randomUUID(), guestForm(fields(), { signature: png(), idCopy: Buffer.concat([jpeg(), Buffer.alloc(MAX_REGISTER_FILE_BYTES)]) }));
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual({ idCopy: REGISTER_MESSAGES.fileTooLarge });
    expect(await entryRows(b.id)).toEqual([]);
    expect(await attachmentRows(b.id)).toEqual([]);
  });

  it('is idempotent by entry id: a second PUT replaces the fields and files of the one entry', async () => {
    const b = await newBooking();
    const token = await tokenFor(b);
    const entryId = randomUUID();
    expect((await guestPut(token, entryId, guestForm(fields(), { signature: png(), idCopy: jpeg() }))).status).toBe(200);
    const first = await attachmentRows(b.id);
    const again = await guestPut(token, entryId, guestForm(fields({ surname: 'Mokoena', idType: 'Passport', idNumber: 'a1234567', nationality: 'bw', residenceStatus: 'Visitor' }), { signature: png(), idCopy: jpeg() }));
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ id: entryId, surname: 'Mokoena', idType: 'Passport', nationality: 'BW', residenceStatus: 'Visitor' });
    const rows = await entryRows(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: entryId, surname: 'Mokoena', id_number: 'A1234567', version: 2 });
    const now = await attachmentRows(b.id);
    expect(now).toHaveLength(2);
    expect(now.map((a) => a.id).filter((id) => first.some((f) => f.id === id))).toEqual([]);
    expect(new Set(now.map((a) => a.id))).toEqual(new Set([rows[0].signature_attachment_id, rows[0].id_copy_attachment_id]));

    const read = GuestRegisterResponse.parse((await t.client().get(`/api/guest/bookings/${token}/register`)).body);
    expect(read).toMatchObject({ reference: b.reference, checkInDate: b.checkInDate, checkOutDate: b.checkOutDate, adultsExpected: 2, retentionMonths: 24, open: true });
    expect(read.entries.map((e) => [e.id, e.surname])).toEqual([[entryId, 'Mokoena']]);
    // No ID number nor address goes back to the phone.
    expect(JSON.stringify(read)).not.toContain('A1234567');
  });

  it('is closed once the stay is cancelled (409, open false); a wrong token is 404', async () => {
    const b = await newBooking();
    const token = await tokenFor(b);
    expect((await manager.put(`/api/admin/bookings/${b.id}`, { status: 'Cancelled' })).status).toBe(200);
    const res = await guestPut(token, randomUUID(), guestForm(fields(), { signature: png(), idCopy: jpeg() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REGISTER_MESSAGES.bookingCancelled);
    expect((await t.client().get(`/api/guest/bookings/${token}/register`)).body.open).toBe(false);
    expect((await t.client().get(`/api/guest/bookings/${'A'.repeat(43)}/register`)).status).toBe(404);
    expect(await attachmentRows(b.id)).toEqual([]);
  });
});

describe('the desk uploads files first', () => {
  it('checks the sha256 (400, then 201), stores an id once (200 again), refuses other bytes under it (409)', async () => {
    const b = await newBooking();
    const id = randomUUID();
    const bytes = png();
    const wrong = await upload(receptionist, id, b.id, 'signature', bytes, 'image/png', sha(Buffer.from('other')));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ sha256: REGISTER_MESSAGES.sha256Mismatch });
    expect(await attachmentRows(b.id)).toEqual([]);
    const first = await upload(receptionist, id, b.id, 'signature', bytes, 'image/png');
    expect(first.status, first.text).toBe(201);
    expect(AttachmentUploadResponse.parse(first.body)).toEqual({ id, contentType: 'image/png', sizeBytes: bytes.length, sha256: sha(bytes) });
    const second = await upload(receptionist, id, b.id, 'signature', bytes, 'image/png');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(Number((await t.db('register_attachments').where({ id }).count({ n: '*' }))[0].n)).toBe(1);
    const other = await upload(receptionist, id, b.id, 'signature', png(), 'image/png');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(REGISTER_MESSAGES.attachmentIdReused);
  });

  it('refuses a file that is not what its Content-Type says, a PDF as a signature, over 10 MB (413), an unknown booking (404)', async () => {
    const b = await newBooking();
    const lie = await upload(receptionist, randomUUID(), b.id, 'id-copy', jpeg(), 'image/png');
    expect(lie.status).toBe(400);
    expect(lie.body.errors).toEqual({ file: REGISTER_MESSAGES.fileType });
    const pdf = await upload(receptionist, randomUUID(), b.id, 'signature', Buffer.from('%PDF-1.7\n%%EOF'), 'application/pdf');
    expect(pdf.body.errors).toEqual({ file: REGISTER_MESSAGES.signatureType });
    const big = Buffer.concat([jpeg(), Buffer.alloc(MAX_REGISTER_FILE_BYTES)]);
    const tooBig = await upload(receptionist, randomUUID(), b.id, 'id-copy', big, 'image/jpeg');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors).toEqual({ file: REGISTER_MESSAGES.fileTooLarge });
    expect((await upload(receptionist, randomUUID(), randomUUID(), 'id-copy', jpeg(), 'image/jpeg')).status).toBe(404);
    expect(await attachmentRows(b.id)).toEqual([]);
  });

  it('keeps the files encrypted: the stored bytes are not the image, and decrypt back to it', async () => {
    const b = await newBooking();
    const id = randomUUID();
    const bytes = png();
    expect((await upload(receptionist, id, b.id, 'signature', bytes, 'image/png')).status).toBe(201);
    const row = await t.db('register_attachments').where({ id }).first();
    // PGlite answers a bytea as a Uint8Array, pg as a Buffer.
    const stored = Buffer.from(row.content as Uint8Array);
    expect(stored.subarray(0, 8).equals(PNG_MAGIC)).toBe(false);
    expect(stored.includes(bytes.subarray(8, 72))).toBe(false);
    expect(stored.includes(PNG_MAGIC)).toBe(false);
    expect(decryptFile(stored).equals(bytes)).toBe(true);
    expect(row).toMatchObject({ sha256: sha(bytes), size_bytes: bytes.length, content_type: 'image/png', kind: 'signature' });
  });

  it('staff only: 401 without a login, 403 for a guest account', async () => {
    const b = await newBooking();
    expect((await upload(t.client(), randomUUID(), b.id, 'signature', png(), 'image/png')).status).toBe(401);
    expect((await upload(guestUser, randomUUID(), b.id, 'signature', png(), 'image/png')).status).toBe(403);
    expect((await t.client().get('/api/sync/register')).status).toBe(401);
    expect((await guestUser.get('/api/sync/register')).status).toBe(403);
  });
});

describe('register.upsertEntry through the sync push', () => {
  it('is applied with the entry as its record, a replay is a duplicate, an entry of a missing file is rejected with the message', async () => {
    const b = await newBooking();
    const files = await deskFiles(receptionist, b.id);
    const entryId = randomUUID();
    const e = entry('register.upsertEntry', b.id, { entryId, bookingId: b.id, ...fields(), ...files, capturedAt: '2026-03-10T06:00:00.000Z' });
    const [applied] = await push(receptionist, e);
    expect(applied).toMatchObject({ outcome: 'applied' });
    expect(applied.record).toEqual({
      id: entryId,
      bookingId: b.id,
      fullNames: 'Thandiwe Nomsa',
      surname: 'Dlamini',
      idType: 'SA ID',
      nationality: 'ZA',
      residenceStatus: 'Citizen',
      hasSignature: true,
      hasIdCopy: true,
      capturedAt: '2026-03-10T06:00:00.000Z',
      capturedBy: 'receptionist',
    });
    const [replay] = await push(receptionist, e);
    expect(replay).toMatchObject({ outcome: 'duplicate', storedOutcome: 'applied' });
    // The same entry sent again as a new outbox entry changes nothing either.
    const [again] = await push(receptionist, entry('register.upsertEntry', b.id, e.args));
    expect(again).toMatchObject({ outcome: 'applied', note: 'already registered' });
    expect(await entryRows(b.id)).toHaveLength(1);
    expect((await entryRows(b.id))[0]).toMatchObject({ version: 1, captured_by: 'staff' });

    const missing = randomUUID();
    const [rejected] = await push(receptionist, entry('register.upsertEntry', b.id, { entryId: randomUUID(), bookingId: b.id, ...fields(), ...files, signatureAttachmentId: missing }));
    expect(rejected).toMatchObject({ outcome: 'rejected', reason: `signatureAttachmentId: ${REGISTER_MESSAGES.attachmentMissing}` });
    const [otherBooking] = await push(receptionist, entry('register.upsertEntry', randomUUID(), { entryId: randomUUID(), bookingId: b.id, ...fields(), ...files }));
    expect(otherBooking).toMatchObject({ outcome: 'rejected', reason: REGISTER_MESSAGES.bookingMismatch });
    const [badId] = await push(receptionist, entry('register.upsertEntry', b.id, { entryId: randomUUID(), bookingId: b.id, ...fields({ idNumber: wrongCheckDigit }), ...files }));
    expect(badId).toMatchObject({ outcome: 'rejected', reason: `idNumber: ${REGISTER_MESSAGES.saIdChecksum}` });
    expect(await entryRows(b.id)).toHaveLength(1);
  });

  it('refuses a third adult on a stay of two, naming how many it has', async () => {
    const b = await newBooking();
    await deskEntry(receptionist, b);
    await deskEntry(receptionist, b, { fullNames: 'Sipho' });
    const files = await deskFiles(receptionist, b.id);
    const [third] = await push(receptionist, entry('register.upsertEntry', b.id, { entryId: randomUUID(), bookingId: b.id, ...fields(), ...files }));
    expect(third).toMatchObject({ outcome: 'conflict', reason: REGISTER_MESSAGES.tooManyEntries(2) });
  });
});

describe('the desk window', () => {
  it("holds today's arrival's entries, not those of a stay 10 days ahead, and the lodge's check-in rule", async () => {
    const arriving = await newBooking(0);
    const later = await newBooking(10);
    await deskEntry(receptionist, arriving);
    await deskEntry(receptionist, later);
    const res = await receptionist.get('/api/sync/register');
    expect(res.status).toBe(200);
    const desk = DeskRegisterResponse.parse(res.body);
    expect(desk).toMatchObject({ checkInRule: 'warn', from: addDays(today(), -1), to: addDays(today(), 3) });
    expect(desk.entries.some((e) => e.bookingId === arriving.id)).toBe(true);
    expect(desk.entries.some((e) => e.bookingId === later.id)).toBe(false);
    expect(res.text).not.toContain(VALID_SA_ID);
    expect(res.text).not.toContain('Marula');
  });
});

describe('the check-in rule', () => {
  it("under 'refuse' an incomplete register stops the check-in online and by sync; complete, it goes through", async () => {
    await t.db('settings').update({ register_check_in_rule: 'refuse' });
    const b = await newBooking(0);
    await deskEntry(receptionist, b);
    const online = await receptionist.put(`/api/admin/bookings/${b.id}`, { status: 'Checked-In' });
    expect(online.status).toBe(409);
    expect(online.body.message).toBe(REGISTER_MESSAGES.registerIncompleteRefused);
    const [bySync] = await push(receptionist, entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version));
    expect(bySync).toMatchObject({ outcome: 'rejected', reason: REGISTER_MESSAGES.registerIncompleteRefused });
    expect((await t.db('bookings').where({ id: b.id }).first()).status).not.toBe('Checked-In');

    await deskEntry(receptionist, b, { fullNames: 'Sipho' });
    const [checkedIn] = await push(receptionist, entry('booking.setStatus', b.id, { status: 'Checked-In' }, b.version));
    expect(checkedIn).toMatchObject({ outcome: 'applied' });
    expect((await t.db('bookings').where({ id: b.id }).first()).status).toBe('Checked-In');
  });

  it("under 'warn' an empty register does not stop the check-in, online or by sync", async () => {
    const online = await newBooking(0);
    expect((await receptionist.put(`/api/admin/bookings/${online.id}`, { status: 'Checked-In' })).status).toBe(200);
    const synced = await newBooking(0);
    const [res] = await push(receptionist, entry('booking.setStatus', synced.id, { status: 'Checked-In' }, synced.version));
    expect(res).toMatchObject({ outcome: 'applied' });
  });
});
