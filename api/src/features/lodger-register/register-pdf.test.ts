import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import type { RegisterDocument } from './register-inspection.service.js';
import { renderRegisterPdf } from './register-pdf.js';
import { ONE_PIXEL_PNG } from './test-fixtures.js';

const today = todayInLodge(new Date());
const entry = (signature: RegisterDocument['entries'][number]['signature']): RegisterDocument['entries'][number] => ({
  id: randomUUID(),
  bookingId: randomUUID(),
  reference: 'LDG-2026-00042',
  bookingStatus: 'Checked-In',
  accommodationName: 'Tamboti Suite',
  checkInDate: today,
  checkOutDate: addDays(today, 2),
  fullNames: 'Lerato',
  surname: 'Mokoena',
  idType: 'Passport',
  idNumber: 'A1234567',
  nationality: 'ZA',
  nationalityName: 'South Africa',
  residenceStatus: 'Citizen',
  homeAddress: '4 Kerk Street, Stellenbosch',
  signatureAttachmentId: randomUUID(),
  idCopyAttachmentId: null,
  capturedBy: 'guest',
  capturedAt: new Date().toISOString(),
  deidentified: false,
  signature,
});
const document = (entries: RegisterDocument['entries']): RegisterDocument => ({ lodgeName: 'Marula Lodge', from: today, to: addDays(today, 6), entries });

describe('renderRegisterPdf', () => {
  it('draws a PNG signature into the PDF', async () => {
    const pdf = await renderRegisterPdf(document([entry({ contentType: 'image/png', content: ONE_PIXEL_PNG })]), { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  });

  it('finishes, naming the signature as on file, when a PNG says its image data is 4 GB (it hung the server)', async () => {
    const header = ONE_PIXEL_PNG.subarray(0, 8 + 25);
    const lying = Buffer.concat([header, Buffer.from([0xff, 0xff, 0xff, 0xf0]), Buffer.from('IDAT', 'latin1'), Buffer.alloc(200)]);
    const pdf = await renderRegisterPdf(document([entry({ contentType: 'image/png', content: lying })]), { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
  }, 10_000);
});
