import PDFDocument from 'pdfkit';
import type { Invoice } from '../../../../shared/contracts/invoices.js';
import { formatRandToCent, formatStayDate } from '../../../../shared/format.js';

/**
 * An invoice or credit note as an A4 PDF (pdfkit, its built-in Helvetica). What VAT Act
 * section 20 asks of a full tax invoice, top to bottom: the words "Tax Invoice", the lodge's
 * legal name, address and VAT number, the guest's name and address, the number and date,
 * each line's description, quantity and value, the VAT and the total, in rand.
 */
const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const CONTENT = PAGE_WIDTH - MARGIN * 2;
const INK = '#1f2a24';
const MUTED = '#5b6660';
const RULE = '#c9cfc9';

/** Table columns: x and width (the money columns right-aligned). */
const COLUMNS = {
  description: { x: MARGIN, width: 235 },
  quantity: { x: MARGIN + 240, width: 40 },
  unit: { x: MARGIN + 285, width: 70 },
  vat: { x: MARGIN + 360, width: 60 },
  amount: { x: MARGIN + 425, width: CONTENT - 425 },
} as const;

const quantityText = (q: number) => (Number.isInteger(q) ? String(q) : q.toFixed(2));

export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${invoice.title} ${invoice.number}`, Author: invoice.lodge.legalName ?? invoice.lodge.name, Subject: `Booking ${invoice.bookingReference}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Heading: the title on the left, the lodge (supplier) on the right.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(invoice.title, MARGIN, MARGIN, { width: CONTENT / 2 });
  const lodgeLines = [
    invoice.lodge.address ?? '',
    invoice.lodge.vatNumber ? `VAT number: ${invoice.lodge.vatNumber}` : '',
  ].filter(Boolean);
  doc.font('Helvetica-Bold').fontSize(11).text(invoice.lodge.legalName ?? invoice.lodge.name, MARGIN + CONTENT / 2, MARGIN, { width: CONTENT / 2, align: 'right' });
  if (invoice.lodge.legalName && invoice.lodge.legalName !== invoice.lodge.name) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`Trading as ${invoice.lodge.name}`, { width: CONTENT / 2, align: 'right' });
  }
  doc.font('Helvetica').fontSize(9).fillColor(INK).text(lodgeLines.join('\n'), { width: CONTENT / 2, align: 'right' });

  let y = Math.max(doc.y, MARGIN + 40) + 24;

  // Recipient on the left, the document's particulars on the right.
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(invoice.kind === 'credit_note' ? 'CREDITED TO' : 'BILL TO', MARGIN, y);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(invoice.guest.name, MARGIN, doc.y + 2, { width: CONTENT / 2 - 10 });
  doc.font('Helvetica').fontSize(9).text([invoice.guest.address, invoice.guest.email].filter(Boolean).join('\n'), { width: CONTENT / 2 - 10 });
  const leftBottom = doc.y;

  const particulars: [string, string][] = [
    [invoice.kind === 'credit_note' ? 'Credit note number' : 'Invoice number', invoice.number],
    ['Date', formatStayDate(invoice.issueDate)],
    ['Booking reference', invoice.bookingReference],
  ];
  if (invoice.creditedInvoiceNumber) particulars.push(['Credits invoice', invoice.creditedInvoiceNumber]);
  let py = y;
  for (const [label, value] of particulars) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, MARGIN + CONTENT / 2, py, { width: 110 });
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(value, MARGIN + CONTENT / 2 + 110, py, { width: CONTENT / 2 - 110, align: 'right' });
    py += 15;
  }
  y = Math.max(leftBottom, py) + 12;
  if (invoice.reason) {
    doc.font('Helvetica').fontSize(9).fillColor(INK).text(`Reason: ${invoice.reason}`, MARGIN, y, { width: CONTENT });
    y = doc.y + 12;
  }

  // The lines.
  const header = (top: number) => {
    doc.rect(MARGIN, top, CONTENT, 20).fill('#eef1ec');
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(9);
    doc.text('Description', COLUMNS.description.x + 4, top + 6, { width: COLUMNS.description.width - 4 });
    doc.text('Qty', COLUMNS.quantity.x, top + 6, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text('Unit price', COLUMNS.unit.x, top + 6, { width: COLUMNS.unit.width, align: 'right' });
    doc.text('VAT', COLUMNS.vat.x, top + 6, { width: COLUMNS.vat.width, align: 'right' });
    doc.text('Amount', COLUMNS.amount.x, top + 6, { width: COLUMNS.amount.width - 4, align: 'right' });
    return top + 26;
  };
  y = header(y);
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  for (const line of invoice.lines) {
    const height = doc.heightOfString(line.description, { width: COLUMNS.description.width - 4 });
    if (y + height > 760) {
      doc.addPage();
      y = header(MARGIN);
      doc.font('Helvetica').fontSize(9).fillColor(INK);
    }
    doc.text(line.description, COLUMNS.description.x + 4, y, { width: COLUMNS.description.width - 4 });
    doc.text(quantityText(line.quantity), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text(formatRandToCent(line.unitAmount), COLUMNS.unit.x, y, { width: COLUMNS.unit.width, align: 'right' });
    doc.text(formatRandToCent(line.vat), COLUMNS.vat.x, y, { width: COLUMNS.vat.width, align: 'right' });
    doc.text(formatRandToCent(line.amount), COLUMNS.amount.x, y, { width: COLUMNS.amount.width - 4, align: 'right' });
    y += Math.max(height, 11) + 6;
    doc.moveTo(MARGIN, y - 3).lineTo(MARGIN + CONTENT, y - 3).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  // Totals.
  if (y > 700) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  const totals: [string, string, boolean][] = [
    ['Total excluding VAT', formatRandToCent(invoice.net), false],
    [invoice.lodge.vatRegistered ? 'VAT' : 'VAT (not a VAT vendor)', formatRandToCent(invoice.vat), false],
    [invoice.kind === 'credit_note' ? 'Total credited' : 'Total', formatRandToCent(invoice.total), true],
  ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 9).fillColor(INK);
    doc.text(label, MARGIN + CONTENT - 250, y, { width: 150, align: 'right' });
    doc.text(value, MARGIN + CONTENT - 100, y, { width: 96, align: 'right' });
    y += strong ? 18 : 14;
  }
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('All amounts in South African rand (ZAR), VAT included where shown.', MARGIN, y + 16, { width: CONTENT });

  doc.end();
  return done;
}
