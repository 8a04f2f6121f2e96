import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/server.js';
import { REGISTER_MESSAGES, type DeskRegisterEntry } from '@shared/contracts/lodger-register.js';
import { db } from './db.js';
import { OfflineEditError, saveRegisterEntry, setBookingStatus } from './outbox.js';
import { queryOutbox } from './queries.js';
import { pullRegister, queryBookingRegister, queryWaitingFiles, sha256Hex } from './register.js';
import { replayOutbox } from './replay.js';
import { createFakeSyncServer, makeBooking, resetDevice, seedLocal } from './test-support.js';

beforeEach(() => resetDevice());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 4, 5, 6, 7]);
const signature = () => new Blob([PNG], { type: 'image/png' });
const idCopy = () => new Blob([JPEG], { type: 'image/jpeg' });

const fields = (fullNames: string) => ({
  fullNames,
  surname: 'Dlamini',
  idType: 'Passport' as const,
  idNumber: 'a1234567',
  nationality: 'ZA',
  residenceStatus: 'Citizen' as const,
  homeAddress: '12 Marula Street, Hoedspruit',
});

/** The attachment route as the server answers it, recording what arrived; `answer` may take over per request. */
function attachmentServer(answer?: (id: string, n: number) => Response | undefined) {
  const arrived: { id: string; kind: string | null; type: string | null; sha: string | null; bytes: number }[] = [];
  const handler = http.put('/api/sync/attachments/:id', async ({ request, params }) => {
    const id = String(params.id);
    const body = await request.arrayBuffer();
    const url = new URL(request.url);
    arrived.push({ id, kind: url.searchParams.get('kind'), type: request.headers.get('content-type'), sha: request.headers.get('sha256'), bytes: body.byteLength });
    const custom = answer?.(id, arrived.length);
    if (custom) return custom;
    return HttpResponse.json({ id, contentType: request.headers.get('content-type'), sizeBytes: body.byteLength, sha256: request.headers.get('sha256') }, { status: 201 });
  });
  return { arrived, handler };
}

/** The fake push server, taught to answer register.upsertEntry as applied with a DeskRegisterEntry. */
function registerPushServer(bookingId: string, order: string[] = []) {
  const pushed: string[] = [];
  const handler = http.post('/api/sync/push', async ({ request }) => {
    const body = (await request.json()) as { entries: { id: string; op: string; args: Record<string, string> }[] };
    const results = body.entries.map((e) => {
      pushed.push(e.op);
      order.push('push');
      if (e.op !== 'register.upsertEntry') return { id: e.id, outcome: 'applied' };
      const record: DeskRegisterEntry = {
        id: e.args.entryId,
        bookingId,
        fullNames: e.args.fullNames,
        surname: e.args.surname,
        idType: 'Passport',
        nationality: 'ZA',
        residenceStatus: 'Citizen',
        hasSignature: true,
        hasIdCopy: true,
        capturedAt: new Date().toISOString(),
        capturedBy: 'thandi',
      };
      return { id: e.id, outcome: 'applied', record };
    });
    return HttpResponse.json({ results });
  });
  return { pushed, handler };
}

describe('saveRegisterEntry', () => {
  it('writes both files and the entry in one go, and the register counts it pending', async () => {
    const booking = makeBooking({ numberOfGuests: 2 });
    await seedLocal({ bookings: [booking] });

    const entry = await saveRegisterEntry(booking.id, fields('Lindiwe Thandeka'), { signature: signature(), idCopy: idCopy() });

    const files = await db.attachments.orderBy('id').toArray();
    expect(files.map((f) => [f.kind, f.contentType, f.size, f.bookingId, f.uploadedAt]).sort()).toEqual([
      ['id-copy', 'image/jpeg', JPEG.byteLength, booking.id, null],
      ['signature', 'image/png', PNG.byteLength, booking.id, null],
    ]);
    for (const f of files) expect(f.sha256).toBe(await sha256Hex(f.bytes!));
    expect(files.map((f) => [...new Uint8Array(f.bytes!)]).sort()).toEqual([[...JPEG], [...PNG]].sort());
    expect(entry.args).toMatchObject({
      bookingId: booking.id,
      fullNames: 'Lindiwe Thandeka',
      idNumber: 'A1234567',
      signatureAttachmentId: files.find((f) => f.kind === 'signature')!.id,
      idCopyAttachmentId: files.find((f) => f.kind === 'id-copy')!.id,
    });
    expect((await db.outbox.toArray()).map((e) => [e.op, e.entityId, e.status])).toEqual([['register.upsertEntry', booking.id, 'pending']]);
    expect(await queryBookingRegister(booking.id)).toEqual({
      checkInRule: null,
      people: [{ entryId: entry.args.entryId, fullNames: 'Lindiwe Thandeka', surname: 'Dlamini', pending: true, complete: true }],
      progress: { registered: 1, expected: 2, complete: false },
    });
    expect(await queryWaitingFiles()).toEqual([
      { bookingId: booking.id, reference: booking.reference, count: 2, bytes: PNG.byteLength + JPEG.byteLength, failed: [] },
    ]);
  });

  it('writes nothing when refused: a bad SA ID number, a missing signature, a cancelled stay, everyone registered', async () => {
    const booking = makeBooking({ numberOfGuests: 1 });
    const cancelled = makeBooking({ status: 'Cancelled' });
    await seedLocal({ bookings: [booking, cancelled] });
    const refusal = (p: Promise<unknown>) => p.then(() => 'saved', (e: unknown) => (e instanceof OfflineEditError ? e.message : String(e)));

    expect(await refusal(saveRegisterEntry(booking.id, { ...fields('A'), idType: 'SA ID', idNumber: '8001015009088' }, { signature: signature(), idCopy: idCopy() }))).toBe(
      REGISTER_MESSAGES.saIdChecksum,
    );
    expect(await refusal(saveRegisterEntry(booking.id, fields('A'), { signature: null, idCopy: idCopy() }))).toBe(REGISTER_MESSAGES.signatureRequired);
    expect(await refusal(saveRegisterEntry(booking.id, fields('A'), { signature: signature(), idCopy: new Blob(['x'], { type: 'text/plain' }) }))).toBe(
      REGISTER_MESSAGES.fileType,
    );
    expect(await refusal(saveRegisterEntry(cancelled.id, fields('A'), { signature: signature(), idCopy: idCopy() }))).toBe(REGISTER_MESSAGES.bookingCancelled);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.attachments.count()).toBe(0);

    await saveRegisterEntry(booking.id, fields('A'), { signature: signature(), idCopy: idCopy() });
    expect(await refusal(saveRegisterEntry(booking.id, fields('B'), { signature: signature(), idCopy: idCopy() }))).toBe(REGISTER_MESSAGES.tooManyEntries(1));
    expect(await db.outbox.count()).toBe(1);
    expect(await db.attachments.count()).toBe(2);
  });
});

describe('replay with register files', () => {
  it('uploads both files (with their type, kind and sha256) before it pushes the entry, then drops the bytes', async () => {
    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    const order: string[] = [];
    const files = attachmentServer((id) => {
      order.push(`file ${id}`);
      return undefined;
    });
    const push = registerPushServer(booking.id, order);
    server.use(files.handler, push.handler);
    const entry = await saveRegisterEntry(booking.id, fields('Sipho'), { signature: signature(), idCopy: idCopy() });
    const stored = await db.attachments.toArray();

    expect(await replayOutbox()).toEqual({ status: 'done', answered: 1 });

    const sig = stored.find((f) => f.kind === 'signature')!;
    const copy = stored.find((f) => f.kind === 'id-copy')!;
    expect(order).toEqual([`file ${copy.id}`, `file ${sig.id}`, 'push']);
    expect(files.arrived).toEqual([
      { id: copy.id, kind: 'id-copy', type: 'image/jpeg', sha: copy.sha256, bytes: JPEG.byteLength },
      { id: sig.id, kind: 'signature', type: 'image/png', sha: sig.sha256, bytes: PNG.byteLength },
    ]);
    expect(push.pushed).toEqual(['register.upsertEntry']);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.attachments.toArray()).map((f) => [f.bytes, f.uploadedAt !== null])).toEqual([
      [null, true],
      [null, true],
    ]);
    expect(await queryWaitingFiles()).toEqual([]);
    expect(await queryBookingRegister(booking.id)).toMatchObject({
      people: [{ entryId: entry.args.entryId, fullNames: 'Sipho', pending: false, complete: true }],
      progress: { registered: 1, expected: 2 },
    });
  });

  it('an upload with no answer keeps the entry (and its booking’s check-in behind it) unsent; a later replay sends all in order', async () => {
    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    let offline = true;
    const files = attachmentServer(() => (offline ? HttpResponse.error() : undefined));
    const push = registerPushServer(booking.id);
    server.use(files.handler, push.handler);
    await saveRegisterEntry(booking.id, fields('Sipho'), { signature: signature(), idCopy: idCopy() });
    await setBookingStatus(booking.id, 'Checked-In');

    const first = await replayOutbox();
    expect(first).toMatchObject({ status: 'retry', answered: 0, failure: { kind: 'retry' } });
    expect(push.pushed).toEqual([]);
    expect((await queryOutbox()).pending.map((e) => [e.op, e.status])).toEqual([
      ['register.upsertEntry', 'pending'],
      ['booking.setStatus', 'pending'],
    ]);
    expect((await db.attachments.toArray()).every((f) => f.bytes !== null && f.uploadedAt === null)).toBe(true);

    offline = false;
    expect(await replayOutbox()).toEqual({ status: 'done', answered: 2 });
    expect(push.pushed).toEqual(['register.upsertEntry', 'booking.setStatus']);
  });

  it('a file refused for good (409) rejects its entry with the reason, holds its booking’s later entries no more, and shows on the waiting list', async () => {
    const [mine, other] = [makeBooking(), makeBooking()];
    const fake = createFakeSyncServer({ bookings: [mine, other] });
    await seedLocal({ bookings: [mine, other] });
    const files = attachmentServer((_id, n) => (n === 1 ? HttpResponse.json({ message: REGISTER_MESSAGES.attachmentIdReused }, { status: 409 }) : undefined));
    server.use(files.handler, ...fake.handlers);
    await saveRegisterEntry(mine.id, fields('Sipho'), { signature: signature(), idCopy: idCopy() });
    await setBookingStatus(other.id, 'Checked-In');

    expect(await replayOutbox()).toEqual({ status: 'done', answered: 1 });

    expect(fake.received.map((e) => [e.op, e.entityId])).toEqual([['booking.setStatus', other.id]]);
    const outbox = await queryOutbox();
    expect(outbox.rejected.map((e) => [e.op, e.reason])).toEqual([['register.upsertEntry', `The ID copy was refused: ${REGISTER_MESSAGES.attachmentIdReused}`]]);
    expect(await queryWaitingFiles()).toEqual([
      { bookingId: mine.id, reference: mine.reference, count: 1, bytes: JPEG.byteLength, failed: [{ kind: 'id-copy', reason: REGISTER_MESSAGES.attachmentIdReused }] },
    ]);
  });

  it('a 400 sha256 mismatch is sent again, and the entry follows', async () => {
    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    const files = attachmentServer((_id, n) => (n === 1 ? HttpResponse.json({ message: REGISTER_MESSAGES.sha256Mismatch }, { status: 400 }) : undefined));
    const push = registerPushServer(booking.id);
    server.use(files.handler, push.handler);
    await saveRegisterEntry(booking.id, fields('Sipho'), { signature: signature(), idCopy: idCopy() });

    expect(await replayOutbox()).toEqual({ status: 'done', answered: 1 });
    expect(files.arrived.map((a) => a.kind)).toEqual(['id-copy', 'id-copy', 'signature']);
    expect(push.pushed).toEqual(['register.upsertEntry']);
  });
});

describe('pullRegister', () => {
  it('keeps the desk window’s entries and the check-in rule, replacing what it had', async () => {
    const booking = makeBooking({ numberOfGuests: 2 });
    await seedLocal({ bookings: [booking] });
    const entry: DeskRegisterEntry = {
      id: '00000000-0000-4000-8000-00000000aaaa',
      bookingId: booking.id,
      fullNames: 'Naledi',
      surname: 'Mokoena',
      idType: 'SA ID',
      nationality: 'ZA',
      residenceStatus: 'Citizen',
      hasSignature: true,
      hasIdCopy: true,
      capturedAt: new Date().toISOString(),
      capturedBy: 'guest',
    };
    await db.registerEntries.put({ ...entry, id: '00000000-0000-4000-8000-00000000bbbb', fullNames: 'Gone' });
    server.use(http.get('/api/sync/register', () => HttpResponse.json({ checkInRule: 'refuse', from: booking.checkInDate, to: booking.checkOutDate, entries: [entry] })));

    await pullRegister();

    expect(await queryBookingRegister(booking.id)).toEqual({
      checkInRule: 'refuse',
      people: [{ entryId: entry.id, fullNames: 'Naledi', surname: 'Mokoena', pending: false, complete: true }],
      progress: { registered: 1, expected: 2, complete: false },
    });
  });
});
