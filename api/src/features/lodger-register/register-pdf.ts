import PDFDocument from 'pdfkit';
import { formatStayDate } from '../../../../shared/format.js';
import type { RegisterDocument } from './register-inspection.service.js';
import { isWellFormedPng } from './register-file.js';

/**
 * The register of lodgers for a period as an A4 PDF (pdfkit, its built-in Helvetica), for an
 * immigration officer: one block per guest with what regulation 36 asks for (names, ID or
 * passport, nationality, residence status, home address, the stay, the signature). PNG and
 * JPEG signatures are drawn; pdfkit cannot draw WebP, so such a signature is named as on file.
 */
const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const PAGE_BOTTOM = 841.89 - MARGIN;
const CONTENT = PAGE_WIDTH - MARGIN * 2;
const INK = '#1f2a24';
const MUTED = '#5b6660';
const RULE = '#c9cfc9';
const SIGNATURE_BOX = { width: 150, height: 60 };
const LABEL_WIDTH = 95;
const TEXT_WIDTH = CONTENT - SIGNATURE_BOX.width - 20;

export function renderRegisterPdf(document: RegisterDocument, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const period = `${formatStayDate(document.from)} to ${formatStayDate(document.to)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: opts.compress ?? true,
    info: { Title: `Register of lodgers ${document.from} to ${document.to}`, Author: document.lodgeName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(`${document.lodgeName}: register of lodgers`, MARGIN, MARGIN, { width: CONTENT });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Stays from ${period}`, { width: CONTENT });
  doc.text('Kept under the Immigration Act, section 40, and the Immigration Regulations, regulation 36.', { width: CONTENT });
  let y = doc.y + 14;

  if (document.entries.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(INK).text('No guest was registered for stays in this period.', MARGIN, y, { width: CONTENT });
  }

  for (const entry of document.entries) {
    const lines: [string, string][] = entry.deidentified
      ? [
          ['Guest', 'De-identified at the end of the retention period'],
          ['Stay', `${formatStayDate(entry.checkInDate)} to ${formatStayDate(entry.checkOutDate)}`],
          ['Booking', `${entry.reference}, ${entry.accommodationName}`],
        ]
      : [
          ['Full names', entry.fullNames],
          ['Surname', entry.surname],
          [entry.idType === 'Passport' ? 'Passport' : entry.idType === 'SA ID' ? 'SA ID' : 'ID document', entry.idNumber],
          ['Nationality', entry.nationalityName || entry.nationality],
          ['Residence status', entry.residenceStatus],
          ['Home address', entry.homeAddress],
          ['Stay', `${formatStayDate(entry.checkInDate)} to ${formatStayDate(entry.checkOutDate)}`],
          ['Booking', `${entry.reference}, ${entry.accommodationName}`],
          ['Captured', `${new Date(entry.capturedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC by ${entry.capturedBy}`],
        ];
    doc.font('Helvetica').fontSize(9);
    const height = Math.max(
      lines.reduce((h, [, value]) => h + Math.max(doc.heightOfString(value || '-', { width: TEXT_WIDTH - LABEL_WIDTH }), 11) + 2, 0),
      entry.deidentified ? 0 : SIGNATURE_BOX.height + 14,
    );
    if (y + height > PAGE_BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    let ly = y;
    for (const [label, value] of lines) {
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, MARGIN, ly, { width: LABEL_WIDTH - 5 });
      doc.font(label === 'Surname' ? 'Helvetica-Bold' : 'Helvetica').fillColor(INK).text(value || '-', MARGIN + LABEL_WIDTH, ly, { width: TEXT_WIDTH - LABEL_WIDTH });
      ly = doc.y + 2;
    }
    if (!entry.deidentified) drawSignature(doc, entry.signature, MARGIN + CONTENT - SIGNATURE_BOX.width, y);
    y = Math.max(ly, y + height) + 8;
    doc.moveTo(MARGIN, y - 4).lineTo(MARGIN + CONTENT, y - 4).lineWidth(0.5).strokeColor(RULE).stroke();
    y += 6;
  }

  doc.end();
  return done;
}

function drawSignature(doc: PDFKit.PDFDocument, signature: RegisterDocument['entries'][number]['signature'], x: number, y: number): void {
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('Signature', x, y, { width: SIGNATURE_BOX.width });
  const top = y + 11;
  doc.rect(x, top, SIGNATURE_BOX.width, SIGNATURE_BOX.height).lineWidth(0.5).strokeColor(RULE).stroke();
  const note = (text: string) => doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(text, x + 6, top + SIGNATURE_BOX.height / 2 - 5, { width: SIGNATURE_BOX.width - 12, align: 'center' });
  if (!signature) return void note('No signature on file');
  if (signature.contentType === 'image/webp') return void note('Signature on file (WebP)');
  // A PNG whose chunks do not hold together is not handed to pdfkit (isWellFormedPng says why).
  if (signature.contentType === 'image/png' && !isWellFormedPng(signature.content)) return void note('Signature on file');
  try {
    doc.image(signature.content, x + 2, top + 2, { fit: [SIGNATURE_BOX.width - 4, SIGNATURE_BOX.height - 4], align: 'center', valign: 'center' });
  } catch {
    // A file pdfkit cannot read (a PNG variant it does not know): the officer is told it exists.
    note('Signature on file');
  }
}
