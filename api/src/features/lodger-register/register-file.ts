import { createHash } from 'node:crypto';
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
