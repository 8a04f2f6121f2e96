import { z } from 'zod';
import { endNotBeforeStart, money, optionalIsoDate, optionalUuid, plainString } from './common.js';

/**
 * Tax invoices and credit notes (VAT Act section 20). Money is rand with 2 decimals; every
 * amount on a document is VAT-inclusive unless it says net. Credit notes carry positive
 * amounts: the kind says they are taken back.
 */

export const INVOICE_MESSAGES = {
  nothingToInvoice: 'Nothing to invoice',
  invoiceNotFound: 'Invoice not found',
  onlyInvoices: 'Only an invoice can be credited',
  creditAmount: 'Amount must be more than 0',
  reasonRequired: 'A reason is required',
  bookingHasInvoices: 'This booking has invoices and cannot be deleted; cancel it instead',
} as const;

/** The message when a credit note asks for more than is left of the invoice. */
export function creditTooLargeMessage(left: string): string {
  return `Only ${left} of this invoice is left to credit`;
}

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export const InvoiceKind = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

/** The heading a document prints: section 20 asks for the words "Tax Invoice" when the lodge is a VAT vendor. */
export function documentTitle(kind: InvoiceKind, vatRegistered: boolean): string {
  if (kind === 'credit_note') return vatRegistered ? 'Tax Credit Note' : 'Credit Note';
  return vatRegistered ? 'Tax Invoice' : 'Invoice';
}

export const InvoiceLine = z.object({
  position: z.number().int(),
  /** The folio line it covers ('charge:<id>', 'accommodation', ...); null for a credit by amount. */
  folioKey: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitAmount: z.number(),
  /** VAT included. */
  amount: z.number(),
  vat: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** A row of the Invoices page and of a booking's invoices. */
export const InvoiceSummary = z.object({
  id: z.string(),
  kind: InvoiceKind,
  number: z.string(),
  issueDate: z.string(),
  bookingId: z.string(),
  bookingReference: z.string(),
  guestName: z.string(),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
  /** A credit note: the invoice it credits. */
  creditedInvoiceNumber: z.string().nullable(),
  /** An invoice: what is left to credit (total less its credit notes); a credit note: 0. */
  creditable: z.number(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** GET /api/admin/invoices/:id: everything the document shows. */
export const Invoice = InvoiceSummary.extend({
  title: z.string(),
  issuedAt: z.string(),
  lodge: z.object({
    name: z.string(),
    legalName: z.string().nullable(),
    address: z.string().nullable(),
    vatNumber: z.string().nullable(),
    vatRegistered: z.boolean(),
  }),
  /** email null: a walk-in or phone guest without an address (the document is not e-mailed). */
  guest: z.object({ name: z.string(), email: z.string().nullable(), address: z.string().nullable() }),
  lines: z.array(InvoiceLine),
  creditedInvoiceId: z.string().nullable(),
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET /api/admin/invoices and /api/admin/invoices.csv: by issue date (inclusive), or one booking's. */
export const InvoiceListQuery = z
  .object({
    from: optionalIsoDate(),
    to: optionalIsoDate(),
    bookingId: optionalUuid(),
  })
  .superRefine(endNotBeforeStart('from', 'to', 'To must be on or after From'));
export type InvoiceListQuery = z.output<typeof InvoiceListQuery>;

/** POST /api/admin/invoices/:id/credit-notes */
export const CreditNoteRequest = z
  .object({
    amount: money({ invalid: INVOICE_MESSAGES.creditAmount }).refine((v) => v > 0, INVOICE_MESSAGES.creditAmount),
    reason: plainString({ error: INVOICE_MESSAGES.reasonRequired })
      .trim()
      .min(1, INVOICE_MESSAGES.reasonRequired)
      .max(500, 'Reason must be at most 500 characters'),
  })
  .strict();
export type CreditNoteRequest = z.output<typeof CreditNoteRequest>;
export type CreditNoteRequestInput = z.input<typeof CreditNoteRequest>;
