import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { createTypeWithUnits, guestData, stay } from '../bookings/test-fixtures.js';
import { buildFolio } from '../folio/folio.service.js';
import { Folio } from '../../../../shared/contracts/folio.js';
import { sendDueEmails } from '../email/email.service.js';
import type { Mailer, OutgoingMail } from '../../adapters/mailer.js';
import { vatInInclusiveCents } from '../../../../shared/domain/vat.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { formatRandToCent } from '../../../../shared/format.js';
import type { Invoice } from '../../../../shared/contracts/invoices.js';
import { creditVoidedCharge, issueInvoice } from './invoices.service.js';

/**
 * Tax invoices and credit notes as the back office and the guest see them: numbering
 * without gaps under concurrency and rollback, documents that never change, what an invoice
 * covers, credit notes (by hand, for a refund, for a voided charge), the PDF's text, the
 * accountant's CSV and the e-mail with the PDF attached.
 */
let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let unitIds: string[];
let extraId: string;

const VAT_NUMBER = '4123456789';
const LEGAL_NAME = 'Leadwood Koppie (Pty) Ltd';
const ADDRESS = 'Farm Leadwood 12\nHoedspruit, 1380';

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
  const res = await manager.put('/api/admin/settings', { legalName: LEGAL_NAME, physicalAddress: ADDRESS, vatRegistered: true, vatNumber: VAT_NUMBER });
  expect(res.status, res.text).toBe(200);
  ({ unitIds } = await createTypeWithUnits(t.db, { units: 30 }));
  const [extra] = await t.db('extras').insert({ name: 'Morning game drive', price: '450.00', child_price: '225.00', pricing: 'per_person' }).returning('id');
  extraId = extra.id;
});
afterAll(async () => {
  await t?.close();
});

let bookingNo = 0;
/** A booking paid in cash at the desk: R2,300 for two nights on its own unit. */
async function paidBooking(guest: Record<string, unknown> = {}): Promise<string> {
  const n = bookingNo++;
  const dates = stay(t.clock.now(), 20 + 3 * Math.floor(n / unitIds.length), 2);
  const res = await manager.post('/api/admin/bookings', {
    unitId: unitIds[n % unitIds.length],
    checkInDate: `${dates.checkIn}T14:00`,
    checkOutDate: `${dates.checkOut}T10:00`,
    totalAmount: 2300,
    paymentMethod: 'cash',
    paymentStatus: 'paid',
    guestData: { ...guestData(randomUUID().slice(0, 8)), ...guest },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** Posts a charge the way the folio does (two adults on a game drive: R900, VAT-inclusive). */
async function postCharge(bookingId: string, opts: { voided?: boolean } = {}): Promise<string> {
  const [row] = await t.db('folio_charges')
    .insert({
      booking_id: bookingId,
      extra_id: extraId,
      description: 'Morning game drive',
      pricing: 'per_person',
      unit_price: '450.00',
      child_unit_price: '225.00',
      quantity: 1,
      adults: 2,
      amount: '900.00',
      vat_inclusive: true,
      charge_date: stay(t.clock.now(), 21, 1).checkIn,
      ...(opts.voided ? { voided_at: new Date(), void_reason: 'Posted twice' } : {}),
    })
    .returning('id');
  return row.id;
}

const issue = (bookingId: string, as: TestClient = manager) => as.post<Invoice>(`/api/admin/bookings/${bookingId}/invoices`);
const seq = (number: string) => Number(number.split('-')[1]);
const vat15 = (rand: number) => centsToRand(vatInInclusiveCents(randToCents(rand), 15));

async function pdfOf(id: string, as: TestClient = manager): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${t.url}/api/admin/invoices/${id}/pdf`, { headers: { Cookie: as.cookieHeader() } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}
const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

describe('tax settings', () => {
  it('refuses a VAT number that is not 10 digits starting with 4, naming vatNumber, and keeps the stored one', async () => {
    const res = await manager.put('/api/admin/settings', { vatNumber: '5123456789' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ vatNumber: 'VAT number must be 10 digits starting with 4' });
    expect((await manager.get('/api/admin/settings')).body).toMatchObject({ vatRegistered: true, vatNumber: VAT_NUMBER, legalName: LEGAL_NAME, physicalAddress: ADDRESS });
  });

  it('refuses clearing the VAT number of a VAT-registered lodge, naming vatNumber', async () => {
    const res = await manager.put('/api/admin/settings', { vatNumber: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ vatNumber: 'A VAT number is required when the lodge is VAT-registered' });
  });

  it('takes a tourism levy of 0 to 5 percent with 2 decimals, and refuses more', async () => {
    const bad = await manager.put('/api/admin/settings', { tourismLevyPercent: 5.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('tourismLevyPercent');
    const ok = await manager.put('/api/admin/settings', { tourismLevyPercent: '1.25' });
    expect(ok.status).toBe(200);
    expect(ok.body.tourismLevyPercent).toBe(1.25);
    expect((await manager.put('/api/admin/settings', { tourismLevyPercent: 0 })).body.tourismLevyPercent).toBe(0);
  });

  it('a receptionist may not change them', async () => {
    expect((await receptionist.put('/api/admin/settings', { vatRegistered: false })).status).toBe(403);
  });
});

describe('issuing an invoice', () => {
  it('covers every folio line not voided, with VAT of 15/115 per line rounded to the cent, and queues the e-mail with its PDF', async () => {
    const bookingId = await paidBooking({ address: '7 Marula Street\nPhalaborwa' });
    const chargeId = await postCharge(bookingId);
    await postCharge(bookingId, { voided: true });
    const folio = await buildFolio(t.db, bookingId);
    const expected = folio.lines.filter((l) => !l.voided);

    const res = await issue(bookingId);
    expect(res.status, res.text).toBe(201);
    const invoice = res.body;
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      title: 'Tax Invoice',
      bookingId,
      lodge: { legalName: LEGAL_NAME, address: ADDRESS, vatNumber: VAT_NUMBER, vatRegistered: true },
      guest: { address: '7 Marula Street\nPhalaborwa' },
      creditedInvoiceNumber: null,
    });
    expect(invoice.lines.map((l) => l.folioKey)).toEqual(expected.map((l) => l.key));
    expect(invoice.lines.map((l) => l.folioKey)).toContain(`charge:${chargeId}`);
    const drive = invoice.lines.find((l) => l.folioKey === `charge:${chargeId}`)!;
    expect(drive).toMatchObject({ amount: 900, vat: 117.39 });
    // Every line's VAT is its own amount x 15/115, rounded to the cent; the invoice's is their sum.
    for (const line of invoice.lines) expect(line.vat).toBe(vat15(line.amount));
    const totalCents = invoice.lines.reduce((s, l) => s + randToCents(l.amount), 0);
    const vatCents = invoice.lines.reduce((s, l) => s + randToCents(l.vat), 0);
    expect(invoice.total).toBe(centsToRand(totalCents));
    expect(invoice.total).toBe(folio.totals.charges);
    expect(invoice.vat).toBe(centsToRand(vatCents));
    expect(invoice.net).toBe(centsToRand(totalCents - vatCents));
    // The accommodation (R2,300) and the drive (R900): 300.00 + 117.39.
    expect(invoice.total).toBe(3200);
    expect(invoice.vat).toBe(417.39);

    const mail = await t.db('email_outbox').where({ booking_id: bookingId, template: 'invoice-issued' });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ attachment_invoice_id: invoice.id, subject: `Tax Invoice ${invoice.number} for booking ${invoice.bookingReference}` });
  });

  it('a second issue finds nothing new (409 Nothing to invoice); a later charge goes on the next invoice alone', async () => {
    const bookingId = await paidBooking();
    const first = await issue(bookingId);
    expect(first.status).toBe(201);
    const again = await issue(bookingId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Nothing to invoice' });

    const chargeId = await postCharge(bookingId);
    const second = await issue(bookingId);
    expect(second.status).toBe(201);
    expect(second.body.lines.map((l) => l.folioKey)).toEqual([`charge:${chargeId}`]);
    expect(second.body).toMatchObject({ total: 900, vat: 117.39, net: 782.61 });
    expect(seq(second.body.number)).toBeGreaterThan(seq(first.body.number));
  });

  it("the folio names the invoice that covers each line, and none on a line posted after it", async () => {
    const bookingId = await paidBooking();
    const first = await issue(bookingId);
    expect(first.status).toBe(201);
    const later = await postCharge(bookingId);

    const res = await manager.get(`/api/admin/bookings/${bookingId}/folio`);
    expect(res.status).toBe(200);
    const folio = Folio.parse(res.body);
    const numbers = Object.fromEntries(folio.lines.map((l) => [l.key, l.invoiceNumber]));
    const expected = Object.fromEntries(first.body.lines.map((l) => [l.folioKey, first.body.number]));
    expect(numbers).toEqual({ ...expected, [`charge:${later}`]: null });

    const second = await issue(bookingId);
    const after = Folio.parse((await manager.get(`/api/admin/bookings/${bookingId}/folio`)).body);
    expect(after.lines.find((l) => l.key === `charge:${later}`)?.invoiceNumber).toBe(second.body.number);
  });

  it('a lodge that is not VAT-registered issues an "Invoice" without VAT', async () => {
    await manager.put('/api/admin/settings', { vatRegistered: false });
    try {
      const bookingId = await paidBooking();
      const res = await issue(bookingId);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'Invoice', vat: 0, net: 2300, total: 2300, lodge: { vatNumber: null, vatRegistered: false } });
      const text = await pdfText((await pdfOf(res.body.id)).bytes);
      expect(text).toContain('Invoice');
      expect(text).not.toContain('Tax Invoice');
      expect(text).not.toContain(VAT_NUMBER);
    } finally {
      await manager.put('/api/admin/settings', { vatRegistered: true });
    }
  });

  it('404 for an unknown booking; a receptionist gets 403 on every invoice route, and nothing is issued', async () => {
    expect((await issue(randomUUID())).status).toBe(404);
    const bookingId = await paidBooking();
    expect((await issue(bookingId, receptionist)).status).toBe(403);
    expect((await receptionist.get('/api/admin/invoices')).status).toBe(403);
    expect((await receptionist.get('/api/admin/invoices.csv')).status).toBe(403);
    const issued = await issue(bookingId);
    expect((await receptionist.get(`/api/admin/invoices/${issued.body.id}`)).status).toBe(403);
    expect((await pdfOf(issued.body.id, receptionist)).status).toBe(403);
    expect((await receptionist.post(`/api/admin/invoices/${issued.body.id}/credit-notes`, { amount: 10, reason: 'x' })).status).toBe(403);
    expect(await t.db('invoices').where({ booking_id: bookingId })).toHaveLength(1);
  });

  it('a booking with an invoice cannot be deleted (409)', async () => {
    const bookingId = await paidBooking();
    await issue(bookingId);
    const res = await manager.delete(`/api/admin/bookings/${bookingId}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This booking has invoices and cannot be deleted; cancel it instead');
  });
});

describe('numbering', () => {
  it('20 concurrent issues on 20 bookings get 20 consecutive numbers: no gap, no duplicate', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await paidBooking());
    const last = await t.db('document_counters').where({ series: 'invoice' }).first();
    const results = await Promise.all(ids.map((id) => issue(id)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => seq(r.body.number)).sort((a, b) => a - b);
    const n = last.last_number + 1;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => n + i));
  });

  it('an issue rolled back leaves no gap: the next invoice takes the number it would have had', async () => {
    const [a, b] = [await paidBooking(), await paidBooking()];
    const before = (await t.db('document_counters').where({ series: 'invoice' }).first()).last_number;
    let taken = '';
    await expect(
      t.db.transaction(async (trx) => {
        taken = (await issueInvoice(t.deps, null, a, { trx })).number;
        throw new Error('forced rollback');
      }),
    ).rejects.toThrow('forced rollback');
    expect(seq(taken)).toBe(before + 1);
    expect(await t.db('invoices').where({ booking_id: a })).toHaveLength(0);
    const next = await issue(b);
    expect(next.body.number).toBe(taken);
  });
});

describe('an issued document never changes', () => {
  it('the database refuses UPDATE and DELETE of an invoice and of its lines', async () => {
    const bookingId = await paidBooking();
    const { body } = await issue(bookingId);
    const refused = /never changes/;
    await expect(t.db('invoices').where({ id: body.id }).update({ total_amount: '1.00' })).rejects.toThrow(refused);
    await expect(t.db('invoices').where({ id: body.id }).delete()).rejects.toThrow(refused);
    await expect(t.db('invoice_lines').where({ invoice_id: body.id }).update({ description: 'Changed' })).rejects.toThrow(refused);
    await expect(t.db('invoice_lines').where({ invoice_id: body.id }).delete()).rejects.toThrow(refused);
    expect((await manager.get(`/api/admin/invoices/${body.id}`)).body).toEqual(body);
  });

  it('a folio line is never on two invoices of its booking (the unique index, whatever the code does)', async () => {
    const bookingId = await paidBooking();
    const { body } = await issue(bookingId);
    const again = t.db.transaction(async (trx) => {
      const [row] = await trx('invoices')
        .insert({ ...(await trx('invoices').where({ id: body.id }).first()), id: randomUUID(), sequence: 999_999_0, number: 'INV-9999990' })
        .returning('id');
      await trx('invoice_lines').insert({ invoice_id: row.id, booking_id: bookingId, kind: 'invoice', position: 1, folio_key: body.lines[0].folioKey, description: 'Again', quantity: 1, unit_amount: 1, amount: 1, vat_amount: 0 });
    });
    await expect(again).rejects.toThrow(/invoice_lines_folio_key_once/);
  });
});

describe('credit notes', () => {
  it('credit an invoice in parts up to its total, in their own series; more is 409, a credit note cannot be credited', async () => {
    const bookingId = await paidBooking();
    const { body: invoice } = await issue(bookingId);
    const credit = (id: string, amount: unknown, reason = 'Goodwill') => manager.post(`/api/admin/invoices/${id}/credit-notes`, { amount, reason });

    const zero = await credit(invoice.id, 0);
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toHaveProperty('amount');
    const noReason = await manager.post(`/api/admin/invoices/${invoice.id}/credit-notes`, { amount: 10 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: 'A reason is required' });
    const tooMuch = await credit(invoice.id, 2300.01);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('Only R2,300.00 of this invoice is left to credit');

    const first = await credit(invoice.id, 115);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ kind: 'credit_note', title: 'Tax Credit Note', total: 115, vat: 15, net: 100, creditedInvoiceNumber: invoice.number, reason: 'Goodwill' });
    expect(first.body.number).toMatch(/^CN-\d{6}$/);
    const rest = await credit(invoice.id, 2185);
    expect(rest.status).toBe(201);
    expect(seq(rest.body.number)).toBe(seq(first.body.number) + 1);
    // The credits' VAT adds up to the invoice's exactly.
    expect(randToCents(first.body.vat) + randToCents(rest.body.vat)).toBe(randToCents(invoice.vat));
    expect((await credit(invoice.id, 0.01)).status).toBe(409);
    expect((await credit(first.body.id, 1)).status).toBe(409);
    expect((await credit(randomUUID(), 1)).status).toBe(404);

    const listed = await manager.get(`/api/admin/invoices?bookingId=${bookingId}`);
    expect(listed.body.map((r: Invoice) => [r.number, r.creditable])).toEqual([
      [invoice.number, 0],
      [first.body.number, 0],
      [rest.body.number, 0],
    ]);
  });

  it('a refund after invoicing issues a credit note for the refunded amount, e-mailed with its PDF', async () => {
    const bookingId = await paidBooking();
    const { body: invoice } = await issue(bookingId);
    const refund = await manager.post('/api/admin/payments/refund', { bookingId, amount: 500, reason: 'Drive cancelled' });
    expect(refund.status, refund.text).toBe(200);
    const notes = (await manager.get(`/api/admin/invoices?bookingId=${bookingId}`)).body.filter((r: Invoice) => r.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ total: 500, vat: vat15(500), creditedInvoiceNumber: invoice.number });
    const note = (await manager.get(`/api/admin/invoices/${notes[0].id}`)).body;
    expect(note.reason).toBe('Refund: Drive cancelled');
    expect(await t.db('email_outbox').where({ booking_id: bookingId, template: 'credit-note-issued', attachment_invoice_id: note.id })).toHaveLength(1);
  });

  it('a refund before any invoice issues no credit note', async () => {
    const bookingId = await paidBooking();
    expect((await manager.post('/api/admin/payments/refund', { bookingId, amount: 100 })).status).toBe(200);
    expect(await t.db('invoices').where({ booking_id: bookingId })).toHaveLength(0);
  });

  it('a charge voided after invoicing is credited for that line exactly; one never invoiced is not', async () => {
    const bookingId = await paidBooking();
    const chargeId = await postCharge(bookingId);
    const { body: invoice } = await issue(bookingId);
    const later = await postCharge(bookingId);
    const manager_ = await t.db('users').where({ username: 'manager' }).first();
    const actor = { id: manager_.id, username: 'manager', firstName: manager_.first_name, lastName: manager_.last_name, email: manager_.email, role: 'Manager' as const };

    const note = await t.db.transaction(async (trx) => {
      await trx('folio_charges').where({ id: chargeId }).update({ voided_at: new Date(), void_reason: 'Guest did not go' });
      return creditVoidedCharge(trx, bookingId, `charge:${chargeId}`, 'Guest did not go', actor, t.clock.now());
    });
    expect(note).toMatchObject({ kind: 'credit_note', total: 900, vat: 117.39, creditedInvoiceNumber: invoice.number, reason: 'Guest did not go' });
    expect(note!.lines).toEqual([
      { position: 1, folioKey: `charge:${chargeId}`, description: `Voided: ${invoice.lines.find((l) => l.folioKey === `charge:${chargeId}`)!.description}`, quantity: 1, unitAmount: 900, amount: 900, vat: 117.39 },
    ]);
    const none = await t.db.transaction((trx) => creditVoidedCharge(trx, bookingId, `charge:${later}`, 'Not invoiced', actor, t.clock.now()));
    expect(none).toBeNull();
  });
});

describe('voiding an invoiced charge at the desk', () => {
  it('POST .../folio/charges/:id/void issues the credit note for that line; voiding one never invoiced issues none', async () => {
    const bookingId = await paidBooking();
    const chargeId = await postCharge(bookingId);
    const { body: invoice } = await issue(bookingId);
    const line = invoice.lines.find((l) => l.folioKey === `charge:${chargeId}`)!;
    const later = await postCharge(bookingId);

    const voided = await manager.post(`/api/admin/bookings/${bookingId}/folio/charges/${chargeId}/void`, { reason: 'Drive cancelled: rain' });
    expect(voided.status, voided.text).toBe(200);
    const notes = (await manager.get(`/api/admin/invoices?bookingId=${bookingId}`)).body.filter((d: { kind: string }) => d.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    const note = (await manager.get(`/api/admin/invoices/${notes[0].id}`)).body;
    expect(note).toMatchObject({ kind: 'credit_note', total: line.amount, vat: line.vat, creditedInvoiceNumber: invoice.number, reason: 'Drive cancelled: rain' });

    expect((await manager.post(`/api/admin/bookings/${bookingId}/folio/charges/${later}/void`, { reason: 'Posted twice' })).status).toBe(200);
    expect(await t.db('invoices').where({ booking_id: bookingId, kind: 'credit_note' })).toHaveLength(1);
  });
});

describe('the documents', () => {
  it('the PDF (application/pdf) reads "Tax Invoice", the VAT number, the number, each line and the totals', async () => {
    const bookingId = await paidBooking({ firstName: 'Nomsa', lastName: 'Dlamini', address: '3 Baobab Lane, Tzaneen' });
    await postCharge(bookingId);
    const { body: invoice } = await issue(bookingId);
    const pdf = await pdfOf(invoice.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // A long description wraps onto a second line: compare with the spaces and breaks folded.
    const fold = (v: string) => v.replace(/\s+/g, ' ');
    const text = fold(await pdfText(pdf.bytes));
    for (const expected of [
      'Tax Invoice',
      LEGAL_NAME,
      `VAT number: ${VAT_NUMBER}`,
      invoice.number,
      invoice.bookingReference,
      'Nomsa Dlamini',
      '3 Baobab Lane, Tzaneen',
      ...invoice.lines.map((l) => l.description),
      ...invoice.lines.map((l) => formatRandToCent(l.amount)),
      'Total excluding VAT',
      formatRandToCent(invoice.net),
      formatRandToCent(invoice.vat),
      formatRandToCent(invoice.total),
    ]) {
      expect(text).toContain(fold(expected));
    }
    expect(formatRandToCent(invoice.total)).toBe('R3,200.00');
  });

  it('lists by issue date and exports the CSV with quoting; a credit note has negative amounts', async () => {
    const bookingId = await paidBooking({ firstName: 'Jan "Bokkie"', lastName: 'van Wyk, Jr' });
    const { body: invoice } = await issue(bookingId);
    const note = await manager.post(`/api/admin/invoices/${invoice.id}/credit-notes`, { amount: 230, reason: 'Late check-in' });
    const today = invoice.issueDate;
    const list = await manager.get(`/api/admin/invoices?from=${today}&to=${today}`);
    expect(list.status).toBe(200);
    expect(list.body.map((r: Invoice) => r.number)).toEqual(expect.arrayContaining([invoice.number, note.body.number]));
    expect((await manager.get('/api/admin/invoices?from=2000-01-01&to=2000-01-31')).body).toEqual([]);

    const csv = await manager.get(`/api/admin/invoices.csv?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('Number,Kind,Date,Booking reference,Guest,Net,VAT,Total,Credits invoice');
    expect(lines).toContain(`${invoice.number},Invoice,${today},${invoice.bookingReference},"Jan ""Bokkie"" van Wyk, Jr",2000.00,300.00,2300.00,`);
    expect(lines).toContain(`${note.body.number},Credit note,${today},${invoice.bookingReference},"Jan ""Bokkie"" van Wyk, Jr",-200.00,-30.00,-230.00,${invoice.number}`);
  });

  it('the outbox sends the invoice with its PDF attached', async () => {
    const bookingId = await paidBooking();
    const { body: invoice } = await issue(bookingId);
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { mode: 'file', send: async (m) => (sent.push(m), { messageId: m.messageId ?? '' }), close: () => {} };
    const { documentAttachments } = await import('./invoices.service.js');
    await sendDueEmails(t.deps, mailer, { maxBatches: 100, attachments: (email) => documentAttachments(t.deps, email.attachmentInvoiceId!) });
    const mail = sent.find((m) => m.subject.includes(invoice.number))!;
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: 'application/pdf' });
    expect(await pdfText(mail.attachments![0].content)).toContain(invoice.number);
  });
});
