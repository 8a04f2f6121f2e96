import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PDFParse } from 'pdf-parse';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { createTypeWithUnits, guestData } from '../bookings/test-fixtures.js';
import { encryptFile } from '../settings/settings-crypto.js';
import { addDays, todayInLodge, lodgeDateTimeToUtc } from '../../../../shared/domain/dates.js';
import { withSaIdCheckDigit } from '../../../../shared/domain/sa-id-number.js';
import type {
  BookingRegisterResponse,
  GuestErasureResponse,
  LodgerRegisterResponse,
  RegisterIncompleteResponse,
} from '../../../../shared/contracts/lodger-register.js';
import { purgeRegister } from './register-purge.job.js';

/**
 * The register of lodgers as staff read it: an inspection by stay dates with a search, the
 * printable PDF of a week, a booking's register and the dashboard's incomplete ones, the files
 * (every read audited), the retention purge with a moved clock, and a guest's erasure. Entries
 * and files are written straight into the tables the way the desk and the guest's phone store
 * them (the bytes encrypted, the sha256 of the plain bytes).
 */
let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let superadmin: TestClient;
let unitIds: string[];
let signaturePng: Buffer;
let idCopyJpeg: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  [manager, receptionist, superadmin] = await Promise.all([t.loginAs('manager'), t.loginAs('receptionist'), t.loginAs('superadmin')]);
  ({ unitIds } = await createTypeWithUnits(t.db, { units: 30, name: 'Register suite tent' }));
  signaturePng = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([{ input: Buffer.from('<svg width="120" height="40"><path d="M5 30 Q 40 0 60 25 T 115 10" stroke="black" fill="none" stroke-width="3"/></svg>') }])
    .png()
    .toBuffer();
  idCopyJpeg = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 180, b: 150 } } }).jpeg().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

const today = () => todayInLodge(t.clock.now());
let unitNo = 0;

/** A confirmed staff booking on its own unit, for the guest given (a new one by default). */
async function booking(checkIn: string, checkOut: string, guest: Record<string, unknown> = guestData(crypto.randomUUID().slice(0, 8))) {
  const res = await manager.post('/api/admin/bookings', {
    unitId: unitIds[unitNo++ % unitIds.length],
    checkInDate: `${checkIn}T14:00`,
    checkOutDate: `${checkOut}T10:00`,
    totalAmount: 2300,
    paymentMethod: 'cash',
    paymentStatus: 'paid',
    guestData: guest,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; reference: string; guestId: string };
}

let idSeq = 100;
const saId = () => withSaIdCheckDigit(`8001015${String(idSeq++).padStart(3, '0')}08`);

async function storeFile(bookingId: string, kind: 'signature' | 'id-copy', plain: Buffer, contentType: string) {
  const id = crypto.randomUUID();
  await t.db('register_attachments').insert({
    id,
    booking_id: bookingId,
    kind,
    content_type: contentType,
    size_bytes: plain.length,
    sha256: crypto.createHash('sha256').update(plain).digest('hex'),
    content: encryptFile(plain),
  });
  return id;
}

interface EntryInput {
  fullNames: string;
  surname: string;
  idType?: 'SA ID' | 'Passport' | 'Other';
  idNumber?: string;
  nationality?: string;
  residenceStatus?: string;
  homeAddress?: string;
  files?: 'both' | 'signature' | 'none';
  signatureType?: 'image/png' | 'image/webp';
}

/** An entry as the desk stores it (captured by the receptionist), with its two files. */
async function entry(bookingId: string, e: EntryInput) {
  const files = e.files ?? 'both';
  const signatureId = files === 'none' ? null : await storeFile(bookingId, 'signature', e.signatureType === 'image/webp' ? await sharp(signaturePng).webp().toBuffer() : signaturePng, e.signatureType ?? 'image/png');
  const idCopyId = files === 'both' ? await storeFile(bookingId, 'id-copy', idCopyJpeg, 'image/jpeg') : null;
  const id = crypto.randomUUID();
  const user = await t.db('users').where({ username: 'receptionist' }).first('id');
  await t.db('register_entries').insert({
    id,
    booking_id: bookingId,
    full_names: e.fullNames,
    surname: e.surname,
    id_type: e.idType ?? 'SA ID',
    id_number: e.idNumber ?? saId(),
    nationality: e.nationality ?? 'ZA',
    residence_status: e.residenceStatus ?? 'Citizen',
    home_address: e.homeAddress ?? '12 Jacaranda Street, Pretoria, 0181',
    signature_attachment_id: signatureId,
    id_copy_attachment_id: idCopyId,
    captured_at: t.clock.now(),
    captured_by: 'staff',
    captured_by_user_id: user.id,
  });
  return { id, signatureId, idCopyId };
}

async function pdfOf(query: string, as: TestClient = receptionist) {
  const res = await fetch(`${t.url}/api/admin/lodger-register/pdf?${query}`, { headers: { Cookie: as.cookieHeader() } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

describe('an inspection: the register of a period', () => {
  // A week starting 10 days ahead; stays on its edges and just outside it.
  const W = () => addDays(today(), 10);
  let inside: { surname: string; idNumber: string; reference: string }[] = [];
  let outside: { surname: string; idNumber: string }[] = [];
  let passportEntry: { id: string; idCopyId: string | null };

  beforeAll(async () => {
    const w = W();
    const inWeek = await booking(w, addDays(w, 2)); // the week's first nights
    const overStart = await booking(addDays(w, -2), addDays(w, 1)); // arrived before, leaves inside
    const overEnd = await booking(addDays(w, 6), addDays(w, 9)); // arrives on the last day
    const leftOnFirstDay = await booking(addDays(w, -3), w); // no night in the week
    const afterWeek = await booking(addDays(w, 7), addDays(w, 9));
    const mk = (surname: string, idNumber = saId()) => ({ surname, idNumber });
    const a1 = mk('Mokoena');
    const a2 = { surname: 'Van der Merwe', idNumber: 'P 123 456 78' };
    const b1 = mk('Naidoo');
    const c1 = mk('Botha');
    await entry(inWeek.id, { fullNames: 'Lerato Grace', surname: a1.surname, idNumber: a1.idNumber });
    passportEntry = await entry(inWeek.id, { fullNames: 'Pieter Johan', surname: a2.surname, idType: 'Passport', idNumber: a2.idNumber, nationality: 'NA', residenceStatus: 'Visitor', homeAddress: '4 Independence Ave, Windhoek' });
    await entry(overStart.id, { fullNames: 'Kavitha', surname: b1.surname, idNumber: b1.idNumber, signatureType: 'image/webp' });
    await entry(overEnd.id, { fullNames: 'Johanna', surname: c1.surname, idNumber: c1.idNumber });
    const d1 = mk('Dlamini');
    const e1 = mk('Erasmus');
    await entry(leftOnFirstDay.id, { fullNames: 'Sipho', surname: d1.surname, idNumber: d1.idNumber });
    await entry(afterWeek.id, { fullNames: 'Elsa', surname: e1.surname, idNumber: e1.idNumber });
    inside = [
      { ...a1, reference: inWeek.reference },
      { ...a2, reference: inWeek.reference },
      { ...b1, reference: overStart.reference },
      { ...c1, reference: overEnd.reference },
    ];
    outside = [d1, e1];
  });

  const listOf = (q: string, as: TestClient = receptionist) => as.get<LodgerRegisterResponse>(`/api/admin/lodger-register?${q}`);

  it('lists the stays with a night in the period, by check-in date then surname, for every staff role', async () => {
    const w = W();
    for (const as of [receptionist, manager, superadmin]) {
      const res = await listOf(`from=${w}&to=${addDays(w, 6)}`, as);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.body.entries.map((e) => [e.surname, e.checkInDate])).toEqual([
        ['Naidoo', addDays(w, -2)],
        ['Mokoena', w],
        ['Van der Merwe', w],
        ['Botha', addDays(w, 6)],
      ]);
    }
    const res = await listOf(`from=${w}&to=${addDays(w, 6)}`);
    const passport = res.body.entries.find((e) => e.surname === 'Van der Merwe')!;
    expect(passport).toMatchObject({
      fullNames: 'Pieter Johan',
      idType: 'Passport',
      idNumber: 'P 123 456 78',
      nationality: 'NA',
      nationalityName: 'Namibia',
      residenceStatus: 'Visitor',
      homeAddress: '4 Independence Ave, Windhoek',
      reference: inside[1].reference,
      bookingStatus: 'Confirmed',
      accommodationName: 'Register suite tent',
      checkOutDate: addDays(w, 2),
      capturedBy: expect.stringMatching(/\S/),
      signatureAttachmentId: expect.any(String),
      idCopyAttachmentId: passportEntry.idCopyId,
      deidentified: false,
    });
    expect(passport.capturedBy).not.toBe('guest');
  });

  it('searches by part of a name, any case, or by ID number with its spaces ignored', async () => {
    const w = W();
    const period = `from=${w}&to=${addDays(w, 6)}`;
    const surnames = async (q: string) => (await listOf(`${period}&q=${encodeURIComponent(q)}`)).body.entries.map((e) => e.surname);
    expect(await surnames('kOEn')).toEqual(['Mokoena']);
    expect(await surnames('lerato')).toEqual(['Mokoena']);
    expect(await surnames('johan van der')).toEqual(['Van der Merwe']);
    expect(await surnames('P12345678')).toEqual(['Van der Merwe']);
    expect(await surnames('123 456')).toEqual(['Van der Merwe']);
    expect(await surnames(inside[2].idNumber.slice(0, 6) + ' ' + inside[2].idNumber.slice(6))).toEqual(['Naidoo']);
    expect(await surnames('Dlamini')).toEqual([]); // outside the period
    expect(await surnames('%')).toEqual([]);
  });

  it('refuses a period that ends before it starts or is over 366 days, naming to', async () => {
    const w = W();
    const back = await listOf(`from=${w}&to=${addDays(w, -1)}`);
    expect(back.status).toBe(400);
    if (!('errors' in back.body)) throw new Error(back.text);
    expect(back.body.errors).toEqual({ to: 'To must be on or after From' });
    const long = await listOf(`from=${w}&to=${addDays(w, 366)}`);
    expect(long.status).toBe(400);
    if (!('errors' in long.body)) throw new Error(long.text);
    expect(long.body.errors).toEqual({ to: 'The period must be at most 366 days' });
    expect((await listOf(`from=${w}&to=${addDays(w, 365)}`)).status).toBe(200);
  });

  it('the register PDF for a week holds every entry of that week and none outside it', async () => {
    const w = W();
    const before = await t.db('audit_log').where({ action: 'register.pdf.downloaded' }).count<{ n: number }[]>('* as n');
    const pdf = await pdfOf(`from=${w}&to=${addDays(w, 6)}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="register-of-lodgers-${w}-to-${addDays(w, 6)}.pdf"`);
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('register of lodgers');
    for (const e of inside) {
      expect(text).toContain(e.surname);
      expect(text).toContain(e.idNumber);
      expect(text).toContain(e.reference);
    }
    for (const e of outside) {
      expect(text).not.toContain(e.surname);
      expect(text).not.toContain(e.idNumber);
    }
    expect(text).toContain('Namibia');
    expect(text).toContain('4 Independence Ave, Windhoek');
    expect(text).toContain('Signature on file (WebP)');
    // The PNG signatures are drawn into it; none is missing.
    expect(pdf.bytes.toString('latin1')).toContain('/Subtype /Image');
    expect(text).not.toContain('No signature on file');

    const rows = await t.db('audit_log').where({ action: 'register.pdf.downloaded' }).orderBy('id', 'desc');
    expect(rows.length).toBe(Number(before[0].n) + 1);
    expect(rows[0]).toMatchObject({ actor_username: 'receptionist', entity_type: 'register', after: { from: w, to: addDays(w, 6), entries: 4 } });
  });

  it('a period with nobody in it is a PDF that says so', async () => {
    const from = addDays(today(), 200);
    const text = await pdfText((await pdfOf(`from=${from}&to=${addDays(from, 6)}`)).bytes);
    expect(text).toContain('No guest was registered for stays in this period.');
  });

  it('an ID copy is served decrypted to staff, never cached or sniffed, and the read is audited (who, which)', async () => {
    const res = await fetch(`${t.url}/api/admin/register/attachments/${passportEntry.idCopyId}`, { headers: { Cookie: receptionist.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="id-copy-${passportEntry.idCopyId}.jpg"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(idCopyJpeg)).toBe(true);

    const row = await t.db('audit_log').where({ action: 'register.idCopy.viewed', entity_id: passportEntry.idCopyId }).first();
    expect(row).toMatchObject({
      actor_username: 'receptionist',
      entity_type: 'register_attachment',
      after: { attachmentId: passportEntry.idCopyId, entryId: passportEntry.id, bookingId: inside[1] && expect.any(String), kind: 'id-copy' },
    });
    expect(JSON.stringify(row)).not.toContain('Van der Merwe');
    expect(JSON.stringify(row)).not.toContain('123 456');
    // On disk the bytes are not the image.
    const stored = await t.db('register_attachments').where({ id: passportEntry.idCopyId }).first('content');
    expect(stored.content.includes(idCopyJpeg.subarray(0, 64))).toBe(false);
  });

  it('a signature read is audited as such; an unknown file is 404 and audits nothing', async () => {
    const sig = (await t.db('register_entries').where({ id: passportEntry.id }).first('signature_attachment_id')).signature_attachment_id;
    const res = await manager.get(`/api/admin/register/attachments/${sig}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await t.db('audit_log').where({ action: 'register.signature.viewed', entity_id: sig, actor_username: 'manager' }).count<{ n: number }[]>('* as n')).toEqual([{ n: 1 }]);
    const before = await t.db('audit_log').count<{ n: number }[]>('* as n');
    const missing = await manager.get(`/api/admin/register/attachments/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This file does not exist or was deleted at the end of its retention period');
    expect(await t.db('audit_log').count<{ n: number }[]>('* as n')).toEqual(before);
  });

  it('a guest (not staff) may read none of it', async () => {
    const guest = await t.loginAs('guest');
    expect((await guest.get(`/api/admin/lodger-register?from=${W()}&to=${W()}`)).status).toBe(403);
    expect((await guest.get(`/api/admin/register/attachments/${passportEntry.idCopyId}`)).status).toBe(403);
    expect((await t.client().get(`/api/admin/register/attachments/${passportEntry.idCopyId}`)).status).toBe(401);
  });
});

describe("a booking's register and the dashboard's incomplete registers", () => {
  it('counts an entry only with both of its files: "n of m adults"', async () => {
    const b = await booking(addDays(today(), 30), addDays(today(), 32));
    const empty = await receptionist.get<BookingRegisterResponse>(`/api/admin/bookings/${b.id}/register`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ bookingId: b.id, registered: 0, expected: 2, complete: false, entries: [] });
    await entry(b.id, { fullNames: 'Ayanda', surname: 'Zulu' });
    await entry(b.id, { fullNames: 'Bongani', surname: 'Zulu', files: 'signature' });
    const half = (await receptionist.get<BookingRegisterResponse>(`/api/admin/bookings/${b.id}/register`)).body;
    expect(half).toMatchObject({ registered: 1, expected: 2, complete: false });
    expect(half.entries.map((e) => [e.fullNames, e.idCopyAttachmentId === null])).toEqual([
      ['Ayanda', false],
      ['Bongani', true],
    ]);
    expect((await receptionist.get(`/api/admin/bookings/${crypto.randomUUID()}/register`)).status).toBe(404);
  });

  it('lists stays in house, and confirmed ones arriving today, whose register is not complete', async () => {
    const arriving = await booking(today(), addDays(today(), 2));
    const arrivingDone = await booking(today(), addDays(today(), 1));
    await entry(arrivingDone.id, { fullNames: 'Nomsa', surname: 'Khumalo' });
    await entry(arrivingDone.id, { fullNames: 'Themba', surname: 'Khumalo' });
    const tomorrow = await booking(addDays(today(), 1), addDays(today(), 3));
    const inHouse = await booking(today(), addDays(today(), 3));
    const checkIn = await manager.put(`/api/admin/bookings/${inHouse.id}`, { status: 'Checked-In' });
    expect(checkIn.status, checkIn.text).toBe(200);
    await entry(inHouse.id, { fullNames: 'Lindiwe', surname: 'Mthembu' });

    const res = await receptionist.get<RegisterIncompleteResponse>('/api/admin/register/incomplete');
    expect(res.status).toBe(200);
    const mine = res.body.bookings.filter((b) => [arriving.id, arrivingDone.id, tomorrow.id, inHouse.id].includes(b.bookingId));
    expect(mine.map((b) => [b.reference, b.status, b.registered, b.expected])).toEqual(
      expect.arrayContaining([
        [arriving.reference, 'Confirmed', 0, 2],
        [inHouse.reference, 'Checked-In', 1, 2],
      ]),
    );
    expect(mine).toHaveLength(2);
    expect(mine.find((b) => b.bookingId === arriving.id)).toMatchObject({
      accommodationName: 'Register suite tent',
      unitName: expect.stringContaining('Register suite tent unit'),
      checkInDate: today(),
      checkOutDate: addDays(today(), 2),
      guestName: expect.stringMatching(/^Thandi Guest/),
    });
  });
});

describe('the retention purge', () => {
  let stayEnd: string;
  let kept: { id: string; signatureId: string | null; idCopyId: string | null };

  beforeAll(async () => {
    const b = await booking(addDays(today(), 40), addDays(today(), 42));
    stayEnd = addDays(today(), 42);
    kept = await entry(b.id, { fullNames: 'Retha', surname: 'Pretorius' });
  });

  /** Noon at the lodge, `months` months (and `days` days) after the stay ended. */
  const after = (months: number, days = 0) => {
    const [y, m, d] = stayEnd.split('-').map(Number);
    const total = y * 12 + (m - 1) + months;
    const date = `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(Math.min(d, 28)).padStart(2, '0')}`;
    return lodgeDateTimeToUtc(addDays(date, days), '12:00');
  };

  it('keeps an entry 23 months after the stay', async () => {
    t.clock.set(after(23));
    await purgeRegister(t.deps);
    const row = await t.db('register_entries').where({ id: kept.id }).first();
    expect(row).toMatchObject({ full_names: 'Retha', surname: 'Pretorius', deidentified_at: null });
    expect((await t.db('register_attachments').where({ id: kept.idCopyId }).first()).content).not.toBeNull();
  });

  it('de-identifies it 25 months after: fields blanked, files deleted, one audit row with the count; a second run changes nothing', async () => {
    t.clock.set(after(25));
    const auditsBefore = (await t.db('audit_log').where({ action: 'register.purged' })).length;
    const live = Number((await t.db('register_entries').whereNull('deidentified_at').count<{ n: number }[]>('* as n'))[0].n);
    const first = await purgeRegister(t.deps);
    expect(first.purged).toBe(live);
    const row = await t.db('register_entries').where({ id: kept.id }).first();
    expect(row).toMatchObject({
      full_names: '[removed]',
      surname: '[removed]',
      id_type: 'Other',
      id_number: '',
      nationality: '',
      residence_status: 'Other',
      home_address: '',
      captured_by: 'staff',
    });
    expect(row.deidentified_at).not.toBeNull();
    expect(row.captured_at).not.toBeNull();
    for (const id of [kept.signatureId, kept.idCopyId]) {
      const file = await t.db('register_attachments').where({ id }).first();
      expect(file.content).toBeNull();
      expect(file.purged_at).not.toBeNull();
    }
    expect(await t.db('register_attachments').whereNotNull('content').count<{ n: number }[]>('* as n')).toEqual([{ n: 0 }]);
    const audits = await t.db('audit_log').where({ action: 'register.purged' }).orderBy('id', 'desc');
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits[0]).toMatchObject({ actor_username: 'system', after: { entries: live, retentionMonths: 24 } });

    const snapshot = await t.db('register_entries').orderBy('id');
    expect(await purgeRegister(t.deps)).toMatchObject({ purged: 0 });
    expect(await t.db('register_entries').orderBy('id')).toEqual(snapshot);
    expect(await t.db('audit_log').where({ action: 'register.purged' })).toHaveLength(auditsBefore + 1);

    // Staff see it as de-identified; its files are gone (404).
    const staff = await t.loginAs('receptionist');
    const reg = (await staff.get<BookingRegisterResponse>(`/api/admin/bookings/${row.booking_id}/register`)).body;
    expect(reg.entries).toEqual([
      expect.objectContaining({ id: kept.id, deidentified: true, fullNames: '', surname: '', idNumber: '', homeAddress: '', nationality: '', signatureAttachmentId: null, idCopyAttachmentId: null }),
    ]);
    expect((await staff.get(`/api/admin/register/attachments/${kept.idCopyId}`)).status).toBe(404);
  });
});

describe("a guest's erasure", () => {
  it('anonymises the guest everywhere the law allows and says what it kept, why and until when', async () => {
    // An old stay (25 months ago, past retention) and a new one, by the same guest (same e-mail).
    t.clock.set(new Date());
    const guest = { ...guestData('erase'), email: 'nandi.erase@example.com', firstName: 'Nandi', lastName: 'Shabalala' };
    const old = await booking(addDays(today(), 100), addDays(today(), 102), guest);
    const oldEnd = addDays(today(), 102);
    const oldEntry = await entry(old.id, { fullNames: 'Nandi', surname: 'Shabalala' });
    const invoice = await manager.post(`/api/admin/bookings/${old.id}/invoices`);
    expect(invoice.status, invoice.text).toBe(201);
    const contact = await t.client().post('/api/contact', { name: 'Nandi Shabalala', email: 'Nandi.Erase@example.com', subject: 'Dietary', message: 'I am vegetarian, Nandi' });
    expect(contact.status, contact.text).toBe(201);
    const typeOfUnit = (await t.db('units').where({ id: unitIds[0] }).first()).accommodation_type_id;
    const waiting = await t.client().post('/api/waitlist', { name: 'Nandi Shabalala', email: 'NANDI.erase@example.com', checkIn: addDays(today(), 40), checkOut: addDays(today(), 42), guests: 2, accommodationTypeId: typeOfUnit });
    expect(waiting.status, waiting.text).toBe(201);
    await t.db('payment_proofs').insert({ booking_id: old.id, file_name: 'proof.pdf', content_type: 'application/pdf', size_bytes: 4, content: Buffer.from('%PDF'), sha256: 'x' });

    const [y, m, d] = oldEnd.split('-').map(Number);
    const total = y * 12 + (m - 1) + 25;
    t.clock.set(lodgeDateTimeToUtc(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(Math.min(d, 28)).padStart(2, '0')}`, '12:00'));
    const [sa, mgr, rec] = await Promise.all([t.loginAs('superadmin'), t.loginAs('manager'), t.loginAs('receptionist')]);
    const fresh = await (async () => {
      const res = await mgr.post('/api/admin/bookings', {
        unitId: unitIds[unitNo++ % unitIds.length],
        checkInDate: `${addDays(today(), 5)}T14:00`,
        checkOutDate: `${addDays(today(), 7)}T10:00`,
        totalAmount: 2300,
        paymentMethod: 'cash',
        paymentStatus: 'paid',
        guestData: guest,
      });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; reference: string; guestId: string; checkOutDate: string };
    })();
    expect(fresh.guestId).toBe(old.guestId);
    const freshEntry = await entry(fresh.id, { fullNames: 'Nandi', surname: 'Shabalala' });

    expect((await mgr.post(`/api/admin/guests/${old.guestId}/erase`)).status).toBe(403);
    expect((await rec.post(`/api/admin/guests/${old.guestId}/erase`)).status).toBe(403);
    const unknown = await sa.post(`/api/admin/guests/${crypto.randomUUID()}/erase`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Guest not found');

    const res = await sa.post<GuestErasureResponse>(`/api/admin/guests/${old.guestId}/erase`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.guestId).toBe(old.guestId);
    expect(res.body.erased).toEqual(
      expect.arrayContaining([
        'Name, e-mail address, phone number and home address on the guest record',
        'Name, e-mail address and special requests on 2 bookings',
        '1 proof of payment (the payments stay in the ledger)',
        '1 contact form message',
        '1 waitlist request',
        '1 register entry past the retention period, with their signature and ID copy',
      ]),
    );
    expect(res.body.erased.some((s) => /^\d+ e-mails? to or about the guest \(address and text\)$/.test(s))).toBe(true);
    const purgeDay = res.body.kept.find((k) => k.what.startsWith('1 register entry'))!;
    expect(purgeDay).toEqual({
      what: `1 register entry of the stay ${fresh.reference} (${addDays(today(), 5)} to ${addDays(today(), 7)})`,
      why: 'Immigration Act s40 and regulation 36 require the register for 24 months after the stay',
      until: expect.any(String),
    });
    // The day it will be purged: the first day the purge's rule takes it.
    const { isPastRetention } = await import('../../../../shared/domain/lodger-register.js');
    expect(isPastRetention(addDays(today(), 7), purgeDay.until!, 24)).toBe(true);
    expect(isPastRetention(addDays(today(), 7), addDays(purgeDay.until!, -1), 24)).toBe(false);
    const inv = res.body.kept.find((k) => k.what.startsWith('Invoice'))!;
    expect(inv.why).toBe('Tax law (Tax Administration Act s29) requires invoices to be kept for 5 years');
    expect(inv.what).toContain(invoice.body.number);
    expect(inv.until).toBe(`${Number(invoice.body.issueDate.slice(0, 4)) + 5}${invoice.body.issueDate.slice(4)}`);
    expect(res.body.kept).toHaveLength(2);

    // What is left in the database.
    expect(await t.db('guests').where({ id: old.guestId }).first('first_name', 'last_name', 'email', 'phone', 'address')).toEqual({
      first_name: 'Erased guest',
      last_name: '',
      email: `erased-${old.guestId}@erased.invalid`,
      phone: null,
      address: null,
    });
    for (const b of await t.db('bookings').whereIn('id', [old.id, fresh.id])) {
      expect(b).toMatchObject({ guest_name: 'Erased guest', guest_email: `erased-${old.guestId}@erased.invalid`, special_requests: null });
    }
    expect(await t.db('register_entries').where({ id: oldEntry.id }).first('surname', 'id_number')).toEqual({ surname: '[removed]', id_number: '' });
    expect((await t.db('register_attachments').where({ id: oldEntry.idCopyId }).first()).content).toBeNull();
    expect(await t.db('register_entries').where({ id: freshEntry.id }).first('surname', 'deidentified_at')).toEqual({ surname: 'Shabalala', deidentified_at: null });
    expect(await t.db('contact_enquiries').whereRaw("message LIKE '%Nandi%' OR lower(email) = 'nandi.erase@example.com'")).toEqual([]);
    expect(await t.db('email_outbox').whereRaw("lower(to_address) = 'nandi.erase@example.com' OR text_body LIKE '%Nandi%'")).toEqual([]);
    expect(await t.db('waitlist_entries').where({ id: waiting.body.id })).toEqual([]);
    expect(await t.db('payment_proofs').where({ booking_id: old.id })).toEqual([]);
    expect(await t.db('guest_booking_links').whereIn('booking_id', [old.id, fresh.id])).toEqual([]);
    // The invoice keeps the name it was issued with (issued documents never change).
    expect((await t.db('invoices').where({ id: invoice.body.id }).first()).guest_name).toBe('Nandi Shabalala');

    const audit = await t.db('audit_log').where({ action: 'guest.erased', entity_id: old.guestId }).first();
    expect(audit).toMatchObject({ actor_username: 'superadmin', entity_type: 'guest', after: { bookings: 2, registerEntriesPurged: 1, registerEntriesKept: 1, invoicesKept: 1 } });
    expect(JSON.stringify(audit)).not.toMatch(/Nandi|Shabalala/);
  });
});
