import { describe, expect, it } from 'vitest';
import { asciiFileName, safeProofName, sniffProofType } from './proof-file.js';

describe('what a proof is, by its bytes', () => {
  it('knows PDF, JPEG and PNG by their first bytes, and nothing else', () => {
    expect(sniffProofType(Buffer.from('%PDF-1.4\n...'))).toBe('application/pdf');
    expect(sniffProofType(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00]))).toBe('image/jpeg');
    expect(sniffProofType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBe('image/png');
    // A PNG signature cut short, a PDF without its dash, text, a GIF, nothing at all.
    expect(sniffProofType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeUndefined();
    expect(sniffProofType(Buffer.from('%PDF 1.4'))).toBeUndefined();
    expect(sniffProofType(Buffer.from('Paid R2000 on 3 March'))).toBeUndefined();
    expect(sniffProofType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffProofType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('the name a proof is kept under', () => {
  it('drops path parts, quotes and control characters, and ends in the extension of what the bytes are', () => {
    expect(safeProofName('C:\\Users\\Thandi\\Desktop\\FNB proof.pdf', 'application/pdf')).toBe('FNB proof.pdf');
    expect(safeProofName('../../etc/passwd', 'image/png')).toBe('passwd.png');
    expect(safeProofName('receipt.pdf', 'image/png')).toBe('receipt.png');
    expect(safeProofName('IMG_2041.JPEG', 'image/jpeg')).toBe('IMG_2041.jpeg');
    expect(safeProofName('"proof";\r\nX-Evil: 1.png', 'image/png')).toBe('proofX-Evil 1.png');
    expect(safeProofName('', 'application/pdf')).toBe('proof-of-payment.pdf');
    expect(safeProofName(null, 'image/jpeg')).toBe('proof-of-payment.jpg');
    expect(safeProofName(`${'a'.repeat(300)}.pdf`, 'application/pdf')).toBe(`${'a'.repeat(100)}.pdf`);
  });

  it('offers an ASCII name for the download header', () => {
    expect(asciiFileName('Bewys van betaling – Ré.pdf')).toBe('Bewys van betaling _ R_.pdf');
  });
});
