import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx, type Tx, type TxOptions } from '../../db/transaction.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { SessionUser } from '../auth/session-user.js';
import type { MailAttachment } from '../../adapters/mailer.js';
import {
  creditTooLargeMessage,
  documentTitle,
  INVOICE_MESSAGES,
  type CreditNoteRequest,
  type Invoice,
  type InvoiceListQuery,
  type InvoiceSummary,
} from '../../../../shared/contracts/invoices.js';
import { centsToDecimalText, centsToRand, divideRoundHalfUp, randToCents, sumCents } from '../../../../shared/domain/money.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { formatRandToCent } from '../../../../shared/format.js';
import { recordAudit } from '../audit/record-audit.js';
import { getBooking, lockBooking } from '../bookings/queries.js';
import { enqueueEmail } from '../email/email.service.js';
import { documentIssued } from '../email/email.templates.js';
import { buildFolio } from '../folio/folio.service.js';
import { getSettings, lodgeDetailsOf } from '../settings/settings.service.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import * as repo from './invoices.repo.js';

/**
 * Tax invoices and credit notes. An invoice covers the folio lines of a booking not yet on
 * one (never a voided line); a credit note takes back part or all of one invoice (a refund,
 * a voided charge, a correction). Numbers come from a counter row taken in the issuing
 * transaction (invoices.repo.ts), and every document is a snapshot that never changes (the
 * database refuses an UPDATE or DELETE of its rows). Each one is e-mailed to the guest with
 * its PDF, through the outbox, in the same transaction.
 */

type Actor = SessionUser | null;

const actorName = (actor: Actor) => (actor ? `${actor.firstName} ${actor.lastName}`.trim() || actor.username : null);

function toSummary(row: repo.InvoiceRow): InvoiceSummary {
  const totalCents = randToCents(row.total_amount);
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issueDate: row.issue_date,
    bookingId: row.booking_id,
    bookingReference: row.booking_reference,
    guestName: row.guest_name,
    net: Number(row.net_amount),
    vat: Number(row.vat_amount),
    total: Number(row.total_amount),
    creditedInvoiceNumber: row.credited_invoice_number,
    creditable: row.kind === 'invoice' ? centsToRand(totalCents - randToCents(row.credited_total)) : 0,
  };
}

function toInvoice(row: repo.InvoiceRow, lines: repo.InvoiceLineRow[]): Invoice {
  return {
    ...toSummary(row),
    title: documentTitle(row.kind, row.vat_registered),
    issuedAt: new Date(row.issued_at).toISOString(),
    lodge: {
      name: row.lodge_name,
      legalName: row.lodge_legal_name,
      address: row.lodge_address,
      vatNumber: row.lodge_vat_number,
      vatRegistered: row.vat_registered,
    },
    guest: { name: row.guest_name, email: row.guest_email, address: row.guest_address },
    lines: lines.map((l) => ({
      position: l.position,
      folioKey: l.folio_key,
      description: l.description,
      quantity: Number(l.quantity),
      unitAmount: Number(l.unit_amount),
      amount: Number(l.amount),
      vat: Number(l.vat_amount),
    })),
    creditedInvoiceId: row.credited_invoice_id,
    reason: row.reason,
    createdBy: row.created_by_name,
  };
}

async function loadInvoice(db: DbOrTx, id: string): Promise<Invoice> {
  const row = await repo.findInvoice(db, id);
  if (!row) throw new NotFoundError(INVOICE_MESSAGES.invoiceNotFound, 'not_found');
  return toInvoice(row, await repo.listInvoiceLines(db, id));
}

/** Queues the guest's e-mail with the document attached, in the issuing transaction. */
async function queueDocumentEmail(trx: Tx, invoice: Invoice): Promise<void> {
  // A guest without an e-mail address: the document is printed at the desk instead.
  if (!invoice.guest.email) return;
  const lodge = lodgeDetailsOf(await getSettings(trx));
  await enqueueEmail(trx, {
    to: invoice.guest.email,
    ...documentIssued({
      lodge,
      guestName: invoice.guest.name,
      kind: invoice.kind,
      title: invoice.title,
      number: invoice.number,
      bookingReference: invoice.bookingReference,
      totalCents: randToCents(invoice.total),
    }),
    bookingId: invoice.bookingId,
    dedupeKey: `document:${invoice.id}`,
    attachmentInvoiceId: invoice.id,
  });
}

/** The booking a document belongs to: an entire-lodge child's folio (and so its invoices) is its parent's. */
async function lockFolioBooking(trx: Tx, bookingId: string) {
  const booking = await lockBooking(trx, bookingId);
  if (!booking) throw new NotFoundError('Booking not found', 'not_found');
  if (!booking.parentBookingId) return booking;
  const parent = await lockBooking(trx, booking.parentBookingId);
  if (!parent) throw new NotFoundError('Booking not found', 'not_found');
  return parent;
}

/**
 * POST /api/admin/bookings/:id/invoices: a tax invoice for the folio lines not yet invoiced
 * (voided lines never). The booking's row lock keeps two issues for one booking from
 * covering the same lines; the unique index on (booking, folio key) would refuse it anyway.
 */
export async function issueInvoice(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, bookingId: string, opts: TxOptions = {}): Promise<Invoice> {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const booking = await lockFolioBooking(trx, bookingId);
    const folio = await buildFolio(trx, booking.id);
    const invoiced = await repo.documentedKeys(trx, booking.id);
    const lines = folio.lines.filter((line) => !line.voided && !invoiced.has(line.key));
    if (lines.length === 0) throw new ConflictError(INVOICE_MESSAGES.nothingToInvoice, 'nothing_to_invoice');

    const settings = await getSettings(trx);
    const totalCents = sumCents(lines.map((l) => randToCents(l.amount)));
    const vatCents = settings.vatRegistered ? sumCents(lines.map((l) => randToCents(l.vat))) : 0;
    return recordDocument(
      trx,
      actor,
      {
        booking_id: booking.id,
        kind: 'invoice',
        issue_date: todayInLodge(deps.clock.now()),
        booking_reference: booking.reference,
        lodge_name: settings.lodgeName,
        lodge_legal_name: settings.legalName,
        lodge_address: settings.physicalAddress ?? settings.address,
        lodge_vat_number: settings.vatRegistered ? settings.vatNumber : null,
        vat_registered: settings.vatRegistered,
        guest_name: booking.guestName,
        guest_email: booking.guestEmail,
        guest_address: await repo.guestAddress(trx, booking.guestId),
        net_amount: centsToDecimalText(totalCents - vatCents),
        vat_amount: centsToDecimalText(vatCents),
        total_amount: centsToDecimalText(totalCents),
        credited_invoice_id: null,
        reason: null,
      },
      lines.map((l) => ({
        folio_key: l.key,
        description: l.date && l.kind === 'extra' ? `${l.description} (${l.date})` : l.description,
        quantity: String(l.quantity),
        unit_amount: centsToDecimalText(randToCents(l.unitAmount)),
        amount: centsToDecimalText(randToCents(l.amount)),
        vat_amount: centsToDecimalText(settings.vatRegistered ? randToCents(l.vat) : 0),
      })),
      {
        action: 'invoice.issue',
        after: (invoice) => ({ invoiceId: invoice.id, number: invoice.number, total: invoice.total, vat: invoice.vat, lines: invoice.lines.map((l) => l.folioKey) }),
      },
    );
  });
}

/**
 * Records an issued document (its number taken in trx), queues its e-mail to the guest with
 * the PDF, and writes the audit entry: what issuing an invoice and a credit note share.
 */
async function recordDocument(
  trx: Tx,
  actor: Actor,
  header: Omit<repo.NewInvoice, 'created_by_user_id' | 'created_by_name'>,
  lines: readonly repo.NewInvoiceLine[],
  audit: { action: string; after: (document: Invoice) => Record<string, unknown>; note?: string },
): Promise<Invoice> {
  const id = await repo.insertInvoice(trx, { ...header, created_by_user_id: actor?.id ?? null, created_by_name: actorName(actor) }, lines);
  const document = await loadInvoice(trx, id);
  await queueDocumentEmail(trx, document);
  await recordAudit(trx, { actor, action: audit.action, entityType: 'booking', entityId: header.booking_id, after: audit.after(document), note: audit.note });
  return document;
}

interface CreditInput {
  amountCents: number;
  reason: string;
  /** A credit for one invoiced line (a voided charge): its own description and exact VAT. */
  line?: repo.InvoiceLineRow;
  /** The credit note line's words, when not "Voided: <the line>" or the reason. */
  description?: string;
  issueDate: string;
}

/** Issues a credit note against an invoice, in trx, whose booking the caller has locked. */
async function creditInvoice(trx: Tx, actor: Actor, row: repo.InvoiceRow, input: CreditInput): Promise<Invoice> {
  if (row.kind !== 'invoice') throw new ConflictError(INVOICE_MESSAGES.onlyInvoices, 'not_an_invoice');
  const totalCents = randToCents(row.total_amount);
  const invoiceVatCents = randToCents(row.vat_amount);
  const credits = (await repo.listInvoices(trx, { bookingId: row.booking_id })).filter((c) => c.credited_invoice_id === row.id);
  const leftCents = totalCents - sumCents(credits.map((c) => randToCents(c.total_amount)));
  const leftVatCents = invoiceVatCents - sumCents(credits.map((c) => randToCents(c.vat_amount)));
  if (input.amountCents > leftCents) {
    throw new ConflictError(creditTooLargeMessage(formatRandToCent(centsToRand(leftCents))), 'credit_too_large', {
      amount: creditTooLargeMessage(formatRandToCent(centsToRand(leftCents))),
    });
  }
  // The VAT taken back: a line's own, or the invoice's share of the amount (the rest of it
  // when the credit clears the invoice, so the credits' VAT adds up to the invoice's).
  const vatCents = input.line
    ? Math.min(randToCents(input.line.vat_amount), leftVatCents)
    : input.amountCents === leftCents
      ? leftVatCents
      : totalCents === 0
        ? 0
        : divideRoundHalfUp(input.amountCents * invoiceVatCents, totalCents);
  const settings = await getSettings(trx);
  const description = input.description ?? (input.line ? `Voided: ${input.line.description}` : `Credit against ${row.number}: ${input.reason}`);
  return recordDocument(
    trx,
    actor,
    {
      booking_id: row.booking_id,
      kind: 'credit_note',
      issue_date: input.issueDate,
      booking_reference: row.booking_reference,
      // The supplier as it is now; the recipient as the invoice named them.
      lodge_name: settings.lodgeName,
      lodge_legal_name: settings.legalName ?? row.lodge_legal_name,
      lodge_address: settings.physicalAddress ?? settings.address ?? row.lodge_address,
      lodge_vat_number: row.vat_registered ? (settings.vatNumber ?? row.lodge_vat_number) : null,
      vat_registered: row.vat_registered,
      guest_name: row.guest_name,
      guest_email: row.guest_email,
      guest_address: row.guest_address,
      net_amount: centsToDecimalText(input.amountCents - vatCents),
      vat_amount: centsToDecimalText(vatCents),
      total_amount: centsToDecimalText(input.amountCents),
      credited_invoice_id: row.id,
      reason: input.reason,
    },
    [
      {
        folio_key: input.line?.folio_key ?? null,
        description,
        quantity: '1',
        unit_amount: centsToDecimalText(input.amountCents),
        amount: centsToDecimalText(input.amountCents),
        vat_amount: centsToDecimalText(vatCents),
      },
    ],
    {
      action: 'invoice.credit_note',
      after: (note) => ({ creditNoteId: note.id, number: note.number, credits: row.number, total: note.total, vat: note.vat }),
      note: input.reason,
    },
  );
}

/** POST /api/admin/invoices/:id/credit-notes: a credit note for part or all of what is left of an invoice. */
export async function issueCreditNote(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  invoiceId: string,
  input: CreditNoteRequest,
  opts: TxOptions = {},
): Promise<Invoice> {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const found = await repo.findInvoice(trx, invoiceId);
    if (!found) throw new NotFoundError(INVOICE_MESSAGES.invoiceNotFound, 'not_found');
    await lockBooking(trx, found.booking_id);
    // Read again under the booking's lock: the credits so far are final now.
    const row = (await repo.findInvoice(trx, invoiceId))!;
    return creditInvoice(trx, actor, row, { amountCents: randToCents(input.amount), reason: input.reason, issueDate: todayInLodge(deps.clock.now()) });
  });
}

/**
 * A charge voided after it was invoiced: a credit note for that line, in the voiding
 * transaction (the caller holds the booking's lock). Null when the charge was never invoiced
 * (or its invoice is fully credited already).
 */
export async function creditVoidedCharge(
  trx: Tx,
  bookingId: string,
  chargeKey: string,
  reason: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<Invoice | null> {
  const booking = await getBooking(trx, bookingId);
  const folioBookingId = booking?.parentBookingId ?? bookingId;
  const line = await repo.findInvoicedLine(trx, folioBookingId, chargeKey);
  if (!line) return null;
  const row = (await repo.findInvoice(trx, line.invoice_id))!;
  const leftCents = randToCents(row.total_amount) - randToCents(row.credited_total);
  const amountCents = Math.min(randToCents(line.amount), leftCents);
  if (amountCents <= 0) return null;
  return creditInvoice(trx, actor, row, { amountCents, reason, line, issueDate: todayInLodge(now) });
}

/**
 * An early departure's credit for nights already invoiced (docs/design.md, The desk's day:
 * early departures): the invoice covering the stay ('accommodation') is not changed; a credit
 * note against it takes back the folio's credit line, its amount and its VAT, and records that
 * line's key, so no later invoice takes the line again. In the release's transaction (the
 * caller holds the booking's lock). Null when the stay is on no invoice yet (the credit line
 * then goes on the next invoice, as a line of its own) or its invoice has nothing left.
 */
export async function creditReleasedNights(
  trx: Tx,
  actor: Actor,
  bookingId: string,
  credit: { folioKey: string; description: string; amountCents: number; vatCents: number; reason: string },
  now: Date,
): Promise<Invoice | null> {
  const stay = await repo.findInvoicedLine(trx, bookingId, 'accommodation');
  if (!stay) return null;
  const row = (await repo.findInvoice(trx, stay.invoice_id))!;
  const leftCents = randToCents(row.total_amount) - randToCents(row.credited_total);
  const amountCents = Math.min(credit.amountCents, leftCents);
  if (amountCents <= 0) return null;
  const line: repo.InvoiceLineRow = {
    invoice_id: row.id,
    position: 0,
    folio_key: credit.folioKey,
    description: credit.description,
    quantity: '1',
    unit_amount: centsToDecimalText(amountCents),
    amount: centsToDecimalText(amountCents),
    vat_amount: centsToDecimalText(credit.vatCents),
  };
  return creditInvoice(trx, actor, row, { amountCents, reason: credit.reason, line, description: credit.description, issueDate: todayInLodge(now) });
}

/**
 * A refund recorded after the booking was invoiced: credit notes for the refunded amount,
 * newest invoice first, each for at most what is left of it (money refunded beyond what was
 * invoiced, e.g. a deposit, needs none). In the refund's transaction, under its booking lock.
 */
export async function creditRefund(
  trx: Tx,
  actor: Actor,
  bookingId: string,
  amountCents: number,
  reason: string | null,
  now: Date,
): Promise<Invoice[]> {
  const booking = await getBooking(trx, bookingId);
  const folioBookingId = booking?.parentBookingId ?? bookingId;
  await lockBooking(trx, folioBookingId);
  const invoices = (await repo.listInvoices(trx, { bookingId: folioBookingId })).filter((r) => r.kind === 'invoice').reverse();
  const notes: Invoice[] = [];
  let rest = amountCents;
  for (const row of invoices) {
    if (rest <= 0) break;
    const left = randToCents(row.total_amount) - randToCents(row.credited_total);
    const amount = Math.min(rest, left);
    if (amount <= 0) continue;
    notes.push(await creditInvoice(trx, actor, row, { amountCents: amount, reason: reason ? `Refund: ${reason}` : 'Refund', issueDate: todayInLodge(now) }));
    rest -= amount;
  }
  return notes;
}

export async function getInvoice(db: DbOrTx, id: string): Promise<Invoice> {
  return loadInvoice(db, id);
}

export async function listInvoices(db: DbOrTx, query: InvoiceListQuery): Promise<InvoiceSummary[]> {
  return (await repo.listInvoices(db, query)).map(toSummary);
}

/** The document as a PDF, and the file name it is downloaded or attached as. */
export async function invoicePdf(db: DbOrTx, id: string): Promise<{ filename: string; pdf: Buffer }> {
  const invoice = await loadInvoice(db, id);
  return { filename: `${invoice.number}.pdf`, pdf: await renderInvoicePdf(invoice) };
}

/** The outbox's attachments for a message naming a document. */
export async function documentAttachments(deps: Pick<Deps, 'db'>, invoiceId: string): Promise<MailAttachment[]> {
  const { filename, pdf } = await invoicePdf(deps.db, invoiceId);
  return [{ filename, content: pdf, contentType: 'application/pdf' }];
}

export async function bookingHasInvoices(db: DbOrTx, bookingId: string): Promise<boolean> {
  return repo.bookingHasInvoices(db, bookingId);
}

const CSV_HEADER = ['Number', 'Kind', 'Date', 'Booking reference', 'Guest', 'Net', 'VAT', 'Total', 'Credits invoice'];

/**
 * One CSV field: quoted when it holds a comma, quote or line break (quotes doubled), and a
 * leading = + - @ made inert so a spreadsheet never runs a guest's name as a formula.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * GET /api/admin/invoices.csv: the accountant's export. Amounts are plain decimals, net and
 * VAT separate; a credit note's amounts are negative, so each column adds up to the period's
 * net sales.
 */
export async function invoicesCsv(db: DbOrTx, query: InvoiceListQuery): Promise<string> {
  const rows = await listInvoices(db, query);
  const lines = rows.map((r) => {
    const sign = r.kind === 'credit_note' ? -1 : 1;
    const money = (v: number) => centsToDecimalText(sign * randToCents(v));
    return [
      r.number,
      r.kind === 'invoice' ? 'Invoice' : 'Credit note',
      r.issueDate,
      r.bookingReference,
      r.guestName,
      money(r.net),
      money(r.vat),
      money(r.total),
      r.creditedInvoiceNumber ?? '',
    ]
      .map(csvField)
      .join(',');
  });
  return [CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}
