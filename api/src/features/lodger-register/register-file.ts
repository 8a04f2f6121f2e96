import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { RegisterAttachmentKind, RegisterAttachmentType } from '../../../../shared/contracts/lodger-register.js';

/**
 * What a register file is, judged by its bytes alone: a phone's or a tablet's declared type
 * says what the sender claims, and an ID copy kept for an inspection must open as what it is.
 */
const SIGNATURES: { type: RegisterAttachmentType; at: number; bytes: number[] }[] = [
  { type: 'image/jpeg', at: 0, bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', at: 0, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];
const RIFF = Buffer.from('RIFF', 'ascii');
const WEBP = Buffer.from('WEBP', 'ascii');

export function sniffRegisterFileType(bytes: Buffer): RegisterAttachmentType | undefined {
  // RIFF, a 4-byte length, then WEBP: a RIFF of another kind (WAV, AVI) is not an image.
  if (bytes.length >= 12 && bytes.subarray(0, 4).equals(RIFF) && bytes.subarray(8, 12).equals(WEBP)) return 'image/webp';
  return SIGNATURES.find((s) => bytes.length >= s.at + s.bytes.length && s.bytes.every((b, i) => bytes[s.at + i] === b))?.type;
}

/** A signature is drawn, so it is an image; an ID copy may be a scan in a PDF. */
export function typeFitsKind(type: RegisterAttachmentType, kind: RegisterAttachmentKind): boolean {
  return kind === 'id-copy' || type !== 'application/pdf';
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Whether a PNG's chunks hold together: each chunk's length fits inside the file and its CRC
 * is right, the first chunk is a 13-byte IHDR, and an IEND ends it. pdfkit's PNG reader trusts
 * the lengths it reads: a file that begins like a PNG and then says its image data is four
 * gigabytes long kept the server's only thread busy for good. So a signature is drawn only
 * when this holds.
 */
export function isWellFormedPng(bytes: Buffer): boolean {
  if (sniffRegisterFileType(bytes) !== 'image/png') return false;
  let pos = 8;
  while (pos + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const end = pos + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (pos === 8 && (type !== 'IHDR' || length !== 13)) return false;
    if (crc32(bytes.subarray(pos + 4, pos + 8 + length)) !== bytes.readUInt32BE(pos + 8 + length)) return false;
    if (type === 'IEND') return true;
    pos = end;
  }
  return false;
}
